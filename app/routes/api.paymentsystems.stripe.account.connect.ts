import type { ActionFunctionArgs } from "@remix-run/node";
import { connectPaymentAccountCommand } from "~/modules/payments/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/paymentsystems/stripe/account/connect` (experts) → `{payload: {url}}`: continue at Stripe. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, connectPaymentAccountCommand, { input: given({}) }) });

export const loader = () => methodNotAllowed(["POST"]);
