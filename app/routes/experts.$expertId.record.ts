/**
 * `GET /experts/{expertId}/record` (id or userName) → `{ok, figures, chart, gradedPicks,
 * gradedPage, gradedPages}`: the expert page's "Record and figures" panel, which the page loads
 * as the reader scrolls near it (app/components/record/record-panel.tsx). `?graded=N` is the page
 * of graded picks, as on the page itself.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { findExpert } from "~/modules/experts/experts.server";
import { jsonResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { pageFromUrl } from "~/modules/http/page-param";
import { loadRecordPanel } from "~/modules/posts/record-panel.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  return jsonResult(async () => {
    const expert = await findExpert(context.db, params.expertId ?? "", null);
    if (!expert) throw new AppError(404);
    const gradedPage = pageFromUrl(new URL(request.url), 10_000, "graded");
    return loadRecordPanel(context.db, expert.id, viewer?.user.id ?? null, gradedPage);
  });
}
