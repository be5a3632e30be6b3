/**
 * The provider's file against the record: an import matches a stored game's teams before it
 * touches it (a file with home and away swapped, or other teams, under a stored provider id is a
 * conflict: no lines, no start moved, no result, no grade), and a file naming one game twice with
 * different results records none of them. The admin results import refuses one game twice with
 * different results. An unchanged market is taken again once it is minutes old, so its lines stay
 * fresh enough to price picks.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, marketSnapshots, posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { importResults } from "~/modules/record/results.server";
import { importProviderEvents, RECONFIRM_AFTER_MS } from "~/modules/sports-data/provider-import.server";
import type { ProviderEvent } from "~/modules/sports-data/provider-schema";
import * as resultsRoute from "~/routes/api.events.results";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, HOUR, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let admin: CookieJar;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
  fixtures = postFixtures(database.db, context);
  admin = (await fixtures.makeUser({ admin: true })).jar;
});
afterAll(() => database?.close());

const LAKERS = "Los Angeles Lakers";
const CELTICS = "Boston Celtics";
const NBA = 2;

/** What the import warned about, message and details. */
function recordingLogger() {
  const warnings: { details: object; message: string }[] = [];
  return { warnings, warn: (details: object, message: string) => void warnings.push({ details, message }) };
}

let nextId = 0;
/** A stored NBA game under a provider id, with the fixtures' market (Lakers -4.5 at home). */
async function storedGame(options: { homeTeam?: string; awayTeam?: string; startsInMs?: number } = {}) {
  const providerId = `conflict-${++nextId}`;
  const event = await fixtures.addEvent({ categoryId: NBA, ...options });
  await database.db
    .update(events)
    .set({ externalId: `odds-api:${providerId}` })
    .where(eq(events.id, event.id));
  return { providerId, event };
}

/** An expert's two picks on the home side: Lakers moneyline (-200) and Lakers -4.5 (-110). */
async function homePicks(eventId: number) {
  const expert = await fixtures.makeUser({ expert: true });
  const spread = await fixtures.addPost(expert.user.id, { postType: "Pick", eventId, publishDate: new Date() });
  const [moneyline] = await database.db
    .insert(posts)
    .values({
      authorId: expert.user.id,
      postType: "Pick",
      title: "Lakers ML",
      body: [fixtures.paragraph("Why.")],
      visibility: "Subscribers",
      status: "Published",
      publishDate: new Date(),
      categoryId: NBA,
      eventId,
      market: "Moneyline",
      legs: [{ eventId, market: "Moneyline", side: "Home", line: null, odds: -200, description: null }],
      selection: "Lakers ML",
      odds: -200,
      units: 1,
    })
    .returning();
  return [spread.id, moneyline.id];
}

const gradeOf = async (postId: string) =>
  (await database.db.query.posts.findFirst({ where: eq(posts.id, postId) }))!.pickResult;
const eventRow = async (id: number) => (await database.db.query.events.findFirst({ where: eq(events.id, id) }))!;
const snapshotsOf = async (eventId: number) =>
  (await database.db.select().from(marketSnapshots).where(eq(marketSnapshots.eventId, eventId))).length;

/** A provider game: `scores` by team name makes it a completed game. */
function providerGame(
  id: string,
  home: string,
  away: string,
  options: { startsAt?: Date; scores?: Record<string, number>; bookmakers?: ProviderEvent["bookmakers"] } = {},
): ProviderEvent {
  return {
    id,
    sport_key: "basketball_nba",
    commence_time: (options.startsAt ?? new Date(Date.now() - HOUR)).toISOString(),
    home_team: home,
    away_team: away,
    ...(options.scores
      ? {
          completed: true,
          scores: Object.entries(options.scores).map(([name, score]) => ({ name, score: String(score) })),
        }
      : {}),
    ...(options.bookmakers ? { bookmakers: options.bookmakers } : {}),
  };
}

/** One bookmaker's moneyline on these two teams. */
const moneylineBook = (home: string, away: string): ProviderEvent["bookmakers"] => [
  {
    key: "draftkings",
    title: "DraftKings",
    markets: [
      {
        key: "h2h",
        outcomes: [
          { name: home, price: -150 },
          { name: away, price: 130 },
        ],
      },
    ],
  },
];

