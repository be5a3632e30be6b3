/**
 * `createRemixStub`, whose routes also answer the browser's own `fetch`: in the app, in-page loads
 * (`useRetryingLoad`, app/components/ui/retrying-load.ts) fetch a resource route's JSON instead of
 * going through a fetcher. Here the stub's loaders stand in for those routes, so a test keeps one
 * table of routes for both. Anything the table does not match goes to the `fetch` in place before.
 */
import { createRemixStub as remixStub } from "@remix-run/testing";
import { matchPath } from "@remix-run/react";
import { vi } from "vitest";

type StubRoutes = Parameters<typeof remixStub>[0];
type StubRoute = StubRoutes[number] & { children?: StubRoute[] };
type Loader = (args: { request: Request; params: Record<string, string | undefined>; context: unknown }) => unknown;

let routes: StubRoute[] = [];
let serving: typeof fetch | null = null;

type Rest = Parameters<typeof remixStub> extends [unknown, ...infer R] ? R : never;

export function createRemixStub(table: StubRoutes, ...rest: Rest) {
  routes = flatten(table as StubRoute[]);
  if (globalThis.fetch !== serving) {
    const before = globalThis.fetch;
    serving = async (input, init) =>
      (await answer(new Request(new URL(String(input), "http://localhost"), init))) ?? before(input, init);
    vi.stubGlobal("fetch", serving);
  }
  return remixStub(table, ...rest);
}

function flatten(table: StubRoute[]): StubRoute[] {
  return table.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

async function answer(request: Request): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  for (const route of routes) {
    const loader = route.loader as Loader | undefined;
    const match = route.path && loader ? matchPath(route.path, pathname) : null;
    if (!match || !loader) continue;
    let result: unknown;
    try {
      result = await loader({ request, params: match.params, context: {} });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    return asResponse(result);
  }
  return null;
}

/** What a loader returned, as the route's JSON answer: `{ok: false}` with its status. */
function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (wrapped?.type === "DataWithResponseInit") return Response.json(wrapped.data, wrapped.init ?? undefined);
  const failed = (result as { ok?: boolean; statusCode?: number } | null)?.ok === false;
  return Response.json(result, { status: failed ? ((result as { statusCode?: number }).statusCode ?? 400) : 200 });
}
