/**
 * The record's checks of a pick at posting (decisions 035, 050), before the database's own: each
 * priced leg against its game's fresh market, and one side of a game per expert. Each refusal is a
 * 422 on the leg's field.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { latestMarkets } from "~/modules/sports-data/markets.server";
import { isPricedMarket, MARKET_MESSAGES, marketRefusal } from "./market-price";
import { legsOppose, type LegEvent, type PickLeg } from "./pick-markets";
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
 * One side of a game per expert (decision 050): no leg opposite to a leg of a pick the expert
 * still holds (posted, not withdrawn, not graded) on the same game. The database checks the same
 * under a lock, for two picks sent at once.
 */
export async function checkOneSide(db: Database, authorId: string, legs: PickLeg[]) {
  const eventIds = [...new Set(legs.filter((leg) => isPricedMarket(leg.market)).map((leg) => leg.eventId))];
  if (eventIds.length === 0) return;
  const held = await db
    .select({ selection: posts.selection, legs: posts.legs })
    .from(posts)
    .where(
      and(
        eq(posts.authorId, authorId),
        eq(posts.postType, "Pick"),
        isNotNull(posts.postedAt),
        isNull(posts.pickResult),
        isNull(posts.withdrawnAt),
        sql`"posts"."leg_event_ids" && ARRAY[${sql.join(
          eventIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[]`,
      ),
    );
  legs.forEach((leg, index) => {
    const other = held.find((pick) => ((pick.legs ?? []) as PickLeg[]).some((their) => legsOppose(leg, their)));
    if (other) throw invalid(`legs.${index}.side`, POSTING_MESSAGES.otherSide(other.selection ?? "a pick"));
  });
}
