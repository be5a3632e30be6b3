import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { deleteComment } from "~/modules/posts/comments.server";

/** `DELETE /api/comments/{id}`: the comment's author or the post's author → `{payload: {deleted: true}}`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const viewer = await requireApiRoles(request, context, []);
    await deleteComment(context.db, viewer.user.id, params.commentId);
    return apiPayload({ deleted: true });
  }, context.log);
}

export const loader = () => methodNotAllowed(["DELETE"]);
