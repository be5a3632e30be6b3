import type { ActionFunctionArgs } from "@remix-run/node";
import { setSubscriptionPriceCommand } from "~/modules/payments/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `POST /api/subscriptions/price {price, description}` (experts; price in cents) → `{payload: {subscriptionPrice}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, setSubscriptionPriceCommand) });

export const loader = () => methodNotAllowed(["POST"]);
