/**
 * CSRF defence for unsafe methods: a browser always says where a POST comes from (Origin, or
 * Sec-Fetch-Site). We accept the app's own public origin and the origin of the host the request
 * was addressed to; anything else is another site's page acting with our user's cookies.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** GET, HEAD and OPTIONS change nothing: any origin may send them. */
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

export function isAllowedOrigin(input: {
  method: string;
  origin?: string | null;
  secFetchSite?: string | null;
  /** `protocol://host` the request was addressed to (after trusted proxies). */
  requestOrigin: string;
  appUrl: string;
}): boolean {
  if (isSafeMethod(input.method)) return true;
  const { origin } = input;
  if (origin && origin !== "null") {
    return origin === input.requestOrigin || origin === new URL(input.appUrl).origin;
  }
  // "null" comes from sandboxed frames and privacy settings; only the browser's own
  // Sec-Fetch-Site (which pages cannot set) can vouch for such a request.
  if (origin === "null") return input.secFetchSite === "same-origin";
  // No Origin: a non-browser client, or an old browser; Sec-Fetch-Site still tells cross-site.
  return input.secFetchSite !== "cross-site" && input.secFetchSite !== "same-site";
}

const UNSAFE_PAGE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Does Remix compare this request's Origin with its host (`throwIfPotentialCSRFAttack`)? For a
 * page's action (POST, PUT, PATCH, DELETE) and for every single-fetch `.data` request but a GET:
 * Remix runs HEAD and OPTIONS on `.data` as actions, so a cross-origin preflight or HEAD is
 * checked too. Not for /api: resource routes are not checked.
 */
export function remixChecksOrigin(method: string, path: string): boolean {
  if (method === "GET") return false;
  return path.endsWith(".data") || UNSAFE_PAGE_METHODS.has(method);
}

/**
 * Would Remix's own check refuse this request (its `throwIfPotentialCSRFAttack`)? It compares
 * the Origin's host with X-Forwarded-Host (else Host) and throws when they differ, which would be
 * a 500 logged as an unhandled error: the server answers 403 first instead. An Origin of our
 * APP_URL reaching us under another host name (a proxy that does not pass X-Forwarded-Host) is
 * such a case, and so is an opaque `Origin: null`, which Remix compares as the host "null".
 */
export function originHostMismatch(headers: { origin?: string; host?: string; forwardedHost?: string }): boolean {
  const { origin } = headers;
  if (!origin) return false;
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = headers.forwardedHost?.split(",")[0]?.trim() || headers.host;
  return !host || originHost !== host;
}
