/**
 * The browser's client for the JSON API (product.md "The API", product.md "API conventions"):
 * JSON in and out, the session's cookies sent along, and session renewal as product.md "States"
 * says: on a 401 it calls `POST /api/refresh_token` once and replays the request once; a second
 * 401 is final. Concurrent 401s wait for one shared refresh, since a refresh token is single-use
 * and presenting it twice would look like theft.
 */
import { ERROR_MESSAGES, errorMessageFrom } from "./error-messages";

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchInit extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  body?: unknown;
  /** Arrays are sent as repeated keys; null and undefined are left out. */
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Origin of the API; the page's own by default (tests point it at their server). */
  baseUrl?: string;
}

/** A failed call, with what the UI shows (product.md "Error messages"). */
export class ApiClientError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly errors?: Record<string, string[]>;
  readonly payload?: unknown;

  constructor(init: { statusCode: number; error: string; errors?: Record<string, string[]>; payload?: unknown }) {
    super(init.error);
    this.name = "ApiClientError";
    this.statusCode = init.statusCode;
    this.error = init.error;
    this.errors = init.errors;
    this.payload = init.payload;
  }
}

const REFRESH_PATH = "/api/refresh_token";

/** "/user/me" and "/api/user/me" both mean the API's /user/me. */
export function apiUrl(path: string, query: ApiFetchInit["query"], baseUrl = ""): string {
  const apiPath = path.startsWith("/api/") || path === "/api" ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/$/, "")}${apiPath}${qs ? `?${qs}` : ""}`;
}

// One refresh at a time per API origin, shared by every request that got a 401 meanwhile.
const refreshes = new Map<string, Promise<boolean>>();

function refreshSession(baseUrl: string, credentials: RequestCredentials): Promise<boolean> {
  let pending = refreshes.get(baseUrl);
  if (!pending) {
    pending = fetch(`${baseUrl.replace(/\/$/, "")}${REFRESH_PATH}`, {
      method: "POST",
      credentials,
      headers: { Accept: "application/json" },
    })
      .then((response) => response.ok)
      .catch(() => false)
      .finally(() => refreshes.delete(baseUrl));
    refreshes.set(baseUrl, pending);
  }
  return pending;
}

/**
 * Calls the API and answers the parsed JSON body (null for an empty one). Rejects with an
 * ApiClientError for any non-2xx answer or a network failure.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { body, query, baseUrl = "", headers: extraHeaders, ...rest } = init;
  const url = apiUrl(path, query, baseUrl);
  const headers = new Headers(extraHeaders);
  headers.set("Accept", "application/json");
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const credentials = rest.credentials ?? "same-origin";
  const send = () =>
    fetch(url, { ...rest, credentials, headers, body: body === undefined ? undefined : JSON.stringify(body) });

  let response = await send().catch(networkError);
  const isRefreshCall = url.split("?")[0].endsWith(REFRESH_PATH);
  if (response.status === 401 && !isRefreshCall && (await refreshSession(baseUrl, credentials))) {
    // Once per request: whatever the replay answers, a 401 now is final.
    response = await send().catch(networkError);
  }
  const parsed = await readJson(response);
  if (!response.ok) throw errorFromResponse(response.status, parsed);
  return parsed as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function networkError(cause: unknown): never {
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const error = new ApiClientError({
    statusCode: 500,
    error: offline ? ERROR_MESSAGES.offline : ERROR_MESSAGES.default,
  });
  (error as { cause?: unknown }).cause = cause;
  throw error;
}

type ErrorBody = {
  error?: unknown;
  errors?: Record<string, unknown>;
  payload?: unknown;
  detail?: unknown;
  title?: unknown;
};

/** Our `{error, errors}` shape, or a problem-style `{title, detail}` one (product.md "The API"). */
function errorFromResponse(status: number, parsed: unknown): ApiClientError {
  const body = (parsed && typeof parsed === "object" ? parsed : {}) as ErrorBody;
  const errors = normalizeErrors(body.errors);
  const problemText = problemMessage(body.detail) ?? problemMessage(body.title);
  const error =
    typeof body.error === "string" && body.error ? body.error : (problemText ?? errorMessageFrom({ errors }, status));
  return new ApiClientError({ statusCode: status, error, errors, payload: body.payload });
}

function normalizeErrors(errors: Record<string, unknown> | undefined): Record<string, string[]> | undefined {
  if (!errors || typeof errors !== "object") return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    result[field] = (Array.isArray(messages) ? messages : [messages]).map(String);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** A JSON-encoded array of messages is joined with ", ". */
function problemMessage(value: unknown): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  if (value.startsWith("[")) {
    try {
      const list = JSON.parse(value) as unknown;
      if (Array.isArray(list)) return list.map(String).join(", ");
    } catch {
      // Not JSON after all: use the text as it is.
    }
  }
  return value;
}
