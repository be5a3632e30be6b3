import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { useLoadOnScroll } from "~/components/ui/use-load-on-scroll";
import { ErrorPanel } from "~/components/ui/error-panel";
import { loadingText, useMorePages } from "~/components/ui/use-more-pages";
import type { CardPost } from "~/modules/posts/card-post";
import { PostCard } from "./post-card";

export interface InfinitePostListProps {
  /** The page the server rendered. */
  initialItems: CardPost[];
  /** Its number (an expert's page may be opened at ?page=N). */
  initialPage?: number;
  totalPages: number;
  /** How many posts the whole list has, when known: the space kept for the ones not loaded yet. */
  totalItems?: number;
  /** The list loader that serves the following pages, e.g. "/lists/feed" (app/routes/lists.$list.ts). */
  list: string;
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
 * the next page is loaded from the list's loader (`useMorePages`) when a sentinel near the end comes into view (product.md "The API":
 * pages loaded so far plus one, until meta.totalPages). A visible "Load more" button does the
 * same for keyboard users and moves the focus to the first new post; before the page hydrates
 * it is a plain link to the next page, so the list also works without JavaScript.
 *
 * Give it a `key` that changes with the list (another expert, another list): the loaded
 * pages belong to one list. The first page follows the loader, so a revalidation refreshes it
 * without dropping what was loaded below it.
 */
export function InfinitePostList({
  initialItems,
  initialPage = 1,
  totalPages: initialTotalPages,
  totalItems,
  list,
  query,
  pageSize,
  label,
  empty,
}: InfinitePostListProps) {
  const [hydrated, setHydrated] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setHydrated(true), []);
  const { items, hasMore, nextPage, loadMore, status, retrying, error, listRef } = useMorePages({
    initialItems,
    firstPage: initialPage,
    totalPages: initialTotalPages,
    list,
    query,
    pageSize,
    growOnly: true,
  });

  // Scrolling loads without moving the focus; the button moves it to the first new post.
  const loadOnScroll = useCallback(() => loadMore(false), [loadMore]);
  // Two screens ahead: the next page is in before a reader scrolling at any usual speed reaches
  // the end, so nothing on screen moves when it arrives (layout shift).
  const sentinelRef = useLoadOnScroll<HTMLLIElement>(loadOnScroll, {
    enabled: hasMore && status === "idle",
    rootMargin: "1600px 0px",
  });

  // The posts not loaded yet keep their room below the list (its bottom padding, at the height of
  // an average card so far): a page that arrives fills room already there instead of pushing
  // down what is on screen, and the footer stays where it is (layout shift).
  const [itemHeight, setItemHeight] = useState(0);
  useEffect(() => {
    const list = listRef.current;
    if (!list || items.length === 0) return;
    const padding = parseFloat(getComputedStyle(list).paddingBottom) || 0;
    setItemHeight((list.getBoundingClientRect().height - padding) / items.length);
  }, [items.length, listRef]);
  const notLoaded = hasMore
    ? Math.max(0, (totalItems ?? initialTotalPages * pageSize) - (initialPage - 1) * pageSize - items.length)
    : 0;
  // Not while the error panel shows: it belongs right under the last post.
  const reserved = status === "failed" ? 0 : Math.round(notLoaded * itemHeight);

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
      <ul
        ref={listRef}
        aria-label={label}
        aria-busy={status === "loading" || status === "retrying"}
        className="relative space-y-4"
        style={reserved ? { paddingBottom: reserved } : undefined}
      >
        {items.map((post) => (
          <PostItem key={post.id} post={post} />
        ))}
        {/* The room kept for the rest (or the list's end): near the screen, the next page loads. */}
        <li
          ref={sentinelRef}
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 !mt-0"
          style={{ height: Math.max(1, reserved) }}
        />
      </ul>
      {status === "failed" ? (
        <ErrorPanel className="mt-6" onRetry={() => loadMore(true)} retrying={retrying} />
      ) : (
        <div className="mt-6 flex flex-col items-center gap-2 text-sm">
          <p role="status" className={status === "error" ? "text-danger" : "text-slate-500"}>
            {status === "loading"
              ? "Loading more posts…"
              : status === "error"
                ? error
                : status === "retrying"
                  ? loadingText(status)
                  : !hasMore && items.length > pageSize
                    ? "You have reached the end."
                    : ""}
          </p>
          {hasMore ? (
            hydrated ? (
              <Button
                variant="secondary"
                size="custom"
                className="px-5 py-2"
                pending
                onClick={() => loadMore(true)}
                disabled={status === "loading" || status === "retrying"}
              >
                {status === "error" ? "Try again" : "Load more"}
              </Button>
            ) : (
              <a href={nextHref} className={buttonClass({ variant: "secondary", size: "custom" }, "px-5 py-2")}>
                Load more
              </a>
            )
          ) : null}
        </div>
      )}
    </div>
  );
}

/** A card in the list. */
function PostItem({ post }: { post: CardPost }) {
  return (
    <li data-item-id={post.id} data-post-id={post.id} tabIndex={-1} className="post-list-item">
      <PostCard post={post} />
    </li>
  );
}
