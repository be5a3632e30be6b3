import type { ServerBuild } from "@remix-run/node";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";

/**
 * The running build as the page and its background worker know it (decision 025): an id that
 * changes with every deployment, and the files every page needs (the app shell).
 */
export interface AppBuild {
  id: string;
  /** Same-origin paths the worker caches when it installs: the entry, the root route and its CSS, the icons. */
  shell: string[];
}

const SHELL_FILES = ["/manifest.webmanifest", "/favicon.svg", "/favicon.ico", "/icons/icon-192.png"];

/** The build's id (BUILD_ID, e.g. a commit, or Remix's manifest version) and its app shell. */
export function appBuildFrom(build: Pick<ServerBuild, "assets">, buildIdOverride?: string): AppBuild {
  const { entry, routes } = build.assets;
  const root = routes.root;
  const files = [
    entry.module,
    ...entry.imports,
    root.module,
    ...(root.imports ?? []),
    ...(root.css ?? []),
    ...SHELL_FILES,
  ];
  return { id: buildIdOverride ?? build.assets.version, shell: [...new Set(files)] };
}

/** In development Vite serves modules on demand: there is nothing to cache, and no worker is registered. */
export const DEVELOPMENT_BUILD: AppBuild = { id: "development", shell: [] };

function offlinePage(appName: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0b1220"><title>Offline | ${escape(appName.toUpperCase())}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0b1220}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#334155;margin:0 0 1.5rem}a{display:inline-block;border-radius:.5rem;background:#0b1220;color:#fff;padding:.75rem 1.25rem;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head><body><main><h1>${ERROR_MESSAGES.offline}</h1><p>Check your connection; the page will be here when you are back online.</p><a href="">Try again</a></main></body></html>`;
}

/**
 * The background worker's script, written for this build (served at /sw.js, never cached by the
 * browser's HTTP cache). It caches the app shell at install and every hashed asset it serves,
 * answers a navigation without network with the offline page, reports its build id, and shows
 * Web Push messages.
 * Pages are never cached: they carry the viewer's own data.
 */
export function serviceWorkerScript(build: AppBuild, appName: string): string {
  return `// ${appName}'s background worker for build ${build.id} (app/web/service-worker.server.ts).
const BUILD_ID = ${JSON.stringify(build.id)};
const CACHE = "shell-" + BUILD_ID;
const SHELL = ${JSON.stringify(build.shell)};
const OFFLINE_PAGE = ${JSON.stringify(offlinePage(appName))};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener("activate", (event) => {
  // Only the build this worker serves keeps a cache; an older build's pages reloaded with this one.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("shell-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "build-id") (event.ports[0] || event.source).postMessage({ type: "build-id", buildId: BUILD_ID });
  // The page's "Reload the page": this worker takes over, then the page reloads on the new build.
  if (type === "skip-waiting") self.skipWaiting();
});

function offline() {
  return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

// Hashed files never change: served from the cache, fetched and kept the first time.
async function cachedAsset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// Icons and the manifest: fresh from the network, the shell's copy without it.
async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(request);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(offline));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cachedAsset(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
  // Everything else (data, the API, images, the event stream) goes to the network untouched.
});

// Web Push (app/modules/push): every push is shown (browsers require it), a tap opens its page.
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch (error) {
    message = null;
  }
  const title = message && typeof message.title === "string" ? message.title : ${JSON.stringify(appName)};
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message && typeof message.body === "string" ? message.body : "You have a new notification",
      tag: message && typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icons/icon-192.png",
      data: { url: message && typeof message.url === "string" ? message.url : "/notifications" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url.href);
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
`;
}

export function serviceWorkerResponse(build: AppBuild, appName: string): Response {
  return new Response(serviceWorkerScript(build, appName), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // The browser checks for a new worker on every update(): never from its HTTP cache.
      "Cache-Control": "no-cache",
    },
  });
}
