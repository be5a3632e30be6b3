/**
 * The Odds API v4 adapter (https://the-odds-api.com/liveapi/guides/v4/): a sport's odds (moneyline,
 * spread and total from US bookmakers, American odds) and its scores of the last days. Every
 * answer is bounded (time, bytes, items) and parsed; a bad key (401), a spent quota (429), a
 * timeout or garbage is an OddsApiError whose message never carries the key.
 */
import type { z } from "zod";
import { MAX_EVENTS, oddsEventSchema, scoreEventSchema, type OddsEvent, type ScoreEvent } from "./provider-schema";
import { SPORT_KEY_PATTERN } from "./sport-keys";

export const DEFAULT_TIMEOUT_MS = 20_000;
/** A whole sport's odds are well under 1 MB; past this the answer is not what we asked for. */
const MAX_BYTES = 8 * 1024 * 1024;

export interface OddsApiConfig {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}

export class OddsApiError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = "OddsApiError";
  }
}

/** The games of an answer that parse; the others are counted (one odd game does not sink a sport). */
export interface ProviderAnswer<T> {
  events: T[];
  invalid: number;
}

export function fetchOdds(config: OddsApiConfig, sport: string): Promise<ProviderAnswer<OddsEvent>> {
  return getList(
    config,
    sport,
    "odds",
    { regions: "us", markets: "h2h,spreads,totals", oddsFormat: "american" },
    oddsEventSchema,
  );
}

export function fetchScores(config: OddsApiConfig, sport: string, daysFrom = 3): Promise<ProviderAnswer<ScoreEvent>> {
  return getList(config, sport, "scores", { daysFrom: String(daysFrom) }, scoreEventSchema);
}

async function getList<T>(
  config: OddsApiConfig,
  sport: string,
  kind: "odds" | "scores",
  query: Record<string, string>,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<ProviderAnswer<T>> {
  if (!SPORT_KEY_PATTERN.test(sport)) throw new OddsApiError(`"${sport.slice(0, 100)}" is not a sport key`);
  const where = `${sport}/${kind}`;
  const url = new URL(`${config.url.replace(/\/+$/, "")}/v4/sports/${sport}/${kind}`);
  url.search = new URLSearchParams({ apiKey: config.apiKey, ...query }).toString();
  let body: string;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    body = await readCapped(response);
  } catch (error) {
    if (error instanceof OddsApiError) throw error;
    const name = (error as Error).name;
    const reason =
      name === "TimeoutError" || name === "AbortError"
        ? "did not answer in time"
        : `could not be reached (${(error as Error).message})`;
    throw new OddsApiError(`The Odds API ${reason} for ${where}`);
  }
  if (!response.ok) {
    // Its errors are `{"message": "..."}`; 401: bad key, 429: quota or rate.
    let message = "";
    try {
      message = String((JSON.parse(body) as { message?: unknown }).message ?? "");
    } catch {
      // not JSON: the status says enough
    }
    throw new OddsApiError(
      `The Odds API answered ${response.status} for ${where}${message ? `: ${message.slice(0, 200)}` : ""}`,
      response.status,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new OddsApiError(`The Odds API's answer for ${where} is not JSON`);
  }
  if (!Array.isArray(json)) throw new OddsApiError(`The Odds API's answer for ${where} is not a list of games`);
  if (json.length > MAX_EVENTS)
    throw new OddsApiError(`The Odds API's answer for ${where} has more than ${MAX_EVENTS} games`);
  const events: T[] = [];
  let invalid = 0;
  for (const item of json) {
    const parsed = schema.safeParse(item);
    if (parsed.success) events.push(parsed.data);
    else invalid++;
  }
  return { events, invalid };
}

async function readCapped(response: Response): Promise<string> {
  if (Number(response.headers.get("content-length") ?? 0) > MAX_BYTES) {
    await response.body?.cancel();
    throw new OddsApiError("The Odds API's answer is too large");
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new OddsApiError("The Odds API's answer is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
