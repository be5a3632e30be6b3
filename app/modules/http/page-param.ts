/**
 * product.md "API conventions": a list's page holds 5 items unless the request asks for another
 * size. Server-rendered lists show that many first (a light first view) and load the rest on scroll.
 */
export const DEFAULT_PAGE_SIZE = 5;

/**
 * `?page=N` of a server-rendered list (the no-JavaScript "Load more" link, an expert page's
 * address): a whole number from 1; anything else is the first page rather than an error page.
 */
export function pageFromUrl(url: URL, max = 10_000, name = "page"): number {
  const requested = Number(url.searchParams.get(name) ?? "1");
  return Number.isInteger(requested) && requested >= 1 && requested <= max ? requested : 1;
}

export function totalPagesOf(totalItems: number, size: number): number {
  return Math.ceil(totalItems / size);
}
