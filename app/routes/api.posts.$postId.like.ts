import type { ActionFunctionArgs } from "@remix-run/node";
import { likeCommand } from "~/modules/posts/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/posts/{postId}/like` likes, `DELETE` unlikes → `{payload: {liked, likesCount}}`; both idempotent. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    POST: () => apiCommand(args, likeCommand, { input: given({ liked: true }) }),
    DELETE: () => apiCommand(args, likeCommand, { input: given({ liked: false }) }),
  });

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
