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
