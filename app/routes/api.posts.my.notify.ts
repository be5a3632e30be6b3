import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { listNotifyRequestedPosts } from "~/modules/posts/post-lists.server";
import { pageOnlyQuerySchema } from "~/modules/posts/post-search-params";

/** `GET /api/posts/my/notify?size&page`: the posts the viewer asked notify-me for (the watchlist), coming ones first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const query = readQuery(request, pageOnlyQuerySchema);
    const { items, totalItems } = await listNotifyRequestedPosts(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
