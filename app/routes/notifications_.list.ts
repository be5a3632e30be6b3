import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/accounts/gates.server";
import { jsonResult } from "~/web/action-result.server";
import { readQuery } from "~/web/api.server";
import { AppError } from "~/modules/http/app-error";
import { notificationListQuerySchema } from "~/modules/notifications/notification-search-params";
import { BadCursorError, listNotifications } from "~/modules/notifications/notifications.server";

/**
 * `GET /notifications/list?size&afterCursor`: a page of the viewer's notifications for the panel
 * and the /notifications page (app/components/notifications/use-notification-list.ts, through
 * `useRetryingLoad`) → `{ok, items, hasNextPage, endCursor}`, what the API's list answers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return jsonResult(async () => {
    const query = readQuery(request, notificationListQuerySchema);
    try {
      return await listNotifications(context.db, viewer.user.id, query);
    } catch (error) {
      if (error instanceof BadCursorError)
        throw new AppError(400, "The query is not valid.", { afterCursor: ["Must be a cursor from meta.endCursor"] });
      throw error;
    }
  });
}
