import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/modules/http/api.server";
import { createPost } from "~/modules/posts/post-commands.server";
import { postInputSchema } from "~/modules/posts/post-schema";

/** `POST /api/posts` (experts only) → `201 {payload: Post}` (decision 017). `GET /api/posts` (lists) is not built yet. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    const input = await readJsonBody(request, postInputSchema);
    return apiPayload(await createPost(context.db, viewer.user.id, input), { status: 201 });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
