/**
 * Keeps each standings row's skill-or-luck figures (confidence.ts) current: a periodic job finds
 * the rows whose sums moved since they were last computed (a grade, a correction, the daily
 * rollover), reads their experts' graded verified picks once per expert and computes every sport
 * and window of that expert from them. Any instance may run it: the work is the same whoever does
 * it, and a row graded again meanwhile stays stale for the next round.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { expertStandings, posts, type PickLegRecord } from "~/db/schema";
import { confidenceOf, noEdgeChance, type GradedPick } from "./confidence";
import type { RecordWindow } from "./figures";
import { gradeLeg, type EventResult } from "./grading";
import type { MarketOffer } from "./market-price";
import { sidesFor } from "./pick-basics";

const isStale = sql`${expertStandings.confidenceSample} IS DISTINCT FROM (${expertStandings.wins} + ${expertStandings.losses} + ${expertStandings.pushes}) OR ${expertStandings.confidenceProfit} IS DISTINCT FROM ${expertStandings.profit}`;

/** The first day (UTC, `YYYY-MM-DD`) a window counts, as the standings' own windows; null for all time. */
export function windowFirstDay(window: RecordWindow, today: string): string | null {
  const day = new Date(`${today}T00:00:00Z`);
  if (window === "7d") day.setUTCDate(day.getUTCDate() - 6);
  else if (window === "30d") day.setUTCDate(day.getUTCDate() - 29);
  else if (window === "season") return `${today.slice(0, 4)}-01-01`;
  else return null;
  return day.toISOString().slice(0, 10);
}

type DatedPick = GradedPick & { categoryId: number; day: string };

/** A leg as the job reads it: its game's sport and result, and its market's snapshot at posting. */
export type LegRow = { leg: PickLegRecord; sport: string | null; event: EventResult | null; offers: MarketOffer[] };

/**
 * Each leg with the snapshot its posting check priced it against: the newest of its game's market
 * taken by the time the pick was posted (snapshots are append-only, so it is still there).
 */
const legsAtPosting = sql<LegRow[] | string | null>`(
  SELECT json_agg(json_build_object(
    'leg', l.value, 'sport', c."name",
    'event', json_build_object('status', ev."status", 'homeScore', ev."home_score", 'awayScore', ev."away_score"),
    'offers', coalesce((
      SELECT json_agg(json_build_object('market', s."market", 'side', s."side", 'line', s."line", 'price', s."price", 'bookmakers', s."bookmakers"))
      FROM "market_snapshots" s
      WHERE s."event_id" = ev."id" AND s."market" = (l.value ->> 'market')::pick_market AND s."taken_at" = (
        SELECT max(x."taken_at") FROM "market_snapshots" x
        WHERE x."event_id" = ev."id" AND x."market" = s."market" AND x."taken_at" <= ${posts.postedAt})
    ), '[]'::json)) ORDER BY l.ordinality)
  FROM jsonb_array_elements(${posts.legs}) WITH ORDINALITY AS l(value, ordinality)
    LEFT JOIN "events" ev ON ev."id" = (l.value ->> 'eventId')::integer
    LEFT JOIN "categories" c ON c."id" = ev."category_id"
)`;

/**
 * The pick's no-edge chance from its legs' markets. A won parlay was paid on its winning legs only
 * (pushed and void ones drop out), so only those count; a loss counts every leg, as its price does.
 */
export function chanceOfLegs(rows: LegRow[], result: GradedPick["result"]): number {
  const paid = result === "Win" ? rows.filter((row) => row.event && gradeLeg(row.leg, row.event) === "Win") : rows;
  return noEdgeChance(
    (paid.length > 0 ? paid : rows).map(({ leg, sport, offers }) => ({
      market: leg.market,
      side: leg.side,
      line: leg.line,
      odds: leg.odds,
      sides: sidesFor(leg.market, sport),
      offers: offers.map((offer) => ({ ...offer, line: offer.line === null ? null : Number(offer.line) })),
    })),
  );
}

/** An expert's graded verified picks: published picks graded Win, Loss or Push, never self-graded or withdrawn. */
async function gradedPicks(db: Database, expertId: string): Promise<DatedPick[]> {
  const rows = await db
    .select({
      categoryId: posts.categoryId,
      odds: sql<number>`coalesce(${posts.settledOdds}, ${posts.odds})`.mapWith(Number),
      legs: sql<number>`greatest(1, coalesce(jsonb_array_length(${posts.legs}), 1))`.mapWith(Number),
      legRows: legsAtPosting,
      units: posts.units,
      result: posts.pickResult,
      clv: posts.clv,
      day: sql<string>`to_char((coalesce(${posts.gradedAt}, ${posts.publishDate}) AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`,
    })
    .from(posts)
    .where(
      and(
        eq(posts.authorId, expertId),
        eq(posts.postType, "Pick"),
        eq(posts.status, "Published"),
        inArray(posts.pickResult, ["Win", "Loss", "Push"]),
        eq(posts.selfGraded, false),
        isNull(posts.withdrawnAt),
      ),
    );
  return rows.map((row) => {
    const result = row.result as GradedPick["result"];
    const legRows = typeof row.legRows === "string" ? (JSON.parse(row.legRows) as LegRow[]) : row.legRows;
    return {
      categoryId: row.categoryId,
      odds: row.odds,
      legs: row.legs,
      noEdgeChance: legRows?.length ? chanceOfLegs(legRows, result) : undefined,
      units: Number(row.units ?? 1),
      result,
      clv: row.clv === null ? null : Number(row.clv),
      day: row.day,
    };
  });
}

/** Computes the stale rows of up to `experts` experts; answers how many experts were done. */
export async function refreshRecordConfidence(db: Database, now = new Date(), experts = 100): Promise<number> {
  const stale = await db
    .selectDistinct({ expertId: expertStandings.expertId })
    .from(expertStandings)
    .where(isStale)
    .limit(experts);
  const today = now.toISOString().slice(0, 10);
  for (const { expertId } of stale) {
    const [picks, rows] = await Promise.all([
      gradedPicks(db, expertId),
      db
        .select({
          categoryId: expertStandings.categoryId,
          window: expertStandings.window,
          sample: sql<number>`${expertStandings.wins} + ${expertStandings.losses} + ${expertStandings.pushes}`.mapWith(
            Number,
          ),
          profit: expertStandings.profit,
        })
        .from(expertStandings)
        .where(eq(expertStandings.expertId, expertId)),
    ]);
    for (const row of rows) {
      const since = windowFirstDay(row.window as RecordWindow, today);
      const counted = picks.filter(
        (pick) => (row.categoryId === 0 || pick.categoryId === row.categoryId) && (since === null || pick.day >= since),
      );
      const confidence = confidenceOf(counted);
      // A long record's sum takes a while: the server answers requests between rows.
      await new Promise((resolve) => setImmediate(resolve));
      await db
        .update(expertStandings)
        .set({
          chanceByLuck: confidence.chanceByLuck,
          roiLow: confidence.roiLow,
          roiHigh: confidence.roiHigh,
          beatCloseShare: confidence.beatCloseShare,
          confidenceSample: row.sample,
          confidenceProfit: row.profit,
        })
        .where(
          and(
            eq(expertStandings.expertId, expertId),
            eq(expertStandings.categoryId, row.categoryId),
            eq(expertStandings.window, row.window),
          ),
        );
    }
  }
  return stale.length;
}
