import type { ActionFunctionArgs } from "@remix-run/node";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { handleStripeWebhook } from "~/modules/stripe-webhooks/webhooks.server";

/**
 * `POST /api/paymentsystems/stripe/webhook`: Stripe's events. The body is read as raw text: the
 * signature covers the exact bytes, re-serialised JSON would fail it. No session, no origin:
 * the signature is the authentication.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const rawBody = await request.text();
    return apiPayload(await handleStripeWebhook(context, rawBody, request.headers.get("stripe-signature")));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
