import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteCommentCommand } from "~/modules/posts/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `DELETE /api/comments/{id}`: the comment's author or the post's author → `{payload: {deleted: true}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    DELETE: () => apiCommand(args, deleteCommentCommand, { input: given({ commentId: args.params.commentId }) }),
  });

export const loader = () => methodNotAllowed(["DELETE"]);
