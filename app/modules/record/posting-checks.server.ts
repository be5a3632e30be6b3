/**
 * The record's checks of a pick at posting (decision 026), before the database's own: each
 * priced leg against its game's fresh market, and one side of a game per expert. Each refusal is a
 * 422 on the leg's field.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { latestMarkets } from "~/modules/record/markets.server";
import { isPricedMarket, MARKET_MESSAGES, marketRefusal } from "./market-price";
import type { LegEvent, PickLeg } from "./pick-markets";
import type { RecordRules } from "./record-rules";

export const POSTING_MESSAGES = {
  otherSide: (selection: string) =>
    `You already have ${selection} on this game: an expert takes one side of a game, never both.`,
} as const;

function invalid(field: string, message: string): AppError {
  return new AppError(422, defaultErrorMessage(422), { [field]: [message] });
}

/**
 * Each priced leg against its game's newest market snapshot, which must be at most
 * `marketMaxAgeMinutes` old: 422 naming the market's line and price.
 */
export async function checkAgainstMarket(
  db: Database,
  legs: PickLeg[],
  eventsById: Map<number, LegEvent>,
  { now, rules }: { now: Date; rules: RecordRules },
) {
  const priced = legs.filter((leg) => isPricedMarket(leg.market));
  if (priced.length === 0) return;
  const markets = await latestMarkets(
    db,
    priced.map((leg) => leg.eventId),
  );
  legs.forEach((leg, index) => {
    const market = markets.get(leg.eventId);
    const refusal = marketRefusal(leg, eventsById.get(leg.eventId)!, market?.offers ?? []);
    if (refusal) throw invalid(`legs.${index}.${refusal.field}`, refusal.message);
    const takenAt = isPricedMarket(leg.market) ? market?.takenAtByMarket[leg.market] : undefined;
    const ageMinutes = takenAt ? Math.floor((now.getTime() - takenAt.getTime()) / 60_000) : 0;
    if (ageMinutes > rules.marketMaxAgeMinutes)
      throw invalid(`legs.${index}.eventId`, MARKET_MESSAGES.stale(ageMinutes, rules.marketMaxAgeMinutes));
  });
}

/**
 * One side of a game per expert (decision 026): no leg opposite to a leg of a pick the expert
 * still holds (posted, not withdrawn, not graded) on the same game. What "opposite" means is the
 * database's `pick_legs_oppose`, which its guard applies again under a lock, for two picks sent at
 * once; this check comes first so the answer names the leg.
 */
export async function checkOneSide(db: Database, authorId: string, legs: PickLeg[]) {
  const eventIds = [...new Set(legs.filter((leg) => isPricedMarket(leg.market)).map((leg) => leg.eventId))];
  if (eventIds.length === 0) return;
  const [held] = await queryRows<{ selection: string | null; leg: number }>(
    db,
    sql`
    SELECT p."selection", (n.ordinality - 1)::int AS "leg"
    FROM "posts" p
      CROSS JOIN LATERAL jsonb_array_elements(p."legs") AS l
      CROSS JOIN LATERAL jsonb_array_elements(${JSON.stringify(legs)}::jsonb) WITH ORDINALITY AS n(value, ordinality)
    WHERE p."author_id" = ${authorId} AND p."post_type" = 'Pick' AND p."posted_at" IS NOT NULL
      AND p."pick_result" IS NULL AND p."withdrawn_at" IS NULL
      AND p."leg_event_ids" && ${`{${eventIds.join(",")}}`}::integer[] AND pick_legs_oppose(l, n.value)
    ORDER BY n.ordinality
    LIMIT 1`,
  );
  if (held) throw invalid(`legs.${held.leg}.side`, POSTING_MESSAGES.otherSide(held.selection ?? "a pick"));
}
