/**
 * A leaderboard board (window, sport, order, page) as the page and the API show it. Every reader
 * sees the same board, so each instance reads it once and keeps it until the database announces
 * a change to what it shows (`keptUntilChanged`: a grading, a rollover, a rename, a new photo).
 */
import type { Database } from "~/db/client.server";
import { keptUntilChanged } from "~/db/kept-until-changed.server";
import type { RecordFigures } from "./figures";
import { readUnranked, type UnrankedEntry } from "./leaderboard-lists.server";
import { readLeaderboard, type LeaderboardEntry, type LeaderboardQuery } from "./record.server";

/** The not-ranked-yet listed under a board: the nearest to ranking (a sport's page lists more). */
const UNRANKED_SHOWN = 10;

export interface LeaderboardBoard {
  items: LeaderboardEntry[];
  totalItems: number;
  /**
   * Where the ranked end (their last page, or the first when none are ranked yet): the experts
   * nearest the sample among those with picks graded here but too few yet. Empty elsewhere.
   */
  unranked: UnrankedEntry[];
}

async function readBoard(db: Database, { query, now }: { query: LeaderboardQuery; now: Date }) {
  const board = await readLeaderboard(db, query, now);
  const lastPage = Math.max(1, Math.ceil(board.totalItems / query.size));
  const unranked =
    query.page === lastPage
      ? await readUnranked(db, { window: query.window, categoryId: query.categoryId }, UNRANKED_SHOWN)
      : [];
  return { ...board, unranked };
}

/**
 * The board, kept per instance until a change is heard. Keyed by the UTC day too: the rolling
 * windows' withdrawn picks are counted from it.
 */
export const keptLeaderboardBoard = keptUntilChanged<{ query: LeaderboardQuery; now: Date }, LeaderboardBoard>(
  "standings",
  ({ query, now }) =>
    [
      query.window,
      query.categoryId,
      query.sort ?? "score",
      query.page,
      query.size,
      now.toISOString().slice(0, 10),
    ].join("|"),
  readBoard,
);

/** What the leaderboard page's table shows of a ranked expert (its hydration data carries no more). */
export interface BoardRow {
  rank: number;
  expert: LeaderboardEntry["expert"];
  figures: Pick<
    RecordFigures,
    "score" | "wins" | "losses" | "pushes" | "withdrawn" | "winRate" | "units" | "roi" | "averageOdds" | "streak"
  > & { verdict: RecordFigures["confidence"]["verdict"]; chanceByLuck: number | null };
}

export function toBoardRow({ rank, expert, figures }: LeaderboardEntry): BoardRow {
  const { score, wins, losses, pushes, withdrawn, winRate, units, roi, averageOdds, streak, confidence } = figures;
  return {
    rank,
    expert,
    figures: {
      score,
      wins,
      losses,
      pushes,
      withdrawn,
      winRate,
      units,
      roi,
      averageOdds,
      streak,
      verdict: confidence.verdict,
      chanceByLuck: confidence.chanceByLuck,
    },
  };
}
