import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { summaryQuerySchema } from "~/modules/experts/business-figures";
import { getBusinessSummary } from "~/modules/experts/business-figures.server";
import { apiPayload, handleApi, methodNotAllowed, readQuery } from "~/web/api.server";

/**
 * `GET /api/business/summary?days=30|90|365` (experts): subscribers and monthly recurring revenue
 * per day, new and cancelled per week, churn, revenue per month and the latest posts' figures.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    const { days } = readQuery(request, summaryQuerySchema);
    return apiPayload(await getBusinessSummary(context.db, viewer.user.id, days));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
