import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { eventMarket } from "~/modules/record/event-market.server";

/**
 * `GET /api/events/{id}/market` (public) → `{payload: {eventId, takenAt, offers, consensus}}`:
 * the game's newest snapshot of its moneyline, spread and total (decision 026), the
 * market a pick on it is priced against, and each side's consensus offer. A game without market
 * data: no offers and `takenAt` null. 404 for an unknown or malformed id.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const id = pathId(params.id);
    const market = id === null ? null : await eventMarket(context.db, id);
    if (!market) throw new AppError(404);
    return apiPayload(market);
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
