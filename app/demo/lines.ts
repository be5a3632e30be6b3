/** The demo's numbers: a seeded generator, each sport's lines and prices, and final scores that grade as the demo wants. */
import type { Grade } from "~/modules/record/grading";
import type { MarketOffer } from "~/modules/record/market-price";
import type { LegSide } from "~/modules/record/pick-basics";
import { HEAD_TO_HEAD_SPORTS } from "./competitors";

/** A small deterministic generator, so the demo looks the same on every machine. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** How each sport's demo lines look: spread sizes, totals, and how many points a win is worth. */
const DEMO_LINES: Record<
  string,
  { spread?: [number, number]; fixedSpread?: number; totals?: number[]; sigma?: number; draw?: boolean }
> = {
  NBA: { spread: [1, 12], totals: range(215.5, 234.5), sigma: 12 },
  NFL: { spread: [1, 10], totals: range(38.5, 51.5), sigma: 13.5 },
  NCAAB: { spread: [1, 15], totals: range(130.5, 149.5), sigma: 11 },
  NCAAF: { spread: [1, 20], totals: range(45.5, 59.5), sigma: 16 },
  MLB: { fixedSpread: 1.5, totals: [7.5, 8, 8.5, 9, 9.5] },
  NHL: { fixedSpread: 1.5, totals: [5.5, 6, 6.5] },
  Soccer: { fixedSpread: 0.5, totals: [2.5], draw: true },
};

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.round(to - from) + 1 }, (_, i) => from + i);
}

/** A win probability with the bookmaker's margin, as American odds rounded to 5 cents. */
function americanFrom(probability: number, margin = 1.025): number {
  const q = Math.min(0.95, Math.max(0.05, probability * margin));
  const odds = q >= 0.5 ? -Math.round((q / (1 - q)) * 20) * 5 : Math.round(((1 - q) / q) * 20) * 5;
  return Math.abs(odds) < 100 ? (odds < 0 ? -100 : 100) : odds;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26; plenty for demo lines). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * A demo game's market ("demo games carry demo lines"): moneyline (with the draw in soccer), and
 * where the sport has them a spread and its mirror and a total, priced -105 to -120 a side, the
 * moneyline agreeing with the spread; fights, tennis, golf and esports have a moneyline only.
 */
export function demoMarket(sport: string, random: () => number): MarketOffer[] {
  const shape = DEMO_LINES[sport];
  const books = () => 3 + Math.floor(random() * 6);
  const pair = () => {
    const home = [-105, -108, -110, -112, -115][Math.floor(random() * 5)];
    return [home, -(220 + home)] as const;
  };
  const offers: MarketOffer[] = [];
  const moneyline = (probabilities: [LegSide, number][], margin: number) => {
    const bookmakers = books();
    for (const [side, probability] of probabilities)
      offers.push({ market: "Moneyline", side, line: null, price: americanFrom(probability, margin), bookmakers });
  };
  if (!shape) {
    const home = 0.3 + random() * 0.45;
    moneyline(
      [
        ["Home", home],
        ["Away", 1 - home],
      ],
      1.025,
    );
    return offers;
  }
  let homeWins: number;
  let homeLine: number;
  if (shape.draw) {
    const draw = 0.24 + random() * 0.06;
    const home = 0.3 + random() * 0.25;
    const away = 1 - draw - home;
    moneyline(
      [
        ["Home", home],
        ["Draw", draw],
        ["Away", away],
      ],
      1.05,
    );
    // An Asian handicap of half a goal: the favourite to win, the other side to win or draw.
    homeLine = home >= away ? -0.5 : 0.5;
    const homeCovers = home >= away ? home : home + draw;
    const bookmakers = books();
    offers.push({ market: "Spread", side: "Home", line: homeLine, price: americanFrom(homeCovers), bookmakers });
    offers.push({ market: "Spread", side: "Away", line: -homeLine, price: americanFrom(1 - homeCovers), bookmakers });
  } else {
    if (shape.spread) {
      const [least, most] = shape.spread;
      const size = least + Math.floor(random() * (most - least + 1)) + 0.5;
      homeLine = random() < 0.6 ? -size : size;
      homeWins = normalCdf(-homeLine / shape.sigma!);
    } else {
      homeWins = 0.38 + random() * 0.3;
      homeLine = homeWins >= 0.5 ? -shape.fixedSpread! : shape.fixedSpread!;
    }
    moneyline(
      [
        ["Home", homeWins],
        ["Away", 1 - homeWins],
      ],
      1.025,
    );
    const [homePrice, awayPrice] = pair();
    const bookmakers = books();
    offers.push({ market: "Spread", side: "Home", line: homeLine, price: homePrice, bookmakers });
    offers.push({ market: "Spread", side: "Away", line: -homeLine, price: awayPrice, bookmakers });
  }
  const total = shape.totals![Math.floor(random() * shape.totals!.length)];
  const [overPrice, underPrice] = pair();
  const bookmakers = books();
  offers.push({ market: "Total", side: "Over", line: total, price: overPrice, bookmakers });
  offers.push({ market: "Total", side: "Under", line: total, price: underPrice, bookmakers });
  return offers;
}

