import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { SEARCH_TABS, searchPageQuerySchema, type SearchTab } from "~/modules/search/search-params";
import { searchCategories, searchExperts, searchPosts } from "~/modules/search/search.server";

/**
 * `GET /api/search/{experts|categories|posts}?searchValue=&page=&size=` → `{items, meta}`: the
 * search page's tabs, paged. Posts come as the post serializer answers them for this viewer.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const tab = params.tab as SearchTab;
    if (!SEARCH_TABS.includes(tab)) throw new AppError(404);
    const query = readQuery(request, searchPageQuerySchema);
    const options = { page: query.page, size: query.size };
    const page =
      tab === "experts"
        ? await searchExperts(context.db, query.searchValue, options)
        : tab === "categories"
          ? await searchCategories(context.db, query.searchValue, options)
          : await searchPosts(
              context.db,
              (await getViewer(request, context))?.user.id ?? null,
              query.searchValue,
              options,
            );
    return apiList<unknown>(page.items, pageMeta(query.page, query.size, page.totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
