import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { handleApi, methodNotAllowed } from "~/web/api.server";
import { NotificationEventStream } from "~/modules/notifications/event-stream.server";
import { notificationsSince } from "~/modules/notifications/notifications.server";

/**
 * `GET /api/notifications/sse-notifications`: the viewer's new notifications as server-sent events,
 * one JSON notification per message with its id; a reconnect with `Last-Event-ID` (or
 * `?lastEventId=`) first gets what it missed. The stream ends when the session ends (sign-out) or
 * the instance shuts down.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    // The browser's own reconnect sends the header; a stream the page reopens itself, the query.
    const lastEventId = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
    const recipientId = viewer.user.id;
    const stream = new NotificationEventStream(context.notifications, recipientId, viewer.sessionId, lastEventId, () =>
      notificationsSince(context.db, recipientId, lastEventId ?? ""),
    );
    request.signal.addEventListener("abort", () => stream.end(), { once: true });
    return new Response(new ReadableStream(stream), {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
