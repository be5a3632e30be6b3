import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer, requireApiRoles } from "~/modules/accounts/gates.server";
import { apiList, apiPayload, handleApi, methodNotAllowed, pageMeta, readJsonBody, readQuery } from "~/web/api.server";
import { commentInputSchema } from "~/modules/posts/comment-schema";
import { addComment, findDiscussion, listComments } from "~/modules/posts/comments.server";
import { commentListQuerySchema } from "~/modules/posts/post-search-params";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

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
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const viewer = await requireApiRoles(request, context, []);
    // 404/403 before validation: nothing about a post the viewer may not join is answered.
    await findDiscussion(context.db, viewer.user.id, params.postId);
    const input = await readJsonBody(request, commentInputSchema);
    await enforceRateLimit(context.db, { name: "comment", ...context.env.RATE_LIMIT_COMMENT }, viewer.user.id);
    return apiPayload(await addComment(context.db, viewer.user.id, params.postId, input), { status: 201 });
  }, context.log);
}
