/** The app's routes as app/routes.ts declares them, for the specs that walk every one. */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_PASSWORD, uniqueClientIp } from "./helpers";

export interface Route {
  id: string;
  path: string;
  /** A page (a .tsx route), not a resource route. */
  page: boolean;
}

interface RouteEntry {
  id?: string;
  path?: string;
  file: string;
  children?: RouteEntry[];
}

export async function routeManifest(): Promise<Route[]> {
  const require = createRequire(import.meta.url);
  // What the Remix Vite plugin does before it reads app/routes.ts.
  const routeConfig = require("@remix-run/dev/dist/config/routes.js") as {
    setRouteConfigAppDirectory(directory: string): void;
  };
  routeConfig.setRouteConfigAppDirectory(fileURLToPath(new URL("../../../app", import.meta.url)));
  const entries = (await (await import("../../../app/routes")).default) as RouteEntry[];
  const routes: Route[] = [];
  const walk = (list: RouteEntry[], parent: string) => {
    for (const entry of list) {
      const full = [parent, entry.path].filter(Boolean).join("/");
      routes.push({ id: entry.id ?? entry.file, path: `/${full}`, page: entry.file.endsWith(".tsx") });
      walk(entry.children ?? [], full);
    }
  };
  walk(entries, "");
  return routes;
}

/** A page's loader data under single fetch: `/path.data` (`/_root.data` for the home page), same query. */
export function dataUrl(url: string): string {
  const parsed = new URL(url, "http://x");
  const path = parsed.pathname === "/" ? "/_root" : parsed.pathname.replace(/\/$/, "");
  return `${path}.data${parsed.search}`;
}

/** An API client signed in as a demo account (its own client address, so sign-in limits stay out of the way). */
export async function apiSignedIn(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  userName: string,
): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL, "X-Forwarded-For": uniqueClientIp() },
  });
  const response = await context.post("/api/session", {
    data: { session: { emailOrUserName: userName, password: DEMO_PASSWORD, rememberMe: false } },
  });
  expect(response.status(), `sign-in as ${userName}`).toBe(200);
  return context;
}

/**
 * A URL for every page route of the manifest, its parameters filled with real demo things: a post
 * of FairwayFinder (a demo expert no test writes as, so no test's fresh pick lands in the page
 * micro-cache under another test), a game, a token that is none, a page that is none.
 */
export async function pageUrls(client: APIRequestContext): Promise<string[]> {
  const expertId = (await (await client.get("/api/experts/FairwayFinder")).json()).payload.id as string;
  const [post] = (await (await client.get(`/api/posts?expertId=${expertId}&size=1`)).json()).items as { id: string }[];
  const [event] = (await (await client.get("/api/events?size=1")).json()).items as { id: number }[];
  const fill: Record<string, string> = {
    userName: "LeBronPicks",
    postId: post.id,
    eventId: String(event.id),
    token: "not-a-token-0123456789abcdef",
    slug: "nba",
    "*": "no-such-page",
  };
  const pages = (await routeManifest()).filter((route) => route.page && route.path !== "/");
  const urls = [
    "/",
    ...pages.map((route) =>
      route.path.replace(/:(\w+)\??|\*/g, (whole, name: string | undefined) => fill[name ?? "*"] ?? whole),
    ),
  ];
  expect(
    urls.filter((url) => /[:*]/.test(url)),
    "a page route with a parameter this test cannot fill",
  ).toEqual([]);
  return urls;
}
