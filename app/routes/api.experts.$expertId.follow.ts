import type { ActionFunctionArgs } from "@remix-run/node";
import { followCommand, unfollowCommand } from "~/modules/follows/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/experts/{expertId}/follow` follows, `DELETE` unfollows → `{payload: {isFollowed}}`; both idempotent. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    POST: () => apiCommand(args, followCommand, { input: given({}) }),
    DELETE: () => apiCommand(args, unfollowCommand, { input: given({}) }),
  });

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
