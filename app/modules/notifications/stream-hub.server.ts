/**
 * Each app instance's notification streams (decision 024). One LISTEN per instance: PostgreSQL
 * tells every instance the ids of new notifications, with what they are about (and the ids of
 * ended sessions), when their transaction commits; the hub keeps those whose recipient has a
 * stream open here, reads what they show once per burst, and hands each to that recipient's
 * streams. With PGlite the same LISTEN/NOTIFY runs inside the one process.
 */
import type { DatabaseHandle } from "~/db/client.server";
import { listen } from "~/db/listen.server";
import {
  notificationsCreatedAfter,
  notificationsOfGroups,
  notificationsSince,
  type AnnouncedGroup,
  type NotificationDTO,
} from "./notifications.server";
import { NOTIFICATION_KINDS } from "./notification-kinds";

const NOTIFICATIONS_CHANNEL = "sharpside_notifications";
const SESSIONS_ENDED_CHANNEL = "sharpside_sessions_ended";

export interface StreamListener {
  recipientId: string;
  sessionId: string;
  /** The last notification sent (a missed burst is replayed from it after a lost LISTEN). */
  lastId: string | null;
  /** When the stream opened: a stream that has sent nothing yet replays from here after a lost LISTEN. */
  readonly openedAt: Date;
  /** Sends what `missed` answers, skipping any that arrive live meanwhile (no notification twice). */
  replay(missed: () => Promise<NotificationDTO[]>): Promise<void>;
  /** Sends one notification and records it as `lastId`. */
  send(notification: NotificationDTO): void;
  /** A comment line that keeps proxies from closing an idle stream. */
  heartbeat(): void;
  /** The session ended or the instance is shutting down: the stream closes. */
  end(): void;
}

/** How many notifications a burst hands to their streams before the sockets get to write. */
const DELIVERY_SLICE = 250;

/** One timer per instance beats every stream this often (not one timer per stream). */
export const HEARTBEAT_MS = 20_000;

export interface NotificationHub {
  /** Registers a stream; answers the function that removes it. */
  add(listener: StreamListener): () => void;
  /** How many streams are open on this instance. */
  readonly size: number;
  /** Ends every stream and stops listening (shutdown). */
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export async function startNotificationHub(handle: DatabaseHandle, log?: Log): Promise<NotificationHub> {
  const byRecipient = new Map<string, Set<StreamListener>>();
  let size = 0;
  let pending: AnnouncedGroup[] = [];
  let flushing: Promise<void> | null = null;

  function onNotification(payload: string) {
    const group = announcedGroup(payload, (recipientId) => byRecipient.has(recipientId));
    if (!group) return;
    pending.push(group);
    // A burst (one post to many followers, many NOTIFYs) is loaded and sent together.
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
  }

  async function flush() {
    const groups = pending;
    pending = [];
    flushing = null;
    let loaded: Awaited<ReturnType<typeof notificationsOfGroups>>;
    try {
      loaded = await notificationsOfGroups(handle.db, groups);
    } catch (err) {
      log?.warn({ err }, "could not load notifications for the open streams");
      return;
    }
    // A few hundred at a time, letting the sockets write between slices: one pass over ten
    // thousand would hold every write until the last notification had been serialized.
    for (let start = 0; start < loaded.length; start += DELIVERY_SLICE) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const end = Math.min(start + DELIVERY_SLICE, loaded.length);
      for (let i = start; i < end; i++) deliver(loaded[i].recipientId, loaded[i]);
    }
  }

  function deliver(recipientId: string, notification: NotificationDTO) {
    for (const listener of byRecipient.get(recipientId) ?? []) listener.send(notification);
  }

  function onSessionEnded(sessionId: string) {
    for (const listeners of byRecipient.values())
      for (const listener of listeners) if (listener.sessionId === sessionId) listener.end();
  }

  // LISTEN came back after a lost connection: what was committed meanwhile was never announced here.
  async function catchUp() {
    for (const listeners of [...byRecipient.values()]) {
      for (const listener of [...listeners]) {
        try {
          const lastId = listener.lastId;
          await listener.replay(() =>
            lastId
              ? notificationsSince(handle.db, listener.recipientId, lastId)
              : notificationsCreatedAfter(handle.db, listener.recipientId, listener.openedAt),
          );
        } catch (err) {
          log?.warn({ err }, "could not replay notifications after reconnecting");
        }
      }
    }
  }

  const heartbeats = setInterval(() => {
    for (const listeners of byRecipient.values()) for (const listener of listeners) listener.heartbeat();
  }, HEARTBEAT_MS);
  heartbeats.unref();

  const stops = await listen(
    handle,
    [
      [NOTIFICATIONS_CHANNEL, onNotification],
      [SESSIONS_ENDED_CHANNEL, onSessionEnded],
    ],
    catchUp,
  );

  return {
    add(listener) {
      let listeners = byRecipient.get(listener.recipientId);
      if (!listeners) byRecipient.set(listener.recipientId, (listeners = new Set()));
      listeners.add(listener);
      size += 1;
      return () => {
        if (!listeners.delete(listener)) return;
        size -= 1;
        if (listeners.size === 0) byRecipient.delete(listener.recipientId);
      };
    },
    get size() {
      return size;
    },
    async close() {
      clearInterval(heartbeats);
      for (const listeners of [...byRecipient.values()]) for (const listener of [...listeners]) listener.end();
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
    },
  };
}

/**
 * Reads one announcement (the trigger of drizzle/0019): 'kind|actor|post|comment|game|isRead|µs;'
 * then 'recipient:id' pairs joined by ','. Keeps the pairs whose recipient `isHere`; null when
 * none is (most announcements, for an instance among several) or the payload is not one.
 */
export function announcedGroup(payload: string, isHere: (recipientId: string) => boolean): AnnouncedGroup | null {
  const headerEnd = payload.indexOf(";");
  if (headerEnd < 0) return null;
  let notifications: AnnouncedGroup["notifications"] | null = null;
  for (let start = headerEnd + 1; start < payload.length;) {
    const comma = payload.indexOf(",", start);
    const end = comma < 0 ? payload.length : comma;
    const colon = payload.indexOf(":", start);
    if (colon > start && colon < end) {
      const recipientId = payload.slice(start, colon);
      if (isHere(recipientId)) (notifications ??= []).push({ recipientId, id: payload.slice(colon + 1, end) });
    }
    start = end + 1;
  }
  if (!notifications) return null;
  const [dataType, actorId, postId, commentId, eventId, isRead, at] = payload.slice(0, headerEnd).split("|");
  const createdAtMicros = Number(at);
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(dataType) || !Number.isSafeInteger(createdAtMicros))
    return null;
  return {
    dataType: dataType as AnnouncedGroup["dataType"],
    actorId: actorId || null,
    postId: postId || null,
    commentId: commentId || null,
    eventId: eventId ? Number(eventId) : null,
    isRead: isRead === "true",
    createdAtMicros,
    notifications,
  };
}
