import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { correctResultCommand } from "~/modules/record/commands.server";
import { listCorrections } from "~/modules/record/corrections.server";
import { apiPayload, handleApi } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

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
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, correctResultCommand) }, { alsoAllows: ["GET"] });
