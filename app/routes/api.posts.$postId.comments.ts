import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { addCommentCommand } from "~/modules/posts/commands.server";
import { listComments } from "~/modules/posts/comments.server";
import { commentListQuerySchema } from "~/modules/posts/post-search-params";
import { apiList, handleApi, pageMeta, readQuery } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `GET /api/posts/{postId}/comments?page&size`: top-level comments newest first, each with its replies. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, commentListQuerySchema);
    const viewer = await getViewer(request, context);
    const { items, totalItems } = await listComments(context.db, viewer?.user.id ?? null, params.postId, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

/** `POST /api/posts/{postId}/comments {body, parentId?}` → 201 `{payload: Comment}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, addCommentCommand, { status: 201 }) }, { alsoAllows: ["GET"] });
