import { useCallback, useEffect, useRef, useState } from "react";
import { ApiClientError, apiFetch } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";

interface PageAnswer<T> {
  items: T[];
  meta: { totalPages: number };
}

/**
 * A server-rendered first page of a page-number API list, grown by "Show more" (product.md section
 * 7: pages loaded so far plus one, until meta.totalPages). The first page follows the loader, so
 * a revalidation refreshes it without dropping what was loaded below; an item that moved up a
 * page meanwhile shows once. `remove` hides an item at once (an unfollow) before the loader
 * catches up. Put `listRef` on the list and `data-item-id` with `tabIndex={-1}` on its items: the
 * focus moves to the first item that arrived, so the keyboard carries on from there.
 */
export function useMorePages<T extends { id: string }>({
  initialItems,
  totalPages: initialTotalPages,
  endpoint,
  pageSize,
}: {
  initialItems: T[];
  totalPages: number;
  endpoint: string;
  pageSize: number;
}) {
  const [morePages, setMorePages] = useState<T[][]>([]);
  const [totalPages, setTotalPages] = useState(initialTotalPages);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(false);
  const listRef = useRef<HTMLUListElement & HTMLTableSectionElement>(null);
  const focusAfterLoad = useRef<string | null>(null);

  useEffect(() => setTotalPages(initialTotalPages), [initialTotalPages]);

  useEffect(() => {
    const id = focusAfterLoad.current;
    if (!id) return;
    focusAfterLoad.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLElement>("[data-item-id]") ?? [];
    [...rows].find((row) => row.dataset.itemId === id)?.focus();
  }, [morePages]);

  const nextPage = morePages.length + 2;
  const hasMore = nextPage <= totalPages;
  const items = unique([initialItems, ...morePages]).filter((item) => !removed.has(item.id));

  const loadMore = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    setStatus("loading");
    setError(null);
    try {
      const answer = await apiFetch<PageAnswer<T>>(endpoint, { query: { page: nextPage, size: pageSize } });
      focusAfterLoad.current = answer.items[0]?.id ?? null;
      setMorePages((pages) => [...pages, answer.items]);
      setTotalPages(answer.meta.totalPages);
      setStatus("idle");
    } catch (thrown) {
      setError(thrown instanceof ApiClientError ? thrown.error : ERROR_MESSAGES.default);
      setStatus("error");
    } finally {
      loading.current = false;
    }
  }, [endpoint, nextPage, pageSize]);

  const remove = useCallback((id: string) => setRemoved((current) => new Set(current).add(id)), []);

  return { items, hasMore, loadMore, status, error, remove, listRef };
}

function unique<T extends { id: string }>(pages: T[][]): T[] {
  const seen = new Set<string>();
  return pages.flat().filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/** The "Show more" button under a list, with its loading and error line for assistive technology. */
export function ShowMore({
  hasMore,
  status,
  error,
  onClick,
  label = "Show more",
}: {
  hasMore: boolean;
  status: "idle" | "loading" | "error";
  error: string | null;
  onClick: () => void;
  label?: string;
}) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-sm">
      <p role="status" className={status === "error" ? "text-danger" : "text-slate-500"}>
        {status === "loading" ? "Loading…" : status === "error" ? error : ""}
      </p>
      {hasMore ? (
        <button
          type="button"
          onClick={onClick}
          disabled={status === "loading"}
          className="rounded-full border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-progress disabled:opacity-60"
        >
          {status === "error" ? "Try again" : label}
        </button>
      ) : null}
    </div>
  );
}
