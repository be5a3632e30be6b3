/**
 * No shared cache (a CDN, a proxy) may keep an answer given to someone signed in: every answer to a
 * request that carries a session cookie (even a forged or lapsed one: checking it would cost a
 * lookup, and the header costs nothing) or an Authorization header, and every answer that sets or
 * clears the session cookies, leaves as `Cache-Control: private, no-store`, whatever layer made it:
 * a page, its `.data`, a resource or API route, an error, a 404, a redirect, a refusal before
 * Remix. Set once in server.ts, in front of everything, when the headers go out.
 *
 * An answer keeps its own header when it already keeps shared caches out (`private`), or when its
 * route declared it the same for everyone (`public` or `immutable` without varying by cookie: the
 * hashed assets, public files, the image proxy, avatars, the sitemap). A page declared public for
 * visitors varies by cookie (page-caching.server.ts), so a copy of it answering a session does not.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/modules/accounts/sessions.server";
import { cookiesCarrySession, PERSONAL_CACHE_CONTROL } from "~/web/page-caching.server";

/** The session cookies, or an Authorization header (shared caches must not answer it to others either). */
export function carriesCredentials(headers: Pick<IncomingHttpHeaders, "cookie" | "authorization">): boolean {
  if (headers.authorization !== undefined) return true;
  const cookie = headers.cookie;
  // Most visitors send no cookie of ours: the parse only when one of the names appears.
  return (
    cookie !== undefined &&
    (cookie.includes(ACCESS_COOKIE) || cookie.includes(REFRESH_COOKIE)) &&
    cookiesCarrySession(cookie)
  );
}

/** Does the answer set (or clear) a session cookie: a sign-in, a renewal, a sign-out? */
export function setsSession(setCookie: OutgoingHttpHeader | undefined): boolean {
  if (setCookie === undefined || typeof setCookie === "number") return false;
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie];
  return cookies.some((cookie) => {
    const name = cookie.slice(0, cookie.indexOf("=")).trim();
    return name === ACCESS_COOKIE || name === REFRESH_COOKIE;
  });
}

/** The Cache-Control an answer to a session goes out with (see above). */
export function cacheControlForSession(cacheControl: string | undefined, vary: string | undefined): string {
  if (cacheControl && /\bprivate\b/i.test(cacheControl)) return cacheControl;
  const sameForEveryone =
    cacheControl !== undefined && /\b(public|immutable)\b/i.test(cacheControl) && !/\bcookie\b|\*/i.test(vary ?? "");
  return sameForEveryone ? cacheControl : PERSONAL_CACHE_CONTROL;
}

const headerText = (value: OutgoingHttpHeader | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(", ") : String(value);

/** The name under which `headers` holds `name`, whatever its case. */
const keyOf = (headers: OutgoingHttpHeaders, name: string) =>
  Object.keys(headers).find((key) => key.toLowerCase() === name);

/**
 * Express middleware (server.ts, first after the request log): decides the answer's Cache-Control
 * as its headers are written, so whatever set them before (Remix, a middleware, Express's static
 * files) is seen, and whatever answers later cannot miss it.
 */
export function privateAnswersToSessions() {
  return (req: Request, res: Response, next: NextFunction) => {
    const credentials = carriesCredentials(req.headers);
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadPrivately(this: ServerResponse, ...args: unknown[]) {
      // writeHead(status, [reason], [headers]): headers given here win over those set before.
      const last = args[args.length - 1];
      const given = args.length > 1 && last && typeof last === "object" && !Array.isArray(last) ? last : null;
      const inline = given as OutgoingHttpHeaders | null;
      const inlineKey = (name: string) => (inline ? keyOf(inline, name) : undefined);
      const read = (name: string) => {
        const key = inlineKey(name);
        return key !== undefined ? inline![key] : this.getHeader(name);
      };
      if (credentials || setsSession(read("set-cookie"))) {
        const current = headerText(read("cache-control"));
        const decided = cacheControlForSession(current, headerText(read("vary")));
        if (decided !== current) {
          const key = inlineKey("cache-control");
          if (key !== undefined) inline![key] = decided;
          else this.setHeader("Cache-Control", decided);
        }
      }
      return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
