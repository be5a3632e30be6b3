/**
 * Grading from the final score, per market (decision 026), the odds arithmetic and the
 * figures, against hand-computed tables.
 */
import { describe, expect, it } from "vitest";
import { closingLineValue, gradeLeg, gradePickFromResults, type EventResult } from "~/modules/record/grading";
import { toRecordFigures, EMPTY_SUMS } from "~/modules/record/figures";
import {
  americanToDecimal,
  decimalToAmerican,
  parlayOdds,
  unitsWon,
  type PickLeg,
} from "~/modules/record/pick-markets";

const final = (homeScore: number, awayScore: number): EventResult => ({ status: "Final", homeScore, awayScore });
const leg = (fields: Partial<PickLeg>): PickLeg => ({
  eventId: 1,
  market: "Moneyline",
  side: "Home",
  line: null,
  odds: -110,
  description: null,
  ...fields,
});

describe("gradeLeg", () => {
  // [market, side, line, home, away, expected]
  const table: [PickLeg["market"], PickLeg["side"], number | null, number, number, string][] = [
    ["Moneyline", "Home", null, 24, 17, "Win"],
    ["Moneyline", "Away", null, 24, 17, "Loss"],
    ["Moneyline", "Home", null, 20, 20, "Push"],
    ["Moneyline", "Draw", null, 1, 1, "Win"],
    ["Moneyline", "Draw", null, 2, 1, "Loss"],
    ["Spread", "Home", -3.5, 24, 20, "Win"],
    ["Spread", "Home", -3.5, 23, 20, "Loss"],
    ["Spread", "Home", -3, 23, 20, "Push"],
    ["Spread", "Away", 3, 23, 20, "Push"],
    ["Spread", "Away", 3.5, 23, 20, "Win"],
    ["Spread", "Away", -2.5, 17, 20, "Win"],
    ["Spread", "Away", -3.5, 17, 20, "Loss"],
    ["Total", "Over", 44.5, 24, 21, "Win"],
    ["Total", "Over", 45, 24, 21, "Push"],
    ["Total", "Under", 45, 24, 21, "Push"],
    ["Total", "Under", 45.5, 24, 21, "Win"],
    ["Total", "Under", 44.5, 24, 21, "Loss"],
  ];
  it.each(table)("%s %s %s, %i-%i → %s", (market, side, line, home, away, expected) => {
    expect(gradeLeg(leg({ market, side, line }), final(home, away))).toBe(expected);
  });

  it("a cancelled game voids every leg; no result yet or a prop → not graded from the score", () => {
    expect(
      gradeLeg(leg({ market: "Spread", side: "Home", line: -3 }), {
        status: "Canceled",
        homeScore: null,
        awayScore: null,
      }),
    ).toBe("Void");
    expect(gradeLeg(leg({}), { status: "Live", homeScore: 10, awayScore: 3 })).toBeNull();
    expect(gradeLeg(leg({}), { status: "Scheduled", homeScore: null, awayScore: null })).toBeNull();
    expect(
      gradeLeg(leg({ market: "PlayerProp", side: "Over", line: 25.5, description: "Points" }), final(100, 90)),
    ).toBeNull();
  });
});

