import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer, requireApiRoles } from "~/modules/accounts/gates.server";
import { apiList, apiPayload, handleApi, methodNotAllowed, pageMeta, readJsonBody, readQuery } from "~/web/api.server";
import { createPost } from "~/modules/posts/post-commands.server";
import { recordRules } from "~/modules/record/record-rules";
import { listPosts } from "~/modules/posts/post-lists.server";
import { postListQuerySchema } from "~/modules/posts/post-search-params";
import { postInputSchema } from "~/modules/posts/post-schema";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

/** `GET /api/posts?size&page&expertId&categoryId`: live posts, newest first, through the serializer. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, postListQuerySchema);
    const viewer = await getViewer(request, context);
    const { items, totalItems } = await listPosts(context.db, viewer?.user.id ?? null, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

/** `POST /api/posts` (experts only) → `201 {payload: Post}` (decision 017). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    const input = await readJsonBody(request, postInputSchema);
    await enforceRateLimit(context.db, { name: "post", ...context.env.RATE_LIMIT_POST }, viewer.user.id);
    return apiPayload(await createPost(context.db, viewer.user.id, input, { rules: recordRules(context.env) }), {
      status: 201,
    });
  }, context.log);
}
