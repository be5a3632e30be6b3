import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { membershipCheckoutCommand } from "~/modules/payments/commands.server";
import { membershipCheckoutStatus } from "~/modules/payments/membership.server";
import { given, pageCommand } from "~/web/commands.server";

/** Stripe's PaymentIntent id, as `/api/paymentsystems/stripe/checkout/status` takes it. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/** The membership card form's checkout: `{ok, skipExpertPayment, clientSecret}`. */
export const action = (args: ActionFunctionArgs) => pageCommand(args, membershipCheckoutCommand, { input: given({}) });

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
