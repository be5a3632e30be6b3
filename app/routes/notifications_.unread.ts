import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { markReadCommand } from "~/modules/notifications/commands.server";
import { countUnread } from "~/modules/notifications/notifications.server";
import { jsonResult } from "~/web/action-result.server";
import { pageCommand } from "~/web/commands.server";

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
export const action = (args: ActionFunctionArgs) => pageCommand(args, markReadCommand);
