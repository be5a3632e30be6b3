import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { countUnread } from "~/modules/notifications/notifications.server";

/** `GET /api/notifications/see-notifications/counters` → `{newNotificationsCount}` (never cached). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    return apiPayload({ newNotificationsCount: await countUnread(context.db, viewer.user.id) });
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
