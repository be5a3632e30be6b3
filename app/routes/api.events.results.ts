import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { importResults } from "~/modules/record/results.server";
import { resultsImportSchema } from "~/modules/record/results-schema";

/**
 * `POST /api/events/results` (admins): `[{eventId, status: Final|Canceled, homeScore, awayScore,
 * closingLines?}]` → `{payload: {eventsUpdated, picksGraded}}`; the picks they decide are graded.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireApiRoles(request, context, ["Admin"]);
    const results = await readJsonBody(request, resultsImportSchema);
    return apiPayload(await importResults(context.db, results));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
