/**
 * Links in a post (product.md "Validation" "Links", decision 018). The editor takes `http(s)://` URLs
 * and site-relative paths; a link is internal when it is relative or its origin is the site's
 * own, and external links open in a new tab without follow, opener or referrer. Pure.
 */
export const LINK_ERROR = "Enter a link starting with http:// or https://";

/** The URL to store, or null when the text is not an http(s) URL or a site path. */
export function normalizeLinkUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  // A site path, never protocol-relative ("//host") or a backslash trick ("/\host").
  if (text.startsWith("/")) return text.startsWith("//") || text.startsWith("/\\") ? null : text;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Internal: a relative path, or the same origin as the site. */
export function isInternalLink(url: string, siteOrigin: string): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    return new URL(url).origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

/** The anchor attributes for a link, by the rule above. */
export function linkAttributes(url: string, siteOrigin: string): { href: string; target?: "_blank"; rel?: string } {
  return isInternalLink(url, siteOrigin)
    ? { href: url }
    : { href: url, target: "_blank", rel: "nofollow noopener noreferrer" };
}
