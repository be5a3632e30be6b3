import { describe, expect, it } from "vitest";
import {
  chanceByLuckOf,
  chanceOfAtLeast,
  CONVOLUTION_BUDGET,
  normalTail,
  confidenceOf,
  CONFIDENCE_MIN_PICKS,
  fairWinProbability,
  FALLBACK_MARGIN,
  legNoEdgeChance,
  noEdgeChance,
  noVigChance,
  verdictFor,
  type GradedPick,
  type LegAtPosting,
} from "~/modules/record/confidence";
import type { MarketOffer } from "~/modules/record/market-price";
import { americanToDecimal } from "~/modules/record/pick-basics";

/** A seeded generator (mulberry32): the same records every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A record drawn pick by pick: varied prices and stakes, each won with probability `winChance(odds)`. */
function drawRecord(next: () => number, picks: number, winChance: (odds: number) => number): GradedPick[] {
  return Array.from({ length: picks }, () => {
    const magnitude = 100 + Math.floor(next() * 151);
    const odds = next() < 0.5 ? -magnitude : magnitude;
    const units = Math.round(5 + next() * 25) / 10;
    return { odds, legs: 1, units, result: next() < winChance(odds) ? "Win" : "Loss", clv: null };
  });
}

const outcome = (odds: number, won: boolean, units = 1) => ({
  win: units * (americanToDecimal(odds) - 1),
  loss: units,
  p: fairWinProbability(odds),
  won,
});

describe("skill or luck: exact small cases", () => {
  it("without the market, removes the fallback margin from each leg's price", () => {
    // 2 % a leg: even money is 0.5 / 1.02, -110 is 0.5238 / 1.02.
    expect(fairWinProbability(100)).toBeCloseTo(0.490196, 6);
    expect(fairWinProbability(-110)).toBeCloseTo(0.513539, 6);
    expect(fairWinProbability(100)).toBeCloseTo(0.5 / (1 + FALLBACK_MARGIN), 12);
    expect(fairWinProbability(-110)).toBeCloseTo(110 / 210 / (1 + FALLBACK_MARGIN), 12);
    // A two-leg parlay at +264 (two -110 legs): its implied probability, the margin off each leg.
    expect(fairWinProbability(264, 2)).toBeCloseTo(1 / 3.64 / (1 + FALLBACK_MARGIN) ** 2, 12);
  });

  it("one pick at even money: a win is as likely by luck as the fair price says, a loss is certain to be matched", () => {
    const p = 0.5 / (1 + FALLBACK_MARGIN);
    expect(chanceOfAtLeast([outcome(100, true)])).toBeCloseTo(p, 12);
    expect(chanceOfAtLeast([outcome(100, false)])).toBeCloseTo(1, 12);
  });

  it("two even-money picks: both won is p², one of two is 1 − (1 − p)²", () => {
    const p = 0.5 / (1 + FALLBACK_MARGIN);
    expect(chanceOfAtLeast([outcome(100, true), outcome(100, true)])).toBeCloseTo(p * p, 12);
    expect(chanceOfAtLeast([outcome(100, true), outcome(100, false)])).toBeCloseTo(1 - (1 - p) ** 2, 12);
  });

  it("three picks worked by hand: +200 won, -150 lost, -150 won (profit +2.67u)", () => {
    const a = fairWinProbability(200);
    const b = fairWinProbability(-150);
    // Outcomes at least as good as +2 + 0.667 - 1 = +1.667: the +200 must win (else at most +1.33);
    // then at least one of the two -150s must win (+2 - 1 - 1 = 0 otherwise).
    const byHand = a * (1 - (1 - b) ** 2);
    // a = (1/3) / 1.02 = 0.326797, b = 0.6 / 1.02 = 0.588235: 0.326797 × (1 − 0.411765²) = 0.271389.
    expect(byHand).toBeCloseTo(0.271389, 6);
    expect(chanceOfAtLeast([outcome(200, true), outcome(-150, false), outcome(-150, true)])).toBeCloseTo(byHand, 10);
  });

  it("weighs stakes: a 3-unit loss and a 1-unit win at even money need the 3-unit pick to win to match", () => {
    const p = fairWinProbability(100);
    // Profit -2: matched by any outcome except losing the 3-unit pick while losing the 1-unit one? -3-1 = -4 < -2;
    // losing the 3-unit and winning the 1-unit is -2 (a tie, counted); winning the 3-unit is +2 or +4.
    expect(chanceOfAtLeast([outcome(100, false, 3), outcome(100, true, 1)])).toBeCloseTo(1 - (1 - p) * (1 - p), 12);
  });

  it("says nothing under the minimum sample, then follows the thresholds", () => {
    expect(verdictFor(CONFIDENCE_MIN_PICKS - 1, 0.01)).toBe("Too few picks to tell");
    expect(verdictFor(CONFIDENCE_MIN_PICKS, null)).toBe("Too few picks to tell");
    expect(verdictFor(CONFIDENCE_MIN_PICKS, 40)).toBe("Could be luck");
    expect(verdictFor(CONFIDENCE_MIN_PICKS, 10.1)).toBe("Could be luck");
    expect(verdictFor(CONFIDENCE_MIN_PICKS, 10)).toBe("Likely skill");
    expect(verdictFor(CONFIDENCE_MIN_PICKS, 1.1)).toBe("Likely skill");
    expect(verdictFor(CONFIDENCE_MIN_PICKS, 1)).toBe("Strong evidence of skill");
  });

  it("reports ROI with its interval, CLV and the count; pushes risk nothing and are not drawn", () => {
    const picks: GradedPick[] = [
      { odds: -110, legs: 1, units: 1, result: "Win", clv: 1.5 },
      { odds: -110, legs: 1, units: 1, result: "Loss", clv: -0.5 },
      { odds: 150, legs: 1, units: 2, result: "Win", clv: 2 },
      { odds: -110, legs: 1, units: 1, result: "Push", clv: null },
    ];
    const confidence = confidenceOf(picks);
    const profit = 100 / 110 - 1 + 3;
    expect(confidence.gradedPicks).toBe(4);
    expect(confidence.roi).toBe(Math.round((1000 * profit) / 5) / 10);
    expect(confidence.roiLow!).toBeLessThan(confidence.roi!);
    expect(confidence.roiHigh!).toBeGreaterThan(confidence.roi!);
    expect(confidence.beatCloseShare).toBe(66.7);
    expect(confidence.averageClv).toBe(1);
    expect(confidence.verdict).toBe("Too few picks to tell");
    expect(confidenceOf([])).toMatchObject({ gradedPicks: 0, roi: null, chanceByLuck: null, averageClv: null });
  });
});

