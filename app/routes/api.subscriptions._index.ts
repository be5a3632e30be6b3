import type { ActionFunctionArgs } from "@remix-run/node";
import { subscribeCommand, unsubscribeCommand } from "~/modules/subscriptions/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/**
 * `POST /api/subscriptions {expertId}` subscribes (or resumes a cancelled one) →
 * `{payload: {subscription, clientSecret}}`; `DELETE /api/subscriptions {expertId}` cancels at the
 * end of the paid period → `{payload: {subscription}}`.
 */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    POST: () => apiCommand(args, subscribeCommand),
    DELETE: () => apiCommand(args, unsubscribeCommand),
  });

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
