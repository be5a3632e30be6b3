import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult, jsonResult } from "~/web/action-result.server";
import { readJsonBody } from "~/web/api.server";
import { AppError } from "~/modules/http/app-error";
import { readForm } from "~/web/form-input.server";
import { createPostCommand, updatePostCommand } from "~/modules/posts/commands.server";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { pageCommand } from "~/web/commands.server";
import { readPost } from "~/modules/posts/post-reads.server";
import { type postInputSchema } from "~/modules/posts/post-schema";
import { listCategories, listModalities } from "~/modules/reference/reference.server";

/**
 * What the post editor opens with (experts): `?post=<id>` → `{ok, categories, modalities, post}`,
 * the post read as `GET /api/posts/{id}` reads it (null for a new one).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRoles(request, context, ["Expert"]);
  const postId = new URL(request.url).searchParams.get("post");
  // Opened in the browser's address bar (a document, not the editor's fetch): the editor itself.
  if (request.headers.get("Sec-Fetch-Dest") === "document")
    throw redirect(
      postId
        ? `/posts/${encodeURIComponent(postId)}?createEditPost=${encodeURIComponent(postId)}`
        : "/?createEditPost=NEW",
    );
  return jsonResult(async () => {
    const [categories, modalities, post] = await Promise.all([
      listCategories(context.db),
      listModalities(context.db),
      postId ? readPost(context.db, viewer.user.id, postId) : null,
    ]);
    return { categories, modalities, post };
  });
}

/**
 * The editor's save (experts): `post` is the post's JSON, read and checked as the API reads a
 * JSON body; with `postId` it edits that post, else creates one → `{ok, post}`.
 */
export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const postId = form.get("postId");
  const text = form.get("post");
  if (typeof text !== "string" || (postId !== null && typeof postId !== "string"))
    return actionResult<never>(() => {
      throw new AppError(400);
    });
  // The API's own reading of a JSON body: its limits, its checks, its field names.
  const input = (_: FormData, schema: typeof postInputSchema) =>
    readJsonBody(new Request(args.request.url, { method: "POST", body: text }), schema);
  const reply = (post: PostDTO) => ({ post });
  if (postId) return pageCommand({ ...args, params: { postId } }, updatePostCommand, { form, input, reply });
  return pageCommand(args, createPostCommand, { form, input, reply });
}
