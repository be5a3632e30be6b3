/**
 * A small local stand-in for The Odds API v4 on node:http: the real adapter talks to it over HTTP
 * (ODDS_API_URL). It serves the recorded answers in test/fixtures/odds-api/ for the current
 * `stage` ("opening" → "moved" → "final"), filtered by the sport in the path, as the real API:
 *
 * - GET /v4/sports/{sport}/odds?apiKey&regions&markets&oddsFormat
 * - GET /v4/sports/{sport}/scores?apiKey&daysFrom
 *
 * Fixture times are written relative to the stand-in's start (`{{now+26h}}`) and rendered as ISO
 * times, fixed for its whole life (a game does not drift between two syncs); `setStart` pins a
 * game's start. A wrong apiKey answers 401 `{message}` as the API does. `answer` replaces every
 * answer (garbage, an outage), `hang` never answers. Every request is recorded.
 */
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Stage = "opening" | "moved" | "final";

/** The fixtures' provider ids. */
export const GAMES = {
  lakersCeltics: "3b8f2c1a9d4e4f0b8a7c6d5e4f3a2b10",
  nuggetsWarriors: "7c1d9e8f6a5b4c3d2e1f0a9b8c7d6e51",
  chiefsBills: "a4f5e6d7c8b9a0f1e2d3c4b5a6f7e802",
  eaglesCowboys: "0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c53",
} as const;

export interface RecordedOddsRequest {
  path: string;
  query: Record<string, string>;
}

export interface OddsApiStandIn {
  url: string;
  apiKey: string;
  stage: Stage;
  requests: RecordedOddsRequest[];
  /** Every following request gets this answer instead; null: the fixtures again. */
  answer: { status: number; body: string; contentType?: string } | null;
  /** Requests are held open, never answered (a timeout). */
  hang: boolean;
  /** Pins a game's start (its commence_time in every answer). */
  setStart(id: string, at: Date): void;
  /** The stage's answer for one endpoint, as JSON, all sports or one. */
  render(kind: "odds" | "scores", stage?: Stage, sport?: string): Record<string, unknown>[];
  close(): Promise<void>;
}

const FIXTURES = fileURLToPath(new URL("../fixtures/odds-api", import.meta.url));
const HOUR = 3_600_000;

export async function startOddsApiStandIn(options: { apiKey?: string } = {}): Promise<OddsApiStandIn> {
  const base = Date.now();
  const starts = new Map<string, Date>();
  const hanging = new Set<ServerResponse>();
  const render = (kind: "odds" | "scores", stage: Stage = standIn.stage, sport?: string) => {
    const text = readFileSync(path.join(FIXTURES, `${stage}-${kind}.json`), "utf8").replace(
      /"\{\{now([+-]\d+(?:\.\d+)?)h\}\}"/g,
      (_, hours: string) =>
        JSON.stringify(new Date(base + Number(hours) * HOUR).toISOString().replace(/\.\d{3}Z$/, "Z")),
    );
    const games = (JSON.parse(text) as Record<string, unknown>[]).filter(
      (game) => sport === undefined || game.sport_key === sport,
    );
    for (const game of games) {
      const pinned = starts.get(String(game.id));
      if (pinned) game.commence_time = pinned.toISOString();
    }
    return games;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    standIn.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (standIn.hang) {
      hanging.add(res);
      return;
    }
    const send = (status: number, body: string, contentType = "application/json") => {
      res.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    };
    if (standIn.answer) return send(standIn.answer.status, standIn.answer.body, standIn.answer.contentType);
    const match = /^\/v4\/sports\/([a-z0-9_]+)\/(odds|scores)\/?$/.exec(url.pathname);
    if (req.method !== "GET" || !match) return send(404, JSON.stringify({ message: "Not found" }));
    if (url.searchParams.get("apiKey") !== standIn.apiKey) {
      return send(
        401,
        JSON.stringify({
          message: "API key is not valid or is missing. Get a key at https://the-odds-api.com",
          error_code: "INVALID_KEY",
        }),
      );
    }
    const [, sport, kind] = match;
    send(200, JSON.stringify(render(kind as "odds" | "scores", standIn.stage, sport)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: OddsApiStandIn = {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey ?? "test-odds-key",
    stage: "opening",
    requests: [],
    answer: null,
    hang: false,
    setStart: (id, at) => void starts.set(id, at),
    render,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