const offer = (market: MarketOffer["market"], side: MarketOffer["side"], line: number | null, price: number) => ({
  market,
  side,
  line,
  price,
  bookmakers: 6,
});
/** Lakers -4.5 at -110 both ways (4.76 % margin), moneyline -200 / +170, total 220.5 at -105 / -115. */
const MARKET: MarketOffer[] = [
  offer("Spread", "Home", -4.5, -110),
  offer("Spread", "Away", 4.5, -110),
  offer("Spread", "Home", -5.5, 100),
  offer("Spread", "Away", 5.5, -120),
  offer("Moneyline", "Home", null, -200),
  offer("Moneyline", "Away", null, 170),
  offer("Total", "Over", 220.5, -105),
  offer("Total", "Under", 220.5, -115),
];
const leg = (over: Partial<LegAtPosting>): LegAtPosting => ({
  market: "Spread",
  side: "Home",
  line: -4.5,
  odds: -110,
  sides: ["Home", "Away"],
  offers: MARKET,
  ...over,
});

describe("skill or luck: the no-edge chance from the market at posting", () => {
  it("with every side known at the leg's line, is the market's no-vig chance, whatever price the expert took", () => {
    expect(legNoEdgeChance(leg({}))).toBeCloseTo(0.5, 12);
    expect(legNoEdgeChance(leg({ odds: -115 }))).toBeCloseTo(0.5, 12);
    expect(legNoEdgeChance(leg({ side: "Away", line: 4.5 }))).toBeCloseTo(0.5, 12);
    // -5.5 at +100 against +5.5 at -120: 0.5 / (0.5 + 0.5455) = 0.4783.
    expect(legNoEdgeChance(leg({ line: -5.5, odds: 100 }))).toBeCloseTo(0.5 / (0.5 + 120 / 220), 12);
    // Moneyline -200 / +170: (2/3) / (2/3 + 1/2.7) = 9/14.
    expect(legNoEdgeChance(leg({ market: "Moneyline", line: null, odds: -200 }))).toBeCloseTo(9 / 14, 12);
    expect(legNoEdgeChance(leg({ market: "Moneyline", side: "Away", line: null, odds: 170 }))).toBeCloseTo(5 / 14, 12);
    const over = leg({ market: "Total", side: "Over", line: 220.5, odds: -105, sides: ["Over", "Under"] });
    expect(legNoEdgeChance(over)).toBeCloseTo(105 / 205 / (105 / 205 + 115 / 215), 12);
  });

  it("a three-way moneyline needs the draw's price too", () => {
    const soccer = [
      offer("Moneyline", "Home", null, 150),
      offer("Moneyline", "Draw", null, 230),
      offer("Moneyline", "Away", null, 190),
    ];
    const home = leg({ market: "Moneyline", line: null, odds: 150, sides: ["Home", "Away", "Draw"], offers: soccer });
    expect(noVigChance(home)).toBeCloseTo(0.4 / (0.4 + 1 / 3.3 + 1 / 2.9), 12);
    const noDraw = { ...home, offers: soccer.filter((o) => o.side !== "Draw") };
    expect(noVigChance(noDraw)).toBeNull();
    expect(legNoEdgeChance(noDraw)).toBeCloseTo(0.4 / (1 + FALLBACK_MARGIN), 12);
  });

  it("a parlay's is its legs' multiplied", () => {
    const legs = [leg({}), leg({ market: "Moneyline", line: null, odds: -200 })];
    expect(noEdgeChance(legs)).toBeCloseTo(0.5 * (9 / 14), 12);
    expect(noEdgeChance([leg({ offers: [] }), leg({ offers: [] })])).toBeCloseTo(fairWinProbability(264, 2), 2);
  });

  it("without the market at the leg's line, removes the fallback margin, never more than the market carries", () => {
    // No snapshot at posting: 2 % off the price.
    expect(noVigChance(leg({ offers: [] }))).toBeNull();
    expect(legNoEdgeChance(leg({ offers: [] }))).toBeCloseTo(110 / 210 / 1.02, 12);
    // A bought line (-3.5 at -120): the market carries 4.76 % at -4.5, so the fallback's 2 %.
    expect(legNoEdgeChance(leg({ line: -3.5, odds: -120 }))).toBeCloseTo(120 / 220 / 1.02, 12);
    // A market carrying 1.48 % (-102 / -104): no more than that comes off.
    const thin = [offer("Spread", "Home", -4.5, -102), offer("Spread", "Away", 4.5, -104)];
    const margin = 102 / 202 + 104 / 204 - 1;
    expect(margin).toBeLessThan(FALLBACK_MARGIN);
    expect(legNoEdgeChance(leg({ line: -3.5, odds: -112, offers: thin }))).toBeCloseTo(112 / 212 / (1 + margin), 12);
  });

  it("the fallback never puts a price at or under the best below the market's chance, where it carries at least 2 %", () => {
    const next = random(61);
    for (let i = 0; i < 2000; i += 1) {
      const home = -(100 + Math.floor(next() * 60));
      const away = -(100 + Math.floor(next() * 60));
      const offers = [offer("Spread", "Home", -2.5, home), offer("Spread", "Away", 2.5, away)];
      if (1 / americanToDecimal(home) + 1 / americanToDecimal(away) - 1 < FALLBACK_MARGIN) continue;
      const taken = home - Math.floor(next() * 15);
      const fair = noVigChance(leg({ line: -2.5, odds: taken, offers }))!;
      expect(legNoEdgeChance(leg({ line: -2.5, odds: taken, offers: [] }))).toBeGreaterThanOrEqual(fair);
    }
  });

  it("the record's chance by luck uses it when known", () => {
    const picks: GradedPick[] = Array.from({ length: 40 }, (_, i) => ({
      odds: -110,
      legs: 1,
      noEdgeChance: 0.5,
      units: 1,
      result: i < 26 ? "Win" : "Loss",
      clv: null,
    }));
    const exact = chanceOfAtLeast(picks.map((pick) => ({ ...outcome(-110, pick.result === "Win"), p: 0.5 })));
    expect(confidenceOf(picks).chanceByLuck).toBe(Math.round(1000 * exact) / 10);
    // The fallback's 2 % leaves the no-edge bettor a better chance: -110 is 0.5135 with it.
    expect(confidenceOf(picks.map(({ noEdgeChance: _, ...pick }) => pick)).chanceByLuck!).toBeGreaterThan(
      confidenceOf(picks).chanceByLuck!,
    );
  });
});

