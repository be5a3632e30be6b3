import type { ActionFunctionArgs } from "@remix-run/node";
import { changePasswordCommand } from "~/modules/accounts/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `POST /api/reset_password {currentPassword, password, confirmPassword}` (signed in) → `{payload: {changed: true}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, changePasswordCommand) });

export const loader = () => methodNotAllowed(["POST"]);
