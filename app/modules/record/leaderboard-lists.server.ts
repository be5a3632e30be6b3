/**
 * The leaderboard's short lists, from the standings the grading trigger keeps: the five who won
 * the most units lately (the box beside the feed) and the experts not ranked yet (under a board).
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { cachedPerDatabase } from "~/db/cached.server";
import type { Database } from "~/db/client.server";
import { expertStandings, profiles, users } from "~/db/schema";
import { expertSummaryColumns, toExpertSummary } from "~/modules/experts/expert-summary.server";
import { LEADERBOARD_MIN_SAMPLE, toRecordFigures, type RecordFigures } from "./figures";
import { sumsColumns, toSums, type LeaderboardEntry, type LeaderboardQuery } from "./record.server";

/** Graded picks in a standings row: the leaderboard's sample. */
const sample = sql`${expertStandings.wins} + ${expertStandings.losses} + ${expertStandings.pushes}`;

/** Listed experts' standings in one window and sport that meet `condition`, in `order`, with their expert. */
async function listedStandings(
  db: Database,
  query: Pick<LeaderboardQuery, "window" | "categoryId">,
  condition: SQL,
  order: SQL[],
  limit: number,
): Promise<UnrankedEntry[]> {
  const rows = await db
    .select({ ...sumsColumns, expert: expertSummaryColumns })
    .from(expertStandings)
    .innerJoin(users, eq(users.id, expertStandings.expertId))
    .leftJoin(profiles, eq(profiles.userId, expertStandings.expertId))
    .where(
      and(
        eq(expertStandings.window, query.window),
        eq(expertStandings.categoryId, query.categoryId),
        // As the partial indexes say it: a bare column, not a comparison with a parameter.
        sql`${expertStandings.listed}`,
        condition,
      ),
    )
    .orderBy(...order, asc(expertStandings.expertId))
    .limit(limit);
  return rows.map((row) => ({ expert: toExpertSummary(row.expert), figures: toRecordFigures(toSums(row)) }));
}

/**
 * The five ranked experts who won the most units in the last 30 days, all sports: beside the feed
 * and an expert's page, seconds old at most. Ordered by the units it shows (the leaderboard ranks
 * by units for the risk taken, a figure a box this small has no room to explain).
 */
export const leaderboardTop = cachedPerDatabase(30_000, async (db) =>
  (
    await listedStandings(
      db,
      { window: "30d", categoryId: 0 },
      sql`${sample} >= ${LEADERBOARD_MIN_SAMPLE}`,
      [desc(expertStandings.profit)],
      5,
    )
  ).map((entry, index) => ({ rank: index + 1, ...entry })),
);

/** An expert with graded picks in a window and sport, short of the sample the leaderboard ranks. */
export interface UnrankedEntry {
  expert: LeaderboardEntry["expert"];
  figures: RecordFigures;
}

/**
 * Listed experts with graded picks in the window and sport but fewer than the ranking's minimum:
 * "not ranked yet", most graded picks first. A board of a young sport is never an empty table.
 * The partial index `expert_standings_unranked_idx` (migration 0022) has this condition word for
 * word (constants, not parameters, so the planner can prove it) and this order: a short range of it.
 */
export function readUnranked(
  db: Database,
  query: Pick<LeaderboardQuery, "window" | "categoryId">,
  limit = 20,
): Promise<UnrankedEntry[]> {
  return listedStandings(
    db,
    query,
    sql`${sample} BETWEEN 1 AND ${sql.raw(String(LEADERBOARD_MIN_SAMPLE - 1))}`,
    [desc(expertStandings.sample), desc(expertStandings.profit)],
    limit,
  );
}
