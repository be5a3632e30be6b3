/**
 * The sign-in link that brings someone back where they were (`/sign-in?callbackUrl=…`), for the
 * server's redirects and the pages' links alike. Client-safe.
 */

/** No page of ours has a longer address; a longer one is someone's payload, not a place to return to. */
export const MAX_CALLBACK_URL_LENGTH = 2_000;

/** The pages that send someone on to a callback once they are done. */
export type AuthPage = "/sign-in" | "/sign-up" | "/email-verification";

/** `page` (sign-in, sign-up, the e-mail code) with `?callbackUrl=callback`, when there is one to return to. */
export function authPageHref(page: AuthPage, callback: string | null | undefined): string {
  return !callback || callback === "/" ? page : `${page}?callbackUrl=${encodeURIComponent(callback)}`;
}

/**
 * `/sign-in?callbackUrl=<here>`; plain `/sign-in` from home or the sign-in and sign-up pages. An
 * address whose callback would be longer than any of ours comes back without its query (or not
 * at all), so no page or redirect carries an attacker-sized query into its links.
 */
export function signInHref(pathname: string, search = "", page: AuthPage = "/sign-in"): string {
  if (pathname === "/sign-in" || pathname === "/sign-up") return page;
  const back = [`${pathname}${search}`, pathname].find(
    (address) => encodeURIComponent(address).length <= MAX_CALLBACK_URL_LENGTH,
  );
  return authPageHref(page, back);
}

/** signInHref's twin for a new account: `/sign-up?callbackUrl=<here>`. */
export const signUpHref = (pathname: string, search = "") => signInHref(pathname, search, "/sign-up");
