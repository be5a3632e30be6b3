import type { ActionFunctionArgs } from "@remix-run/node";
import { becomeExpertCommand } from "~/modules/payments/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/**
 * `POST /api/experts/become` (confirmed e-mail) → `{payload: {skipExpertPayment}}`. Payments off:
 * the user is an expert now. Payments on: the membership waits for its payment (checkout).
 */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, becomeExpertCommand, { input: given({}) }) });

export const loader = () => methodNotAllowed(["POST"]);
