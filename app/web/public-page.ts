/**
 * What a page route exports (`export const headers = publicPageHeaders`) when every signed-out
 * visitor may get the same copy of it: the page micro-cache only keeps pages that say so. The
 * browser still revalidates each time.
 */
export const PUBLIC_PAGE_HEADERS = { "Cache-Control": "public, max-age=0, must-revalidate" } as const;

export const publicPageHeaders = () => PUBLIC_PAGE_HEADERS;

/**
 * The site's own origin for absolute links (sitemap, robots.txt): APP_URL when configured, else
 * the address the request came to (a local start without APP_URL).
 */
export const siteOrigin = (request: Request, appUrl: string) =>
  appUrl ? appUrl.replace(/\/+$/, "") : new URL(request.url).origin;
