/**
 * Self-graded picks (props, graded by their expert's word): tallied apart, never in a verified
 * figure nor on the leaderboard.
 */
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts } from "~/db/schema";

export interface SelfReportedTally {
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  /** Units won as the expert graded them, risk-based like the verified ones. */
  units: number;
}

/** The expert's self-graded picks, graded by their own word: counted apart, never verified. */
export async function selfReportedTally(db: Database, expertId: string): Promise<SelfReportedTally> {
  const rows = await db
    .select({
      result: posts.pickResult,
      picks: count(),
      profit: sql<string>`coalesce(sum(pick_profit(${posts.pickResult}, coalesce(${posts.settledOdds}, ${posts.odds}), ${posts.units})), 0)`,
    })
    .from(posts)
    .where(
      and(
        eq(posts.authorId, expertId),
        eq(posts.postType, "Pick"),
        eq(posts.status, "Published"),
        eq(posts.selfGraded, true),
        isNotNull(posts.pickResult),
      ),
    )
    .groupBy(posts.pickResult);
  const tally: SelfReportedTally = { wins: 0, losses: 0, pushes: 0, voids: 0, units: 0 };
  const keys = { Win: "wins", Loss: "losses", Push: "pushes", Void: "voids" } as const;
  for (const row of rows) {
    if (row.result) tally[keys[row.result]] = Number(row.picks);
    tally.units += Number(row.profit);
  }
  tally.units = Math.round(tally.units * 100) / 100;
  return tally;
}
