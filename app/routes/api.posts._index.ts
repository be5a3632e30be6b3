import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { createPostCommand } from "~/modules/posts/commands.server";
import { listPosts } from "~/modules/posts/post-lists.server";
import { postListQuerySchema } from "~/modules/posts/post-search-params";
import { apiList, handleApi, pageMeta, readQuery } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `GET /api/posts?size&page&expertId&categoryId`: live posts, newest first, through the serializer. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, postListQuerySchema);
    const viewer = await getViewer(request, context);
    const { items, totalItems } = await listPosts(context.db, viewer?.user.id ?? null, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

/** `POST /api/posts` (experts only) → `201 {payload: Post}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, createPostCommand, { status: 201 }) }, { alsoAllows: ["GET"] });
