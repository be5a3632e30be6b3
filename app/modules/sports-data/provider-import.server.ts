/**
 * The provider's games into the record (decision 026). ONE import for the sync, the
 * admin page and `npm run sports:import`: the same JSON gives the same games, lines and results.
 * - games by provider id (`odds-api:<id>`); a start the provider moves is moved while the game has
 *   not started (the database refuses the rest: counted as conflicts, never fatal);
 * - a stored game is touched only when the file names its teams, home and away as stored (names
 *   compared by `teamKey`); otherwise, or when the file names one game twice with different teams,
 *   the game is a conflict and nothing of it is imported;
 * - before the start, the bookmakers' lines as a snapshot per market (best price and bookmaker
 *   count per side and line), appended when the market changed or its newest snapshot is
 *   RECONFIRM_AFTER_MS old (a pick is priced only against fresh lines);
 * - a completed game: its score, through the results import (which records its closing lines, the
 *   newest snapshot before its start, and grades the picks on it). A result already in is never changed here (an admin corrects it).
 *   A file giving one game two different final scores records neither (a conflict).
 */
import { inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, marketSnapshots } from "~/db/schema";
import { AppError, recordRuleError } from "~/modules/http/app-error";
import { toCents, type MarketOffer, type PricedMarket } from "~/modules/record/market-price";
import type { LegSide } from "~/modules/record/pick-basics";
import { importResults } from "~/modules/record/results.server";
import { latestMarkets } from "~/modules/record/markets.server";
import type { ProviderEvent } from "./provider-schema";
import { categoryForSportKey } from "./sport-keys";
import { emptySummary, type ProviderImportSummary } from "./summary";

export const EXTERNAL_ID_PREFIX = "odds-api:";
/** An unchanged market is appended again once its newest snapshot is this old, so its lines stay fresh. */
export const RECONFIRM_AFTER_MS = 5 * 60_000;

/** What the import logs to (a pino logger, or the console from the CLI). */
export interface ImportLog {
  warn(details: object, message: string): void;
}

const MARKET_KEYS: Record<string, PricedMarket> = { h2h: "Moneyline", spreads: "Spread", totals: "Total" };

const validPrice = (price: number) => Number.isInteger(price) && Math.abs(price) >= 100 && Math.abs(price) <= 100_000;
const validLine = (line: number) => Number.isInteger(line * 2) && Math.abs(line) <= 1000;

/**
 * A team's name as the import compares it: lower case, accents stripped (NFD, combining marks
 * dropped), apostrophes dropped, every other run of characters that are neither letters nor digits
 * one space, trimmed. "Atlético  Madrid" matches "atletico madrid", "St. Louis Blues" "St Louis
 * Blues"; "LA Lakers" does not match "Los Angeles Lakers".
 */
