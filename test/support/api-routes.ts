/**
 * Every `/api` route of the route manifest (app/routes.ts, evaluated as the Remix plugin does)
 * with its module, and a way to call one as Remix would. Shared by the suites that must cover
 * every route and method by themselves (the authorization matrix, the hostile-input properties):
 * a new api route file shows up in them without anyone listing it.
 */
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import type { CookieJar } from "./api-caller";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

interface RouteEntry {
  id: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
export interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

export interface ApiRoute {
  /** "/api/posts/{postId}" */
  pattern: string;
  file: string;
  module: RouteModule;
}

/** The api route files, by "/app/routes/api.x.ts". */
export const apiRouteModules = import.meta.glob<RouteModule>("/app/routes/api.*.ts");

/** The route config app/routes.ts builds (flatRoutes, from the files on disk), flattened to full paths. */
export async function routeManifest(): Promise<{ fullPath: string; file: string }[]> {
  // What the Remix plugin does before it evaluates app/routes.ts.
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = path.resolve("app");
  const config = (await (await import("~/routes")).default) as RouteEntry[];
  const found: { fullPath: string; file: string }[] = [];
  const walk = (entries: RouteEntry[], parent: string) => {
    for (const entry of entries) {
      const fullPath = [parent, entry.path ?? ""].filter(Boolean).join("/");
      found.push({ fullPath, file: entry.file });
      walk(entry.children ?? [], fullPath);
    }
  };
  walk(config, "");
  return found;
}

/** The `/api` routes of the manifest, with their modules. */
export async function apiRoutes(): Promise<ApiRoute[]> {
  const api = (await routeManifest()).filter((route) => route.fullPath === "api" || route.fullPath.startsWith("api/"));
  return Promise.all(
    api.map(async ({ fullPath, file }) => {
      const load = apiRouteModules[`/app/${file}`];
      if (!load) throw new Error(`the manifest's ${file} is not among the globbed api modules`);
      const pattern = `/${fullPath}`.replace(/:(\w+)/g, "{$1}");
      return { pattern, file, module: await load() };
    }),
  );
}

/**
 * "METHOD /api/pattern" → its route, for every method each route answers: whatever its handlers
 * do not refuse with 405 (a visitor's bare request).
 */
export async function apiRouteMethods(routes: ApiRoute[], context: AppLoadContext): Promise<Map<string, ApiRoute>> {
  const manifest = new Map<string, ApiRoute>();
  for (const route of routes) {
    for (const method of METHODS) {
      const probe = await invokeRoute(route.module, method, route.pattern, { params: {} }, undefined, context);
      if (probe.status !== 405) manifest.set(`${method} ${route.pattern}`, route);
    }
  }
  return manifest;
}

export interface Call {
  /** The URL path with its query; the route's pattern when absent. */
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  /** A body sent as it is (no Content-Type unless `headers` gives one). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  text: string;
  headers?: Headers;
}

/**
 * Calls a route's loader (GET) or action as Remix would. A thrown non-Response becomes a 500
 * whose text is the error, as Remix would answer it. An event stream is cut off at once.
 */
export async function invokeRoute(
  module: RouteModule,
  method: Method,
  pattern: string,
  call: Call,
  jar: CookieJar | undefined,
  ctx: AppLoadContext,
): Promise<Answer> {
  const headers = new Headers(call.headers);
  if (jar) headers.set("Cookie", jar.header());
  let body: BodyInit | undefined;
  if (call.form) body = call.form;
  else if (call.raw !== undefined) body = call.raw;
  else if (call.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(call.body);
  }
  const abort = new AbortController();
  const request = new Request(`http://localhost${call.path ?? pattern}`, {
    method,
    headers,
    body,
    signal: abort.signal,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  const handler = method === "GET" ? module.loader : module.action;
  if (!handler) return { status: 405, text: "" };
  let response: Response;
  try {
    response = (await handler({ request, params: call.params ?? {}, context: ctx })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else return { status: 500, text: String(thrown) };
  }
  jar?.absorb(response);
  if (response.headers.get("Content-Type")?.startsWith("text/event-stream")) {
    // A stream never ends by itself: the browser goes away.
    abort.abort();
    await response.body?.cancel();
    return { status: response.status, text: "", headers: response.headers };
  }
  return { status: response.status, text: await response.text(), headers: response.headers };
}
