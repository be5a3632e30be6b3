import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { follow, unfollow } from "~/modules/follows/follows.server";

/** `POST /api/experts/{expertId}/follow` follows, `DELETE` unfollows → `{payload: {isFollowed}}`; both idempotent. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
    const viewer = await requireApiRoles(request, context, []);
    const expertId = params.expertId ?? "";
    return apiPayload(
      request.method === "POST"
        ? await follow(context.db, viewer.user.id, expertId)
        : await unfollow(context.db, viewer.user.id, expertId),
    );
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