describe("skill or luck: properties of records drawn at random", () => {
  it("a bettor with no edge gets a chance by luck that is uniform (Kolmogorov-Smirnov at 1 %)", () => {
    const next = random(20261130);
    const records = 120;
    const chances = Array.from({ length: records }, () => {
      const record = drawRecord(next, 80, (odds) => fairWinProbability(odds));
      return chanceOfAtLeast(
        record.map((pick) => ({
          win: pick.units * (americanToDecimal(pick.odds) - 1),
          loss: pick.units,
          p: fairWinProbability(pick.odds),
          won: pick.result === "Win",
        })),
      );
    }).sort((a, b) => a - b);
    const statistic = Math.max(...chances.map((value, i) => Math.max((i + 1) / records - value, value - i / records)));
    // The critical value of the one-sample KS statistic at 1 %: 1.628 / √n.
    expect(statistic).toBeLessThan(1.628 / Math.sqrt(records));
  });

  it("finds a real edge: 500 picks at -110, 290 of them won (58 %), is strong evidence", () => {
    const picks: GradedPick[] = Array.from({ length: 500 }, (_, i) => ({
      odds: -110,
      legs: 1,
      units: 1,
      result: i % 50 < 29 ? "Win" : "Loss",
      clv: null,
    }));
    const confidence = confidenceOf(picks);
    expect(confidence.chanceByLuck!).toBeLessThanOrEqual(1);
    expect(confidence.verdict).toBe("Strong evidence of skill");
    expect(confidence.roiLow!).toBeGreaterThan(0);
  });

  it("at one price, is the binomial tail exactly", () => {
    const p = fairWinProbability(-110);
    const logFactorial = (n: number) => Array.from({ length: n }, (_, i) => Math.log(i + 1)).reduce((a, b) => a + b, 0);
    const tail = (n: number, k: number) =>
      Array.from({ length: n - k + 1 }, (_, j) => k + j).reduce(
        (sum, w) =>
          sum +
          Math.exp(
            logFactorial(n) - logFactorial(w) - logFactorial(n - w) + w * Math.log(p) + (n - w) * Math.log(1 - p),
          ),
        0,
      );
    for (const [n, k] of [
      [500, 276],
      [120, 70],
      [40, 15],
    ]) {
      const record = Array.from({ length: n }, (_, i) => outcome(-110, i < k));
      expect(chanceOfAtLeast(record)).toBeCloseTo(tail(n, k), 10);
    }
  });

  it("a hot start means little: 9 wins in 10 picks is too few to tell", () => {
    const picks: GradedPick[] = Array.from({ length: 10 }, (_, i) => ({
      odds: -110,
      legs: 1,
      units: 1,
      result: i === 0 ? "Loss" : "Win",
      clv: null,
    }));
    const confidence = confidenceOf(picks);
    expect(confidence.chanceByLuck!).toBeLessThan(5);
    expect(confidence.verdict).toBe("Too few picks to tell");
  });

  it("reads a record too long to sum exactly from the normal curve, which agrees with the exact sum there", () => {
    const next = random(99);
    const record = drawRecord(next, 1200, (odds) => fairWinProbability(odds) * 1.03).map((pick) => ({
      win: pick.units * (americanToDecimal(pick.odds) - 1),
      loss: pick.units,
      p: fairWinProbability(pick.odds),
      won: pick.result === "Win",
    }));
    const cells = record.reduce((sum, o) => sum + o.win + o.loss, 0) / 0.01;
    expect((record.length * cells) / 2).toBeGreaterThan(CONVOLUTION_BUDGET);
    expect(chanceByLuckOf(record)).toBe(normalTail(record));
    // The exact sum on a coarser grid (0.05 units), for comparison: within a tenth of a point.
    expect(Math.abs(100 * normalTail(record) - 100 * chanceOfAtLeast(record, 0.05))).toBeLessThan(0.1);
  });
});
