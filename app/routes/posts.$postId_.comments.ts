import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getViewer, requireRoles } from "~/modules/accounts/gates.server";
import { actionResult, jsonResult } from "~/web/action-result.server";
import { readQuery } from "~/web/api.server";
import { formFields } from "~/web/form-fields.server";
import { readForm } from "~/web/form-input.server";
import { commentInputSchema } from "~/modules/posts/comment-schema";
import { addComment, deleteComment, findDiscussion, listComments } from "~/modules/posts/comments.server";
import { commentListQuerySchema } from "~/modules/posts/post-search-params";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

const deleteSchema = z.object({ commentId: z.string().min(1).max(100) });

/**
 * `GET /posts/{postId}/comments?page&size`: a further page of the discussion for "Load more
 * comments" (app/components/posts/comments.tsx) → `{ok, items, totalItems}`, as the API's list.
 * The post's page itself is where a browser navigating here belongs.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("page")) throw redirect(`/posts/${encodeURIComponent(params.postId ?? "")}#comments`);
  const viewer = await getViewer(request, context);
  return jsonResult(async () => {
    const query = readQuery(request, commentListQuerySchema);
    return listComments(context.db, viewer?.user.id ?? null, params.postId, query);
  });
}

/**
 * `intent=add` with `body` (and `parentId` for a reply) → `{ok, intent, comment}`, as
 * `POST /api/posts/{id}/comments`; `intent=delete` with `commentId` → `{ok, intent, commentId}`,
 * as `DELETE /api/comments/{id}` (the comment's author or the post's).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "add" && intent !== "delete") throw new Response("Bad Request", { status: 400 });
  return actionResult(async () => {
    if (intent === "delete") {
      const { commentId } = formFields(form, deleteSchema);
      await deleteComment(context.db, viewer.user.id, commentId);
      return { intent, commentId };
    }
    // 404/403 before validation: nothing about a post the viewer may not join is answered.
    await findDiscussion(context.db, viewer.user.id, params.postId);
    const input = formFields(form, commentInputSchema);
    await enforceRateLimit(context.db, { name: "comment", ...context.env.RATE_LIMIT_COMMENT }, viewer.user.id);
    return { intent, comment: await addComment(context.db, viewer.user.id, params.postId, input) };
  });
}
