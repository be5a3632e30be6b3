/**
 * The database is down, restarting or unreachable: every request that needs it answers 503 with
 * `Retry-After` (the API in its error shape, pages with the error page), never a 500, and the pool
 * reconnects by itself when the server is back (app/db/client.server.ts).
 */
import type { ServerBuild } from "@remix-run/node";
import { apiError } from "./api-responses.server";
import { API_MESSAGES } from "~/modules/http/error-messages";

/** What a client should wait before trying again; a restart usually takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// postgres.js's own codes for a connection that could not open or was lost, and Node's socket errors.
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away or not ready: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
 * 53300 too_many_connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/** Whether the error (or one it wraps: drizzle's DrizzleQueryError, an AggregateError) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current) || seen.size > 8) continue;
    seen.add(current);
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || isUnavailableSqlState(code))) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/** `503 {error, statusCode}` with `Retry-After`: the API's answer, and what a page loader throws. */
export function databaseUnavailableResponse(): Response {
  return apiError(503, { error: API_MESSAGES[503], headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } });
}

interface Log {
  warn(obj: object, msg: string): void;
}

let lastLoggedAt = 0;
/** One line every few seconds while the database is down, not one per request. */
export function logDatabaseUnavailable(log: Log | undefined, error: unknown) {
  const now = Date.now();
  if (now - lastLoggedAt < 5_000) return;
  lastLoggedAt = now;
  log?.warn({ err: error }, "the database is unavailable: answering 503");
}

type Handler = (args: { context: { log?: Log } }) => unknown;

function guard(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response || !isDatabaseUnavailable(error)) throw error;
      logDatabaseUnavailable(args.context?.log, error);
      // A thrown Response: a page gets its error boundary with status 503, a resource route this body.
      throw databaseUnavailableResponse();
    }
  };
}

/**
 * The build with every route's loader and action guarded: a database outage becomes a thrown 503
 * Response, which Remix renders as the error page (documents), encodes for client navigations
 * (data requests) or sends as it is (resource routes). API routes already answer it through
 * handleApi; the guard catches what escapes elsewhere.
 */
export function withDatabaseOutageGuard(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module } as Record<string, unknown>;
    for (const name of ["loader", "action"] as const) {
      if (typeof module[name] === "function") module[name] = guard(module[name] as Handler);
    }
    routes[id] = { ...route, module: module as unknown as typeof route.module };
  }
  return { ...build, routes };
}
