import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { correctionSchema } from "~/modules/record/correction-schema";
import { correctResult, listCorrections } from "~/modules/record/corrections.server";

/**
 * `GET /api/events/{id}/correction` → `{payload: [{id, eventId, status, homeScore, awayScore,
 * previous: {status, homeScore, awayScore}, reason, correctedAt}]}`, newest first: the game's
 * trail of corrections, public like the record it explains; 404 for an unknown game.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const id = pathId(params.id);
    if (id === null) throw new AppError(404);
    return apiPayload(await listCorrections(context.db, id));
  }, context.log);
}

/**
 * `POST /api/events/{id}/correction {status: Final|Canceled, homeScore, awayScore, reason}`
 * (admins) → `{payload: {correction, picksRegraded, picksGraded}}`: the game's result already in
 * replaced, the correction appended to its trail, the picks on it regraded and the figures
 * rebuilt. 422 for a game without a result, the same result again or bad input.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const viewer = await requireApiRoles(request, context, ["Admin"]);
    const id = pathId(params.id);
    if (id === null) throw new AppError(404);
    const input = await readJsonBody(request, correctionSchema);
    return apiPayload(await correctResult(context.db, viewer.user.id, id, input));
  }, context.log);
}
