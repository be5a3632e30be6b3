/**
 * The verified record's figures (decision 026) from the sums the triggers keep. Client-safe.
 */
import { verdictFor, type Confidence } from "./confidence";
import { decimalToAmerican } from "./pick-basics";

export const RECORD_WINDOWS = ["7d", "30d", "season", "all"] as const;
export type RecordWindow = (typeof RECORD_WINDOWS)[number];
export const WINDOW_LABELS: Record<RecordWindow, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  season: "Season",
  all: "All time",
};

/**
 * An expert is ranked on the leaderboard from this many graded wins, losses and pushes in the
 * window; the partial index `expert_standings_ranking_idx` (migration 0011) says the same.
 */
export const LEADERBOARD_MIN_SAMPLE = 20;

export interface RecordSums {
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  profit: number;
  staked: number;
  decimalOddsSum: number;
  clvSum: number;
  clvCount: number;
  score: number | null;
  streakKind: string | null;
  streakLength: number;
  /** Skill or luck, as the job last computed it (record-confidence.server.ts); absent where not read. */
  chanceByLuck?: number | null;
  roiLow?: number | null;
  roiHigh?: number | null;
  beatCloseShare?: number | null;
}

export interface RecordFigures {
  wins: number;
  losses: number;
  pushes: number;
  voids: number;
  /** Picks the expert withdrew after posting (within minutes, for a mistake): shown beside W-L, never graded. */
  withdrawn: number;
  /** Wins, losses and pushes: the sample the figures rest on. */
  sample: number;
  /** Wins ÷ (wins + losses), in percent; null before any. */
  winRate: number | null;
  /** Units won, risk-based. */
  units: number;
  /** Units won ÷ units risked, in percent. */
  roi: number | null;
  /** Average of the decimal odds, as American odds. */
  averageOdds: number | null;
  /** Average closing-line value, in percentage points; null without closing odds. */
  clv: number | null;
  /** "W3", "L1"; null before any win or loss. */
  streak: string | null;
  /** The leaderboard's risk-adjusted score: units won ÷ √(Σ stake²). */
  score: number;
  /** Skill or luck: how likely this record is for a bettor with no edge (docs/product.md). */
  confidence: Confidence;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Skill or luck from a standings row: its sums and what the job last computed. */
export function toConfidence(
  sums: Pick<
    RecordSums,
    | "wins"
    | "losses"
    | "pushes"
    | "profit"
    | "staked"
    | "clvSum"
    | "clvCount"
    | "chanceByLuck"
    | "roiLow"
    | "roiHigh"
    | "beatCloseShare"
  >,
): Confidence {
  const sample = sums.wins + sums.losses + sums.pushes;
  const chanceByLuck = sample > 0 ? numberOrNull(sums.chanceByLuck) : null;
  return {
    gradedPicks: sample,
    roi: sums.staked > 0 ? round((100 * Number(sums.profit)) / Number(sums.staked), 1) : null,
    roiLow: sample > 0 ? numberOrNull(sums.roiLow) : null,
    roiHigh: sample > 0 ? numberOrNull(sums.roiHigh) : null,
    chanceByLuck,
    beatCloseShare: sample > 0 ? numberOrNull(sums.beatCloseShare) : null,
    averageClv: sums.clvCount > 0 ? round(Number(sums.clvSum) / sums.clvCount, 2) : null,
    verdict: verdictFor(sample, chanceByLuck),
  };
}

export function toRecordFigures(sums: RecordSums, withdrawn = 0): RecordFigures {
  const sample = sums.wins + sums.losses + sums.pushes;
  const decided = sums.wins + sums.losses;
  const confidence = toConfidence(sums);
  return {
    wins: sums.wins,
    losses: sums.losses,
    pushes: sums.pushes,
    voids: sums.voids,
    withdrawn,
    sample,
    winRate: decided > 0 ? round((100 * sums.wins) / decided, 1) : null,
    units: round(sums.profit, 2),
    roi: confidence.roi,
    averageOdds: sample > 0 ? decimalToAmerican(sums.decimalOddsSum / sample) : null,
    clv: confidence.averageClv,
    streak: sums.streakKind && sums.streakLength > 0 ? `${sums.streakKind}${sums.streakLength}` : null,
    score: round(Number(sums.score ?? 0), 2),
    confidence,
  };
}

export const EMPTY_SUMS: RecordSums = {
  wins: 0,
  losses: 0,
  pushes: 0,
  voids: 0,
  profit: 0,
  staked: 0,
  decimalOddsSum: 0,
  clvSum: 0,
  clvCount: 0,
  score: 0,
  streakKind: null,
  streakLength: 0,
};

export const formatUnits = (units: number) => `${units > 0 ? "+" : ""}${units.toFixed(2)}u`;
export const formatRecord = (figures: Pick<RecordFigures, "wins" | "losses" | "pushes">) =>
  `${figures.wins}-${figures.losses}-${figures.pushes}`;