describe(`the provider import matches a stored game's teams (${testDatabaseEngine()})`, () => {
  it("a file with home and away swapped records no result and grades neither Lakers pick; the right file then grades both", async () => {
    const { providerId, event } = await storedGame();
    const picks = await homePicks(event.id);
    await fixtures.startEvent(event.id);
    const startsAt = (await eventRow(event.id)).startsAt;

    // The Lakers (home) won 110–90; the file calls the Celtics home.
    const log = recordingLogger();
    const swapped = await importProviderEvents(
      database.db,
      [providerGame(providerId, CELTICS, LAKERS, { startsAt, scores: { [LAKERS]: 110, [CELTICS]: 90 } })],
      { logger: log },
    );
    expect(swapped).toMatchObject({ conflicts: 1, resultsRecorded: 0, picksGraded: 0, eventsCreated: 0 });
    expect(await eventRow(event.id)).toMatchObject({
      status: "Scheduled",
      homeScore: null,
      awayScore: null,
      resultedAt: null,
    });
    expect(await Promise.all(picks.map(gradeOf))).toEqual([null, null]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0].details).toMatchObject({ eventId: event.id });

    // The provider's right file: the Lakers at home, 110–90: both picks win.
    const right = await importProviderEvents(database.db, [
      providerGame(providerId, LAKERS, CELTICS, { startsAt, scores: { [LAKERS]: 110, [CELTICS]: 90 } }),
    ]);
    expect(right).toMatchObject({ conflicts: 0, resultsRecorded: 1, picksGraded: 2 });
    expect(await eventRow(event.id)).toMatchObject({ status: "Final", homeScore: 110, awayScore: 90 });
    expect(await Promise.all(picks.map(gradeOf))).toEqual(["Win", "Win"]);
  });

  it("other teams under a stored id: no lines, no start moved, no result", async () => {
    const { providerId, event } = await storedGame();
    const before = await snapshotsOf(event.id);
    const log = recordingLogger();
    const moved = new Date(event.startsAt.getTime() + 2 * HOUR);
    const summary = await importProviderEvents(
      database.db,
      [
        providerGame(providerId, LAKERS, "Miami Heat", {
          startsAt: moved,
          bookmakers: moneylineBook(LAKERS, "Miami Heat"),
        }),
      ],
      { logger: log },
    );
    expect(summary).toMatchObject({ conflicts: 1, eventsUpdated: 0, snapshotsAdded: 0, eventsCreated: 0 });
    expect(await snapshotsOf(event.id)).toBe(before);
    expect((await eventRow(event.id)).startsAt.getTime()).toBe(event.startsAt.getTime());
    expect(log.warnings).toHaveLength(1);

    // A started game with other teams and a score: no result either.
    const started = await storedGame();
    await fixtures.startEvent(started.event.id);
    const final = await importProviderEvents(database.db, [
      providerGame(started.providerId, "Golden State Warriors", CELTICS, {
        startsAt: (await eventRow(started.event.id)).startsAt,
        scores: { "Golden State Warriors": 100, [CELTICS]: 99 },
      }),
    ]);
    expect(final).toMatchObject({ conflicts: 1, resultsRecorded: 0 });
    expect(await eventRow(started.event.id)).toMatchObject({ resultedAt: null, homeScore: null });
  });

  it("names that differ only in case, accents, punctuation and spaces still match", async () => {
    const { providerId, event } = await storedGame({ homeTeam: "Atlético Madrid", awayTeam: "St. Louis Blues" });
    await fixtures.startEvent(event.id);
    const startsAt = (await eventRow(event.id)).startsAt;
    const log = recordingLogger();
    const summary = await importProviderEvents(
      database.db,
      [
        providerGame(providerId, "ATLETICO  madrid", "St Louis Blues", {
          startsAt,
          scores: { "ATLETICO  madrid": 3, "St Louis Blues": 1 },
        }),
      ],
      { logger: log },
    );
    expect(summary).toMatchObject({ conflicts: 0, resultsRecorded: 1 });
    expect(log.warnings).toEqual([]);
    expect(await eventRow(event.id)).toMatchObject({ status: "Final", homeScore: 3, awayScore: 1 });
  });

  it("a game not stored yet is created with the file's teams, as before", async () => {
    const summary = await importProviderEvents(database.db, [
      providerGame("conflict-new-1", LAKERS, CELTICS, {
        startsAt: new Date(Date.now() + DAY),
        bookmakers: moneylineBook(LAKERS, CELTICS),
      }),
    ]);
    expect(summary).toMatchObject({ eventsCreated: 1, snapshotsAdded: 2, conflicts: 0 });
    const created = await database.db.query.events.findFirst({
      where: eq(events.externalId, "odds-api:conflict-new-1"),
    });
    expect(created).toMatchObject({ homeTeam: LAKERS, awayTeam: CELTICS });
  });
});

