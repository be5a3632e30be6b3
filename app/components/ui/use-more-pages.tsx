import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { ErrorPanel } from "./error-panel";
import { RETRYING_TEXT, useRetryingLoad, type RetryingLoad } from "./retrying-load";
import { useActionDone } from "./use-action-done";

/** A further page as the list loader answers it (app/routes/lists.$list.ts). */
export interface ListPageAnswer<T> {
  items: T[];
  page: number;
  totalPages: number;
}

/**
 * A server-rendered first page of a page-number list, grown by "Show more" (product.md "The API":
 * pages loaded so far plus one, until its last page) through `fetcher.load` of the list's loader
 * (`/lists/{name}`, with `query` added; `useRetryingLoad`: a blip is asked again). The first page follows the page's loader, so a
 * revalidation refreshes it without dropping what was loaded below; an item that moved up a page
 * meanwhile shows once. `remove` hides an item at once (an unfollow) before the loader catches
 * up. Put `listRef` on the list and `data-item-id` with `tabIndex={-1}` on its items: the focus
 * moves to the first item that arrived (unless `loadMore(false)`: a scroll), so the keyboard
 * carries on from there.
 */
export function useMorePages<T extends { id: string }>({
  initialItems,
  firstPage = 1,
  totalPages: initialTotalPages,
  list,
  query,
  pageSize,
  growOnly = false,
}: {
  initialItems: T[];
  /** The first page's number (a list opened at ?page=N). */
  firstPage?: number;
  totalPages: number;
  /** The list's loader, e.g. "/lists/follows". */
  list: string;
  query?: Record<string, string>;
  /** Must equal the size the server rendered with, so page N+1 starts where N ended. */
  pageSize: number;
  /** The page's loader may count fewer pages later (a revalidation): keep the count of the pages loaded. */
  growOnly?: boolean;
}) {
  const fetcher = useRetryingLoad<ListPageAnswer<T>>();
  const [morePages, setMorePages] = useState<T[][]>([]);
  const [totalPages, setTotalPages] = useState(initialTotalPages);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement & HTMLTableSectionElement>(null);
  const focusWanted = useRef(true);
  // Only the answer to a load asked here is a new page (never a revalidation of the last one).
  const awaiting = useRef(false);
  const focusAfterLoad = useRef<string | null>(null);

  useEffect(
    () => setTotalPages((current) => (growOnly ? Math.max(current, initialTotalPages) : initialTotalPages)),
    [initialTotalPages, growOnly],
  );

  useActionDone(
    fetcher,
    (answer) => {
      if (!awaiting.current) return;
      awaiting.current = false;
      focusAfterLoad.current = focusWanted.current ? (answer.items[0]?.id ?? null) : null;
      setMorePages((pages) => [...pages, answer.items]);
      setTotalPages(answer.totalPages);
    },
    (failure) => {
      awaiting.current = false;
      setError(failure.error);
    },
  );

  useEffect(() => {
    const id = focusAfterLoad.current;
    if (!id) return;
    focusAfterLoad.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLElement>("[data-item-id]") ?? [];
    [...rows].find((row) => row.dataset.itemId === id)?.focus();
  }, [morePages]);

  const nextPage = firstPage + morePages.length + 1;
  const hasMore = nextPage <= totalPages;
  const items = unique([initialItems, ...morePages]).filter((item) => !removed.has(item.id));
  const status = moreStatus(fetcher, error);

  const queryKey = JSON.stringify(query ?? {});
  const busy = fetcher.state !== "idle";
  const { load } = fetcher;
  const loadMore = useCallback(
    (focus = true) => {
      if (busy) return;
      focusWanted.current = focus;
      setError(null);
      const search = new URLSearchParams({
        ...(JSON.parse(queryKey) as Record<string, string>),
        page: String(nextPage),
        size: String(pageSize),
      });
      awaiting.current = true;
      load(`${list}?${search}`);
    },
    [busy, load, list, queryKey, nextPage, pageSize],
  );

  const remove = useCallback((id: string) => setRemoved((current) => new Set(current).add(id)), []);

  const { retrying } = fetcher;
  // What the list's "Show more" takes, ready to spread.
  const showMore = { hasMore, status, retrying, error, onClick: () => loadMore() };
  return { items, hasMore, nextPage, loadMore, status, retrying, error, remove, listRef, showMore };
}

function unique<T extends { id: string }>(pages: T[][]): T[] {
  const seen = new Set<string>();
  return pages.flat().filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * A further page's state: "retrying" after a blip, "failed" once the retries ran out (the error
 * panel, until an answer comes), "error" for a refusal the server meant (its words).
 */
export type MoreStatus = "idle" | "loading" | "retrying" | "failed" | "error";

/** The status of a `useRetryingLoad` of further pages, with the server's refusal if there was one. */
export function moreStatus(
  load: Pick<RetryingLoad<object>, "failed" | "state" | "retry">,
  error: string | null,
): MoreStatus {
  if (load.failed) return "failed";
  if (load.state !== "idle") return load.retry > 0 ? "retrying" : "loading";
  return error ? "error" : "idle";
}

/** What the status line says while a page is on its way. */
export function loadingText(status: MoreStatus): string {
  return status === "loading" ? "Loading…" : status === "retrying" ? RETRYING_TEXT : "";
}

/**
 * The "Show more" button under a list, with its loading and error line for assistive technology;
 * once the retries ran out, the error panel with Retry in its place.
 */
export function ShowMore({
  hasMore,
  status,
  retrying = false,
  error,
  onClick,
  label = "Show more",
}: {
  hasMore: boolean;
  status: MoreStatus;
  retrying?: boolean;
  error: string | null;
  onClick: () => void;
  label?: string;
}) {
  if (status === "failed") return <ErrorPanel className="mt-4" onRetry={onClick} retrying={retrying} />;
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-sm">
      <p role="status" className={status === "error" ? "text-danger" : "text-slate-500"}>
        {status === "error" ? error : loadingText(status)}
      </p>
      {hasMore ? (
        <Button
          variant="secondary"
          size="custom"
          className="px-5 py-2"
          pending
          onClick={onClick}
          disabled={status === "loading" || status === "retrying"}
        >
          {status === "error" ? "Try again" : label}
        </Button>
      ) : null}
    </div>
  );
}
