/**
 * A game's market as `GET /api/events/{id}/market` answers it (decision 026): its
 * newest offers and the consensus of each side, the line a pick on that side is taken around.
 * Pure and client-safe: the route builds it, the editor reads it.
 */
import { consensusOffer, PRICED_MARKETS, type MarketOffer, type PricedMarket } from "./market-price";
import { MARKET_SIDES, type LegSide } from "./pick-basics";

/** Each priced market's consensus offer per side (absent: the market offers nothing on it). */
export type MarketConsensus = {
  [M in PricedMarket]: Partial<Record<LegSide, MarketOffer>>;
};

export interface EventMarketDTO {
  eventId: number;
  /** When the newest of its markets was taken (ISO 8601); null when the game has no market data. */
  takenAt: string | null;
  offers: MarketOffer[];
  consensus: MarketConsensus;
}

/** The consensus offer of every side of every priced market. */
export function marketConsensus(offers: MarketOffer[]): MarketConsensus {
  const consensus: MarketConsensus = { Moneyline: {}, Spread: {}, Total: {} };
  for (const market of PRICED_MARKETS) {
    for (const side of MARKET_SIDES[market]) {
      const offer = consensusOffer(offers, market, side);
      if (offer) consensus[market][side] = offer;
    }
  }
  return consensus;
}
