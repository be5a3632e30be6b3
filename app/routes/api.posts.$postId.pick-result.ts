import type { ActionFunctionArgs } from "@remix-run/node";
import { gradePickCommand } from "~/modules/posts/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `PUT /api/posts/{postId}/pick-result?pickResult=Win|Loss|Push|Void`: the author grades a Pick → `{payload: Post}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { PUT: () => apiCommand(args, gradePickCommand, { input: "query" }) });

export const loader = () => methodNotAllowed(["PUT"]);
