/**
 * Pages as the app really answers them: the Remix server build `npm run dev` serves (Vite's SSR of
 * app/root.tsx, app/entry.server.tsx and every route), wrapped as server.ts wraps it, asked with a
 * Request and a test database's load context. The answer is the whole document: the root's frame,
 * the route's HTML, its meta tags and the loader data serialized for hydration, or the `.data`
 * answer a client navigation reads. Nothing is rendered from data the test hands in.
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createServer, type ViteDevServer } from "vite";
import { withDatabaseOutageGuard } from "~/web/database-outage.server";
import { withMethodNotAllowed } from "../../server/method-not-allowed";
import type { CookieJar } from "./api-caller";

let vite: Promise<ViteDevServer> | null = null;
const cacheDir = path.join(os.tmpdir(), `sharpside-vite-${process.pid}`);

async function serverBuild(): Promise<ServerBuild> {
  vite ??= createServer({
    configFile: new URL("../../vite.config.ts", import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    // Only the server side is asked for: no scan of the browser's dependencies, and what the
    // config pre-bundles goes to a folder of this process's own (test files run in parallel).
    optimizeDeps: { noDiscovery: true },
    cacheDir,
    logLevel: "error",
    clearScreen: false,
  });
  const build = (await (await vite).ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return withDatabaseOutageGuard(withMethodNotAllowed(build));
}

export interface PageAnswer {
  status: number;
  headers: Headers;
  /** The document (or the `.data` stream) as text. */
  text: string;
}

/** Asks the real app for `path` as the browser would, with `jar`'s cookies (none: a visitor). */
export function realPages(context: () => AppLoadContext) {
  let handler: Promise<ReturnType<typeof createRequestHandler>> | null = null;
  async function request(path: string, jar?: CookieJar | null): Promise<PageAnswer> {
    handler ??= serverBuild().then((build) => createRequestHandler(build, "production"));
    const headers = new Headers({ Accept: "text/html" });
    if (jar) headers.set("Cookie", jar.header());
    const response = await (await handler)(new Request(`https://sharpside.example${path}`, { headers }), context());
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  return {
    /** The page's document. */
    page: request,
    /** What a client-side navigation to the page reads: its routes' loader data (`.data`, single fetch). */
    data: (path: string, jar?: CookieJar | null) => {
      const [pathname, search = ""] = path.split("?");
      return request(`${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`, jar);
    },
  };
}

/** Closes the Vite server behind the pages (once per test file, after its tests). */
export async function closeRealPages(): Promise<void> {
  const server = vite;
  vite = null;
  if (server) await (await server).close();
  rmSync(cacheDir, { recursive: true, force: true });
}
