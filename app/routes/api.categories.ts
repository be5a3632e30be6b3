import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiList, handleApi, methodNotAllowed, pageMeta } from "~/web/api.server";
import { listCategories } from "~/modules/reference/reference.server";

/** `GET /api/categories` → every sport, in display order, as one page. */
export async function loader({ context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const items = await listCategories(context.db);
    return apiList(items, pageMeta(1, Math.max(items.length, 1), items.length));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
