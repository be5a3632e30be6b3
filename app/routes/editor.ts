import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult, jsonResult } from "~/web/action-result.server";
import { readJsonBody } from "~/web/api.server";
import { AppError } from "~/modules/http/app-error";
import { readForm } from "~/web/form-input.server";
import { createPost, updatePost } from "~/modules/posts/post-commands.server";
import { recordRules } from "~/modules/record/record-rules";
import { readPost } from "~/modules/posts/post-reads.server";
import { postInputSchema } from "~/modules/posts/post-schema";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
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
 * The editor's save (experts): `post` is the post's JSON, read and checked as `POST /api/posts`
 * and `PUT /api/posts/{id}` read it; with `postId` it edits that post, else creates one →
 * `{ok, post}`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, ["Expert"]);
  const form = await readForm(request);
  return actionResult(async () => {
    const postId = form.get("postId");
    const text = form.get("post");
    if (typeof text !== "string" || (postId !== null && typeof postId !== "string")) throw new AppError(400);
    // The API's own reading of a JSON body: its limits, its checks, its field names.
    const input = await readJsonBody(new Request(request.url, { method: "POST", body: text }), postInputSchema);
    if (postId)
      return { post: await updatePost(context.db, viewer.user.id, postId, input, { rules: recordRules(context.env) }) };
    await enforceRateLimit(context.db, { name: "post", ...context.env.RATE_LIMIT_POST }, viewer.user.id);
    return { post: await createPost(context.db, viewer.user.id, input, { rules: recordRules(context.env) }) };
  });
}
