import type { ActionFunctionArgs } from "@remix-run/node";
import { paymentAccountUrlCommand } from "~/modules/payments/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/paymentsystems/stripe/account/url` (experts) → `{payload: "<url>"}` (product.md "The API"). */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, paymentAccountUrlCommand, { input: given({}) }) });

export const loader = () => methodNotAllowed(["POST"]);
