import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer, requireViewer } from "~/modules/accounts/gates.server";
import { actionResult, jsonResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { readFormFields } from "~/web/form-fields.server";
import { markReadQuerySchema } from "~/modules/notifications/notification-search-params";
import { countUnread, markRead } from "~/modules/notifications/notifications.server";

/**
 * `GET /notifications/unread` → `{ok, newNotificationsCount}`: the bell's badge, as the API's
 * counters. Asked in the background, so a signed-out reader gets a 401 answer, not a redirect.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  return jsonResult(async () => {
    if (!viewer) throw new AppError(401);
    return { newNotificationsCount: await countUnread(context.db, viewer.user.id) };
  });
}

/** `tillDate`: marks read what came until then → `{ok, newNotificationsCount}` (what is still unread). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return actionResult(async () => {
    const { tillDate } = await readFormFields(request, markReadQuerySchema);
    return { newNotificationsCount: await markRead(context.db, viewer.user.id, tillDate) };
  });
}
