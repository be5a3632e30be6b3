/**
 * The JSON API's conventions (DECISIONS.md "API conventions"), in one place for every /api route:
 * envelopes, the error shape, body and query parsing with zod, size limits and the catch-all that
 * turns any failure into the right status instead of a 500 with a stack trace.
 */
import type { z } from "zod";
import { ZodError } from "zod";
import { AppError, fieldErrorsFromZod, recordRuleError } from "./app-error";
import { readBodyBytes } from "./body.server";
import { databaseUnavailableResponse, isDatabaseUnavailable, logDatabaseUnavailable } from "./database-outage.server";
import { API_MESSAGES, defaultErrorMessage } from "./error-messages";
import { INVALID_TEXT, isStorableText } from "./storable";
import { trimStrings } from "./trim";

export const MAX_JSON_BODY_BYTES = 1_000_000;
/**
 * Arrays and objects inside one another: a rich-text body nests a few levels per list, nothing a
 * form sends comes near this. Deeper is a malformed body (400), refused before anything recurses
 * into it (trimming, validation, rendering would run out of stack: a 500).
 */
export const MAX_JSON_DEPTH = 64;

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

/** An answer that also sets cookies (sign-in, refresh, sign-out). */
export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

export function errorToResponse(error: unknown, log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void }): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) {
    return apiError(error.status, { error: error.message, errors: error.fieldErrors, headers: error.headers });
  }
  if (error instanceof ZodError) return apiError(422, { errors: fieldErrorsFromZod(error) });
  const ruleError = recordRuleError(error);
  if (ruleError) return apiError(422, { error: ruleError.message });
  // The database is restarting or unreachable: a 503 to retry, not a 500 (issue 11, "Faults").
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(log?.warn ? { warn: log.warn.bind(log) } : undefined, error);
    return databaseUnavailableResponse();
  }
  log?.error({ err: error }, "unhandled error in API route");
  return apiError(500);
}

/**
 * Runs an API handler: whatever it throws becomes the API's error shape. A Response thrown on
 * purpose passes through unchanged.
 */
export async function handleApi(
  run: () => Promise<Response> | Response,
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void },
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorToResponse(error, log);
  }
}

/**
 * Reads a JSON body of at most 1 MB (413 past it, whatever Content-Length claims), answers 400
 * for malformed JSON or nesting deeper than MAX_JSON_DEPTH, 422 for a NUL or half a surrogate
 * pair in any string or key, trims strings (SPEC.md section 5) and validates with the schema
 * (422 with `errors` by field).
 */
export async function readJsonBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  /** An envelope key (e.g. "user" in `{user: {…}}`) left out of field names, so they match the form's. */
  options: { envelope?: string } = {},
): Promise<z.output<S>> {
  const raw = await readBodyText(request, MAX_JSON_BODY_BYTES);
  let parsed: unknown;
  try {
    parsed = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    throw new AppError(400, API_MESSAGES[400]);
  }
  const prefix = options.envelope ? `${options.envelope}.` : null;
  const named = (errors: Record<string, string[]>) =>
    prefix ? Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key.startsWith(prefix) ? key.slice(prefix.length) : key, messages])) : errors;
  const unstorable = checkJsonValue(parsed);
  if (unstorable) throw new AppError(422, defaultErrorMessage(422), named(unstorable));
  const result = schema.safeParse(trimStrings(parsed));
  if (!result.success) throw new AppError(422, defaultErrorMessage(422), named(fieldErrorsFromZod(result.error)));
  return result.data;
}

/** Validates the query string: a value of the wrong shape is a malformed query, 400 by field. */
export function readQuery<S extends z.ZodTypeAny>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map((value) => value.trim());
    // Arrays travel as repeated keys (SPEC.md section 7).
    query[key] = values.length > 1 || key.endsWith("Ids") ? values : values[0];
  }
  const unstorable = [...params].filter(([key, value]) => !isStorableText(key) || !isStorableText(value)).map(([key]) => key);
  if (unstorable.length > 0) throw new AppError(400, "The query is not valid.", Object.fromEntries(unstorable.map((key) => [key, [INVALID_TEXT]])));
  const result = schema.safeParse(query);
  if (!result.success) throw new AppError(400, "The query is not valid.", fieldErrorsFromZod(result.error));
  return result.data;
}

/**
 * Walks a parsed body without recursion: deeper than MAX_JSON_DEPTH is 400 (thrown); answers the
 * strings and keys that are not storable text by field (their paths, as zod would name them).
 */
function checkJsonValue(root: unknown): Record<string, string[]> | null {
  const stack: { value: unknown; depth: number; path: string[] }[] = [{ value: root, depth: 0, path: [] }];
  const errors: Record<string, string[]> = {};
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) errors[path.join(".")] = [INVALID_TEXT];
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) throw new AppError(400, API_MESSAGES[400]);
    for (const [key, item] of Object.entries(value)) {
      const itemPath = [...path, key];
      if (!isStorableText(key)) errors[itemPath.join(".")] = [INVALID_TEXT];
      else stack.push({ value: item, depth: depth + 1, path: itemPath });
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

async function readBodyText(request: Request, limit: number): Promise<string> {
  const bytes = await readBodyBytes(request, limit);
  if (!bytes) throw new AppError(413, API_MESSAGES[413]);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, API_MESSAGES[400]);
  }
}

/**
 * JSON with its Content-Length: Node then sends the answer as one write instead of a chunked
 * stream that ends with a write of its own.
 */
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
