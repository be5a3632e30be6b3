import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSessionId } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { listFeedOfSession } from "~/modules/posts/post-lists.server";
import { pageOnlyQuerySchema } from "~/modules/posts/post-search-params";

/**
 * `GET /api/posts/my/feed?size&page`: live posts of followed and subscribed experts and the
 * viewer's own, newest first. The session is checked in the feed's own statement (one round trip).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const sessionId = requireApiSessionId(request, context);
    const query = readQuery(request, pageOnlyQuerySchema);
    const feed = await listFeedOfSession(context.db, sessionId, query);
    if (!feed) throw new AppError(401);
    return apiList(feed.items, pageMeta(query.page, query.size, feed.totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
