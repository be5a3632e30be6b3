import { ButtonLink } from "~/components/ui/button";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";

/**
 * Previous / next links of a server-rendered list paged by `?page=N` (the search results, the
 * expert directory): plain links, so paging works before and without JavaScript. `hrefFor`
 * builds a page's address with the list's other parameters kept. Nothing shows for one page.
 */
export function PageLinks({
  page,
  totalPages,
  hrefFor,
  label,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (totalPages <= 1 && page <= 1) return null;
  const last = Math.max(totalPages, 1);
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <ButtonLink variant="secondary" to={hrefFor(Math.min(page - 1, last))} rel="prev" className="gap-1">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </ButtonLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">{`Page ${page} of ${last}`}</p>
      {page < totalPages ? (
        <ButtonLink variant="secondary" to={hrefFor(page + 1)} rel="next" className="gap-1">
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
