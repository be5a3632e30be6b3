import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { csvHeaders, subscribersCsv } from "~/modules/experts/business-export.server";
import { handleApi, methodNotAllowed } from "~/web/api.server";

/** `GET /api/business/export/subscribers` (experts): every subscription to them that ever started, as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    return new Response(subscribersCsv(context.db, viewer.user.id), { headers: csvHeaders("subscribers") });
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
