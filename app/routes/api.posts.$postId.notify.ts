import type { ActionFunctionArgs } from "@remix-run/node";
import { notifyCommand } from "~/modules/posts/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/posts/{postId}/notify` asks to be told when the post goes live, `DELETE` cancels → `{payload: {isNotifyRequested}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    POST: () => apiCommand(args, notifyCommand, { input: given({ notify: true }) }),
    DELETE: () => apiCommand(args, notifyCommand, { input: given({ notify: false }) }),
  });

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
