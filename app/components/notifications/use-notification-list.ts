import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { fetchNotificationPage, markNotificationsRead } from "./notifications-api";
import { subscribeToNotifications } from "./notification-stream";
import type { NotificationDTO } from "./notification-types";
import { setUnreadCount } from "./unread-count";

/** product.md "Limits": up to 10 at first, i.e. two pages of 5. */
const INITIAL_PAGES = 2;

export type ListStatus = "loading" | "idle" | "error";

const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);

/**
 * The viewer's notifications, newest first, loaded in the browser on mount (never cached) and
 * grown page by page by cursor; ones arriving on the stream are put on top. Mount it when the list
 * is shown (the panel mounts it on every opening), so each showing starts from fresh data.
 *
 * product.md "States": when the first loaded notification is unread, everything up to its createdOn
 * is marked read and the badge takes the server's new count. The dots stay on the items shown
 * now, so the reader still sees what was new; the next load shows them read.
 */
export function useNotificationList() {
  const [items, setItems] = useState<NotificationDTO[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<ListStatus>("loading");
  const [error, setError] = useState<string | null>(null);
  const cursor = useRef<string | null>(null);
  const loadedPages = useRef(0);
  const loading = useRef(false);
  const mounted = useRef(true);

  const load = useCallback(async (pages: number) => {
    if (loading.current) return;
    loading.current = true;
    setStatus("loading");
    setError(null);
    try {
      for (let i = 0; i < pages; i++) {
        const page = await fetchNotificationPage(cursor.current);
        if (!mounted.current) return;
        const isFirstPage = loadedPages.current === 0;
        loadedPages.current += 1;
        cursor.current = page.meta.endCursor;
        setItems((current) => appendNew(current, page.items));
        const more = page.meta.hasNextPage && page.meta.endCursor !== null;
        setHasMore(more);
        if (isFirstPage) void markReadUpTo(page.items[0]);
        if (!more) break;
      }
      setStatus("idle");
    } catch (thrown) {
      if (!mounted.current) return;
      setError(messageOf(thrown));
      setStatus("error");
    } finally {
      loading.current = false;
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void load(INITIAL_PAGES);
    const unsubscribe = subscribeToNotifications((notification) =>
      setItems((current) =>
        current.some((item) => item.id === notification.id) ? current : [notification, ...current],
      ),
    );
    return () => {
      mounted.current = false;
      unsubscribe();
    };
  }, [load]);

  // After a failed first load, try the whole first screen again.
  const loadMore = useCallback(() => void load(loadedPages.current === 0 ? INITIAL_PAGES : 1), [load]);

  return { items, hasMore, status, error, loadMore };
}

async function markReadUpTo(first: NotificationDTO | undefined) {
  if (!first || first.isRead) return;
  try {
    setUnreadCount(await markNotificationsRead(first.createdOn));
  } catch (error) {
    // product.md "Error messages": a notification failure is an error toast with the server's text.
    toast.error(messageOf(error));
  }
}

/** A notification that arrived on the stream may come again in a page: show it once. */
function appendNew(current: NotificationDTO[], page: NotificationDTO[]): NotificationDTO[] {
  const seen = new Set(current.map((item) => item.id));
  return [...current, ...page.filter((item) => !seen.has(item.id))];
}
