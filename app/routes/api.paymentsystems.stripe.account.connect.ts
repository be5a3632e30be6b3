import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { connectPaymentAccount } from "~/modules/payments/connect.server";

/** `POST /api/paymentsystems/stripe/account/connect` (experts) → `{payload: {url}}`: continue at Stripe. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    return apiPayload(await connectPaymentAccount(context, viewer.user));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
