import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer, requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { deletePost, updatePost } from "~/modules/posts/post-commands.server";
import { recordRules } from "~/modules/record/record-rules";
import { readPost } from "~/modules/posts/post-reads.server";
import { postInputSchema } from "~/modules/posts/post-schema";

/** `GET /api/posts/{postId}` → `{payload: Post}`, through the paywall's serializer (decision 017). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await getViewer(request, context);
    return apiPayload(await readPost(context.db, viewer?.user.id ?? null, params.postId));
  }, context.log);
}

/** `PUT /api/posts/{id}` edits, `DELETE /api/posts/{id}` deletes: the author only. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
    const viewer = await requireApiRoles(request, context, []);
    if (request.method === "DELETE") {
      await deletePost(context.db, viewer.user.id, params.postId);
      return apiPayload({ deleted: true });
    }
    const input = await readJsonBody(request, postInputSchema);
    return apiPayload(
      await updatePost(context.db, viewer.user.id, params.postId, input, { rules: recordRules(context.env) }),
    );
  }, context.log);
}
