import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readQuery } from "~/web/api.server";
import { suggestionsQuerySchema } from "~/modules/search/search-params";
import { searchSuggestions } from "~/modules/search/search-suggestions.server";

/**
 * `GET /api/search?searchValue=&topCount=5` → `{payload: {expertsInfo, categoriesInfo, postsInfo}}`:
 * the header search box's suggestions. Visitors too; a Pick's body is searched only for its readers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, suggestionsQuerySchema);
    const viewer = await getViewer(request, context);
    return apiPayload(await searchSuggestions(context.db, viewer?.user.id ?? null, query.searchValue, query.topCount));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
