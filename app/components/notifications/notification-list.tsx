import { Link } from "~/components/ui/link";
import { useRef } from "react";
import { NotificationItem } from "./notification-item";
import { useNotificationList } from "./use-notification-list";
import { Button } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { useLoadOnScroll } from "~/components/ui/use-load-on-scroll";
import { loadingText } from "~/components/ui/use-more-pages";

export const EMPTY_TEXT = "No notifications yet";

/**
 * The notifications list, for the header's panel (as tall as its items, scrolling past 228 px:
 * one notification is not a tall blank box) or the /notifications page (the page scrolls). The next page loads when a sentinel at the end comes
 * into view of whichever scrolls; keyboard users get there too, since focusing the last link
 * scrolls it into view. After a failure only the "Try again" button (a refusal) or the error
 * panel's Retry (the retries ran out) loads again.
 */
export function NotificationList({ variant, onNavigate }: { variant: "panel" | "page"; onNavigate?: () => void }) {
  const { items, hasMore, status, retrying, error, loadMore } = useNotificationList();
  const scrollAreaRef = useRef<HTMLDivElement>(null);
  const inPanel = variant === "panel";
  const sentinelRef = useLoadOnScroll<HTMLDivElement>(loadMore, {
    enabled: hasMore && status === "idle",
    root: inPanel ? scrollAreaRef : undefined,
    rootMargin: inPanel ? "0px 0px 120px 0px" : "0px 0px 400px 0px",
  });

  const empty = status === "idle" && items.length === 0;
  const busy = status !== "idle";
  return (
    <div ref={scrollAreaRef} className={inPanel ? "max-h-[228px] overflow-y-auto overscroll-contain" : undefined}>
      {empty ? (
        <div className={`px-4 text-center text-sm ${inPanel ? "py-6" : "py-12"}`}>
          <p className="text-slate-500">{EMPTY_TEXT}</p>
          <p className="mt-1 text-slate-600">Follow experts to hear when they post.</p>
          <Link
            to="/discover-experts"
            onClick={onNavigate}
            className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Discover experts
          </Link>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul
          aria-label="Notifications"
          aria-busy={status === "loading" || status === "retrying"}
          className="divide-y divide-slate-100"
        >
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
      <div ref={sentinelRef} aria-hidden="true" />
      {/* The status line is always there (a live region must exist before it speaks) but takes room only when it says something. */}
      <div className={`flex flex-col items-center gap-2 px-4 text-sm ${busy ? "py-2" : ""}`}>
        {status === "failed" ? <ErrorPanel className="w-full" onRetry={loadMore} retrying={retrying} /> : null}
        <p role="status" className={status === "error" ? "text-danger" : "text-slate-500"}>
          {status === "loading" ? "Loading notifications…" : status === "error" ? error : loadingText(status)}
        </p>
        {status === "error" ? (
          <Button variant="secondary" size="sm" onClick={loadMore}>
            Try again
          </Button>
        ) : null}
      </div>
    </div>
  );
}
