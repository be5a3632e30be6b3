/** The columns of a standings row that the record's figures read (figures.ts). */
import { expertStandings } from "~/db/schema";

/** What skill or luck reads (`toConfidence`): W-L-P, money, CLV and the job's figures. */
export const confidenceColumns = {
  wins: expertStandings.wins,
  losses: expertStandings.losses,
  pushes: expertStandings.pushes,
  profit: expertStandings.profit,
  staked: expertStandings.staked,
  clvSum: expertStandings.clvSum,
  clvCount: expertStandings.clvCount,
  chanceByLuck: expertStandings.chanceByLuck,
  roiLow: expertStandings.roiLow,
  roiHigh: expertStandings.roiHigh,
  beatCloseShare: expertStandings.beatCloseShare,
};

/** The standings row's sums, as the figures read them. */
export const sumsColumns = {
  ...confidenceColumns,
  voids: expertStandings.voids,
  decimalOddsSum: expertStandings.decimalOddsSum,
  score: expertStandings.score,
  streakKind: expertStandings.streakKind,
  streakLength: expertStandings.streakLength,
};