export function teamKey(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/['\u2018\u2019\u02bc`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Both games name the same home team and the same away team (by `teamKey`). */
const sameTeams = (a: { homeTeam: string; awayTeam: string }, b: { homeTeam: string; awayTeam: string }) =>
  teamKey(a.homeTeam) === teamKey(b.homeTeam) && teamKey(a.awayTeam) === teamKey(b.awayTeam);

const teamsOf = (game: Pick<ProviderEvent, "home_team" | "away_team">) => ({
  homeTeam: game.home_team,
  awayTeam: game.away_team,
});

function sideOf(market: PricedMarket, name: string, teams: { home: string; away: string }): LegSide | null {
  if (market === "Total") return name === "Over" || name === "Under" ? name : null;
  const key = teamKey(name);
  if (key === teams.home) return "Home";
  if (key === teams.away) return "Away";
  return market === "Moneyline" && name === "Draw" ? "Draw" : null;
}

/**
 * The bookmakers' markets of a game as offers: per market, side and line, the price best for the
 * bettor and how many bookmakers offered that line. Prices outside ±100..100000 and lines that are
 * not whole or half points are left out.
 */
export function aggregateOffers(game: Pick<ProviderEvent, "home_team" | "away_team" | "bookmakers">): MarketOffer[] {
  const found = new Map<string, { offer: MarketOffer; books: Set<string> }>();
  const teams = { home: teamKey(game.home_team), away: teamKey(game.away_team) };
  for (const book of game.bookmakers ?? []) {
    for (const market of book.markets) {
      const kind = Object.hasOwn(MARKET_KEYS, market.key) ? MARKET_KEYS[market.key] : undefined;
      if (!kind) continue;
      for (const outcome of market.outcomes) {
        const side = sideOf(kind, outcome.name, teams);
        if (!side || !validPrice(outcome.price)) continue;
        const line = kind === "Moneyline" ? null : (outcome.point ?? null);
        if (kind !== "Moneyline" && (line === null || !validLine(line))) continue;
        const key = `${kind}|${side}|${line}`;
        const entry = found.get(key);
        if (!entry)
          found.set(key, {
            offer: { market: kind, side, line, price: outcome.price, bookmakers: 0 },
            books: new Set([book.key]),
          });
        else {
          entry.books.add(book.key);
          if (toCents(outcome.price) > toCents(entry.offer.price)) entry.offer.price = outcome.price;
        }
      }
    }
  }
  return [...found.values()].map(({ offer, books }) => ({ ...offer, bookmakers: books.size }));
}

/** Two snapshots of a market say the same when they hold the same offers, in any order. */
const fingerprint = (offers: MarketOffer[]) =>
  offers
    .map((offer) => `${offer.side}|${offer.line ?? ""}|${offer.price}|${offer.bookmakers}`)
    .sort()
    .join(";");

type FinalScore = { homeScore: number; awayScore: number };

/**
 * A completed game's final score by team name (by `teamKey`); null unless it is completed and
 * each team has exactly one whole-number score.
 */
function finalScore(game: ProviderEvent): FinalScore | null {
  if (!game.completed) return null;
  const score = (team: string) => {
    const found = game.scores?.filter((entry) => teamKey(entry.name) === teamKey(team)) ?? [];
    const text = found.length === 1 ? found[0].score : null;
    return text !== null && /^\d{1,3}$/.test(text) ? Number(text) : null;
  };
  const homeScore = score(game.home_team);
  const awayScore = score(game.away_team);
  return homeScore === null || awayScore === null ? null : { homeScore, awayScore };
}

type MergedGame = ProviderEvent & {
  categoryId: number;
  /** The different final scores its objects give (one when they agree). */
  finals: FinalScore[];
  /** Two of its objects name different teams, or the same teams home and away swapped. */
  teamsDiffer: boolean;
};

/**
 * One game per provider id: its odds and its score may come as two objects (two endpoints). Each
 * object's final score is read on its own; objects that disagree on the teams or on the score are
 * marked, never merged into one answer.
 */
function mergeById(input: ProviderEvent[], summary: ProviderImportSummary): Map<string, MergedGame> {
  const games = new Map<string, MergedGame>();
  for (const item of input) {
    const categoryId = categoryForSportKey(item.sport_key);
    if (categoryId === null) {
      summary.skipped++;
      continue;
    }
    const seen = games.get(item.id);
    const final = finalScore(item);
    const finals = seen?.finals ?? [];
    const newFinal =
      final && !finals.some((known) => known.homeScore === final.homeScore && known.awayScore === final.awayScore);
    games.set(item.id, {
      ...item,
      categoryId,
      bookmakers: item.bookmakers ?? seen?.bookmakers,
      finals: newFinal ? [...finals, final] : finals,
      teamsDiffer: seen !== undefined && (seen.teamsDiffer || !sameTeams(teamsOf(seen), teamsOf(item))),
    });
  }
  return games;
}

const isRuleRefusal = (error: unknown) => error instanceof AppError || recordRuleError(error) !== null;

export async function importProviderEvents(
  db: Database,
  input: ProviderEvent[],
  options: { now?: Date; logger?: ImportLog } = {},
): Promise<ProviderImportSummary> {
  const now = options.now ?? new Date();
  const summary = emptySummary();
  const games = mergeById(input, summary);
  // A file naming one game with two pairs of teams: which is right is not the import's to guess.
  for (const [id, game] of games) {
    if (!game.teamsDiffer) continue;
    summary.conflicts++;
    options.logger?.warn(
      { externalId: EXTERNAL_ID_PREFIX + id },
      "sports data: the file names this game twice with different teams; nothing of it imported",
    );
    games.delete(id);
  }
  if (games.size === 0) return summary;
  const externalIds = [...games.keys()].map((id) => EXTERNAL_ID_PREFIX + id);
  const rows = await db
    .select({
      id: events.id,
      externalId: events.externalId,
      homeTeam: events.homeTeam,
      awayTeam: events.awayTeam,
      startsAt: events.startsAt,
      status: events.status,
      homeScore: events.homeScore,
      awayScore: events.awayScore,
      resultedAt: events.resultedAt,
    })
    .from(events)
    .where(inArray(events.externalId, externalIds));
  const byExternalId = new Map(rows.map((row) => [row.externalId!, row]));
  type Row = (typeof rows)[number];
  const known = new Map<string, Row>();

  // (a) The games, and their starts while they have not started.
  for (const [id, game] of games) {
    const externalId = EXTERNAL_ID_PREFIX + id;
    const startsAt = new Date(game.commence_time);
    let row = byExternalId.get(externalId);
    const stored = row !== undefined;
    if (!row) {
      const [created] = await db
        .insert(events)
        .values({
          categoryId: game.categoryId,
          homeTeam: game.home_team,
          awayTeam: game.away_team,
          startsAt,
          externalId,
        })
        .onConflictDoNothing({ target: events.externalId })
        .returning({
          id: events.id,
          externalId: events.externalId,
          homeTeam: events.homeTeam,
          awayTeam: events.awayTeam,
          startsAt: events.startsAt,
          status: events.status,
          homeScore: events.homeScore,
          awayScore: events.awayScore,
          resultedAt: events.resultedAt,
        });
      if (created) summary.eventsCreated++;
      // Another import created it a moment ago: read that one.
      row =
        created ??
        (
          await db
            .select()
            .from(events)
            .where(inArray(events.externalId, [externalId]))
        )[0];
      if (!row) continue;
    }
    // The provider's id names a stored game: the file must name its teams, home and away, as stored.
    if (!sameTeams(teamsOf(game), row)) {
      summary.conflicts++;
      options.logger?.warn(
        {
          eventId: row.id,
          externalId,
          provider: teamsOf(game),
          record: { homeTeam: row.homeTeam, awayTeam: row.awayTeam },
        },
        "sports data: the provider's teams differ from the record's; nothing of this game imported",
      );
      continue;
    }
    if (stored && row.startsAt.getTime() !== startsAt.getTime() && row.startsAt > now) {
      try {
        // The database decides "not started" by its own clock, and refuses a start before a posted pick.
        const [moved] = await db
          .update(events)
          .set({ startsAt })
          .where(sql`${events.id} = ${row.id} AND ${events.startsAt} > now()`)
          .returning({ startsAt: events.startsAt });
        if (moved) {
          row = { ...row, startsAt: moved.startsAt };
          summary.eventsUpdated++;
        }
      } catch (error) {
        if (!isRuleRefusal(error)) throw error;
        summary.conflicts++;
        options.logger?.warn(
          { externalId, startsAt, reason: (recordRuleError(error) ?? (error as Error)).message },
          "sports data: start time not moved",
        );
      }
    }
    known.set(id, row);
  }

  // (b) The lines of the games not started: a new snapshot of a market when it changed, or when
  // the one in force is RECONFIRM_AFTER_MS old (the provider says it still stands: a pick is priced
  // only against lines at most MARKET_MAX_AGE_MINUTES old, decision 026).
  const upcoming = [...known].filter(([id, row]) => row.startsAt > now && (games.get(id)!.bookmakers?.length ?? 0) > 0);
  const latest = await latestMarkets(
    db,
    upcoming.map(([, row]) => row.id),
  );
  const snapshotRows: (typeof marketSnapshots.$inferInsert)[] = [];
  for (const [id, row] of upcoming) {
    const offers = aggregateOffers(games.get(id)!);
    const previous = latest.get(row.id);
    for (const market of ["Moneyline", "Spread", "Total"] as const) {
      const fresh = offers.filter((offer) => offer.market === market);
      const takenAt = previous?.takenAtByMarket[market];
      const unchanged =
        fingerprint(fresh) === fingerprint((previous?.offers ?? []).filter((offer) => offer.market === market));
      const recent = takenAt !== undefined && now.getTime() - takenAt.getTime() < RECONFIRM_AFTER_MS;
      if (fresh.length === 0 || (unchanged && recent)) continue;
      snapshotRows.push(...fresh.map((offer) => ({ eventId: row.id, ...offer })));
    }
  }
  // One statement per chunk: a game's markets appended together share the database's time.
  for (let start = 0; start < snapshotRows.length; start += 1000) {
    await db.insert(marketSnapshots).values(snapshotRows.slice(start, start + 1000));
  }
  summary.snapshotsAdded = snapshotRows.length;

  // (c) Completed games: closing lines, then the score (which grades the picks).
  const finals: { row: Row; score: { homeScore: number; awayScore: number } }[] = [];
  for (const [id, row] of known) {
    const game = games.get(id)!;
    if (game.finals.length > 1) {
      summary.conflicts++;
      options.logger?.warn(
        { eventId: row.id, externalId: EXTERNAL_ID_PREFIX + id, provider: game.finals },
        "sports data: the file gives this game different final scores; none recorded",
      );
      continue;
    }
    const score = game.finals[0];
    if (!score) continue;
    if (row.resultedAt) {
      const same = row.status === "Final" && row.homeScore === score.homeScore && row.awayScore === score.awayScore;
      if (!same) {
        summary.conflicts++;
        options.logger?.warn(
          {
            eventId: row.id,
            provider: score,
            record: { status: row.status, homeScore: row.homeScore, awayScore: row.awayScore },
          },
          "sports data: the provider's result differs from the one in",
        );
      }
      continue;
    }
    if (row.startsAt > now) {
      summary.conflicts++;
      options.logger?.warn(
        { eventId: row.id, startsAt: row.startsAt },
        "sports data: a completed game that has not started in the record",
      );
      continue;
    }
    finals.push({ row, score });
  }
  // The results import records each game's closing lines from its snapshots, then grades.
  for (const { row, score } of finals) {
    try {
      const result = await importResults(db, [{ eventId: row.id, status: "Final", ...score, closingLines: [] }], now);
      summary.resultsRecorded += result.eventsUpdated;
      summary.picksGraded += result.picksGraded;
    } catch (error) {
      if (!isRuleRefusal(error)) throw error;
      summary.conflicts++;
      options.logger?.warn({ eventId: row.id, reason: (error as Error).message }, "sports data: result not recorded");
    }
  }
  return summary;
}
