/**
 * Skill or luck: how likely an expert's verified record is for a bettor with no edge. Client-safe
 * and pure; the thresholds are product rules (docs/product.md "Skill or luck").
 *
 * The no-edge bettor takes the same graded picks, at the same prices and stakes, and wins each
 * with the market's own chance of it: per leg, the no-vig probability of its side in the snapshot
 * it was priced against, when every side of that market is known at its line; otherwise its
 * price less FALLBACK_MARGIN. A parlay multiplies its legs. A push or a void stands as it fell (it
 * risks nothing either way). The chance by luck is P(no-edge profit ≥ the expert's profit),
 * computed exactly by convolving each pick's two outcomes on a grid of profit (0.01 units). Only a
 * record so long that the exact sum would cost more than CONVOLUTION_BUDGET cell updates (about a
 * thousand picks at everyday prices) is read from the normal curve of its exact mean and
 * variance, which at that length agrees with the exact sum to a few hundredths of a point.
 */
import { consensusOffer, isPricedMarket, type MarketOffer } from "./market-price";
import { americanToDecimal, type LegSide } from "./pick-basics";

/**
 * The margin taken off a leg whose market is not known at its line. A pick's price is never
 * better than the best any bookmaker offers for its side and line (market-price.ts), so its
 * implied probability is at least the best price's; removing a margin no larger than the one the
 * best prices carry together never leaves the no-edge bettor below the market's own chance. One
 * book's -110 both ways carries 4.76 %; the best of several books' prices, which snapshots keep,
 * typically 2-3 % (the demo's lines about 2.5 %): 2 % stays at or under it. Where the leg's market is
 * known at another line, its own margin there caps it.
 */
export const FALLBACK_MARGIN = 0.02;
/** Below this many graded picks there is nothing to tell. */
export const CONFIDENCE_MIN_PICKS = 30;
/** The chance by luck, in percent, at or below which the verdicts start. */
export const LIKELY_SKILL_CHANCE = 10;
export const STRONG_SKILL_CHANCE = 1;

