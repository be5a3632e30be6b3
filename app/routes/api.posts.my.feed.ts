import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/modules/http/api.server";
import { listFeed } from "~/modules/posts/post-lists.server";
import { pageOnlyQuerySchema } from "~/modules/posts/post-queries";

/** `GET /api/posts/my/feed?size&page`: live posts of followed and subscribed experts and the viewer's own, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const query = readQuery(request, pageOnlyQuerySchema);
    const { items, totalItems } = await listFeed(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
