/**
 * Keeps each standings row's skill-or-luck figures (confidence.ts) current: a periodic job finds
 * the rows whose sums moved since they were last computed (a grade, a correction, the daily
 * rollover), reads their experts' graded verified picks once per expert and computes every sport
 * and window of that expert from them. Any instance may run it: the work is the same whoever does
 * it, and a row graded again meanwhile stays stale for the next round.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { expertStandings, posts } from "~/db/schema";
import { confidenceOf, type GradedPick } from "./confidence";
import type { RecordWindow } from "./figures";

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

/** An expert's graded verified picks: published picks graded Win, Loss or Push, never self-graded or withdrawn. */
async function gradedPicks(db: Database, expertId: string): Promise<DatedPick[]> {
  const rows = await db
    .select({
      categoryId: posts.categoryId,
      odds: sql<number>`coalesce(${posts.settledOdds}, ${posts.odds})`.mapWith(Number),
      legs: sql<number>`greatest(1, coalesce(jsonb_array_length(${posts.legs}), 1))`.mapWith(Number),
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
  return rows.map((row) => ({
    categoryId: row.categoryId,
    odds: row.odds,
    legs: row.legs,
    units: Number(row.units ?? 1),
    result: row.result as GradedPick["result"],
    clv: row.clv === null ? null : Number(row.clv),
    day: row.day,
  }));
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
