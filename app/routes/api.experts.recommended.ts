import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getViewer } from "~/modules/accounts/gates.server";
import { recommendExperts } from "~/modules/experts/recommendations.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { wholeNumber } from "~/modules/http/search-params";

export const recommendedQuerySchema = z.object({ expertsTopCount: wholeNumber(1, 50, 5) });

/**
 * `GET /api/experts/recommended?expertsTopCount=5` → `{items, meta}`: experts ranked by recent
 * verified performance and subscriber growth, without those the viewer subscribes to. Each item
 * has `id`, `userName`, `avatar` and what a card shows (names, about, price, subscribers, and
 * the window's `recentUnits` and `newSubscribers`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { expertsTopCount } = readQuery(request, recommendedQuerySchema);
    const viewer = await getViewer(request, context);
    const items = await recommendExperts(context.db, viewer?.user.id ?? null, expertsTopCount);
    return apiList(items, pageMeta(1, expertsTopCount, items.length));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
