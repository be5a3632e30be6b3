/**
 * Each app instance's notification streams (decision 024). One LISTEN per instance: PostgreSQL
 * tells every instance the ids of new notifications (and of ended sessions) when their
 * transaction commits; the hub loads those whose recipient has a stream open here, in one query
 * per burst, and hands each to that recipient's streams. With PGlite the same LISTEN/NOTIFY runs
 * inside the one process.
 */
import type { PGlite } from "@electric-sql/pglite";
import type postgres from "postgres";
import type { DatabaseHandle } from "~/db/client.server";
import {
  loadNotifications,
  notificationsCreatedAfter,
  notificationsSince,
  type NotificationDTO,
} from "./notifications.server";

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
  let pending = new Set<string>();
  let flushing: Promise<void> | null = null;

  // A payload is up to 100 'recipient:id' pairs joined by ',' (the trigger of drizzle/0018).
  function onNotification(payload: string) {
    for (const pair of payload.split(",")) {
      const [recipientId, id] = pair.split(":");
      if (id && byRecipient.has(recipientId)) pending.add(id);
    }
    if (pending.size === 0) return;
    // A burst (one post to many followers) is loaded in one query.
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
  }

  async function flush() {
    const ids = [...pending];
    pending = new Set();
    flushing = null;
    let loaded: Awaited<ReturnType<typeof loadNotifications>>;
    try {
      loaded = await loadNotifications(handle.db, ids);
    } catch (err) {
      log?.warn({ err }, "could not load notifications for the open streams");
      return;
    }
    // A few hundred at a time, letting the sockets write between slices: one pass over ten
    // thousand would hold every write until the last notification had been serialized.
    for (let start = 0; start < loaded.length; start += DELIVERY_SLICE) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      for (const notification of loaded.slice(start, start + DELIVERY_SLICE))
        deliver(notification.recipientId, notification);
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

type Channel = [name: string, onPayload: (payload: string) => void];

async function listen(
  handle: DatabaseHandle,
  channels: Channel[],
  onRelisten: () => void,
): Promise<(() => Promise<void>)[]> {
  if (handle.kind === "pglite") {
    const pglite = handle.client as PGlite;
    return Promise.all(
      channels.map(([name, onPayload]) => pglite.listen(name, onPayload).then((stop) => () => stop())),
    );
  }
  const client = handle.client as postgres.Sql;
  return Promise.all(
    channels.map(async ([name, onPayload], index) => {
      let first = true;
      // postgres.js keeps one connection for LISTEN and re-listens after losing it; `onlisten` runs each time.
      const request = await client.listen(name, onPayload, () => {
        if (!first && index === 0) onRelisten();
        first = false;
      });
      return () => request.unlisten();
    }),
  );
}
