import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { readFormFields } from "~/web/form-fields.server";
import { likePost, unlikePost } from "~/modules/posts/post-interactions.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

const likeSchema = z.object({ liked: z.enum(["true", "false"]) });

/**
 * `POST /posts/{postId}/like` with `liked=true|false`: the Like button on every view of a post
 * (app/components/posts/post-actions.tsx) → `{ok, liked, likesCount}`, as `/api/posts/{id}/like`.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  return actionResult(async () => {
    const { liked } = await readFormFields(request, likeSchema);
    await enforceRateLimit(context.db, { name: "like", ...context.env.RATE_LIMIT_LIKE }, viewer.user.id);
    const change = liked === "true" ? likePost : unlikePost;
    return change(context.db, viewer.user.id, params.postId);
  });
}

/** Back from signing in (the gate's callback): the post itself. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/posts/${encodeURIComponent(params.postId ?? "")}`);