// ---------------------------------------------------------------------------------------------
// Final scores and the lines that grade as the demo wants
// ---------------------------------------------------------------------------------------------

/** A final score as the sport has them: points, runs, goals, sets, maps; a fight or a golf matchup is 1–0. */
export function finalScore(sport: string, random: () => number, want: "any" | "decided" | "tie"): [number, number] {
  const between = (least: number, most: number) => least + Math.floor(random() * (most - least + 1));
  const one = (): number => {
    switch (sport) {
      case "NBA":
        return between(96, 128);
      case "NCAAB":
        return between(58, 88);
      case "NFL":
      case "NCAAF":
        return [3, 7, 10, 13, 14, 16, 17, 20, 21, 23, 24, 27, 28, 30, 31, 34, 38][between(0, 16)];
      case "MLB":
        return Math.floor(random() * random() * 11);
      case "NHL":
        return between(1, 6);
      case "Soccer":
        return [0, 0, 1, 1, 1, 2, 2, 3, 4][between(0, 8)];
      default:
        return 0;
    }
  };
  let score: [number, number];
  if (HEAD_TO_HEAD_SPORTS.has(sport) || sport === "Esports") {
    // Fights and golf matchups: the winner 1–0; tennis and esports: sets or maps of a best of three.
    const sets = HEAD_TO_HEAD_SPORTS.has(sport) && sport !== "Tennis" ? [1, 0] : [2, between(0, 1)];
    score = random() < 0.5 ? [sets[0], sets[1]] : [sets[1], sets[0]];
  } else {
    score = [one(), one()];
  }
  if (want === "tie") return [score[0], score[0]];
  if (want === "decided" && score[0] === score[1]) score[random() < 0.5 ? 0 : 1] += 1;
  return score;
}

/** Half-point lines each sport's spreads and total offsets come in. */
const SPREADS: Record<string, number[]> = {
  NBA: [1.5, 2.5, 4.5, 5.5, 6.5, 8.5, 10.5],
  NCAAB: [2.5, 4.5, 6.5, 9.5, 12.5],
  NFL: [1.5, 2.5, 3.5, 6.5, 7.5, 9.5],
  NCAAF: [3.5, 6.5, 10.5, 14.5, 17.5],
  Soccer: [0.5, 1.5],
};
const TOTAL_OFFSETS: Record<string, number[]> = {
  NBA: [-9.5, -4.5, 3.5, 8.5],
  NCAAB: [-8.5, -3.5, 2.5, 7.5],
  NFL: [-6.5, -3.5, 2.5, 5.5],
  NCAAF: [-7.5, -3.5, 3.5, 7.5],
  MLB: [-1.5, -0.5, 0.5, 1.5],
  NHL: [-1.5, -0.5, 0.5, 1.5],
  Soccer: [-1.5, -0.5, 0.5, 1.5],
};

/**
 * The side and line of a single-game pick of `market` that grades `result` on this final score: the
 * demo decides who was right first (its experts' skill), then writes the bet that was. Fights and
 * golf matchups are bet on the moneyline only.
 */
export function legGrading(
  sport: string,
  market: "Spread" | "Total" | "Moneyline",
  result: Grade,
  [home, away]: [number, number],
  roll: number,
): { market: "Spread" | "Total" | "Moneyline"; side: LegSide; line: number | null } {
  const margin = home - away;
  const won = result === "Win";
  const kind = HEAD_TO_HEAD_SPORTS.has(sport) ? "Moneyline" : market;
  if (kind === "Moneyline") {
    if (result === "Push" || margin === 0) return { market: kind, side: "Home", line: null };
    return { market: kind, side: margin > 0 === won ? "Home" : "Away", line: null };
  }
  if (kind === "Spread") {
    if (result === "Push") return { market: kind, side: "Home", line: -margin };
    const sizes = SPREADS[sport] ?? [1.5];
    const size = sizes[Math.floor(roll * sizes.length) % sizes.length];
    const homeLine = Math.floor(roll * 97) % 2 ? -size : size;
    const homeCovers = margin + homeLine > 0;
    return {
      market: kind,
      side: homeCovers === won ? "Home" : "Away",
      line: homeCovers === won ? homeLine : -homeLine,
    };
  }
  const total = home + away;
  if (result === "Push") return { market: kind, side: "Over", line: total };
  const offsets = TOTAL_OFFSETS[sport] ?? [-1.5, -0.5, 0.5, 1.5];
  let line = total + offsets[Math.floor(roll * offsets.length) % offsets.length];
  if (line < 0.5) line = total + 0.5;
  return { market: kind, side: total > line === won ? "Over" : "Under", line };
}
