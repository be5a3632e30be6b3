/**
 * The live notifications (product.md "States"): ONE EventSource per page, whoever listens (the bell,
 * the open panel, the /notifications page). Opened with the first listener, closed with the last,
 * so signing out (the bell unmounts) ends it.
 *
 * The browser reconnects by itself after a dropped connection, sending Last-Event-ID so the server
 * replays what was missed. It gives up for good when the server answers with an error, typically
 * a 401 once the 15-minute access cookie has expired; then we read the unread count from its page
 * loader, where the server renews the cookie (and the badge catches up on anything missed), and
 * reopen.
 */
import { NOTIFICATION_STREAM_URL, fetchUnreadCount } from "./notifications-api";
import type { NotificationDTO } from "./notification-types";
import { setUnreadCount } from "./unread-count";

type Listener = (notification: NotificationDTO) => void;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = FIRST_RETRY_MS;
// The last notification received: a stream we reopen ourselves asks for what came after it.
let lastEventId: string | null = null;

export function subscribeToNotifications(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

function open() {
  if (typeof EventSource === "undefined" || source) return;
  const stream = new EventSource(
    lastEventId ? `${NOTIFICATION_STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : NOTIFICATION_STREAM_URL,
  );
  source = stream;
  stream.onopen = () => {
    retryDelay = FIRST_RETRY_MS;
  };
  stream.onmessage = (event: MessageEvent<string>) => {
    const notification = parseNotification(event.data);
    if (event.lastEventId) lastEventId = event.lastEventId;
    if (notification) listeners.forEach((listener) => listener(notification));
  };
  stream.onerror = () => {
    if (stream.readyState === EventSource.CLOSED) reopenLater();
  };
}

function close() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  retryDelay = FIRST_RETRY_MS;
}

function reopenLater() {
  source?.close();
  source = null;
  retryTimer = setTimeout(async () => {
    retryTimer = null;
    try {
      const count = await fetchUnreadCount();
      // Signed out meanwhile (the renewal failed too): nothing to listen to any more.
      if (count === null) return;
      setUnreadCount(count);
    } catch {
      // Offline or a passing failure: the reopened stream's own retries take over.
    }
    if (listeners.size > 0) open();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
}

/** A message that is not a notification (a heartbeat sent as data, say) is ignored. */
function parseNotification(data: string): NotificationDTO | null {
  try {
    const value = JSON.parse(data) as Partial<NotificationDTO> | null;
    return value && typeof value.id === "string" && typeof value.dataType === "string" && value.data
      ? (value as NotificationDTO)
      : null;
  } catch {
    return null;
  }
}
