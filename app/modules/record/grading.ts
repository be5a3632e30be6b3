/**
 * Grading from the final score (decision 026). Pure: the results import applies it.
 * Moneylines, spreads and totals are graded from the score; a cancelled event voids its legs; a
 * parlay loses with any losing leg, and otherwise pays at the odds of its winning legs (pushed and
 * void legs drop out; all of them pushed or void: the parlay pushes or is void). Props are graded
 * by their expert.
 */
import {
  americanToDecimal,
  decimalToAmerican,
  impliedProbability,
  isSelfGradedMarket,
  type PickLeg,
  type PickMarket,
} from "./pick-markets";

export type Grade = "Win" | "Loss" | "Push" | "Void";

export interface EventResult {
  status: "Scheduled" | "Live" | "Final" | "Canceled";
  homeScore: number | null;
  awayScore: number | null;
}

const compare = (value: number): Grade => (value > 0 ? "Win" : value < 0 ? "Loss" : "Push");

/** One leg's grade, or null while its event has no result (or the leg is a prop). */
export function gradeLeg(leg: PickLeg, event: EventResult): Grade | null {
  if (event.status === "Canceled") return "Void";
  if (event.status !== "Final" || event.homeScore === null || event.awayScore === null) return null;
  if (isSelfGradedMarket(leg.market)) return null;
  const margin = event.homeScore - event.awayScore;
  switch (leg.market) {
    case "Moneyline":
      if (leg.side === "Draw") return margin === 0 ? "Win" : "Loss";
      return compare(leg.side === "Home" ? margin : -margin);
    case "Spread":
      return compare((leg.side === "Home" ? margin : -margin) + (leg.line ?? 0));
    case "Total": {
      const over = event.homeScore + event.awayScore - (leg.line ?? 0);
      return compare(leg.side === "Over" ? over : -over);
    }
    default:
      return null;
  }
}

export interface PickGrade {
  result: Grade;
  /** The odds the grade pays at (a parlay's remaining legs); the pick's own for a single. */
  settledOdds: number;
}

/**
 * The pick's grade once every leg's event has its result; null while one has not, or when the
 * pick is its expert's to grade (a prop, or a parlay with a prop leg).
 */
export function gradePickFromResults(
  pick: { market: PickMarket; legs: PickLeg[]; odds: number },
  events: Map<number, EventResult>,
): PickGrade | null {
  if (pick.legs.some((leg) => isSelfGradedMarket(leg.market))) return null;
  const grades: Grade[] = [];
  for (const leg of pick.legs) {
    const event = events.get(leg.eventId);
    const grade = event ? gradeLeg(leg, event) : null;
    if (grade === null) return null;
    grades.push(grade);
  }
  if (pick.market !== "Parlay") return { result: grades[0], settledOdds: pick.odds };
  if (grades.includes("Loss")) return { result: "Loss", settledOdds: pick.odds };
  const winning = pick.legs.filter((_, index) => grades[index] === "Win");
  if (winning.length === 0) return { result: grades.includes("Push") ? "Push" : "Void", settledOdds: pick.odds };
  const decimal = winning.reduce((product, leg) => product * americanToDecimal(leg.odds), 1);
  return { result: "Win", settledOdds: winning.length === pick.legs.length ? pick.odds : decimalToAmerican(decimal) };
}

/**
 * Closing-line value in percentage points of implied probability: the closing price's minus the
 * taken price's. Positive when the pick beat the close (-110 taken, -130 at the close: +3.9).
 */
export function closingLineValue(takenOdds: number, closingOdds: number): number {
  return Math.round((impliedProbability(closingOdds) - impliedProbability(takenOdds)) * 100) / 100;
}
