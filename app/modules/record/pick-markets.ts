/**
 * Structured picks (decision 026): the legs' validation and their words. Client-safe:
 * shared by the API and the editor; the markets and odds arithmetic are in pick-basics.ts
 * (re-exported here).
 */
import { z } from "zod";
import { MAX_INTEGER_ID } from "~/modules/http/storable";

export * from "./pick-basics";
import {
  americanToDecimal,
  isSelfGradedMarket,
  LEG_MARKETS,
  LEG_SIDES,
  MARKET_SIDES,
  formatLine,
  type PickMarket,
} from "./pick-basics";

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;
export const LEG_DESCRIPTION_MAX = 200;
export const LINE_MAX = 1000;
/**
 * A parlay's combined odds are capped: one lucky long shot must not outweigh a season of honest
 * picks on the record (the figures are risk-based, a win pays its odds in units).
 */
export const PARLAY_MAX_ODDS = 10_000;

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
  sameGame: "A parlay's legs must be on different games",
  parlayOdds: `A parlay pays at most +${PARLAY_MAX_ODDS} (${PARLAY_MAX_ODDS / 100} to 1)`,
} as const;

/** One of `values`: "Required" when missing, "Invalid input" for anything else. */
export const choice = <const T extends [string, ...string[]]>(values: T) =>
  z.enum(values, {
    errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? LEG_MESSAGES.required : LEG_MESSAGES.invalid }),
  });

const integer = () =>
  z
    .number({ required_error: LEG_MESSAGES.required, invalid_type_error: LEG_MESSAGES.invalid })
    .int(LEG_MESSAGES.invalid);
/** An event's id: past PostgreSQL's integer it is no id (and a database error). */
export const eventIdSchema = () => integer().min(1, LEG_MESSAGES.invalid).max(MAX_INTEGER_ID, LEG_MESSAGES.invalid);

export const oddsSchema = integer().refine(
  (odds) => Math.abs(odds) >= 100 && Math.abs(odds) <= 100_000,
  LEG_MESSAGES.odds,
);

export const legSchema = z
  .object({
    eventId: eventIdSchema(),
    market: choice([...LEG_MARKETS]),
    side: choice([...LEG_SIDES]).nullish(),
    line: z
      .number({ invalid_type_error: LEG_MESSAGES.invalid })
      .min(-LINE_MAX, LEG_MESSAGES.lineRange)
      .max(LINE_MAX, LEG_MESSAGES.lineRange)
      .refine((line) => Number.isInteger(line * 2), LEG_MESSAGES.line)
      .nullish(),
    odds: oddsSchema,
    description: z
      .string({ invalid_type_error: LEG_MESSAGES.invalid })
      .trim()
      .max(LEG_DESCRIPTION_MAX, LEG_MESSAGES.descriptionTooLong)
      .nullish(),
  })
  .superRefine((leg, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (isSelfGradedMarket(leg.market)) {
      if (!leg.description) issue("description", LEG_MESSAGES.description);
      if (leg.side && !MARKET_SIDES[leg.market].includes(leg.side)) issue("side", LEG_MESSAGES.side);
      if (leg.side && (leg.line === null || leg.line === undefined)) issue("line", LEG_MESSAGES.required);
    } else {
      if (!leg.side) issue("side", LEG_MESSAGES.required);
      else if (!MARKET_SIDES[leg.market].includes(leg.side)) issue("side", LEG_MESSAGES.side);
      if ((leg.market === "Spread" || leg.market === "Total") && (leg.line === null || leg.line === undefined))
        issue("line", LEG_MESSAGES.required);
      if (leg.market === "Total" && typeof leg.line === "number" && leg.line <= 0)
        issue("line", LEG_MESSAGES.totalLine);
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
export function checkLegs(
  market: PickMarket,
  legs: PickLeg[],
  addIssue: (path: (string | number)[], message: string) => void,
) {
  if (market === "Parlay") {
    if (legs.length < PARLAY_MIN_LEGS || legs.length > PARLAY_MAX_LEGS) addIssue(["legs"], LEG_MESSAGES.parlayLegs);
    // One leg per game: legs on one game are correlated (a same-game "parlay" of Home ML and Home
    // -0.5 is one outcome paid twice).
    const games = new Set<number>();
    legs.forEach((leg, index) => {
      if (games.has(leg.eventId)) addIssue(["legs", index], LEG_MESSAGES.sameGame);
      games.add(leg.eventId);
    });
    // In decimal odds, which cannot overflow: ten legs at +100000 is a finite number.
    const decimal = legs.reduce((product, leg) => product * americanToDecimal(leg.odds), 1);
    if (decimal - 1 > PARLAY_MAX_ODDS / 100) addIssue(["legs"], LEG_MESSAGES.parlayOdds);
    return;
  }
  if (legs.length !== 1) addIssue(["legs"], LEG_MESSAGES.singleLeg);
  else if (legs[0].market !== market) addIssue(["legs", 0, "market"], LEG_MESSAGES.legMarket);
}

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
  return market === "Parlay" ? `${legs.length}-leg parlay: ${labels.join(" + ")}` : (labels[0] ?? "");
}
