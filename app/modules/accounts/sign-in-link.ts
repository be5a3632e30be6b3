/**
 * The sign-in link that brings someone back where they were (`/sign-in?callbackUrl=…`), for the
 * server's redirects and the pages' links alike. Client-safe.
 */

/** No page of ours has a longer address; a longer one is someone's payload, not a place to return to. */
export const MAX_CALLBACK_URL_LENGTH = 2_000;

/**
 * `/sign-in?callbackUrl=<here>`; plain `/sign-in` from home or sign-in itself. An address whose
 * callback would be longer than any of ours comes back without its query (or not at all), so no
 * page or redirect carries an attacker-sized query into its links.
 */
export function signInHref(pathname: string, search = ""): string {
  if (pathname === "/sign-in") return "/sign-in";
  const back = [`${pathname}${search}`, pathname].find(
    (address) => encodeURIComponent(address).length <= MAX_CALLBACK_URL_LENGTH,
  );
  return !back || back === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(back)}`;
}
