/**
 * Structured picks (issue 9, decision 026): what a pick bets on, its legs, and the arithmetic of
 * American odds. Client-safe: shared by the API's validation, the editor and the pick box.
 */
import { z } from "zod";

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

/** Props are graded by their expert (flagged self-graded); the rest from the final score. */
export const isSelfGradedMarket = (market: LegMarket) => market === "PlayerProp" || market === "TeamProp";

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;
export const LEG_DESCRIPTION_MAX = 200;
export const LINE_MAX = 1000;

export const LEG_MESSAGES = {
  required: "Required",
  invalid: "Invalid input",
  side: "Choose a side this market takes",
  line: "Lines are whole or half points",
  lineRange: `Lines are between -${LINE_MAX} and ${LINE_MAX}`,
  totalLine: "A total's line is above zero",
  odds: "Odds must be whole American odds: -100 or lower, or +100 or higher",
  description: "Describe the prop",
  descriptionTooLong: `Must contain at most ${LEG_DESCRIPTION_MAX} character(s)`,
  parlayLegs: `A parlay has ${PARLAY_MIN_LEGS} to ${PARLAY_MAX_LEGS} legs`,
  singleLeg: "This market takes exactly one leg",
  parlayLegMarket: "A parlay's legs are moneylines, spreads, totals or props",
  legMarket: "The leg's market must be the pick's market",
  sameLegTwice: "The same bet is in the parlay twice",
} as const;

/** One of `values`: "Required" when missing, "Invalid input" for anything else. */
export const choice = <const T extends [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? LEG_MESSAGES.required : LEG_MESSAGES.invalid }) });

const integer = () => z.number({ required_error: LEG_MESSAGES.required, invalid_type_error: LEG_MESSAGES.invalid }).int(LEG_MESSAGES.invalid);

export const oddsSchema = integer().refine((odds) => Math.abs(odds) >= 100 && Math.abs(odds) <= 100_000, LEG_MESSAGES.odds);

export const legSchema = z
  .object({
    eventId: integer(),
    market: choice([...LEG_MARKETS]),
    side: choice([...LEG_SIDES]).nullish(),
    line: z
      .number({ invalid_type_error: LEG_MESSAGES.invalid })
      .min(-LINE_MAX, LEG_MESSAGES.lineRange)
      .max(LINE_MAX, LEG_MESSAGES.lineRange)
      .refine((line) => Number.isInteger(line * 2), LEG_MESSAGES.line)
      .nullish(),
    odds: oddsSchema,
    description: z.string({ invalid_type_error: LEG_MESSAGES.invalid }).trim().max(LEG_DESCRIPTION_MAX, LEG_MESSAGES.descriptionTooLong).nullish(),
  })
  .superRefine((leg, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (isSelfGradedMarket(leg.market)) {
      if (!leg.description) issue("description", LEG_MESSAGES.description);
      if (leg.side && (leg.line === null || leg.line === undefined)) issue("line", LEG_MESSAGES.required);
    } else {
      if (!leg.side) issue("side", LEG_MESSAGES.required);
      else if (!MARKET_SIDES[leg.market].includes(leg.side)) issue("side", LEG_MESSAGES.side);
      if ((leg.market === "Spread" || leg.market === "Total") && (leg.line === null || leg.line === undefined)) issue("line", LEG_MESSAGES.required);
      if (leg.market === "Total" && typeof leg.line === "number" && leg.line <= 0) issue("line", LEG_MESSAGES.totalLine);
    }
  })
  .transform((leg) => {
    const prop = isSelfGradedMarket(leg.market);
    const takesLine = leg.market === "Spread" || leg.market === "Total" || (prop && Boolean(leg.side));
    return {
      eventId: leg.eventId,
      market: leg.market,
      side: leg.side ?? null,
      line: takesLine ? (leg.line ?? null) : null,
      odds: leg.odds,
      description: prop ? leg.description || null : null,
    };
  });

export type PickLeg = z.output<typeof legSchema>;

/** The legs fit the market: one leg of that market, or 2–10 legs of the others for a parlay. */
export function checkLegs(market: PickMarket, legs: PickLeg[], addIssue: (path: (string | number)[], message: string) => void) {
  if (market === "Parlay") {
    if (legs.length < PARLAY_MIN_LEGS || legs.length > PARLAY_MAX_LEGS) addIssue(["legs"], LEG_MESSAGES.parlayLegs);
    const seen = new Set<string>();
    legs.forEach((leg, index) => {
      const key = `${leg.eventId}|${leg.market}|${leg.side}|${leg.description ?? ""}`;
      if (seen.has(key)) addIssue(["legs", index], LEG_MESSAGES.sameLegTwice);
      seen.add(key);
    });
    return;
  }
  if (legs.length !== 1) addIssue(["legs"], LEG_MESSAGES.singleLeg);
  else if (legs[0].market !== market) addIssue(["legs", 0, "market"], LEG_MESSAGES.legMarket);
}

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

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------
export interface LegEvent {
  homeTeam: string;
  awayTeam: string;
}

/** "Lakers -4.5", "Over 221.5", "Lakers ML", "Draw", or a prop's description: what a leg bets on. */
export function legLabel(leg: PickLeg, event: LegEvent): string {
  const team = leg.side === "Home" ? event.homeTeam : leg.side === "Away" ? event.awayTeam : null;
  switch (leg.market) {
    case "Moneyline":
      return leg.side === "Draw" ? `Draw (${event.awayTeam} at ${event.homeTeam})` : `${team} ML`;
    case "Spread":
      return `${team} ${formatLine(leg.line ?? 0)}`;
    case "Total":
      return `${leg.side} ${leg.line} (${event.awayTeam} at ${event.homeTeam})`;
    default: {
      const side = leg.side && leg.line !== null ? ` ${leg.side} ${leg.line}` : "";
      return `${leg.description}${side}`;
    }
  }
}

/** The pick's selection text, from its legs: a single leg's label, or the parlay's legs joined. */
export function selectionLabel(market: PickMarket, legs: PickLeg[], eventsById: Map<number, LegEvent>): string {
  const labels = legs.map((leg) => {
    const event = eventsById.get(leg.eventId);
    return event ? legLabel(leg, event) : `Event ${leg.eventId}`;
  });
  return market === "Parlay" ? `${legs.length}-leg parlay: ${labels.join(" + ")}` : labels[0] ?? "";
}
