import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { likePost, unlikePost } from "~/modules/posts/post-interactions.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

/** `POST /api/posts/{postId}/like` likes, `DELETE` unlikes → `{payload: {liked, likesCount}}`; both idempotent. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
    const viewer = await requireApiRoles(request, context, []);
    await enforceRateLimit(context.db, { name: "like", ...context.env.RATE_LIMIT_LIKE }, viewer.user.id);
    const change = request.method === "POST" ? likePost : unlikePost;
    return apiPayload(await change(context.db, viewer.user.id, params.postId));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
