import type { ActionFunctionArgs } from "@remix-run/node";
import { importResultsCommand } from "~/modules/record/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/**
 * `POST /api/events/results` (admins): `[{eventId, status: Final|Canceled, homeScore, awayScore,
 * closingLines?}]` → `{payload: {eventsUpdated, picksGraded}}`; the picks they decide are graded.
 */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, importResultsCommand) });

export const loader = () => methodNotAllowed(["POST"]);
