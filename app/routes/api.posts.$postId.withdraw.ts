import type { ActionFunctionArgs } from "@remix-run/node";
import { withdrawPickCommand } from "~/modules/posts/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `POST /api/posts/{postId}/withdraw`: the author withdraws a pick in the minutes after posting, before its event starts → `{payload: Post}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, withdrawPickCommand, { input: given({}) }) });

export const loader = () => methodNotAllowed(["POST"]);
