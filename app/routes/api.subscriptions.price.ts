import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { subscriptionPriceSchema } from "~/modules/payments/price-schema";
import { setSubscriptionPrice } from "~/modules/payments/subscription-price.server";

/** `POST /api/subscriptions/price {price, description}` (experts; price in cents) → `{payload: {subscriptionPrice}}`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    const input = await readJsonBody(request, subscriptionPriceSchema);
    return apiPayload({ subscriptionPrice: await setSubscriptionPrice(context, viewer.user, input) });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