export const VERDICTS = ["Too few picks to tell", "Could be luck", "Likely skill", "Strong evidence of skill"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One graded verified pick: the odds it was paid at, its stake, its result, its CLV if known. */
export interface GradedPick {
  /** American odds (a parlay's combined odds). */
  odds: number;
  /** How many legs it had (1 for a single bet): without `noEdgeChance`, the margin comes off each. */
  legs: number;
  /** The no-edge chance of winning from its legs' markets at posting (`noEdgeChance`), when known. */
  noEdgeChance?: number;
  units: number;
  result: "Win" | "Loss" | "Push";
  clv: number | null;
}

export interface Confidence {
  gradedPicks: number;
  /** Units won ÷ units risked, in percent, with its 95 % interval; null without a pick. */
  roi: number | null;
  roiLow: number | null;
  roiHigh: number | null;
  /** Percent, one decimal; null without a decided pick. */
  chanceByLuck: number | null;
  /** Of the picks with a closing line, the share that beat it, in percent; null without one. */
  beatCloseShare: number | null;
  /** Average closing-line value in percentage points; null without one. */
  averageClv: number | null;
  verdict: Verdict;
}

/** The no-edge chance of winning at `odds` over `legs` legs, FALLBACK_MARGIN removed from each. */
export function fairWinProbability(odds: number, legs = 1): number {
  const implied = 1 / americanToDecimal(odds);
  return Math.min(1, implied / (1 + FALLBACK_MARGIN) ** Math.max(1, legs));
}

/**
 * A graded leg and its game's market at posting: the newest snapshot of its market taken by then,
 * the one the posting check priced it against (empty without one).
 */
export interface LegAtPosting {
  market: string;
  side: LegSide | null;
  line: number | null;
  odds: number;
  /** The sides its market has on this game (`sidesFor`: a soccer moneyline has the draw). */
  sides: readonly LegSide[];
  offers: MarketOffer[];
}

const sameLine = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.round(a * 10) === Math.round(b * 10);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Each side's implied probability with the leg's side at `line` (a spread's other side at −line); null if one is missing. */
function impliedBySide(leg: LegAtPosting, line: number | null): number[] | null {
  const implied: number[] = [];
  for (const side of leg.sides) {
    const at = leg.market === "Spread" && line !== null && side !== leg.side ? -line : line;
    const offer = leg.offers.find((o) => o.market === leg.market && o.side === side && sameLine(o.line, at));
    if (!offer) return null;
    implied.push(1 / americanToDecimal(offer.price));
  }
  return implied;
}

/** The market's no-vig chance of the leg's side at its line (proportional devig); null unless every side is offered there. */
export function noVigChance(leg: LegAtPosting): number | null {
  if (!leg.side || !leg.sides.includes(leg.side)) return null;
  const implied = impliedBySide(leg, leg.line);
  return implied && implied[leg.sides.indexOf(leg.side)] / sum(implied);
}

/** The margin the leg's market carries at the consensus line of its side; null when a side is missing. */
function marketMargin(leg: LegAtPosting): number | null {
  if (!leg.side || !isPricedMarket(leg.market) || !leg.sides.includes(leg.side)) return null;
  const consensus = consensusOffer(leg.offers, leg.market, leg.side);
  const implied = consensus && impliedBySide(leg, consensus.line);
  return implied && sum(implied) - 1;
}

/** A leg's no-edge chance: the no-vig one, else its price less FALLBACK_MARGIN, never more than its market carries. */
export function legNoEdgeChance(leg: LegAtPosting): number {
  const fair = noVigChance(leg);
  if (fair !== null) return fair;
  const margin = Math.max(0, Math.min(FALLBACK_MARGIN, marketMargin(leg) ?? FALLBACK_MARGIN));
  return Math.min(1, 1 / americanToDecimal(leg.odds) / (1 + margin));
}

/** A pick's no-edge chance: its legs' (those the grade paid on) multiplied. */
export const noEdgeChance = (legs: LegAtPosting[]) => legs.reduce((chance, leg) => chance * legNoEdgeChance(leg), 1);

const profitOf = (pick: GradedPick) =>
  pick.result === "Win" ? pick.units * (americanToDecimal(pick.odds) - 1) : pick.result === "Loss" ? -pick.units : 0;

/** Cell updates one exact sum may take (about a third of a second): beyond it, the normal curve. */
export const CONVOLUTION_BUDGET = 120_000_000;
const STEP = 0.01;

type Outcome = { win: number; loss: number; p: number; won: boolean };

/** P(Σ Xᵢ ≥ what the picks made): exact (`chanceOfAtLeast`) within the budget, else the normal curve. */
export function chanceByLuckOf(outcomes: Outcome[]): number {
  const cells = outcomes.reduce((sum, o) => sum + o.win + o.loss, 0) / STEP;
  return (outcomes.length * cells) / 2 <= CONVOLUTION_BUDGET ? chanceOfAtLeast(outcomes) : normalTail(outcomes);
}

/** P(Σ Xᵢ ≥ what the picks made) from the normal curve of the sum's exact mean and variance. */
export function normalTail(outcomes: Outcome[]): number {
  let mean = 0;
  let variance = 0;
  let made = 0;
  for (const { win, loss, p, won } of outcomes) {
    mean += p * win - (1 - p) * loss;
    variance += p * (1 - p) * (win + loss) ** 2;
    made += won ? win : -loss;
  }
  if (variance === 0) return made <= mean ? 1 : 0;
  return 0.5 * erfc((made - mean) / Math.sqrt(2 * variance));
}

/** The complementary error function (Numerical Recipes' erfcc: relative error under 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const value = t * Math.exp(poly);
  return x >= 0 ? value : 2 - value;
}

/**
 * P(Σ Xᵢ ≥ what the picks made), where Xᵢ is `win` with probability pᵢ, else −`loss`, and the
 * picks made Σ (`won` ? win : −loss): the exact distribution on a grid, each outcome rounded to the
 * nearest cell, the record itself measured on the same grid (so it counts as a tie with itself).
 */
export function chanceOfAtLeast(outcomes: Outcome[], step = STEP): number {
  if (outcomes.length === 0) return 1;
  const cells = outcomes.map((o) => ({ up: Math.round(o.win / step), down: Math.round(o.loss / step), p: o.p }));
  const target = outcomes.reduce((sum, o, i) => sum + (o.won ? cells[i].up : -cells[i].down), 0);
  const lowest = -cells.reduce((sum, c) => sum + c.down, 0);
  const size = cells.reduce((sum, c) => sum + c.up + c.down, 0) + 1;
  // dist[i] is the probability of a profit of (lowest + i) cells; [lo, hi] is the range in use.
  let dist = new Float64Array(size);
  let next = new Float64Array(size);
  let lo = -lowest;
  let hi = -lowest;
  dist[lo] = 1;
  for (const { up, down, p } of cells) {
    next.fill(0, lo - down, hi + up + 1);
    for (let i = lo; i <= hi; i += 1) {
      const mass = dist[i];
      if (mass === 0) continue;
      next[i + up] += mass * p;
      next[i - down] += mass * (1 - p);
    }
    [dist, next] = [next, dist];
    lo -= down;
    hi += up;
  }
  let chance = 0;
  for (let i = target - lowest; i <= hi; i += 1) chance += dist[i];
  return Math.min(1, chance);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The verdict of a chance by luck over `gradedPicks` picks. */
export function verdictFor(gradedPicks: number, chanceByLuck: number | null): Verdict {
  if (gradedPicks < CONFIDENCE_MIN_PICKS || chanceByLuck === null) return "Too few picks to tell";
  if (chanceByLuck <= STRONG_SKILL_CHANCE) return "Strong evidence of skill";
  if (chanceByLuck <= LIKELY_SKILL_CHANCE) return "Likely skill";
  return "Could be luck";
}

export function confidenceOf(picks: GradedPick[]): Confidence {
  const staked = picks.reduce((sum, pick) => sum + pick.units, 0);
  const profits = picks.map(profitOf);
  const profit = profits.reduce((sum, value) => sum + value, 0);
  let roi: number | null = null;
  let roiLow: number | null = null;
  let roiHigh: number | null = null;
  if (staked > 0) {
    const ratio = profit / staked;
    // The ratio estimator's standard error: each pick's profit less what the ROI predicts for its stake.
    const spread = Math.sqrt(picks.reduce((sum, pick, i) => sum + (profits[i] - ratio * pick.units) ** 2, 0));
    const margin = (1.96 * spread) / staked;
    roi = round1(100 * ratio);
    roiLow = round1(100 * (ratio - margin));
    roiHigh = round1(100 * (ratio + margin));
  }
  const decided = picks.filter((pick) => pick.result !== "Push");
  const chanceByLuck =
    decided.length === 0
      ? null
      : round1(
          100 *
            chanceByLuckOf(
              decided.map((pick) => ({
                win: pick.units * (americanToDecimal(pick.odds) - 1),
                loss: pick.units,
                p: pick.noEdgeChance ?? fairWinProbability(pick.odds, pick.legs),
                won: pick.result === "Win",
              })),
            ),
        );
  const withClose = picks.filter((pick) => pick.clv !== null);
  return {
    gradedPicks: picks.length,
    roi,
    roiLow,
    roiHigh,
    chanceByLuck,
    beatCloseShare: withClose.length
      ? round1((100 * withClose.filter((p) => p.clv! > 0).length) / withClose.length)
      : null,
    averageClv: withClose.length
      ? Math.round((100 * withClose.reduce((sum, p) => sum + p.clv!, 0)) / withClose.length) / 100
      : null,
    verdict: verdictFor(picks.length, chanceByLuck),
  };
}
