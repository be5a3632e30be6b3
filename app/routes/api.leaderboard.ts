import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { leaderboardQuerySchema } from "~/modules/record/record-search-params";
import { keptLeaderboardBoard } from "~/modules/record/leaderboard-board.server";

/**
 * `GET /api/leaderboard?window=7d|30d|season|all&categoryId=&page=&size=` → `{items: [{rank,
 * expert, figures}], meta}`: experts with the minimum sample, by risk-adjusted score.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, leaderboardQuerySchema);
    const { items, totalItems } = await keptLeaderboardBoard(context.db, context.changes, { query, now: new Date() });
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
