/**
 * Where the notification screens read and change their data: the route loaders and the action
 * under /notifications (app/routes/notifications_.list.ts and notifications_.unread.ts), through
 * fetchers, so the session is renewed on the server as for every page. Never cached: a stale
 * count or list would be wrong at once.
 */
import type { NotificationDTO } from "./notification-types";

export const NOTIFICATION_STREAM_URL = "/api/notifications/sse-notifications";
/** product.md "Limits": notification pages of 5. */
export const NOTIFICATION_PAGE_SIZE = 5;

/** A page of the list: `?size&afterCursor` → `{ok, items, hasNextPage, endCursor}`. */
export const NOTIFICATION_LIST_PATH = "/notifications/list";
/** The unread count (its loader) and mark-read (its action, `tillDate`) → `{ok, newNotificationsCount}`. */
export const UNREAD_PATH = "/notifications/unread";

export interface NotificationListAnswer {
  items: NotificationDTO[];
  hasNextPage: boolean;
  endCursor: string | null;
}

export function notificationListHref(afterCursor: string | null): string {
  const search = new URLSearchParams({ size: String(NOTIFICATION_PAGE_SIZE) });
  if (afterCursor) search.set("afterCursor", afterCursor);
  return `${NOTIFICATION_LIST_PATH}?${search}`;
}

/**
 * The stream's resync after the server refused it (notification-stream.ts), outside React so not
 * through a fetcher: the same loader the badge reads, where the server renews an expired session
 * as for any page. null when signed out (401/403): nothing to listen to any more.
 */
export async function fetchUnreadCount(): Promise<number | null> {
  const response = await fetch(UNREAD_PATH, { cache: "no-store", headers: { Accept: "application/json" } });
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new Error(`unread count: ${response.status}`);
  const answer = (await response.json()) as { newNotificationsCount: number };
  return answer.newNotificationsCount;
}
