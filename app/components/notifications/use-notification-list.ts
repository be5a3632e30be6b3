import { useCallback, useEffect, useRef, useState } from "react";
import { useRetryingLoad } from "~/components/ui/retrying-load";
import { moreStatus, type MoreStatus } from "~/components/ui/use-more-pages";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { notificationListHref, UNREAD_PATH, type NotificationListAnswer } from "./notifications-api";
import { subscribeToNotifications } from "./notification-stream";
import type { NotificationDTO } from "./notification-types";
import { setUnreadCount } from "./unread-count";

/** product.md "Limits": up to 10 at first, i.e. two pages of 5. */
const INITIAL_PAGES = 2;

/**
 * The viewer's notifications, newest first, loaded in the browser on mount (never cached) and
 * grown page by page by cursor through the list's loader; ones arriving on the stream are put on
 * top (`useRetryingLoad`: a blip is asked again, then the error panel). Mount it when the list is shown (the panel mounts it on every opening), so each showing
 * starts from fresh data.
 *
 * product.md "States": when the first loaded notification is unread, everything up to its createdOn
 * is marked read (the route's action) and the badge takes the server's new count. The dots stay
 * on the items shown now, so the reader still sees what was new; the next load shows them read.
 */
export function useNotificationList() {
  const pages = useRetryingLoad<NotificationListAnswer>();
  // product.md "Error messages": a failed mark-read is an error toast with the server's text.
  const marking = useActionFetcher<{ newNotificationsCount: number }>();
  const [items, setItems] = useState<NotificationDTO[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cursor = useRef<string | null>(null);
  const loadedPages = useRef(0);
  // Pages still to load in this round: the first screen is two.
  const [pagesLeft, setPagesLeft] = useState(INITIAL_PAGES);
  const { load } = pages;
  const { submit } = marking;

  const loadPages = useCallback(
    (count: number) => {
      setError(null);
      setPagesLeft(count);
      load(notificationListHref(cursor.current));
    },
    [load],
  );

  // Marked read once the first screen is loaded: an action submitted while a page is still loading
  // would interrupt that load.
  const markTill = useRef<string | null>(null);
  useActionDone(
    pages,
    (page) => {
      const isFirstPage = loadedPages.current === 0;
      loadedPages.current += 1;
      cursor.current = page.endCursor;
      setItems((current) => appendNew(current, page.items));
      const more = page.hasNextPage && page.endCursor !== null;
      setHasMore(more);
      const first = page.items[0];
      if (isFirstPage && first && !first.isRead) markTill.current = first.createdOn;
      const left = more ? pagesLeft - 1 : 0;
      setPagesLeft(left);
      if (left > 0) load(notificationListHref(cursor.current));
      else if (markTill.current) {
        submit({ tillDate: markTill.current }, { method: "post", action: UNREAD_PATH });
        markTill.current = null;
      }
    },
    (failure) => {
      setPagesLeft(0);
      setError(failure.error);
    },
  );
  useActionDone(marking, (answer) => setUnreadCount(answer.newNotificationsCount));

  useEffect(() => {
    loadPages(INITIAL_PAGES);
    return subscribeToNotifications((notification) =>
      setItems((current) =>
        current.some((item) => item.id === notification.id) ? current : [notification, ...current],
      ),
    );
  }, [loadPages]);

  const loadStatus = moreStatus(pages, error);
  // Between the first screen's two pages the hook is idle for a moment, but the list is not.
  const status: MoreStatus = loadStatus === "idle" && pagesLeft > 0 ? "loading" : loadStatus;
  const { retrying } = pages;
  // After a failed first load, try the whole first screen again.
  const loadMore = useCallback(() => {
    if (pages.state === "idle") loadPages(loadedPages.current === 0 ? INITIAL_PAGES : 1);
  }, [pages.state, loadPages]);

  return { items, hasMore, status, retrying, error, loadMore };
}

/** A notification that arrived on the stream may come again in a page: show it once. */
function appendNew(current: NotificationDTO[], page: NotificationDTO[]): NotificationDTO[] {
  const seen = new Set(current.map((item) => item.id));
  return [...current, ...page.filter((item) => !seen.has(item.id))];
}
