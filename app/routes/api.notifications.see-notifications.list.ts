import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { apiList, handleApi, methodNotAllowed, readQuery } from "~/web/api.server";
import { notificationListQuerySchema } from "~/modules/notifications/notification-search-params";
import { BadCursorError, listNotifications } from "~/modules/notifications/notifications.server";

/** `GET /api/notifications/see-notifications/list?size&afterCursor`: newest first, cursor paging, never cached. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const query = readQuery(request, notificationListQuerySchema);
    try {
      const { items, hasNextPage, endCursor } = await listNotifications(context.db, viewer.user.id, query);
      return apiList(items, { hasNextPage, endCursor });
    } catch (error) {
      if (error instanceof BadCursorError)
        throw new AppError(400, "The query is not valid.", { afterCursor: ["Must be a cursor from meta.endCursor"] });
      throw error;
    }
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
