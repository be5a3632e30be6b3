import type { ActionFunctionArgs } from "@remix-run/node";
import { membershipCheckoutCommand } from "~/modules/payments/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/paymentsystems/stripe/checkout` → `{payload: {skipExpertPayment, clientSecret}}` (the membership). */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, membershipCheckoutCommand, { input: given({}) }) });

export const loader = () => methodNotAllowed(["POST"]);
