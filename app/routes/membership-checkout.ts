import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { membershipCheckoutStatus, startMembershipCheckout } from "~/modules/payments/membership.server";

/** Stripe's PaymentIntent id, as `/api/paymentsystems/stripe/checkout/status` takes it. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/** The membership card form's checkout: `{ok, skipExpertPayment, clientSecret}`, as `POST /api/paymentsystems/stripe/checkout`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  return actionResult(() => startMembershipCheckout(context, viewer.user));
}

/** `?paymentIntentId=` → `{ok, status, isExpert}`: the card form waits for Stripe's webhook so. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const paymentIntentId = new URL(request.url).searchParams.get("paymentIntentId") || undefined;
  return actionResult(() => {
    if (paymentIntentId !== undefined && !PAYMENT_INTENT_ID.test(paymentIntentId))
      throw new AppError(400, "Should be a payment intent id", { paymentIntentId: ["Should be a payment intent id"] });
    return membershipCheckoutStatus(context, viewer.user, paymentIntentId);
  });
}
