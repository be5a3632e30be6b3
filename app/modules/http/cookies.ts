import { parse } from "cookie";

const asSent = (value: string) => value;

/**
 * Every cookie of a Cookie header (or document.cookie) by name, values as sent (not decoded); the
 * first of a repeated name wins.
 */
export function parseCookies(cookieHeader: string | null | undefined): Record<string, string | undefined> {
  return cookieHeader ? parse(cookieHeader, { decode: asSent }) : {};
}

/** A cookie's value as sent, percent-decoded; null when absent or undecodable. */
export function decodeCookieValue(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** One cookie of a Cookie header (or document.cookie), percent-decoded; null when absent or undecodable. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  return decodeCookieValue(parseCookies(cookieHeader)[name]);
}

/** A long-lived preference cookie the browser may read (not a secret). */
export function preferenceCookie(name: string, value: string, options: { secure?: boolean } = {}): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
