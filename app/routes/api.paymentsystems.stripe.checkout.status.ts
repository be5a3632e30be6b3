import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readQuery } from "~/web/api.server";
import { membershipCheckoutStatus } from "~/modules/payments/membership.server";

const querySchema = z.object({
  /** Stripe's PaymentIntent id (`pi_…`); without it, the caller's latest membership payment. */
  paymentIntentId: z
    .string()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, "Should be a payment intent id")
    .optional(),
});

/** `GET /api/paymentsystems/stripe/checkout/status?paymentIntentId=` → `{payload: {status, isExpert}}`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiConfirmedViewer(request, context);
    const { paymentIntentId } = readQuery(request, querySchema);
    return apiPayload(await membershipCheckoutStatus(context, viewer.user, paymentIntentId));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
