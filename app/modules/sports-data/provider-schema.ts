/**
 * The Odds API v4's JSON, parsed (zod) and bounded: the sync reads it over HTTP, the admin page
 * and `npm run sports:import` take the same JSON pasted or from a file. Unknown fields are dropped;
 * anything too long, too many or of the wrong type is refused, never half-read.
 */
import { z } from "zod";
import { SPORT_KEY_PATTERN } from "./sport-keys";

/** Bounds: one sport's odds are a few hundred games at most; a sane answer is far below these. */
export const MAX_EVENTS = 2000;
const MAX_BOOKMAKERS = 60;
const MAX_MARKETS = 30;
const MAX_OUTCOMES = 60;

const text = (max: number) => z.string().trim().min(1).max(max);
const time = z.string().max(40).datetime({ offset: true });

const outcomeSchema = z.object({
  name: text(200),
  price: z.number().finite(),
  point: z.number().finite().nullish(),
});

const marketSchema = z.object({
  key: text(60),
  last_update: time.nullish(),
  outcomes: z.array(outcomeSchema).max(MAX_OUTCOMES),
});

const bookmakerSchema = z.object({
  key: text(100),
  title: z.string().max(200).nullish(),
  last_update: time.nullish(),
  markets: z.array(marketSchema).max(MAX_MARKETS),
});

const scoreSchema = z.object({ name: text(200), score: z.string().trim().max(10).nullable() });

const eventFields = {
  id: text(200),
  sport_key: z.string().regex(SPORT_KEY_PATTERN, "Invalid sport key"),
  sport_title: z.string().max(200).nullish(),
  commence_time: time,
  home_team: text(200),
  away_team: text(200),
};

/** `GET /v4/sports/{sport}/odds`: one game with its bookmakers' markets. */
export const oddsEventSchema = z.object({ ...eventFields, bookmakers: z.array(bookmakerSchema).max(MAX_BOOKMAKERS) });
/** `GET /v4/sports/{sport}/scores`: one game, live or completed (scores null before it starts). */
export const scoreEventSchema = z.object({
  ...eventFields,
  completed: z.boolean(),
  scores: z.array(scoreSchema).max(10).nullish(),
  last_update: time.nullish(),
});

/** Either kind (or one object with both), as the import takes them: a list mixing odds and scores. */
export const providerEventSchema = z.object({
  ...eventFields,
  bookmakers: z.array(bookmakerSchema).max(MAX_BOOKMAKERS).optional(),
  completed: z.boolean().optional(),
  scores: z.array(scoreSchema).max(10).nullish(),
});

export const providerImportSchema = z.array(providerEventSchema).max(MAX_EVENTS, `At most ${MAX_EVENTS} games at once`);

export type OddsEvent = z.output<typeof oddsEventSchema>;
export type ScoreEvent = z.output<typeof scoreEventSchema>;
export type ProviderEvent = z.output<typeof providerEventSchema>;

/** Pasted JSON that is the provider's (a list of objects naming a `sport_key`), not our results list. */
export function looksLikeProviderJson(input: unknown): boolean {
  return Array.isArray(input) && input.some((item) => typeof item === "object" && item !== null && "sport_key" in item);
}
