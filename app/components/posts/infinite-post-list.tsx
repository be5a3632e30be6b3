import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ApiClientError, apiFetch } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { PostCard } from "./post-card";
import { useLoadOnScroll } from "~/components/ui/use-load-on-scroll";

interface PageAnswer {
  items: PostDTO[];
  meta: { page: number; size: number; totalItems: number; totalPages: number };
}

export interface InfinitePostListProps {
  /** The page the server rendered. */
  initialItems: PostDTO[];
  /** Its number (an expert's page may be opened at ?page=N). */
  initialPage?: number;
  totalPages: number;
  /** The page-number API list that serves the following pages, e.g. "/api/posts/my/feed". */
  endpoint: string;
  query?: Record<string, string>;
  /** Must equal the size the server rendered with, so page N+1 starts where N ended. */
  pageSize: number;
  /** Names the list for assistive technology. */
  label: string;
  /** Shown when there is nothing at all. */
  empty: ReactNode;
}

/**
 * A list of PostCards that grows as the reader scrolls: the server renders the first page, then
 * the next page is fetched when a sentinel near the end comes into view (product.md "The API":
 * pages loaded so far plus one, until meta.totalPages). A visible "Load more" button does the
 * same for keyboard users and moves the focus to the first new post; before the page hydrates
 * it is a plain link to the next page, so the list also works without JavaScript.
 *
 * Give it a `key` that changes with the list (another expert, another endpoint): the loaded
 * pages belong to one list. The first page follows the loader, so a revalidation refreshes it
 * without dropping what was loaded below it.
 */
export function InfinitePostList({
  initialItems,
  initialPage = 1,
  totalPages: initialTotalPages,
  endpoint,
  query,
  pageSize,
  label,
  empty,
}: InfinitePostListProps) {
  const [morePages, setMorePages] = useState<PostDTO[][]>([]);
  const [totalPages, setTotalPages] = useState(initialTotalPages);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const loading = useRef(false);
  const focusAfterLoad = useRef<string | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => setTotalPages((current) => Math.max(current, initialTotalPages)), [initialTotalPages]);

  const items = uniqueById([initialItems, ...morePages]);
  const nextPage = initialPage + morePages.length + 1;
  const hasMore = nextPage <= totalPages;
  const queryKey = JSON.stringify(query ?? {});

  const loadMore = useCallback(
    async (byKeyboard: boolean) => {
      if (loading.current) return;
      loading.current = true;
      setStatus("loading");
      setError(null);
      try {
        const answer = await apiFetch<PageAnswer>(endpoint, {
          query: { ...(JSON.parse(queryKey) as Record<string, string>), page: nextPage, size: pageSize },
        });
        if (byKeyboard) focusAfterLoad.current = answer.items[0]?.id ?? null;
        setMorePages((pages) => [...pages, answer.items]);
        setTotalPages(answer.meta.totalPages);
        setStatus("idle");
      } catch (thrown) {
        setError(thrown instanceof ApiClientError ? thrown.error : ERROR_MESSAGES.default);
        setStatus("error");
      } finally {
        loading.current = false;
      }
    },
    [endpoint, queryKey, nextPage, pageSize],
  );

  const loadOnScroll = useCallback(() => void loadMore(false), [loadMore]);
  const sentinelRef = useLoadOnScroll<HTMLDivElement>(loadOnScroll, {
    enabled: hasMore && status === "idle",
    rootMargin: "600px 0px",
  });

  // Move the focus to the first post that just arrived, so the keyboard carries on from there.
  useEffect(() => {
    const id = focusAfterLoad.current;
    if (!id) return;
    focusAfterLoad.current = null;
    const items = listRef.current?.querySelectorAll<HTMLElement>("li[data-post-id]") ?? [];
    [...items].find((item) => item.dataset.postId === id)?.focus();
  }, [morePages]);

  if (items.length === 0 && !hasMore) return <>{empty}</>;

  const nextHref = `?page=${nextPage}`;
  return (
    <div>
      {initialPage > 1 ? (
        // Opened further down (the link below before JavaScript, or a shared address): the way back up.
        <p className="mb-3 text-sm">
          <Link
            to={initialPage === 2 ? pathname : `${pathname}?page=${initialPage - 1}`}
            rel="prev"
            className="font-semibold text-brand-700 hover:underline"
          >
            ← Newer posts
          </Link>
        </p>
      ) : null}
      <ul ref={listRef} aria-label={label} aria-busy={status === "loading"} className="space-y-4">
        {items.map((post) => (
          <li key={post.id} data-post-id={post.id} tabIndex={-1} className="rounded-xl focus-visible:outline-offset-4">
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" />
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <p role="status" className={status === "error" ? "text-danger" : "text-slate-500"}>
          {status === "loading"
            ? "Loading more posts…"
            : status === "error"
              ? error
              : !hasMore && items.length > pageSize
                ? "You have reached the end."
                : ""}
        </p>
        {hasMore ? (
          hydrated ? (
            <button
              type="button"
              onClick={() => void loadMore(true)}
              disabled={status === "loading"}
              className="rounded-full border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-progress disabled:opacity-60"
            >
              {status === "error" ? "Try again" : "Load more"}
            </button>
          ) : (
            <a
              href={nextHref}
              className="rounded-full border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100"
            >
              Load more
            </a>
          )
        ) : null}
      </div>
    </div>
  );
}

/** A post published while the reader scrolls shifts the pages by one: show each post once. */
function uniqueById(pages: PostDTO[][]): PostDTO[] {
  const seen = new Set<string>();
  const result: PostDTO[] = [];
  for (const page of pages) {
    for (const post of page) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      result.push(post);
    }
  }
  return result;
}
