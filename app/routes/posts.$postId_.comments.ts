import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { addCommentCommand, deleteCommentCommand } from "~/modules/posts/commands.server";
import { listComments } from "~/modules/posts/comments.server";
import { commentListQuerySchema } from "~/modules/posts/post-search-params";
import { jsonResult } from "~/web/action-result.server";
import { readQuery } from "~/web/api.server";
import { byIntent, pageCommand } from "~/web/commands.server";

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
 * `intent=add` with `body` (and `parentId` for a reply) → `{ok, intent, comment}`;
 * `intent=delete` with `commentId` → `{ok, intent, commentId}`.
 */
export const action = (args: ActionFunctionArgs) =>
  byIntent(args.request, {
    add: (form) =>
      pageCommand(args, addCommentCommand, { form, reply: (comment) => ({ intent: "add" as const, comment }) }),
    delete: (form) =>
      pageCommand(args, deleteCommentCommand, {
        form,
        reply: (_, input) => ({ intent: "delete" as const, commentId: input.commentId }),
      }),
  });
