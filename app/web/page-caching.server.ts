/**
 * Caching of pages and their data (`.data`), decided once for every route: a response
 * rendered for a signed-in viewer carries their name, e-mail and subscriptions, so no cache but
 * their browser's own may keep it (`private, no-store`, whatever the route said); a page the route
 * declared public for visitors (public-page.ts) says it varies with the cookies, so a cache in front
 * never hands a visitor's copy to someone signed in, nor the reverse.
 */
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/modules/accounts/sessions.server";
import { parseCookies } from "~/modules/http/cookies";

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Does the request carry a session (the access or the refresh cookie)? */
export function carriesSession(request: Request): boolean {
  return cookiesCarrySession(request.headers.get("Cookie"));
}

/** The same, from a Cookie header. */
export function cookiesCarrySession(cookieHeader: string | null | undefined): boolean {
  const cookies = parseCookies(cookieHeader ?? undefined);
  return cookies[ACCESS_COOKIE] !== undefined || cookies[REFRESH_COOKIE] !== undefined;
}

/** Sets the response's caching headers for this request (see above). */
export function applyPageCaching(request: Request, headers: Headers): void {
  if (carriesSession(request)) {
    headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    return;
  }
  if (!/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) return;
  const vary = headers.get("Vary");
  if (!vary || !/\bcookie\b/i.test(vary)) headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
}