describe(`a file naming one game twice (${testDatabaseEngine()})`, () => {
  it("with different scores: a conflict, no result, no grade", async () => {
    const { providerId, event } = await storedGame();
    const picks = await homePicks(event.id);
    await fixtures.startEvent(event.id);
    const startsAt = (await eventRow(event.id)).startsAt;
    const log = recordingLogger();
    const summary = await importProviderEvents(
      database.db,
      [
        providerGame(providerId, LAKERS, CELTICS, { startsAt, scores: { [LAKERS]: 110, [CELTICS]: 90 } }),
        providerGame(providerId, LAKERS, CELTICS, { startsAt, scores: { [LAKERS]: 90, [CELTICS]: 110 } }),
      ],
      { logger: log },
    );
    expect(summary).toMatchObject({ conflicts: 1, resultsRecorded: 0, picksGraded: 0 });
    expect(log.warnings).toHaveLength(1);
    expect(await eventRow(event.id)).toMatchObject({ resultedAt: null, homeScore: null });
    expect(await Promise.all(picks.map(gradeOf))).toEqual([null, null]);

    // A game not stored yet, twice with different scores: created, no result.
    const fresh = await importProviderEvents(database.db, [
      providerGame("conflict-new-2", LAKERS, CELTICS, { scores: { [LAKERS]: 101, [CELTICS]: 100 } }),
      providerGame("conflict-new-2", LAKERS, CELTICS, { scores: { [LAKERS]: 100, [CELTICS]: 101 } }),
    ]);
    expect(fresh).toMatchObject({ eventsCreated: 1, conflicts: 1, resultsRecorded: 0 });
    const created = await database.db.query.events.findFirst({
      where: eq(events.externalId, "odds-api:conflict-new-2"),
    });
    expect(created).toMatchObject({ resultedAt: null, homeScore: null });
  });

  it("with the teams swapped between its odds and its score: neither lines nor result", async () => {
    const { providerId, event } = await storedGame({ startsInMs: DAY });
    const before = await snapshotsOf(event.id);
    const summary = await importProviderEvents(database.db, [
      providerGame(providerId, LAKERS, CELTICS, {
        startsAt: event.startsAt,
        bookmakers: moneylineBook(LAKERS, CELTICS),
      }),
      providerGame(providerId, CELTICS, LAKERS, {
        startsAt: event.startsAt,
        bookmakers: moneylineBook(CELTICS, LAKERS),
      }),
    ]);
    expect(summary).toMatchObject({ conflicts: 1, snapshotsAdded: 0 });
    expect(await snapshotsOf(event.id)).toBe(before);

    const fresh = await importProviderEvents(database.db, [
      providerGame("conflict-new-3", LAKERS, CELTICS, { scores: { [LAKERS]: 101, [CELTICS]: 100 } }),
      providerGame("conflict-new-3", CELTICS, LAKERS, { scores: { [LAKERS]: 101, [CELTICS]: 100 } }),
    ]);
    expect(fresh).toMatchObject({ eventsCreated: 0, conflicts: 1, resultsRecorded: 0 });
  });

  it("with the same score: recorded once, the picks graded; odds and scores of one game still merge", async () => {
    const { providerId, event } = await storedGame();
    const picks = await homePicks(event.id);
    await fixtures.startEvent(event.id);
    const startsAt = (await eventRow(event.id)).startsAt;
    const summary = await importProviderEvents(database.db, [
      providerGame(providerId, LAKERS, CELTICS, { startsAt, scores: { [LAKERS]: 100, [CELTICS]: 98 } }),
      providerGame(providerId, "los angeles lakers", "Boston Celtics.", {
        startsAt,
        scores: { "los angeles lakers": 100, "Boston Celtics.": 98 },
      }),
    ]);
    expect(summary).toMatchObject({ conflicts: 0, resultsRecorded: 1, picksGraded: 2 });
    expect(await eventRow(event.id)).toMatchObject({ status: "Final", homeScore: 100, awayScore: 98 });
    // Lakers -4.5 loses by the 2-point win; the moneyline wins.
    expect(await Promise.all(picks.map(gradeOf))).toEqual(["Loss", "Win"]);

    // The odds answer and the scores answer of one coming game: lines in, no conflict.
    const merged = await importProviderEvents(database.db, [
      providerGame("conflict-new-4", LAKERS, CELTICS, {
        startsAt: new Date(Date.now() + DAY),
        bookmakers: moneylineBook(LAKERS, CELTICS),
      }),
      {
        ...providerGame("conflict-new-4", LAKERS, CELTICS, { startsAt: new Date(Date.now() + DAY) }),
        completed: false,
      },
    ]);
    expect(merged).toMatchObject({ eventsCreated: 1, snapshotsAdded: 2, conflicts: 0 });
  });
});

