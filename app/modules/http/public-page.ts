/**
 * What a page route exports (`export const headers = publicPageHeaders`) when every signed-out
 * visitor may get the same copy of it: the page micro-cache only keeps pages that say so. The
 * browser still revalidates each time.
 */
export const PUBLIC_PAGE_HEADERS = { "Cache-Control": "public, max-age=0, must-revalidate" } as const;

export const publicPageHeaders = () => PUBLIC_PAGE_HEADERS;
