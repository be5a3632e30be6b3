import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiList, handleApi, methodNotAllowed, pageMeta } from "~/web/api.server";
import { listModalities } from "~/modules/reference/reference.server";

/** `GET /api/modalities` → every bet type, in display order, as one page. */
export async function loader({ context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const items = await listModalities(context.db);
    return apiList(items, pageMeta(1, Math.max(items.length, 1), items.length));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
