import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readQuery } from "~/web/api.server";
import { markReadQuerySchema } from "~/modules/notifications/notification-search-params";
import { markRead } from "~/modules/notifications/notifications.server";

/** `PUT /api/notifications/see-notifications/mark-read?tillDate=`: read up to that date; answers the unread count left. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const { tillDate } = readQuery(request, markReadQuerySchema);
    return apiPayload({ newNotificationsCount: await markRead(context.db, viewer.user.id, tillDate) });
  }, context.log);
}

export const loader = () => methodNotAllowed(["PUT"]);
