/**
 * The leaderboard's short lists, from the standings the grading trigger keeps: the five who won
 * the most units lately (the box beside the feed) and the experts not ranked yet (under a board).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { cachedPerDatabase } from "~/db/cached.server";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { expertStandings, profiles, users } from "~/db/schema";
import { expertSummaryColumns, toExpertSummary } from "~/modules/profiles/expert-summary.server";
import { LEADERBOARD_MIN_SAMPLE, toRecordFigures, type RecordFigures } from "./figures";
import { sumsColumns, toSums, type LeaderboardEntry, type LeaderboardQuery } from "./record.server";

/** Graded picks in a standings row: the leaderboard's sample. */
const sample = sql`${expertStandings.wins} + ${expertStandings.losses} + ${expertStandings.pushes}`;

/**
 * The five ranked experts who won the most units in the last 30 days, all sports: beside the feed
 * and an expert's page, seconds old at most. Ordered by the units it shows (the leaderboard ranks
 * by units for the risk taken, a figure a box this small has no room to explain).
 */
export const leaderboardTop = cachedPerDatabase(30_000, async (db) => {
  const rows = await db
    .select({ ...sumsColumns, expert: expertSummaryColumns })
    .from(expertStandings)
    .innerJoin(users, eq(users.id, expertStandings.expertId))
    .leftJoin(profiles, eq(profiles.userId, expertStandings.expertId))
    .where(
      and(
        eq(expertStandings.window, "30d"),
        eq(expertStandings.categoryId, 0),
        sql`${expertStandings.listed} AND ${sample} >= ${sql.raw(String(LEADERBOARD_MIN_SAMPLE))}`,
      ),
    )
    .orderBy(desc(expertStandings.profit), asc(expertStandings.expertId))
    .limit(5);
  return rows.map((row, index) => ({
    rank: index + 1,
    expert: toExpertSummary(row.expert),
    figures: toRecordFigures(toSums(row)),
  }));
});

/** An expert with graded picks in a window and sport, short of the sample the leaderboard ranks. */
export interface UnrankedEntry {
  expert: LeaderboardEntry["expert"];
  /** What the list shows: the record, units won and how many graded picks of the sample. */
  figures: Pick<RecordFigures, "wins" | "losses" | "pushes" | "units" | "sample">;
}

/**
 * Listed experts with graded picks in the window and sport but fewer than the ranking's minimum,
 * most graded picks first: named and planned once per connection (the leaderboard reads it on
 * its busiest board). The partial index `expert_standings_unranked_idx` (migration 0022) has this
 * condition word for word (constants, not parameters, so the planner can prove it) and this order.
 */
const unrankedStatement = preparedStatement((db) => {
  // The few rows first, in the index's order; their experts joined after (a join first would
  // read and sort every not-ranked row of the board).
  const nearest = db
    .select({
      wins: expertStandings.wins,
      losses: expertStandings.losses,
      pushes: expertStandings.pushes,
      profit: expertStandings.profit,
      sample: expertStandings.sample,
      expertId: expertStandings.expertId,
    })
    .from(expertStandings)
    .where(
      and(
        eq(expertStandings.window, sql.placeholder("window")),
        eq(expertStandings.categoryId, sql.placeholder("categoryId")),
        sql`${expertStandings.listed} AND ${sample} BETWEEN 1 AND ${sql.raw(String(LEADERBOARD_MIN_SAMPLE - 1))}`,
      ),
    )
    // The index's own order (drizzle's DESC indexes are NULLS LAST), so the rows are read in order, not sorted.
    .orderBy(
      sql`${expertStandings.sample} DESC NULLS LAST`,
      sql`${expertStandings.profit} DESC NULLS LAST`,
      asc(expertStandings.expertId),
    )
    .limit(sql.placeholder("limit"))
    .as("nearest");
  return db
    .select({
      wins: nearest.wins,
      losses: nearest.losses,
      pushes: nearest.pushes,
      profit: nearest.profit,
      expert: expertSummaryColumns,
    })
    .from(nearest)
    .innerJoin(users, eq(users.id, nearest.expertId))
    .leftJoin(profiles, eq(profiles.userId, nearest.expertId))
    .orderBy(desc(nearest.sample), desc(nearest.profit), asc(nearest.expertId))
    .prepare("read_unranked");
});

/** "Not ranked yet": a board of a young sport is never an empty table. */
export async function readUnranked(
  db: Database,
  query: Pick<LeaderboardQuery, "window" | "categoryId">,
  limit = 20,
): Promise<UnrankedEntry[]> {
  const rows = await unrankedStatement(db).execute({ window: query.window, categoryId: query.categoryId, limit });
  return rows.map(({ wins, losses, pushes, profit, expert }) => ({
    expert: toExpertSummary(expert),
    figures: { wins, losses, pushes, sample: wins + losses + pushes, units: Math.round(Number(profit) * 100) / 100 },
  }));
}
