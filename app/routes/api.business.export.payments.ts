import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { csvHeaders, paymentsCsv } from "~/modules/experts/business-export.server";
import { handleApi, methodNotAllowed } from "~/web/api.server";

/** `GET /api/business/export/payments` (experts): every subscription and Cheers payment to them, as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    return new Response(paymentsCsv(context.db, viewer.user.id), { headers: csvHeaders("payments") });
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
