import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { readFormFields } from "~/web/form-fields.server";
import { gradePick } from "~/modules/posts/post-commands.server";
import { pickResultQuerySchema } from "~/modules/posts/post-schema";

/**
 * `POST /posts/{postId}/pick-result` with `pickResult=Win|Loss|Push|Void`: the author grades their
 * pick from any view of it → `{ok, pickResult}`, as `PUT /api/posts/{id}/pick-result`.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  return actionResult(async () => {
    const { pickResult } = await readFormFields(request, pickResultQuerySchema);
    const post = await gradePick(context.db, viewer.user.id, params.postId, pickResult);
    return { pickResult: post.pickResult ?? pickResult };
  });
}

/** Back from signing in (the gate's callback): the post itself. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/posts/${encodeURIComponent(params.postId ?? "")}`);
