/**
 * A resource route asked with a method it has no handler for answers 405 with `Allow`, in the
 * API's error shape under /api (plain text elsewhere), and logs nothing of its own (the request
 * log's line for a 4xx is a warning). Left to Remix, a missing action is a 405 whose body is
 * `{"message":"Unexpected Server Error"}` (the router's message and stack in development) and a
 * missing loader a 400 of the same kind, each logged as an unhandled error.
 *
 * Done once for every route, on the server build (server.ts): each resource route without an
 * action gets one answering 405 (`Allow: GET, HEAD`); one without a loader gets a loader
 * answering 405 (`Allow: POST`). A route whose action answers only some methods says so itself
 * (`methodNotAllowed` in api.server.ts).
 */
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { methodNotAllowed } from "~/web/api.server";

/** What a loader answers: GET, and HEAD, which Remix answers with the loader's headers. */
export const LOADER_METHODS = ["GET", "HEAD"];
/** What an action is assumed to answer when the route has no loader and says nothing else. */
export const ACTION_METHODS = ["POST"];

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** 405 for `request`: the API's error shape under /api, plain text for the other resource routes. */
export function methodNotAllowedFor(request: Request, allowed: string[]): Response {
  if (isApiPath(new URL(request.url).pathname)) return methodNotAllowed(allowed);
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: allowed.join(", "), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

type Handler = (args: { request: Request }) => Response;

/** The build with every resource route answering every method (see above); page routes unchanged. */
export function withMethodNotAllowed(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module as unknown as Record<string, unknown>;
    // Remix's own test for a resource route: no component and no error boundary.
    const resource = id !== "root" && module.default == null && module.ErrorBoundary == null;
    const hasLoader = typeof module.loader === "function";
    const hasAction = typeof module.action === "function";
    if (!resource || hasLoader === hasAction) {
      routes[id] = route;
      continue;
    }
    const completed: Record<string, unknown> = { ...module };
    if (!hasAction)
      completed.action = (({ request }) => methodNotAllowedFor(request, LOADER_METHODS)) satisfies Handler;
    if (!hasLoader)
      completed.loader = (({ request }) => methodNotAllowedFor(request, ACTION_METHODS)) satisfies Handler;
    routes[id] = { ...route, module: completed as unknown as typeof route.module };
  }
  return { ...build, routes };
}

/** The methods a route may answer: a loader GET and HEAD, an action the rest. */
export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** Methods the server hands on: the routes' and OPTIONS (security headers and CORS answer it). */
const HANDLED_METHODS = new Set([...ROUTE_METHODS, "OPTIONS"]);

/**
 * Express middleware (server.ts, before Remix): a method no route answers (TRACE, PROPFIND…) is a
 * 405 with `Allow`, in the API's shape under /api; Remix would turn it into a 500 (the fetch API's
 * Request refuses TRACE). And a page without an action answers a POST with Remix's own 405, to
 * which this adds the `Allow: GET, HEAD` it lacks.
 */
export function answerMethodsNoRouteTakes(): RequestHandler {
  return (req, res, next) => {
    if (!HANDLED_METHODS.has(req.method)) {
      const answer = methodNotAllowedFor(new Request(`http://localhost${req.url}`), ROUTE_METHODS);
      res.status(answer.status);
      answer.headers.forEach((value, name) => res.setHeader(name, value));
      void answer.text().then((body) => res.end(body));
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
        const status = typeof args[0] === "number" ? args[0] : res.statusCode;
        if (status === 405 && !res.hasHeader("Allow")) res.setHeader("Allow", LOADER_METHODS.join(", "));
        return writeHead.apply(this, args);
      } as typeof res.writeHead;
    }
    next();
  };
}
