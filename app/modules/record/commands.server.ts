/**
 * Game results, the facts picks are graded by (app/modules/command.server.ts): `/api/events/results`
 * and `/api/events/{id}/correction` run these. The admin's results page reads its own form shapes
 * (one game's row, a provider's JSON) and calls the same module functions.
 */
import { defineCommand } from "~/modules/command.server";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { correctionSchema } from "./correction-schema";
import { correctResult } from "./corrections.server";
import { resultsImportSchema } from "./results-schema";
import { importResults } from "./results.server";

/** Final scores (or a cancellation) for games without one → `{eventsUpdated, picksGraded}`. */
export const importResultsCommand = defineCommand({
  who: "admin",
  input: resultsImportSchema,
  run: ({ context, input }) => importResults(context.db, input),
});

/** A result already in replaced, with a reason on the game's trail; its picks regraded → `{correction, picksRegraded, picksGraded}`. */
export const correctResultCommand = defineCommand({
  who: "admin",
  input: correctionSchema,
  allows: async ({ params }) => {
    if (pathId(params.id) === null) throw new AppError(404);
  },
  run: ({ context, viewer, params, input }) => correctResult(context.db, viewer.user.id, pathId(params.id)!, input),
});
