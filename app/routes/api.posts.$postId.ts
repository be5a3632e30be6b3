import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { deletePostCommand, updatePostCommand } from "~/modules/posts/commands.server";
import { readPost } from "~/modules/posts/post-reads.server";
import { apiPayload, handleApi } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `GET /api/posts/{postId}` → `{payload: Post}`, through the paywall's serializer (decision 017). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await getViewer(request, context);
    return apiPayload(await readPost(context.db, viewer?.user.id ?? null, params.postId));
  }, context.log);
}

/** `PUT /api/posts/{id}` edits, `DELETE /api/posts/{id}` deletes: the author only. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(
    args.request,
    {
      PUT: () => apiCommand(args, updatePostCommand),
      DELETE: () => apiCommand(args, deletePostCommand, { input: given({}) }),
    },
    { alsoAllows: ["GET"] },
  );
