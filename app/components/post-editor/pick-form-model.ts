/**
 * A structured pick in the editor (decision 026): the legs as the form holds them (typed
 * text), what changing the market does to them, the legs the API takes, and the live summary.
 * The rules themselves are `pick-markets.ts`'s; nothing here restates them. Pure.
 */
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import {
  formatOdds,
  isSelfGradedMarket,
  legSchema,
  MARKET_SIDES,
  oddsSchema,
  parlayOdds,
  PARLAY_MIN_LEGS,
  selectionLabel,
  type LegEvent,
  type LegMarket,
  type LegSide,
  type PickMarket,
} from "~/modules/record/pick-markets";

/** A leg as the API answers it. */
export type LegRecord = NonNullable<PostDTO["legs"]>[number];

export interface LegFormValues {
  /** React's key for the leg: stable while legs are added and removed, never sent. */
  key: string;
  eventId: number | null;
  market: LegMarket;
  /** "" for none chosen (a prop without over/under). */
  side: LegSide | "";
  /** Typed text, sent as a number. */
  line: string;
  odds: string;
  description: string;
}

/** A leg's fields, in the order they show (and the API's error keys `legs.N.<field>`). */
export const LEG_FIELDS = ["market", "eventId", "side", "line", "odds", "description"] as const;
export type LegField = (typeof LEG_FIELDS)[number];

let legCount = 0;
export function newLeg(market: LegMarket): LegFormValues {
  legCount += 1;
  return { key: `new-${legCount}`, eventId: null, market, side: "", line: "", odds: "", description: "" };
}

/** A stored leg as the form shows it; keyed by its place so loading twice gives the same values. */
export function legFromRecord(leg: LegRecord, index: number): LegFormValues {
  return {
    key: `leg-${index}`,
    eventId: leg.eventId,
    market: leg.market,
    side: leg.side ?? "",
    line: leg.line === null ? "" : String(leg.line),
    odds: formatOdds(leg.odds),
    description: leg.description ?? "",
  };
}

/** Props name what they bet on; the rest are graded from the final score. */
export const isPropLeg = (leg: Pick<LegFormValues, "market">) => isSelfGradedMarket(leg.market);

/** Spreads and totals always have a line; a prop has one with its over/under. */
export const legTakesLine = (leg: Pick<LegFormValues, "market" | "side">) =>
  leg.market === "Spread" || leg.market === "Total" || (isPropLeg(leg) && leg.side !== "");

/** The controls a leg shows: where an error on `legs.N.<field>` can be read. */
export function legShows(leg: LegFormValues, pickMarket: PickMarket | "", field: LegField): boolean {
  switch (field) {
    case "market":
      // A single bet's leg market is the pick's own select.
      return pickMarket !== "";
    case "line":
      return legTakesLine(leg);
    case "description":
      return isPropLeg(leg);
    default:
      return true;
  }
}

/** A leg moved to another market keeps its game and price; a side only if that market takes it. */
export function retarget(leg: LegFormValues, market: LegMarket): LegFormValues {
  if (leg.market === market) return leg;
  const bothProps = isSelfGradedMarket(leg.market) && isSelfGradedMarket(market);
  return {
    ...leg,
    market,
    side: leg.side !== "" && MARKET_SIDES[market].includes(leg.side) ? leg.side : "",
    // A spread's line and a total's mean different things.
    line: bothProps ? leg.line : "",
    description: bothProps ? leg.description : "",
  };
}

/** The legs after choosing another market: one leg for a single bet, at least two for a parlay. */
export function legsForMarket(current: PickMarket | "", legs: LegFormValues[], next: PickMarket | ""): LegFormValues[] {
  if (next === "") return [];
  if (next === "Parlay") {
    if (current === "Parlay") return legs;
    const first = legs[0] ?? newLeg("Moneyline");
    const more = Array.from({ length: Math.max(0, PARLAY_MIN_LEGS - 1) }, () => newLeg(first.market));
    return [first, ...more];
  }
  return [retarget(legs[0] ?? newLeg(next), next)];
}

/** product.md "Validation": typed text becomes a number, or undefined when it is not numeric. */
export function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** One leg of the API's JSON (`legSchema`): only the fields its market shows. */
export function legPayload(leg: LegFormValues) {
  return {
    eventId: leg.eventId ?? undefined,
    market: leg.market,
    side: leg.side === "" ? null : leg.side,
    line: legTakesLine(leg) ? (toNumber(leg.line) ?? null) : null,
    odds: toNumber(leg.odds),
    description: isPropLeg(leg) ? leg.description.trim() || null : null,
  };
}

/** "1 unit", "1.5 units". */
export const formatUnits = (units: number) => `${units} ${units === 1 ? "unit" : "units"}`;

/**
 * The bet in words as the server will write it: "Lakers -4.5 at -110, 1 unit", or a parlay's legs
 * and combined odds. null while a leg is incomplete or its game unknown.
 */
export function pickSummary(
  market: PickMarket | "",
  legs: LegFormValues[],
  units: number | undefined,
  events: Map<number, LegEvent>,
): string | null {
  if (market === "" || legs.length === 0) return null;
  const parsed = [];
  for (const leg of legs) {
    const result = legSchema.safeParse(legPayload(leg));
    if (!result.success || !events.has(result.data.eventId)) return null;
    parsed.push(result.data);
  }
  const odds = market === "Parlay" ? parlayOdds(parsed.map((leg) => leg.odds)) : parsed[0].odds;
  const stake = units !== undefined && units > 0 ? `, ${formatUnits(units)}` : "";
  return `${selectionLabel(market, parsed, events)} at ${formatOdds(odds)}${stake}`;
}

/** A parlay's odds as its legs' odds are typed: null until every leg has valid odds. */
export function combinedOdds(legs: LegFormValues[]): number | null {
  const odds = legs.map((leg) => oddsSchema.safeParse(toNumber(leg.odds)));
  return odds.length > 0 && odds.every((result) => result.success)
    ? parlayOdds(odds.map((result) => result.data as number))
    : null;
}

/** A side as the expert reads it: the team's name for Home/Away once the game is chosen. */
export function sideLabel(side: LegSide, event: LegEvent | null | undefined): string {
  if (side === "Home") return event ? `${event.homeTeam} (home)` : "Home";
  if (side === "Away") return event ? `${event.awayTeam} (away)` : "Away";
  return side;
}
