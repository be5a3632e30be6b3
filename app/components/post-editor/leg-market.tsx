/**
 * The market beside a leg (decision 026): once a moneyline, spread or total leg names
 * its game, the editor reads that game's market (the /editor/market loader), says it in words
 * and fills the leg's line and odds from the consensus when the expert has not typed them. The
 * server prices the leg against the same market when it is posted (market-price.ts).
 */
import { useEffect, useRef } from "react";
import {
  HALF_POINT_CENTS,
  KEY_HALF_POINT_CENTS,
  LINE_TOLERANCE,
  isPricedMarket,
  type MarketOffer,
  type PricedMarket,
} from "~/modules/record/market-price";
import { formatLine, formatOdds, type LegMarket, type LegSide } from "~/modules/record/pick-basics";
import type { LegEvent } from "~/modules/record/pick-markets";
import type { EventMarketDTO } from "~/modules/record/market-consensus";
import type { LegFormValues } from "./pick-form-model";
import { useRouteData } from "./use-route-data";

export type EventMarketState =
  | { status: "idle" }
  | { status: "loading"; eventId: number }
  | { status: "error"; eventId: number }
  | { status: "loaded"; eventId: number; market: EventMarketDTO };

export const LEG_MARKET_MESSAGES = {
  loading: "Checking this game's market…",
  error: "This game's market could not be loaded: your line and odds are still checked against it when you post.",
  none: "No market lines for this game yet: only props can be posted on it.",
  noMarket: (market: PricedMarket) =>
    `No ${market === "Moneyline" ? "moneyline" : market === "Spread" ? "spread" : "total"} on this game yet: only props can be posted on it.`,
  tolerance: (market: PricedMarket) =>
    market === "Moneyline"
      ? "Picks are taken at its price or worse."
      : `Picks are taken within ${LINE_TOLERANCE} points of it, at its price or worse (each half point bought costs ${HALF_POINT_CENTS} cents, ${KEY_HALF_POINT_CENTS} on or off a spread of 3 or 7).`,
} as const;

/** The game's market while a leg is priced (a moneyline, spread or total) and names its game. */
export function useEventMarket(eventId: number | null, priced: boolean): EventMarketState {
  const wanted = priced ? eventId : null;
  const answer = useRouteData<{ market: EventMarketDTO }>(wanted === null ? null : `/editor/market?eventId=${wanted}`);
  // The market last shown stays while the same game's is asked again.
  const last = useRef<{ eventId: number; market: EventMarketDTO } | null>(null);
  if (wanted === null) return { status: "idle" };
  if (answer.status === "loaded") {
    const { market } = answer.data;
    if (market?.eventId !== wanted || !Array.isArray(market.offers)) return { status: "error", eventId: wanted };
    last.current = { eventId: wanted, market };
    return { status: "loaded", eventId: wanted, market };
  }
  if (answer.status === "error") return { status: "error", eventId: wanted };
  if (last.current?.eventId === wanted) return { status: "loaded", ...last.current };
  return { status: "loading", eventId: wanted };
}

/** The consensus offer of one side of a leg's market, if the market has one. */
export function consensusOf(market: EventMarketDTO, legMarket: LegMarket, side: LegSide | ""): MarketOffer | null {
  if (!isPricedMarket(legMarket) || side === "") return null;
  return market.consensus[legMarket]?.[side] ?? null;
}

/** "Los Angeles Lakers -4.5 at -110 (5 books)", "Over 221.5 at -112 (4 books)", "Draw at +250 (6 books)". */
export function offerWords(offer: MarketOffer, event: LegEvent | null): string {
  const team =
    offer.side === "Home"
      ? (event?.homeTeam ?? "Home")
      : offer.side === "Away"
        ? (event?.awayTeam ?? "Away")
        : offer.side;
  const bet =
    offer.market === "Moneyline"
      ? offer.side === "Draw"
        ? "Draw"
        : `${team} ML`
      : offer.market === "Spread"
        ? `${team} ${formatLine(offer.line ?? 0)}`
        : `${offer.side} ${offer.line}`;
  return `${bet} at ${formatOdds(offer.price)} (${offer.bookmakers} ${offer.bookmakers === 1 ? "book" : "books"})`;
}

/** What the leg's market line says, for the game's market as loaded. */
export function marketWords(
  state: EventMarketState,
  legMarket: LegMarket,
  event: LegEvent | null,
): { offers: string[]; note: string } | null {
  if (!isPricedMarket(legMarket) || state.status === "idle") return null;
  if (state.status === "loading") return { offers: [], note: LEG_MARKET_MESSAGES.loading };
  if (state.status === "error") return { offers: [], note: LEG_MARKET_MESSAGES.error };
  if (state.market.offers.length === 0) return { offers: [], note: LEG_MARKET_MESSAGES.none };
  const sides = Object.values(state.market.consensus[legMarket] ?? {}).filter((offer): offer is MarketOffer =>
    Boolean(offer),
  );
  if (sides.length === 0) return { offers: [], note: LEG_MARKET_MESSAGES.noMarket(legMarket) };
  return { offers: sides.map((offer) => offerWords(offer, event)), note: LEG_MARKET_MESSAGES.tolerance(legMarket) };
}

/**
 * The leg's line and odds from the market's consensus, filled in when the expert chooses a side
 * (or the game's market arrives after it) and kept by the expert's own typing: a field is filled
 * only while empty or still holding what was filled before.
 */
export function useMarketPrefill(
  state: EventMarketState,
  leg: LegFormValues,
  takesLine: boolean,
  locked: boolean,
  fill: (patch: Partial<Pick<LegFormValues, "line" | "odds">>) => void,
) {
  const filled = useRef<{ line: string | null; odds: string | null }>({ line: null, odds: null });
  const done = useRef<string | null>(null);
  const market = state.status === "loaded" ? state.market : null;
  const key =
    market && leg.side !== "" && !locked ? `${market.eventId}|${leg.market}|${leg.side}|${market.takenAt}` : null;
  useEffect(() => {
    if (key === null || key === done.current || !market) return;
    done.current = key;
    const offer = consensusOf(market, leg.market, leg.side);
    if (!offer) return;
    const patch: Partial<Pick<LegFormValues, "line" | "odds">> = {};
    const line = offer.line === null ? null : String(offer.line);
    const odds = formatOdds(offer.price);
    // Empty, or still what was filled before: the expert has not typed it.
    const untouched = (value: string, before: string | null) => value.trim() === "" || value === before;
    if (takesLine && line !== null && untouched(leg.line, filled.current.line)) {
      patch.line = line;
      filled.current.line = line;
    }
    if (untouched(leg.odds, filled.current.odds)) {
      patch.odds = odds;
      filled.current.odds = odds;
    }
    if ((patch.line !== undefined && patch.line !== leg.line) || (patch.odds !== undefined && patch.odds !== leg.odds))
      fill(patch);
    // `fill` is the form's (a new function each render); the key says when to fill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The market in words beside the leg, announced politely as it changes. */
export function LegMarketLine({
  id,
  state,
  legMarket,
  event,
}: {
  id: string;
  state: EventMarketState;
  legMarket: LegMarket;
  event: LegEvent | null;
}) {
  const words = marketWords(state, legMarket, event);
  return (
    <div id={id} aria-live="polite" className="text-sm text-slate-700 empty:hidden">
      {words ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2">
          {words.offers.length > 0 ? (
            <>
              <span className="font-semibold text-slate-900">Market: </span>
              {words.offers.join("; ")}. <span className="text-slate-600">{words.note}</span>
            </>
          ) : (
            words.note
          )}
        </p>
      ) : null}
    </div>
  );
}
