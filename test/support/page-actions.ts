/**
 * Every page route of the route manifest (app/routes.ts, from the route files on disk) that has
 * a server `action`, with its module, and a way to call one as Remix would. `/api` routes are
 * left to test/support/api-routes.ts. A new page action shows up here without anyone listing it.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { CookieJar } from "./api-caller";
import { routeManifest } from "./api-routes";

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
export interface PageModule {
  loader?: Handler;
  action?: Handler;
}

export interface PageAction {
  /** As app/routes.ts names it: "routes/sign-in.tsx". */
  file: string;
  /** "/reset-password/:token" */
  path: string;
  module: PageModule;
}

/** The page route files, by "/app/routes/x.tsx". */
const pageRouteModules = import.meta.glob<PageModule>(["/app/routes/*.ts", "/app/routes/*.tsx", "!/app/routes/api.*"]);

const isApi = (fullPath: string) => fullPath === "api" || fullPath.startsWith("api/");

export async function pageActions(): Promise<PageAction[]> {
  const pages = (await routeManifest()).filter((route) => !isApi(route.fullPath));
  const loaded = await Promise.all(
    pages.map(async ({ fullPath, file }) => {
      const load = pageRouteModules[`/app/${file}`];
      if (!load) throw new Error(`the manifest's ${file} is not among the globbed page modules`);
      return { file, path: `/${fullPath}`, module: await load() };
    }),
  );
  return loaded.filter((page) => typeof page.module.action === "function");
}

export interface PageCall {
  /** The URL path with its query. */
  path: string;
  params?: Record<string, string>;
  /** A form body, encoded as the browser would (URLSearchParams: urlencoded; FormData: multipart). */
  form?: URLSearchParams | FormData;
  /** A body sent as it is (no Content-Type unless `headers` gives one). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export interface PageAnswer {
  status: number;
  /** The action threw it (a Response, or `data()`): Remix shows the route's error boundary. */
  thrown: boolean;
  /** What the action answered: its data, or a Response's JSON (else its text). */
  data: unknown;
  headers: Headers;
  location: string | null;
  /** A thrown error that is no Response: Remix answers 500. */
  error?: unknown;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}
const isDataWithInit = (value: unknown): value is DataWithInit =>
  value !== null && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit";

/**
 * Calls a page's action as Remix would: a returned or thrown Response and `data(…, init)` keep
 * their status, a plain value is a 200, and a thrown error of any other kind is the 500 Remix
 * would answer.
 */
export async function invokePageAction(
  module: PageModule,
  call: PageCall,
  jar: CookieJar | null | undefined,
  context: AppLoadContext,
): Promise<PageAnswer> {
  const headers = new Headers(call.headers);
  if (jar) headers.set("Cookie", jar.header());
  const body = call.form ?? call.raw;
  const request = new Request(`http://localhost${call.path}`, {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  let result: unknown;
  let thrown = false;
  try {
    result = await module.action!({ request, params: call.params ?? {}, context });
  } catch (error) {
    if (!(error instanceof Response) && !isDataWithInit(error)) {
      return { status: 500, thrown: true, data: null, headers: new Headers(), location: null, error };
    }
    result = error;
    thrown = true;
  }
  if (result instanceof Response) {
    jar?.absorb(result);
    const text = await result.text();
    let data: unknown = text;
    if (result.headers.get("Content-Type")?.startsWith("application/json")) data = JSON.parse(text);
    return { status: result.status, thrown, data, headers: result.headers, location: result.headers.get("Location") };
  }
  if (isDataWithInit(result)) {
    const init = new Headers(result.init?.headers);
    const status = result.init?.status ?? 200;
    return {
      status,
      thrown,
      data: result.data,
      headers: init,
      location: status >= 300 && status < 400 ? init.get("Location") : null,
    };
  }
  return { status: 200, thrown, data: result, headers: new Headers(), location: null };
}

export interface RouteAnswer {
  status: number;
  data: Record<string, unknown> | null;
  location: string | null;
}

/**
 * Calls a page route's loader (no form) or action (a form) as Remix would, with the cookies of
 * `jar` (none for a visitor); a thrown Response is its answer, its JSON read when it has some.
 */
export async function callRoute(
  context: AppLoadContext,
  handler: Handler | undefined,
  path: string,
  params: Record<string, string>,
  jar: CookieJar | null,
  form?: Record<string, string>,
): Promise<RouteAnswer> {
  const headers = new Headers();
  if (jar) headers.set("Cookie", jar.header());
  if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  let result: unknown;
  try {
    result = await handler!({ request, params, context });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const json = result.headers.get("Content-Type")?.includes("json") ? await result.json() : null;
    return {
      status: result.status,
      data: json as Record<string, unknown> | null,
      location: result.headers.get("Location"),
    };
  }
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data as Record<string, unknown>, location: null };
  return { status: 200, data: result as Record<string, unknown>, location: null };
}
