/**
 * Calls a route module's loader or action the way Remix would, with a browser-like cookie jar,
 * so API tests exercise the real route code, modules and database without an HTTP server.
 */
import type { AppLoadContext } from "@remix-run/node";

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

export interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }

  /** Applies Set-Cookie headers: Max-Age=0 deletes, anything else stores. */
  absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (attributes.some((a) => a.toLowerCase() === "max-age=0") || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** What a browser keeps after it restarts: only cookies with an expiry. */
  static persistentOf(response: Response): string[] {
    return response.headers
      .getSetCookie()
      .filter((line) => /max-age=(?!0\b)\d+/i.test(line))
      .map((line) => line.split("=")[0]);
  }
}

export interface ApiCall {
  method?: string;
  path: string;
  body?: unknown;
  params?: Record<string, string>;
  jar?: CookieJar;
  headers?: Record<string, string>;
}

export async function callRoute(module: RouteModule, context: AppLoadContext, call: ApiCall) {
  const method = call.method ?? "GET";
  const headers = new Headers(call.headers);
  if (call.jar) headers.set("Cookie", call.jar.header());
  if (call.body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost${call.path}`, {
    method,
    headers,
    body: call.body === undefined ? undefined : typeof call.body === "string" ? call.body : JSON.stringify(call.body),
  });
  const handler = method === "GET" || method === "HEAD" ? module.loader : module.action;
  if (!handler) throw new Error(`no ${method} handler`);
  let response: Response;
  try {
    response = (await handler({ request, params: call.params ?? {}, context })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  call.jar?.absorb(response);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, response };
}
