import type { ActionFunctionArgs } from "@remix-run/node";
import { pushOffCommand, pushOnCommand } from "~/modules/push/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/**
 * `POST /api/push/subscriptions` with the browser's `PushSubscription` (endpoint and keys): push
 * on for this device (201). `DELETE` with `{endpoint}`: off. Both answer `{enabled}`.
 */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    POST: () => apiCommand(args, pushOnCommand, { status: 201 }),
    DELETE: () => apiCommand(args, pushOffCommand),
  });

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
