import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { startMembershipCheckout } from "~/modules/payments/membership.server";

/** `POST /api/paymentsystems/stripe/checkout` → `{payload: {skipExpertPayment, clientSecret}}` (the membership). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiConfirmedViewer(request, context);
    return apiPayload(await startMembershipCheckout(context, viewer.user));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
