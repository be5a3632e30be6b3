/**
 * A game's market as a pick on it is priced against (decision 026): its newest snapshot
 * of moneyline, spread and total, and each side's consensus offer; no offers and `takenAt` null
 * for a game without market data, null for an unknown game.
 */
import type { Database } from "~/db/client.server";
import { getEvent } from "~/modules/reference/reference.server";
import { latestMarkets } from "~/modules/record/markets.server";
import { marketConsensus, type EventMarketDTO } from "./market-consensus";

export async function eventMarket(db: Database, eventId: number): Promise<EventMarketDTO | null> {
  const event = await getEvent(db, eventId);
  if (!event) return null;
  const game = (await latestMarkets(db, [event.id])).get(event.id);
  const offers = game?.offers ?? [];
  return {
    eventId: event.id,
    takenAt: game ? game.takenAt.toISOString() : null,
    offers,
    consensus: marketConsensus(offers),
  };
}