describe(`the admin results import names one game once (${testDatabaseEngine()})`, () => {
  it("one game twice with different results: 422 on the later index, nothing recorded; the same result twice is recorded once", async () => {
    const { event } = await storedGame();
    await fixtures.startEvent(event.id);
    const win = { eventId: event.id, status: "Final" as const, homeScore: 110, awayScore: 90, closingLines: [] };
    const loss = { ...win, homeScore: 90, awayScore: 110 };
    const error = await importResults(database.db, [win, loss]).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      fieldErrors: { "1.eventId": ["This list names this game twice with different results."] },
    });
    expect(await eventRow(event.id)).toMatchObject({ resultedAt: null });

    // Through the API, the same answer.
    const answer = await callRoute(resultsRoute, context, {
      method: "POST",
      path: "/api/events/results",
      jar: admin,
      body: [
        { eventId: event.id, status: "Final", homeScore: 110, awayScore: 90 },
        { eventId: event.id, status: "Canceled" },
      ],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ "1.eventId": ["This list names this game twice with different results."] });
    expect(await eventRow(event.id)).toMatchObject({ resultedAt: null });

    expect(await importResults(database.db, [win, { ...win }])).toEqual({ eventsUpdated: 1, picksGraded: 0 });
    expect(await eventRow(event.id)).toMatchObject({ status: "Final", homeScore: 110, awayScore: 90 });
  });
});

describe(`an unchanged market stays fresh (${testDatabaseEngine()})`, () => {
  it("is not appended again at once, and is appended again once its newest snapshot is RECONFIRM_AFTER_MS old", async () => {
    const providerId = `fresh-${++nextId}`;
    const file = [
      providerGame(providerId, LAKERS, CELTICS, {
        startsAt: new Date(Date.now() + DAY),
        bookmakers: moneylineBook(LAKERS, CELTICS),
      }),
    ];
    expect(await importProviderEvents(database.db, file)).toMatchObject({ eventsCreated: 1, snapshotsAdded: 2 });
    expect(await importProviderEvents(database.db, file)).toMatchObject({ snapshotsAdded: 0 });
    const later = new Date(Date.now() + RECONFIRM_AFTER_MS + 60_000);
    expect(await importProviderEvents(database.db, file, { now: later })).toMatchObject({ snapshotsAdded: 2 });
    const [event] = await database.db
      .select()
      .from(events)
      .where(eq(events.externalId, `odds-api:${providerId}`));
    const snapshots = await database.db.select().from(marketSnapshots).where(eq(marketSnapshots.eventId, event.id));
    expect(snapshots.map((row) => `${row.side} ${row.price}`).sort()).toEqual([
      "Away 130",
      "Away 130",
      "Home -150",
      "Home -150",
    ]);
  });
});
