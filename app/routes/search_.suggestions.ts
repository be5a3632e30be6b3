import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { jsonResult } from "~/web/action-result.server";
import { readQuery } from "~/web/api.server";
import { suggestionsQuerySchema } from "~/modules/search/search-params";
import { searchSuggestions } from "~/modules/search/search-suggestions.server";

/**
 * `GET /search/suggestions?searchValue=&topCount=5`: the header search box's suggestions
 * (app/components/search/search-suggestions.ts, through `useRetryingLoad`) → `{ok, results}`, what
 * `GET /api/search` answers. Visitors too; a Pick's body is searched only for its readers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  return jsonResult(async () => {
    const query = readQuery(request, suggestionsQuerySchema);
    return {
      results: await searchSuggestions(context.db, viewer?.user.id ?? null, query.searchValue, query.topCount),
    };
  });
}
