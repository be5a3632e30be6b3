/**
 * The JSON API's conventions (product.md "API conventions"), in one place for every /api route:
 * envelopes, the error shape, body and query parsing with zod, size limits and the catch-all that
 * turns any failure into the right status instead of a 500 with a stack trace.
 */
import type { z } from "zod";
import { ZodError } from "zod";
import { AppError, fieldErrorsFromZod, MAX_FIELD_ERRORS, recordRuleError } from "~/modules/http/app-error";
import { readBodyBytes } from "./body.server";
import { databaseUnavailableResponse, isDatabaseUnavailable, logDatabaseUnavailable } from "./database-outage.server";
import { apiError } from "./api-responses.server";
import { API_MESSAGES, defaultErrorMessage } from "~/modules/http/error-messages";
import { overlongArrays } from "~/modules/http/overlong-arrays";
import { INVALID_TEXT, isStorableText } from "~/modules/http/storable";
import { trimStrings } from "~/modules/http/trim";

export {
  apiError,
  apiList,
  apiPayload,
  methodNotAllowed,
  pageMeta,
  type ApiErrorBody,
  type CursorMeta,
  type PageMeta,
} from "./api-responses.server";

export const MAX_JSON_BODY_BYTES = 1_000_000;
/**
 * Arrays and objects inside one another: a rich-text body nests a few levels per list, nothing a
 * form sends comes near this. Deeper is a malformed body (400), refused before anything recurses
 * into it (trimming, validation, rendering would run out of stack: a 500).
 */
export const MAX_JSON_DEPTH = 64;
/**
 * Object members and array items in one body, all levels counted: the largest body of ours, a
 * results import of 200 games with 8 closing lines each, holds 9,400. Past it is a 413 before the
 * text is parsed: validating 400,000 items of a 1 MB array took 3.7 s and answered 15 MB of field
 * errors; zod takes about 2 µs an item, so at this cap no body holds the event loop 100 ms.
 */
export const MAX_JSON_VALUES = 10_000;

/** An answer that also sets cookies (sign-in, refresh, sign-out). */
export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

export function errorToResponse(
  error: unknown,
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void },
): Response {
  if (error instanceof Response) return error;
  if (error instanceof AppError) {
    return apiError(error.status, { error: error.message, errors: error.fieldErrors, headers: error.headers });
  }
  if (error instanceof ZodError) return apiError(422, { errors: fieldErrorsFromZod(error) });
  const ruleError = recordRuleError(error);
  if (ruleError) return apiError(422, { error: ruleError.message });
  // The database is restarting or unreachable: a 503 to retry, not a 500.
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
 * Reads a JSON body of at most 1 MB (413 past it, whatever Content-Length claims, or past
 * MAX_JSON_VALUES members and items, counted before parsing), answers 400
 * for malformed JSON or nesting deeper than MAX_JSON_DEPTH, 422 for a NUL or half a surrogate
 * pair in any string or key, trims strings (product.md "Validation") and validates with the schema
 * (422 with `errors` by field).
 */
export async function readJsonBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  /** An envelope key (e.g. "user" in `{user: {…}}`) left out of field names, so they match the form's. */
  options: { envelope?: string } = {},
): Promise<z.output<S>> {
  const raw = await readBodyText(request, MAX_JSON_BODY_BYTES);
  const shape = jsonShape(raw);
  // Nesting first: deeper than any form is malformed, whatever its size.
  if (shape.depth > MAX_JSON_DEPTH) throw new AppError(400, API_MESSAGES[400]);
  if (shape.items > MAX_JSON_VALUES) throw new AppError(413, API_MESSAGES[413]);
  let parsed: unknown;
  try {
    parsed = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    throw new AppError(400, API_MESSAGES[400]);
  }
  const prefix = options.envelope ? `${options.envelope}.` : null;
  const named = (errors: Record<string, string[]>) =>
    prefix
      ? Object.fromEntries(
          Object.entries(errors).map(([key, messages]) => [
            key.startsWith(prefix) ? key.slice(prefix.length) : key,
            messages,
          ]),
        )
      : errors;
  const unstorable = checkJsonValue(parsed);
  if (unstorable) throw new AppError(422, defaultErrorMessage(422), named(unstorable));
  const overlong = overlongArrays(schema, parsed, MAX_FIELD_ERRORS);
  if (Object.keys(overlong).length > 0) throw new AppError(422, defaultErrorMessage(422), named(overlong));
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
    // Arrays travel as repeated keys (product.md "The API").
    query[key] = values.length > 1 || key.endsWith("Ids") ? values : values[0];
  }
  const unstorable = [...params]
    .filter(([key, value]) => !isStorableText(key) || !isStorableText(value))
    .map(([key]) => key);
  if (unstorable.length > 0)
    throw new AppError(
      400,
      "The query is not valid.",
      Object.fromEntries(unstorable.map((key) => [key, [INVALID_TEXT]])),
    );
  const result = schema.safeParse(query);
  if (!result.success) throw new AppError(400, "The query is not valid.", fieldErrorsFromZod(result.error));
  return result.data;
}

/**
 * The members and items of a JSON text and how deep it nests, read from the text before it is
 * parsed (parsing 70,000 members alone takes 30-60 ms): outside strings, each comma starts one
 * more item, each opening that is not closed at once holds a first one, and openings nest.
 * Malformed text gets figures too; the parse refuses it.
 */
const JSON_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

export function jsonShape(text: string): { items: number; depth: number } {
  let items = 0;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c)
        at++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x2c) items++;
    else if (code === 0x5b || code === 0x7b) {
      // [ or {: empty when the next character past whitespace closes it
      deepest = Math.max(deepest, ++depth);
      let next = at + 1;
      while (next < text.length && JSON_WHITESPACE.has(text.charCodeAt(next))) next++;
      const close = text.charCodeAt(next);
      if (close !== 0x5d && close !== 0x7d) items++;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return { items, depth: deepest };
}

/**
 * Walks a parsed body (its depth already bounded) without recursion: answers the strings and keys
 * that are not storable text by field (their paths, as zod would name them; the first
 * MAX_FIELD_ERRORS).
 */
function checkJsonValue(root: unknown): Record<string, string[]> | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: "" }];
  const errors: Record<string, string[]> = {};
  let fields = 0;
  const refuse = (path: string) => {
    if (fields < MAX_FIELD_ERRORS && !(path in errors)) {
      errors[path] = [INVALID_TEXT];
      fields++;
    }
  };
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) refuse(path);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      const itemPath = path === "" ? key : `${path}.${key}`;
      if (!isStorableText(key)) refuse(itemPath);
      else stack.push({ value: item, path: itemPath });
    }
  }
  return fields > 0 ? errors : null;
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
