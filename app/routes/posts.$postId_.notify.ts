import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { readFormFields } from "~/web/form-fields.server";
import { cancelNotify, requestNotify } from "~/modules/posts/post-interactions.server";

const notifySchema = z.object({ notify: z.enum(["true", "false"]) });

/**
 * `POST /posts/{postId}/notify` with `notify=true|false`: notify-me on every view of a post
 * → `{ok, isNotifyRequested}`, as `/api/posts/{id}/notify`.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  return actionResult(async () => {
    const { notify } = await readFormFields(request, notifySchema);
    const change = notify === "true" ? requestNotify : cancelNotify;
    return change(context.db, viewer.user.id, params.postId);
  });
}

/** Back from signing in (the gate's callback): the post itself. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/posts/${encodeURIComponent(params.postId ?? "")}`);
