/**
 * The notification calls (product.md "The API") through `apiFetch`, so an expired access cookie is
 * renewed as on every other call. Never cached: a stale count or list would be wrong at once.
 */
import { apiFetch } from "~/modules/http/api-client";
import type { NotificationPage, UnreadCountAnswer } from "./notification-types";

const BASE = "/api/notifications/see-notifications";
export const NOTIFICATION_STREAM_URL = "/api/notifications/sse-notifications";
/** product.md "Limits": notification pages of 5. */
export const NOTIFICATION_PAGE_SIZE = 5;

export async function fetchUnreadCount(): Promise<number> {
  const answer = await apiFetch<UnreadCountAnswer>(`${BASE}/counters`, { cache: "no-store" });
  return answer.payload.newNotificationsCount;
}

export function fetchNotificationPage(afterCursor: string | null): Promise<NotificationPage> {
  return apiFetch<NotificationPage>(`${BASE}/list`, {
    cache: "no-store",
    query: { size: NOTIFICATION_PAGE_SIZE, afterCursor },
  });
}

/** Marks read everything created at or before `tillDate`; answers the count still unread. */
export async function markNotificationsRead(tillDate: string): Promise<number> {
  const answer = await apiFetch<UnreadCountAnswer>(`${BASE}/mark-read`, {
    method: "PUT",
    cache: "no-store",
    query: { tillDate },
  });
  return answer.payload.newNotificationsCount;
}
