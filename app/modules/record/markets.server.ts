/**
 * Reading the market (decision 026): the newest snapshot of each game's moneyline,
 * spread and total, as `MarketOffer`s. The posting check prices every leg against it; with
 * `closing: true` only snapshots taken before each game's start count (its closing lines).
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { LegSide } from "./pick-basics";
import { consensusOffer, type MarketOffer, type PricedMarket } from "./market-price";

interface OfferRow {
  event_id: number;
  market: PricedMarket;
  side: LegSide;
  line: string | number | null;
  price: number;
  bookmakers: number;
  taken_at: Date | string;
}

export interface GameMarket {
  offers: MarketOffer[];
  /** When the newest of its markets was taken. */
  takenAt: Date;
  /** When each of its markets' newest snapshot was taken (how fresh a pick's price is). */
  takenAtByMarket: Partial<Record<PricedMarket, Date>>;
}

/**
 * Each game's newest snapshot per market (one index probe per game and market: the newest time,
 * then its rows). Games without any snapshot are absent from the map.
 */
export async function latestMarkets(
  db: Database,
  eventIds: number[],
  options: { closing?: boolean } = {},
): Promise<Map<number, GameMarket>> {
  const markets = new Map<number, GameMarket>();
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return markets;
  const beforeStart = options.closing
    ? sql`AND x."taken_at" < (SELECT ev."starts_at" FROM "events" ev WHERE ev."id" = e.id)`
    : sql``;
  const rows = await queryRows<OfferRow>(
    db,
    sql`
    SELECT s."event_id", s."market", s."side", s."line", s."price", s."bookmakers", s."taken_at"
    FROM unnest(${`{${ids.join(",")}}`}::integer[]) AS e(id)
    CROSS JOIN unnest('{Moneyline,Spread,Total}'::pick_market[]) AS m(market)
    CROSS JOIN LATERAL (
      SELECT max(x."taken_at") AS at FROM "market_snapshots" x WHERE x."event_id" = e.id AND x."market" = m.market ${beforeStart}
    ) newest
    JOIN "market_snapshots" s ON s."event_id" = e.id AND s."market" = m.market AND s."taken_at" = newest.at
    ORDER BY s."event_id", s."market", s."side", s."line"`,
  );
  for (const row of rows) {
    const takenAt = new Date(row.taken_at);
    const game = markets.get(row.event_id) ?? { offers: [], takenAt, takenAtByMarket: {} };
    game.offers.push({
      market: row.market,
      side: row.side,
      line: row.line === null ? null : Number(row.line),
      price: row.price,
      bookmakers: row.bookmakers,
    });
    if (takenAt > game.takenAt) game.takenAt = takenAt;
    game.takenAtByMarket[row.market] = takenAt;
    markets.set(row.event_id, game);
  }
  return markets;
}

/**
 * Each game's closing lines: per market and side, the consensus offer (line and best price) of
 * the newest snapshot taken before its start. Games without one are left out.
 */
export async function closingLinesFromMarket(db: Database, eventIds: number[]) {
  const closing = await latestMarkets(db, eventIds, { closing: true });
  return [...closing].flatMap(([eventId, { offers }]) =>
    [...new Set(offers.map((offer) => `${offer.market}|${offer.side}`))].map((key) => {
      const [market, side] = key.split("|") as [PricedMarket, LegSide];
      const offer = consensusOffer(offers, market, side)!;
      return { eventId, market, side, line: offer.line, odds: offer.price };
    }),
  );
}

/**
 * The demo's own market (decision 026): without a provider, the demo games' lines would grow
 * older than a pick may be priced against, so the demo takes its newest lines again, as a
 * provider's sync would, once they are `minutes` old. Only games not from the provider, not
 * started and without a result; answers how many offers it appended.
 */
export async function refreshDemoLines(db: Database, minutes: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    INSERT INTO "market_snapshots" ("event_id", "market", "side", "line", "price", "bookmakers")
    SELECT s."event_id", s."market", s."side", s."line", s."price", s."bookmakers"
    FROM "events" e
    CROSS JOIN unnest('{Moneyline,Spread,Total}'::pick_market[]) AS m(market)
    CROSS JOIN LATERAL (
      SELECT max(x."taken_at") AS at FROM "market_snapshots" x WHERE x."event_id" = e."id" AND x."market" = m.market
    ) newest
    JOIN "market_snapshots" s ON s."event_id" = e."id" AND s."market" = m.market AND s."taken_at" = newest.at
    WHERE e."starts_at" > now() AND e."external_id" IS NULL AND e."resulted_at" IS NULL
      AND newest.at < now() - make_interval(mins => ${minutes})
    RETURNING "id"`,
  );
  return rows.length;
}
