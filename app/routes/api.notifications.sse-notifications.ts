import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { handleApi, methodNotAllowed } from "~/modules/http/api.server";
import type { NotificationDTO } from "~/modules/notifications/notifications.server";
import { missedNotifications, type StreamListener } from "~/modules/notifications/stream-hub.server";

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/**
 * `GET /api/notifications/sse-notifications`: the viewer's new notifications as server-sent events,
 * one JSON notification per message with its id; a reconnect with `Last-Event-ID` (or
 * `?lastEventId=`) first gets what it missed. The stream ends when the session ends (sign-out) or the instance shuts down.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const hub = context.notifications;
    // The browser's own reconnect sends the header; a stream the page reopens itself, the query.
    const lastEventId = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
    const encoder = new TextEncoder();
    let closeStream = () => {};
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        let closed = false;
        const write = (text: string) => {
          if (!closed) controller.enqueue(encoder.encode(text));
        };
        // During the replay a new one may come both ways: each is sent once.
        const sent = new Set<string>();
        let replaying = true;
        const send = (notification: NotificationDTO) => {
          if (replaying) {
            if (sent.has(notification.id)) return;
            sent.add(notification.id);
          }
          write(`id: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`);
        };
        const listener: StreamListener = { recipientId: viewer.user.id, sessionId: viewer.sessionId, lastId: lastEventId, send, end: () => closeStream() };
        const remove = hub.add(listener);
        const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
        closeStream = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          remove();
          controller.close();
        };
        request.signal.addEventListener("abort", closeStream, { once: true });
        // Reconnect after 3 s when the connection drops; then the first comment flushes the headers.
        write("retry: 3000\n: connected\n\n");
        try {
          for (const notification of await missedNotifications(context.db, viewer.user.id, lastEventId)) {
            listener.lastId = notification.id;
            send(notification);
          }
        } finally {
          replaying = false;
          sent.clear();
        }
      },
      cancel() {
        closeStream();
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
