/** Reads one cookie from a Cookie header (or document.cookie) without a library. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A long-lived preference cookie the browser may read (not a secret). */
export function preferenceCookie(name: string, value: string, options: { secure?: boolean } = {}): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
