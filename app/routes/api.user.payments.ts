import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { pageOnlySchema } from "~/modules/subscriptions/subscription-schemas";
import { listPayments } from "~/modules/payments/payment-history.server";

/** `GET /api/user/payments?page&size`: the viewer's payments (amounts in cents), newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const query = readQuery(request, pageOnlySchema);
    const { items, totalItems } = await listPayments(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
