import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { listMyPosts } from "~/modules/posts/post-lists.server";
import { myPostsQuerySchema } from "~/modules/posts/post-search-params";

/**
 * `GET /api/posts/my?size&page&status=Published|Draft`: the viewer's own posts (Published includes
 * scheduled ones). A static segment, so Remix picks it over `api.posts.$postId` for "/api/posts/my".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const query = readQuery(request, myPostsQuerySchema);
    const { items, totalItems } = await listMyPosts(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
