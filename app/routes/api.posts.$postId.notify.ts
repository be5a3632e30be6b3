import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { cancelNotify, requestNotify } from "~/modules/posts/post-interactions.server";

/** `POST /api/posts/{postId}/notify` asks to be told when the post goes live, `DELETE` cancels → `{payload: {isNotifyRequested}}`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
    const viewer = await requireApiRoles(request, context, []);
    const change = request.method === "POST" ? requestNotify : cancelNotify;
    return apiPayload(await change(context.db, viewer.user.id, params.postId));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
