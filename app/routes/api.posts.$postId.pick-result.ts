import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readQuery } from "~/web/api.server";
import { gradePick } from "~/modules/posts/post-commands.server";
import { pickResultQuerySchema } from "~/modules/posts/post-schema";

/** `PUT /api/posts/{postId}/pick-result?pickResult=Win|Loss|Push|Void`: the author grades a Pick (decision 017). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const viewer = await requireApiRoles(request, context, []);
    const { pickResult } = readQuery(request, pickResultQuerySchema);
    return apiPayload(await gradePick(context.db, viewer.user.id, params.postId, pickResult));
  }, context.log);
}

export const loader = () => methodNotAllowed(["PUT"]);
