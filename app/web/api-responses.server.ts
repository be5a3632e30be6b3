/**
 * The JSON API's answers: the envelopes (`payload`; `items` + `meta`) and the error shape
 * `{error, errors?, statusCode}`, never stored by a cache. api.server.ts builds on them.
 */
import { defaultErrorMessage } from "~/modules/http/error-messages";

export interface PageMeta {
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

export interface CursorMeta {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface ApiErrorBody {
  error: string;
  errors?: Record<string, string[]>;
  statusCode: number;
}

const NO_STORE = { "Cache-Control": "no-store" };

/** `200 {"payload": …}` */
export function apiPayload<T>(payload: T, init?: ResponseInit): Response {
  return jsonResponse({ payload }, withDefaultHeaders(init));
}

/** `{"items": […], "meta": {page, size, totalItems, totalPages}}` or a cursor meta. */
export function apiList<T>(items: T[], meta: PageMeta | CursorMeta, init?: ResponseInit): Response {
  return jsonResponse({ items, meta }, withDefaultHeaders(init));
}

export function pageMeta(page: number, size: number, totalItems: number): PageMeta {
  return { page, size, totalItems, totalPages: Math.ceil(totalItems / size) };
}

/** `{"error", "errors"?, "statusCode"}` with the catalogue's text unless a message is given. */
export function apiError(
  status: number,
  options: { error?: string; errors?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const body: ApiErrorBody = { error: options.error ?? defaultErrorMessage(status), statusCode: status };
  if (options.errors && Object.keys(options.errors).length > 0) body.errors = options.errors;
  const headers = new Headers(options.headers);
  headers.set("Cache-Control", "no-store");
  return jsonResponse(body, { status, headers });
}

/** 405 with the methods the route does answer. */
export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, { error: "Method not allowed.", headers: { Allow: allowed.join(", ") } });
}

function jsonResponse(body: unknown, init: ResponseInit & { headers: Headers }): Response {
  const text = JSON.stringify(body);
  init.headers.set("Content-Type", "application/json; charset=utf-8");
  init.headers.set("Content-Length", String(Buffer.byteLength(text)));
  return new Response(text, init);
}

function withDefaultHeaders(init?: ResponseInit): ResponseInit & { headers: Headers } {
  const headers = new Headers(init?.headers);
  for (const [key, value] of Object.entries(NO_STORE)) if (!headers.has(key)) headers.set(key, value);
  return { ...init, headers };
}
