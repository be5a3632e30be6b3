/**
 * One open notification stream (server-sent events): the hub's listener and the response body's
 * source in one object, so an open stream costs a few fields rather than a dozen closures (an
 * instance holds ten thousand of them: bench/notifications.js). Written here rather than on
 * remix-utils' eventStream, which cannot send the `id:`, `retry:` and comment lines (decision 001).
 */
import type { NotificationDTO } from "./notifications.server";
import type { NotificationHub, StreamListener } from "./stream-hub.server";

const encoder = new TextEncoder();
// Reconnect after 3 s when the connection drops; the comment also flushes the headers at once.
const OPENING = encoder.encode("retry: 3000\n: connected\n\n");
const HEARTBEAT = encoder.encode(": heartbeat\n\n");
/** How long after a replay a repeat of what it sent is still skipped. */
const REPLAY_GRACE_MS = 10_000;

/** A burst's notifications share one `data` object (notificationsOfGroups): it is written out once. */
const dataJson = new WeakMap<NotificationDTO["data"], string>();

/** The notification as the list serializes it (the hub's copy also carries its recipient: not sent). */
function notificationJson({ id, dataType, isRead, createdOn, data }: NotificationDTO): string {
  let json = dataJson.get(data);
  if (json === undefined) dataJson.set(data, (json = JSON.stringify(data)));
  return `${JSON.stringify({ id, dataType, isRead, createdOn }).slice(0, -1)},"data":${json}}`;
}

export class NotificationEventStream implements StreamListener, UnderlyingDefaultSource<Uint8Array> {
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private closed = false;
  private remove: (() => void) | null = null;
  /** While replaying what a reconnect missed, a new one may come both ways: each is sent once. */
  private replayed: Set<string> | null = null;
  private replaying = 0;
  readonly openedAt = new Date();

  constructor(
    private readonly hub: NotificationHub,
    readonly recipientId: string,
    readonly sessionId: string,
    public lastId: string | null,
    private readonly missed: () => Promise<NotificationDTO[]>,
  ) {}

  async start(controller: ReadableStreamDefaultController<Uint8Array>) {
    this.controller = controller;
    this.remove = this.hub.add(this);
    controller.enqueue(OPENING);
    if (this.lastId === null) return;
    await this.replay(this.missed);
  }

  /** Sends what `missed` answers; one that also came live meanwhile is sent once (a reconnect, a lost LISTEN). */
  async replay(missed: () => Promise<NotificationDTO[]>) {
    this.replayed ??= new Set();
    this.replaying += 1;
    try {
      for (const notification of await missed()) this.send(notification);
    } finally {
      // The live announcement of a row the replay already sent may still be on its way (NOTIFY
      // arrives after the commit the replay's query saw): keep skipping repeats a little longer.
      setTimeout(() => {
        this.replaying -= 1;
        if (this.replaying === 0) this.replayed = null;
      }, REPLAY_GRACE_MS).unref();
    }
  }

  cancel() {
    this.end();
  }

  send(notification: NotificationDTO) {
    if (this.closed) return;
    if (this.replayed) {
      if (this.replayed.has(notification.id)) return;
      this.replayed.add(notification.id);
    }
    this.lastId = notification.id;
    this.controller?.enqueue(encoder.encode(`id: ${notification.id}\ndata: ${notificationJson(notification)}\n\n`));
  }

  heartbeat() {
    if (!this.closed) this.controller?.enqueue(HEARTBEAT);
  }

  /** The client went away, the session ended or the instance shuts down. */
  end() {
    if (this.closed) return;
    this.closed = true;
    this.remove?.();
    try {
      this.controller?.close();
    } catch {
      // Already closed by the reader's cancel.
    }
  }
}