describe("gradePickFromResults", () => {
  const events = new Map<number, EventResult>([
    [1, final(24, 20)], // home by 4
    [2, final(21, 21)], // a tie
    [3, { status: "Canceled", homeScore: null, awayScore: null }],
    [4, { status: "Scheduled", homeScore: null, awayScore: null }],
  ]);
  const win = leg({ eventId: 1, market: "Spread", side: "Home", line: -3.5, odds: -110 }); // covers
  const push = leg({ eventId: 1, market: "Spread", side: "Home", line: -4, odds: +120 }); // lands on 4
  const loss = leg({ eventId: 1, market: "Total", side: "Over", line: 50.5, odds: -110 }); // 44 points
  const voided = leg({ eventId: 3, market: "Moneyline", side: "Away", odds: +150 });
  const pending = leg({ eventId: 4, market: "Moneyline", side: "Home", odds: -150 });

  it("a single bet: its leg's grade at its own odds", () => {
    expect(gradePickFromResults({ market: "Spread", legs: [win], odds: -110 }, events)).toEqual({
      result: "Win",
      settledOdds: -110,
    });
    expect(gradePickFromResults({ market: "Spread", legs: [push], odds: 120 }, events)).toEqual({
      result: "Push",
      settledOdds: 120,
    });
    expect(gradePickFromResults({ market: "Moneyline", legs: [voided], odds: 150 }, events)).toEqual({
      result: "Void",
      settledOdds: 150,
    });
    expect(gradePickFromResults({ market: "Moneyline", legs: [pending], odds: -150 }, events)).toBeNull();
  });

  it("parlays: any loss loses; a pushed or void leg drops out and the rest pay at their own odds", () => {
    const second = leg({ eventId: 2, market: "Total", side: "Over", line: 40.5, odds: +100 }); // 42 points: win
    const full = parlayOdds([-110, 100]);
    expect(full).toBe(282);
    expect(gradePickFromResults({ market: "Parlay", legs: [win, second], odds: full }, events)).toEqual({
      result: "Win",
      settledOdds: full,
    });
    expect(
      gradePickFromResults({ market: "Parlay", legs: [win, loss], odds: parlayOdds([-110, -110]) }, events)?.result,
    ).toBe("Loss");
    // With a push leg: a two-leg parlay of -110 and +100 with a +120 push pays at -110 × +100 = +282.
    expect(
      gradePickFromResults({ market: "Parlay", legs: [win, push, second], odds: parlayOdds([-110, 120, 100]) }, events),
    ).toEqual({ result: "Win", settledOdds: 282 });
    // One winning leg left: the parlay pays at that leg's odds.
    expect(
      gradePickFromResults({ market: "Parlay", legs: [win, voided], odds: parlayOdds([-110, 150]) }, events),
    ).toEqual({ result: "Win", settledOdds: -110 });
    expect(gradePickFromResults({ market: "Parlay", legs: [push, voided], odds: 450 }, events)?.result).toBe("Push");
    expect(
      gradePickFromResults({ market: "Parlay", legs: [voided, { ...voided, side: "Home" }], odds: 450 }, events)
        ?.result,
    ).toBe("Void");
    expect(gradePickFromResults({ market: "Parlay", legs: [win, pending], odds: 200 }, events)).toBeNull();
    const prop = leg({ eventId: 1, market: "PlayerProp", side: "Over", line: 20.5, description: "Points" });
    expect(gradePickFromResults({ market: "Parlay", legs: [win, prop], odds: 200 }, events)).toBeNull();
  });
});

describe("odds and figures", () => {
  it("American and decimal odds, parlay odds, risk-based units", () => {
    expect(americanToDecimal(150)).toBe(2.5);
    expect(americanToDecimal(-200)).toBe(1.5);
    expect(decimalToAmerican(2.5)).toBe(150);
    expect(decimalToAmerican(1.5)).toBe(-200);
    expect(decimalToAmerican(2)).toBe(100);
    expect(parlayOdds([-110, -110])).toBe(264);
    expect(unitsWon("Win", -110, 1)).toBeCloseTo(0.9091, 4);
    expect(unitsWon("Loss", -110, 1)).toBe(-1);
    expect(unitsWon("Loss", 150, 2)).toBe(-2);
    expect(unitsWon("Win", 150, 2)).toBe(3);
    expect(unitsWon("Push", 150, 2)).toBe(0);
  });

  it("closing-line value: percentage points of implied probability gained on the close", () => {
    expect(closingLineValue(-110, -130)).toBe(4.14);
    expect(closingLineValue(-110, -110)).toBe(0);
    expect(closingLineValue(150, 120)).toBe(5.45);
    expect(closingLineValue(-130, -110)).toBe(-4.14);
  });

  it("the figures of a hand-computed record", () => {
    // Win 1u at -110 (+0.9091), loss 2u at +150 (-2), push 1u at -110, win 1.5u at +120 (+1.8), a void.
    const figures = toRecordFigures({
      ...EMPTY_SUMS,
      wins: 2,
      losses: 1,
      pushes: 1,
      voids: 1,
      profit: 0.9091 - 2 + 1.8,
      staked: 5.5,
      decimalOddsSum: 1.9091 + 2.5 + 1.9091 + 2.2,
      clvSum: 4.14 - 1,
      clvCount: 2,
      score: 0.7091 / Math.sqrt(1 + 4 + 1 + 2.25),
      streakKind: "W",
      streakLength: 1,
    });
    expect(figures).toEqual({
      wins: 2,
      losses: 1,
      pushes: 1,
      voids: 1,
      withdrawn: 0,
      sample: 4,
      winRate: 66.7,
      units: 0.71,
      roi: 12.9,
      averageOdds: 113,
      clv: 1.57,
      streak: "W1",
      score: 0.25,
      confidence: {
        gradedPicks: 4,
        roi: 12.9,
        roiLow: null,
        roiHigh: null,
        chanceByLuck: null,
        beatCloseShare: null,
        averageClv: 1.57,
        verdict: "Too few picks to tell",
      },
    });
    expect(toRecordFigures(EMPTY_SUMS)).toMatchObject({
      sample: 0,
      winRate: null,
      roi: null,
      averageOdds: null,
      clv: null,
      streak: null,
      units: 0,
    });
  });
});
