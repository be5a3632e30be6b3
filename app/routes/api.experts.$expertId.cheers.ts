import type { ActionFunctionArgs } from "@remix-run/node";
import { sendCheerCommand } from "~/modules/cheers/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `POST /api/experts/{expertId}/cheers {amount, message}` (cents) → 201 `{payload: {cheer, clientSecret}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, sendCheerCommand, { status: 201 }) });

export const loader = () => methodNotAllowed(["POST"]);
