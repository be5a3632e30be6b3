/**
 * What a pick bets on and the arithmetic of American odds (decision 026): no zod here,
 * so the cards and pick boxes of every page can use it without the validation code
 * (pick-markets.ts re-exports it all beside the schemas).
 */
export const LEG_MARKETS = ["Moneyline", "Spread", "Total", "PlayerProp", "TeamProp"] as const;
export const PICK_MARKETS = [...LEG_MARKETS, "Parlay"] as const;
export type LegMarket = (typeof LEG_MARKETS)[number];
export type PickMarket = (typeof PICK_MARKETS)[number];
export const LEG_SIDES = ["Home", "Away", "Draw", "Over", "Under"] as const;
export type LegSide = (typeof LEG_SIDES)[number];

export const MARKET_LABELS: Record<PickMarket, string> = {
  Moneyline: "Moneyline",
  Spread: "Spread",
  Total: "Total (over/under)",
  PlayerProp: "Player prop",
  TeamProp: "Team prop",
  Parlay: "Parlay",
};

/** The sides each market takes; props name theirs in words (and may add Over/Under with a line). */
export const MARKET_SIDES: Record<LegMarket, readonly LegSide[]> = {
  Moneyline: ["Home", "Away", "Draw"],
  Spread: ["Home", "Away"],
  Total: ["Over", "Under"],
  PlayerProp: ["Over", "Under"],
  TeamProp: ["Over", "Under"],
};

/** Sports whose games can end level: only there does a moneyline take the draw. */
export const SPORTS_WITH_DRAWS: ReadonlySet<string> = new Set(["Soccer"]);

/** The sides a leg of `market` may take on a game of `sport` (an NBA moneyline has no draw). */
export function sidesFor(market: LegMarket, sport: string | null): readonly LegSide[] {
  const sides = MARKET_SIDES[market];
  return market === "Moneyline" && !(sport !== null && SPORTS_WITH_DRAWS.has(sport))
    ? sides.filter((side) => side !== "Draw")
    : sides;
}

/** Props are graded by their expert (flagged self-graded); the rest from the final score. */
/** The grades a pick can get, in the order the grading menu lists them. */
export const PICK_RESULTS = ["Win", "Loss", "Push", "Void"] as const;

export const isSelfGradedMarket = (market: LegMarket) => market === "PlayerProp" || market === "TeamProp";

// ---------------------------------------------------------------------------------------------
// Odds
// ---------------------------------------------------------------------------------------------
/** +150 → 2.5; -110 → 1.909… */
export function americanToDecimal(odds: number): number {
  return odds > 0 ? 1 + odds / 100 : 1 + 100 / Math.abs(odds);
}

/** 2.5 → +150; 1.909… → -110 (rounded to whole odds). Even money (2.0) is +100. */
export function decimalToAmerican(decimal: number): number {
  return decimal >= 2 ? Math.round((decimal - 1) * 100) : Math.round(-100 / (decimal - 1));
}

/** A parlay's odds: the product of its legs' decimal odds. */
export function parlayOdds(legOdds: number[]): number {
  return decimalToAmerican(legOdds.reduce((product, odds) => product * americanToDecimal(odds), 1));
}

/** Risk-based units won: a one-unit loss is -1 whatever the odds; a one-unit win at -110 is +0.91. */
export function unitsWon(result: "Win" | "Loss" | "Push" | "Void", odds: number, units: number): number {
  if (result === "Win") return units * (americanToDecimal(odds) - 1);
  if (result === "Loss") return -units;
  return 0;
}

/** Implied probability of American odds, in percent. */
export const impliedProbability = (odds: number) => 100 / americanToDecimal(odds);

export const formatOdds = (odds: number) => (odds > 0 ? `+${odds}` : String(odds));
export const formatLine = (line: number) => (line > 0 ? `+${line}` : String(line));
