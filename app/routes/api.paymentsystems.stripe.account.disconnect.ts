import type { ActionFunctionArgs } from "@remix-run/node";
import { disconnectPaymentAccountCommand } from "~/modules/payments/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/paymentsystems/stripe/account/disconnect` (experts) → `{payload: {disconnected, deletedAtProvider}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, disconnectPaymentAccountCommand, { input: given({}) }) });

export const loader = () => methodNotAllowed(["POST"]);
