import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { pageOnlySchema } from "~/modules/subscriptions/subscription-schemas";
import { listSubscribers } from "~/modules/subscriptions/subscriptions.server";

/** `GET /api/business/subscribers?page&size` (experts): their subscribers, the running ones first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    const query = readQuery(request, pageOnlySchema);
    const { items, totalItems } = await listSubscribers(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
