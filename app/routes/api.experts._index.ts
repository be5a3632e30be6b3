import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getViewer } from "~/modules/accounts/gates.server";
import { EXPERT_SORTS } from "~/modules/experts/expert-sorts";
import { listExperts } from "~/modules/experts/experts.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { pageQuery } from "~/modules/http/search-params";

/** product.md "API conventions": page from 1, size 5 by default and at most 100; categoryIds repeated. */
export const expertListQuerySchema = z.object({
  ...pageQuery,
  categoryIds: z
    .array(
      z
        .string()
        .regex(/^\d{1,9}$/, "Must be a category id")
        .transform(Number),
    )
    .optional(),
  q: z.string().max(100, "Must contain at most 100 character(s)").optional(),
  sort: z.enum(EXPERT_SORTS, { message: "Must be subscribers, record or newest" }).optional(),
});

/**
 * `GET /api/experts?page=&size=&categoryIds=&categoryIds=&q=&sort=` → `{items: Expert[], meta}`:
 * public experts, most subscribers first unless `sort` says record or newest; each with the
 * sports they publish in (`categories`). Visitors too; `isSubscribed`/`isFollowed` are the viewer's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, expertListQuerySchema);
    const viewer = await getViewer(request, context);
    const { items, totalItems } = await listExperts(context.db, query, viewer?.user.id ?? null);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
