import { Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";

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
  const link =
    "inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100";
  const last = Math.max(totalPages, 1);
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, last))} rel="prev" className={link}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">{`Page ${page} of ${last}`}</p>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={link}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
