/**
 * Every leg priced against the market (decision 026). Pure and
 * client-safe: the posting path checks a leg with it, the editor shows the same market. A
 * moneyline, spread or total leg must be a bet the market offered at posting, never a better one:
 * - a spread or total within LINE_TOLERANCE points of the consensus line (the line most bookmakers
 *   offer);
 * - a price no better than the best price any bookmaker offered for that side and line. A line no
 *   bookmaker offers is priced from an offered one: each half point bought for the bettor costs
 *   HALF_POINT_CENTS, in full, and KEY_HALF_POINT_CENTS on or off a spread of 3 or 7 (football's
 *   key margins, where books charge more; dearer in every sport, never cheaper); a worse line earns
 *   no discount. No tolerance towards the bettor:
 *   one cent better than every book, on two sides of a game, is a profit whatever the score.
 * "Cents" are the usual betting ones: the distance between American odds with the gap between
 * -100 and +100 closed (-110 to -105 is 5 cents, -105 to +105 is 10).
 */
import { formatOdds, type LegSide } from "./pick-basics";
import { legLabel, type LegEvent, type PickLeg } from "./pick-markets";

export const LINE_TOLERANCE = 1.5;
export const HALF_POINT_CENTS = 10;
export const KEY_HALF_POINT_CENTS = 25;
const KEY_MARGINS = [3, 7];

export type PricedMarket = "Moneyline" | "Spread" | "Total";
export const PRICED_MARKETS: readonly PricedMarket[] = ["Moneyline", "Spread", "Total"];

/** One market, side and line of a game at a moment: the best price offered and by how many bookmakers. */
export interface MarketOffer {
  market: PricedMarket;
  side: LegSide;
  line: number | null;
  price: number;
  bookmakers: number;
}

export const isPricedMarket = (market: string): market is PricedMarket =>
  (PRICED_MARKETS as readonly string[]).includes(market);

/** -110 → -10, +105 → 5, ±100 → 0. */
export const toCents = (odds: number) => (odds < 0 ? odds + 100 : odds - 100);
/** The inverse of toCents: -10 → -110, 5 → +105, 0 → +100. */
export const fromCents = (cents: number) => (cents < 0 ? cents - 100 : cents + 100);

/** How many points better `line` is than `reference` for the bettor on `side` (negative: worse). */
function pointsBetter(side: LegSide, line: number, reference: number): number {
  return side === "Over" ? reference - line : line - reference;
}

const offersOf = (offers: MarketOffer[], market: PricedMarket, side: LegSide) =>
  offers.filter((offer) => offer.market === market && offer.side === side);

/**
 * The consensus offer of a side: the line the most bookmakers offer; on a tie, the one less
 * favourable to the bettor on that side.
 */
export function consensusOffer(offers: MarketOffer[], market: PricedMarket, side: LegSide): MarketOffer | null {
  const own = offersOf(offers, market, side);
  if (own.length === 0) return null;
  return own.reduce((best, offer) => {
    if (offer.bookmakers !== best.bookmakers) return offer.bookmakers > best.bookmakers ? offer : best;
    if (offer.line === null || best.line === null) return best;
    return pointsBetter(side, offer.line, best.line) < 0 ? offer : best;
  });
}

/**
 * The best price the market implies for `line` on this side: at each offered line, its best price,
 * less HALF_POINT_CENTS for each half point bought from it (a worse line gets no discount); the
 * best of those. Null when the market has no offer on the side.
 */
export function referencePrice(
  offers: MarketOffer[],
  market: PricedMarket,
  side: LegSide,
  line: number | null,
): number | null {
  const own = offersOf(offers, market, side);
  if (own.length === 0) return null;
  const priceAt = (offer: MarketOffer) => {
    if (market === "Moneyline" || line === null || offer.line === null) return toCents(offer.price);
    return toCents(offer.price) - boughtCents(market, side, offer.line, line);
  };
  return fromCents(Math.max(...own.map(priceAt)));
}

/** What buying `from` → `to` costs the bettor, half point by half point (nothing for a worse line). */
function boughtCents(market: PricedMarket, side: LegSide, from: number, to: number): number {
  const halfPoints = Math.max(0, Math.round(pointsBetter(side, to, from) * 2));
  const step = to > from ? 0.5 : -0.5;
  let cents = 0;
  for (let n = 0; n < halfPoints; n++) {
    const ends = [from + n * step, from + (n + 1) * step];
    const key = market === "Spread" && ends.some((end) => KEY_MARGINS.includes(Math.abs(end)));
    cents += key ? KEY_HALF_POINT_CENTS : HALF_POINT_CENTS;
  }
  return cents;
}

export const MARKET_MESSAGES = {
  noMarket:
    "This game has no market lines yet: a moneyline, spread or total on it cannot be verified. Props can still be posted (self-reported).",
  noSide: (market: PricedMarket) =>
    `The market offers no ${market === "Moneyline" ? "moneyline" : market === "Spread" ? "spread" : "total"} on this side of this game.`,
  line: (offer: string) =>
    `The market has ${offer}; picks are taken within ${LINE_TOLERANCE} points of it, at its price or worse (each half point bought costs ${HALF_POINT_CENTS} cents, ${KEY_HALF_POINT_CENTS} on or off a spread of 3 or 7)`,
  price: (offer: string) => `The market has ${offer}; picks are taken at its price or worse`,
  stale: (minutes: number, maxMinutes: number) =>
    `This game's market lines are ${minutes} minutes old: picks are priced against lines at most ${maxMinutes} minutes old. Try again once they are refreshed.`,
} as const;

/** "Los Angeles Lakers -4.5 at -110": an offer in words. */
export function offerLabel(offer: MarketOffer, event: LegEvent): string {
  const leg: PickLeg = {
    eventId: 0,
    market: offer.market,
    side: offer.side,
    line: offer.line,
    odds: offer.price,
    description: null,
  };
  return `${legLabel(leg, event)} at ${formatOdds(offer.price)}`;
}

export interface MarketRefusal {
  /** The leg's field the refusal is about. */
  field: "eventId" | "side" | "line" | "odds";
  message: string;
}

/**
 * Why the market refuses this leg, or null when it takes it. Props are not priced (they are
 * self-reported). `offers` is the game's newest snapshot; an empty list means no market data.
 */
export function marketRefusal(leg: PickLeg, event: LegEvent, offers: MarketOffer[]): MarketRefusal | null {
  if (!isPricedMarket(leg.market) || !leg.side) return null;
  if (offers.length === 0) return { field: "eventId", message: MARKET_MESSAGES.noMarket };
  const consensus = consensusOffer(offers, leg.market, leg.side);
  if (!consensus) return { field: "side", message: MARKET_MESSAGES.noSide(leg.market) };
  const takesLine = leg.market !== "Moneyline";
  const words = (offer: MarketOffer) =>
    (takesLine ? MARKET_MESSAGES.line : MARKET_MESSAGES.price)(offerLabel(offer, event));
  if (
    takesLine &&
    (leg.line === null || consensus.line === null || Math.abs(leg.line - consensus.line) > LINE_TOLERANCE)
  )
    return { field: "line", message: words(consensus) };
  const reference = referencePrice(offers, leg.market, leg.side, takesLine ? leg.line : null);
  if (reference === null || toCents(leg.odds) > toCents(reference)) return { field: "odds", message: words(consensus) };
  return null;
}
