import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { userSubscriptionsQuerySchema } from "~/modules/subscriptions/subscription-schemas";
import { listUserSubscriptions } from "~/modules/subscriptions/subscriptions.server";

/**
 * `GET /api/user/subscriptions?status=Activated&page&size`: the viewer's subscriptions with their
 * expert {id, userName, avatar, …}. `Activated` lists every one that gives access now (a cancelled
 * one until its period ends included); without a status, every one that ever started.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const query = readQuery(request, userSubscriptionsQuerySchema);
    const { items, totalItems } = await listUserSubscriptions(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
