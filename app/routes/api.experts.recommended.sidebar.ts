import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { recommendExperts } from "~/modules/experts/recommendations.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { recommendedQuerySchema } from "./api.experts.recommended";

/** `GET /api/experts/recommended/sidebar?expertsTopCount=5` → `{items: [{id, userName, avatar}], meta}`: the sidebar's list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { expertsTopCount } = readQuery(request, recommendedQuerySchema);
    const viewer = await getViewer(request, context);
    const experts = await recommendExperts(context.db, viewer?.user.id ?? null, expertsTopCount);
    const items = experts.map(({ id, userName, avatar }) => ({ id, userName, avatar }));
    return apiList(items, pageMeta(1, expertsTopCount, items.length));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
