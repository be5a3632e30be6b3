/**
 * Sports data: The Odds API through the real adapter, over HTTP, against a local
 * stand-in serving recorded answers. Games appear in their sports, the market's lines are
 * snapshotted (only when they move), a moved start follows the provider, a completed game's
 * score grades the picks on it with their closing-line value; the lease lets one sync run per
 * interval; provider failures are stored, never thrown. The admin imports the same JSON by hand;
 * `npm run sports:import` does from a file.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventClosingLines, events, marketSnapshots, posts, sportsDataSync, users } from "~/db/schema";
import { EnvError, parseEnv } from "~/config/env.server";
import { createLogger } from "~/modules/logger.server";
import { closingLineValue } from "~/modules/record/grading";
import { fetchOdds } from "~/modules/sports-data/odds-api.server";
import { categoryForSportKey, syncedSportKeys } from "~/modules/sports-data/sport-keys";
import { runSportsDataSync, type SyncEnv } from "~/modules/sports-data/sync.server";
import * as adminEventsPage from "~/routes/admin.events";
import * as postsRoute from "~/routes/api.posts._index";
import { runPage as runPageModule } from "../support/record";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { GAMES, startOddsApiStandIn, type OddsApiStandIn } from "../support/odds-api-stand-in";
import { DAY, HOUR, postFixtures } from "../support/post-fixtures";
import { signedInJar } from "../support/signed-in";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let standIn: OddsApiStandIn;
let admin: CookieJar;
const logger = createLogger("silent");

beforeAll(async () => {
  standIn = await startOddsApiStandIn();
  database = await createTestDatabase();
  context = makeLoadContext(database.db, {
    ODDS_API_KEY: standIn.apiKey,
    ODDS_API_URL: standIn.url,
    ODDS_API_SPORTS: "basketball_nba,americanfootball_nfl",
    RATE_LIMIT_POST: "1000/60",
  });
  fixtures = postFixtures(database.db, context);
  const [adminUser] = await database.db
    .insert(users)
    .values({
      email: "sports-admin@example.com",
      userName: "SportsAdmin",
      firstName: "Ada",
      roles: ["User", "Admin"],
      emailConfirmedAt: new Date(),
    })
    .returning();
  admin = await signedInJar(database.db, context.env, adminUser.id);
});
afterAll(async () => {
  await database?.close();
  await standIn?.close();
});

const sync = (overrides: Partial<SyncEnv> = {}, options: { timeoutMs?: number } = {}) =>
  runSportsDataSync(database.db, { ...context.env, ...overrides }, logger, new Date(), options);
/** The interval has passed: the lease is free again. */
const expireLease = () =>
  database.db
    .update(sportsDataSync)
    .set({ startedAt: new Date(Date.now() - DAY) })
    .where(eq(sportsDataSync.id, 1));
const game = async (providerId: string) =>
  (await database.db.query.events.findFirst({ where: eq(events.externalId, `odds-api:${providerId}`) }))!;
/** The rows of a game's market, oldest snapshot first, each as "side line price×bookmakers". */
async function lines(eventId: number, market: "Moneyline" | "Spread" | "Total") {
  const rows = await database.db
    .select()
    .from(marketSnapshots)
    .where(and(eq(marketSnapshots.eventId, eventId), eq(marketSnapshots.market, market)))
    .orderBy(marketSnapshots.takenAt, marketSnapshots.side, marketSnapshots.line);
  return rows.map((row) => `${row.side} ${row.line ?? "-"} ${row.price}×${row.bookmakers}`);
}
const snapshotCount = async () =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(marketSnapshots))[0].n;

/** The admin page's loader (GET) or action (a form POST), answered as Remix would. */
const runPage = (jar: CookieJar | undefined, fields?: Record<string, string>) =>
  runPageModule(adminEventsPage, context, "/admin/events", jar, fields);
const importJson = (value: unknown, jar: CookieJar | undefined = admin) =>
  runPage(jar, { intent: "import", results: typeof value === "string" ? value : JSON.stringify(value) });

describe(`the Odds API sync, through the stand-in (${testDatabaseEngine()})`, () => {
  it("games appear in their sports with their lines; moved lines and starts follow; a final score grades the pick with its CLV", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const first = await sync();
    expect(first).toEqual({
      ran: true,
      error: null,
      summary: {
        eventsCreated: 4,
        eventsUpdated: 0,
        snapshotsAdded: 26,
        resultsRecorded: 1,
        picksGraded: 0,
        conflicts: 0,
        skipped: 0,
      },
    });
    // Odds and scores of the two configured sports, asked as the API documents.
    expect(standIn.requests.map((request) => request.path).sort()).toEqual([
      "/v4/sports/americanfootball_nfl/odds",
      "/v4/sports/americanfootball_nfl/scores",
      "/v4/sports/basketball_nba/odds",
      "/v4/sports/basketball_nba/scores",
    ]);
    const oddsQuery = standIn.requests.find((request) => request.path.endsWith("/odds"))!.query;
    expect(oddsQuery).toEqual({
      apiKey: standIn.apiKey,
      regions: "us",
      markets: "h2h,spreads,totals",
      oddsFormat: "american",
    });
    expect(standIn.requests.find((request) => request.path.endsWith("/scores"))!.query).toEqual({
      apiKey: standIn.apiKey,
      daysFrom: "3",
    });

    const lakers = await game(GAMES.lakersCeltics);
    expect(lakers).toMatchObject({
      categoryId: 2,
      homeTeam: "Los Angeles Lakers",
      awayTeam: "Boston Celtics",
      status: "Scheduled",
      resultedAt: null,
    });
    expect(lakers.startsAt.getTime()).toBe(new Date(String(standIn.render("odds")[0].commence_time)).getTime());
    expect(await game(GAMES.chiefsBills)).toMatchObject({
      categoryId: 1,
      homeTeam: "Kansas City Chiefs",
      awayTeam: "Buffalo Bills",
    });
    // A game only the scores listed, already over: created with its result.
    expect(await game(GAMES.eaglesCowboys)).toMatchObject({
      categoryId: 1,
      status: "Final",
      homeScore: 27,
      awayScore: 20,
    });
    // Per side and line: the best price for the bettor and how many bookmakers offered it.
    expect(await lines(lakers.id, "Spread")).toEqual([
      "Away 4.5 -108×3",
      "Away 5 -115×1",
      "Home -5 -105×1",
      "Home -4.5 -108×3",
    ]);
    expect(await lines(lakers.id, "Moneyline")).toEqual(["Away - 160×4", "Home - -175×4"]);
    expect(await lines(lakers.id, "Total")).toEqual([
      "Over 221.5 -105×3",
      "Over 222 -110×1",
      "Under 221.5 -108×3",
      "Under 222 -110×1",
    ]);
    // A price no bookmaker means (+50) and a market not ours (h2h_lay) are left out.
    const nuggets = await game(GAMES.nuggetsWarriors);
    expect(await lines(nuggets.id, "Moneyline")).toEqual(["Away - 110×2", "Home - -128×2"]);

    // The market moves: the Lakers' spread and the Chiefs' total; the Nuggets' start moves two
    // hours; the Lakers game is moved up to start in a few seconds.
    standIn.stage = "moved";
    const tipOff = new Date(Date.now() + 8000);
    standIn.setStart(GAMES.lakersCeltics, tipOff);
    await expireLease();
    const moved = await sync();
    expect(moved).toMatchObject({
      ran: true,
      error: null,
      summary: {
        eventsCreated: 0,
        eventsUpdated: 2,
        snapshotsAdded: 6,
        resultsRecorded: 0,
        picksGraded: 0,
        conflicts: 0,
      },
    });
    expect((await game(GAMES.nuggetsWarriors)).startsAt.getTime() - nuggets.startsAt.getTime()).toBe(2 * HOUR);
    expect((await game(GAMES.lakersCeltics)).startsAt.getTime()).toBe(tipOff.getTime());
    expect(await lines(lakers.id, "Spread")).toEqual([
      "Away 4.5 -108×3",
      "Away 5 -115×1",
      "Home -5 -105×1",
      "Home -4.5 -108×3",
      "Away 5.5 -108×3",
      "Away 6 -115×1",
      "Home -6 -105×1",
      "Home -5.5 -105×3",
    ]);
    // Unchanged markets are not appended again.
    expect(await lines(lakers.id, "Moneyline")).toHaveLength(2);
    expect(await lines(nuggets.id, "Total")).toHaveLength(2);
    expect(await lines((await game(GAMES.chiefsBills)).id, "Total")).toEqual([
      "Over 47.5 -108×2",
      "Over 48 -110×1",
      "Under 47.5 -110×2",
      "Under 48 -110×1",
      "Over 48.5 -105×3",
      "Under 48.5 -110×3",
    ]);
    expect(await snapshotCount()).toBe(32);

    // An expert takes the Lakers -5.5 at -110 through the API before the tip-off.
    const posted = await callRoute(postsRoute, context, {
      method: "POST",
      path: "/api/posts",
      jar,
      body: {
        postType: "Pick",
        title: "Lakers cover",
        body: [{ type: "paragraph", children: [{ text: "Why." }] }],
        categoryId: 2,
        market: "Spread",
        legs: [{ eventId: lakers.id, market: "Spread", side: "Home", line: -5.5, odds: -110 }],
        units: 1,
        publishDate: new Date().toISOString(),
      },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const pickId = posted.body.payload.id as string;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tipOff.getTime() - Date.now() + 300)));

    // The game is over: 112–104, the Lakers cover 5.5.
    standIn.stage = "final";
    await expireLease();
    const final = await sync();
    expect(final).toEqual({
      ran: true,
      error: null,
      summary: {
        eventsCreated: 0,
        eventsUpdated: 0,
        snapshotsAdded: 0,
        resultsRecorded: 1,
        picksGraded: 1,
        conflicts: 0,
        skipped: 0,
      },
    });
    expect(await game(GAMES.lakersCeltics)).toMatchObject({ status: "Final", homeScore: 112, awayScore: 104 });
    // Its closing lines: the consensus of the last snapshot before the start, per side.
    const closing = await database.db.select().from(eventClosingLines).where(eq(eventClosingLines.eventId, lakers.id));
    expect(closing.map((row) => `${row.market} ${row.side} ${row.line ?? "-"} ${row.odds}`).sort()).toEqual([
      "Moneyline Away - 160",
      "Moneyline Home - -175",
      "Spread Away 5.5 -108",
      "Spread Home -5.5 -105",
      "Total Over 221.5 -105",
      "Total Under 221.5 -108",
    ]);
    const pick = await database.db.query.posts.findFirst({ where: eq(posts.id, pickId) });
    expect(pick).toMatchObject({ pickResult: "Win", clv: closingLineValue(-110, -105) });
    expect(pick!.clv).not.toBeNull();
    expect(await snapshotCount()).toBe(32);

    // Again within the interval: the lease is held, nothing is asked or written.
    const asked = standIn.requests.length;
    expect(await sync()).toEqual({ ran: false });
    expect(standIn.requests.length).toBe(asked);
    // Two instances at once: one runs.
    await expireLease();
    const both = await Promise.all([sync(), sync()]);
    expect(both.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(standIn.requests.length).toBe(asked + 4);
    expect(both.find((outcome) => outcome.ran)).toMatchObject({
      summary: { eventsCreated: 0, eventsUpdated: 0, snapshotsAdded: 0, resultsRecorded: 0, conflicts: 0 },
    });
  }, 60_000);

  it("a bad key, a spent quota, garbage and a timeout are stored as the sync's error, never thrown", async () => {
    const lastError = async () => (await database.db.select().from(sportsDataSync))[0].error;
    await expireLease();
    const asked = standIn.requests.length;
    const badKey = await sync({ ODDS_API_KEY: "not-the-key" });
    expect(badKey).toMatchObject({ ran: true, summary: { eventsCreated: 0, snapshotsAdded: 0 } });
    expect(badKey.ran && badKey.error).toContain("The Odds API answered 401 for");
    expect(badKey.ran && badKey.error).toContain("API key is not valid");
    expect(badKey.ran && badKey.error).not.toContain("not-the-key");
    // A bad key fails every sport alike: asked once.
    expect(standIn.requests.length).toBe(asked + 2);
    expect(await lastError()).toContain("401");
    // The admin page shows it.
    const page = await runPage(admin);
    expect(page.body!.sportsSync).toMatchObject({ error: expect.stringContaining("401") });

    const failing = async (answer: OddsApiStandIn["answer"], message: string) => {
      standIn.answer = answer;
      await expireLease();
      const outcome = await sync();
      standIn.answer = null;
      expect(outcome.ran && outcome.error).toContain(message);
      expect(await lastError()).toContain(message);
    };
    await failing(
      { status: 429, body: JSON.stringify({ message: "Usage quota has been reached." }) },
      "answered 429 for basketball_nba/odds: Usage quota has been reached.",
    );
    await failing({ status: 200, body: "<html>Bad gateway</html>", contentType: "text/html" }, "is not JSON");
    await failing({ status: 200, body: JSON.stringify({ data: [] }) }, "is not a list of games");
    await failing({ status: 502, body: "upstream down", contentType: "text/plain" }, "answered 502");
    // Games that do not parse are skipped, the rest imported.
    standIn.answer = {
      status: 200,
      body: JSON.stringify([{ id: 1, sport_key: "basketball_nba" }, { nonsense: true }]),
    };
    await expireLease();
    const odd = await sync();
    standIn.answer = null;
    expect(odd).toMatchObject({ ran: true, error: null, summary: { skipped: 8, eventsCreated: 0 } });

    standIn.hang = true;
    await expireLease();
    const slow = await sync({}, { timeoutMs: 300 });
    standIn.hang = false;
    expect(slow.ran && slow.error).toContain("did not answer in time");
    await expect(fetchOdds({ url: standIn.url, apiKey: standIn.apiKey }, "../admin")).rejects.toThrow(
      "is not a sport key",
    );

    // Back to normal: the error is cleared.
    await expireLease();
    expect(await sync()).toMatchObject({ ran: true, error: null });
    expect(await lastError()).toBeNull();
    // No key: no sync at all.
    expect(await sync({ ODDS_API_KEY: undefined })).toEqual({ ran: false });
  });
});

describe(`the provider JSON by hand (${testDatabaseEngine()})`, () => {
  const hockey = (id: string, startsInHours: number, extra: object = {}) => ({
    id,
    sport_key: "icehockey_nhl",
    sport_title: "NHL",
    commence_time: new Date(Date.now() + startsInHours * HOUR).toISOString(),
    home_team: "Boston Bruins",
    away_team: "Toronto Maple Leafs",
    ...extra,
  });
  const bookmakers = [
    {
      key: "draftkings",
      title: "DraftKings",
      markets: [
        {
          key: "h2h",
          outcomes: [
            { name: "Boston Bruins", price: -140 },
            { name: "Toronto Maple Leafs", price: 120 },
          ],
        },
        {
          key: "totals",
          outcomes: [
            { name: "Over", price: -115, point: 6 },
            { name: "Under", price: -105, point: 6 },
          ],
        },
      ],
    },
    {
      key: "fanduel",
      title: "FanDuel",
      markets: [
        {
          key: "spreads",
          outcomes: [
            { name: "Boston Bruins", price: 160, point: -1.5 },
            { name: "Toronto Maple Leafs", price: -190, point: 1.5 },
          ],
        },
      ],
    },
  ];

  it("the admin pastes odds and scores: games, lines and results as the sync imports them; a different score is a conflict", async () => {
    const odds = [
      hockey("nhl-1", 30, { bookmakers }),
      { ...hockey("cricket-1", 30, { bookmakers: [] }), sport_key: "cricket_ipl" },
    ];
    expect((await importJson(odds)).body).toEqual({
      ok: true,
      message: "1 game added, 0 updated, 6 lines recorded, 0 results recorded, 0 picks graded, 1 game skipped.",
    });
    const created = await game("nhl-1");
    expect(created).toMatchObject({ categoryId: 4, homeTeam: "Boston Bruins" });
    expect(await lines(created.id, "Spread")).toEqual(["Away 1.5 -190×1", "Home -1.5 160×1"]);
    // The same JSON again changes nothing.
    expect((await importJson(odds)).body).toEqual({
      ok: true,
      message: "0 games added, 0 updated, 0 lines recorded, 0 results recorded, 0 picks graded, 1 game skipped.",
    });

    const scores = (home: string, away: string) => [
      hockey("nhl-2", -4, {
        completed: true,
        scores: [
          { name: "Boston Bruins", score: home },
          { name: "Toronto Maple Leafs", score: away },
        ],
      }),
    ];
    expect((await importJson(scores("3", "2"))).body).toEqual({
      ok: true,
      message: "1 game added, 0 updated, 0 lines recorded, 1 result recorded, 0 picks graded.",
    });
    expect(await game("nhl-2")).toMatchObject({ status: "Final", homeScore: 3, awayScore: 2 });
    // The same score again is no conflict; another one is, and the record stays.
    expect((await importJson(scores("3", "2"))).body).toMatchObject({
      ok: true,
      message: "0 games added, 0 updated, 0 lines recorded, 0 results recorded, 0 picks graded.",
    });
    expect((await importJson(scores("2", "3"))).body).toMatchObject({
      ok: true,
      message:
        "0 games added, 0 updated, 0 lines recorded, 0 results recorded, 0 picks graded, 1 conflict with the record left as it is.",
    });
    expect(await game("nhl-2")).toMatchObject({ homeScore: 3, awayScore: 2 });
  });

  it("refuses invalid provider JSON in words (422), and non-admins", async () => {
    const bad = await importJson([{ id: "x", sport_key: "basketball_nba", commence_time: "tomorrow", home_team: "A" }]);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ ok: false, message: "Some games are not valid provider data." });
    expect(Object.keys((bad.body!.errors as object) ?? {})).toEqual(
      expect.arrayContaining(["0.commence_time", "0.away_team"]),
    );
    const tooLong = await importJson([hockey("y".repeat(500), 10, { bookmakers: [] })]);
    expect(tooLong.status).toBe(422);
    const user = await fixtures.makeUser();
    expect((await importJson([hockey("nhl-3", 10, { bookmakers })], user.jar)).status).toBe(403);
    expect(
      await database.db.query.events.findFirst({ where: eq(events.externalId, "odds-api:nhl-3") }),
    ).toBeUndefined();
  });

  it("market snapshots are append-only: no update, no delete, whoever asks", async () => {
    const [row] = await database.db.select().from(marketSnapshots).limit(1);
    const refused = async (write: Promise<unknown>) => {
      const error = (await write.then(
        () => null,
        (caught: unknown) => caught,
      )) as (Error & { cause?: Error }) | null;
      expect(error, "the database accepted a rewrite of a snapshot").not.toBeNull();
      expect(`${error!.message} ${error!.cause?.message ?? ""}`).toContain("This record is append-only");
    };
    await refused(database.db.update(marketSnapshots).set({ price: 500 }).where(eq(marketSnapshots.id, row.id)));
    await refused(database.db.delete(marketSnapshots).where(eq(marketSnapshots.id, row.id)));
    await refused(database.db.execute(sql`UPDATE market_snapshots SET taken_at = taken_at - interval '1 day'`));
    expect((await database.db.select().from(marketSnapshots).where(eq(marketSnapshots.id, row.id)))[0]).toEqual(row);
  });
});

describe("configuration and sport mapping", () => {
  it("maps provider sport keys to our sports, skips the others; ODDS_API_* parse once with the rest", () => {
    expect(categoryForSportKey("americanfootball_ncaaf")).toBe(5);
    expect(categoryForSportKey("soccer_epl")).toBe(7);
    expect(categoryForSportKey("tennis_atp_wimbledon")).toBe(10);
    expect(categoryForSportKey("golf_masters_tournament_winner")).toBeNull();
    expect(categoryForSportKey("toString")).toBeNull();
    expect(syncedSportKeys(["basketball_nba", "cricket_ipl", "basketball_nba"])).toEqual(["basketball_nba"]);
    expect(syncedSportKeys(undefined)).toContain("mma_mixed_martial_arts");
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: os.tmpdir(),
      SESSION_SECRET: "s".repeat(32),
      ODDS_API_SPORTS: " basketball_nba, icehockey_nhl ",
    });
    expect(env.ODDS_API_KEY).toBeUndefined();
    expect(env).toMatchObject({
      ODDS_API_URL: "https://api.the-odds-api.com",
      ODDS_SYNC_MINUTES: 15,
      ODDS_API_SPORTS: ["basketball_nba", "icehockey_nhl"],
    });
    expect(() =>
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: os.tmpdir(),
        SESSION_SECRET: "s".repeat(32),
        ODDS_API_SPORTS: "nba; drop table",
      }),
    ).toThrow(EnvError);
    expect(() =>
      parseEnv({ NODE_ENV: "test", DATA_DIR: os.tmpdir(), SESSION_SECRET: "s".repeat(32), ODDS_SYNC_MINUTES: "0" }),
    ).toThrow(EnvError);
  });
});

describe("npm run sports:import", () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/sports-import.ts", ...args], {
        env: { ...process.env, LOG_LEVEL: "silent", ...env },
      });
      let out = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (out += chunk));
      child.on("close", (code) => resolve({ code, out }));
    });

  it("imports a file into the configured database; a missing or bad file is a clear error", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sports-import-"));
    expect(await run([path.join(dir, "missing.json")])).toMatchObject({
      code: 1,
      out: expect.stringContaining("Cannot read"),
    });
    writeFileSync(path.join(dir, "bad.json"), "{oops");
    expect(await run([path.join(dir, "bad.json")])).toMatchObject({
      code: 1,
      out: expect.stringContaining("is not valid JSON"),
    });
    writeFileSync(path.join(dir, "wrong.json"), JSON.stringify([{ sport_key: "basketball_nba" }]));
    expect(await run([path.join(dir, "wrong.json")])).toMatchObject({
      code: 1,
      out: expect.stringContaining("is not The Odds API's JSON"),
    });
    const games = [...standIn.render("odds", "opening"), ...standIn.render("scores", "opening")].filter(
      (item) => item.id !== GAMES.lakersCeltics,
    );
    writeFileSync(path.join(dir, "games.json"), JSON.stringify(games));
    const done = await run([path.join(dir, "games.json")], { DATABASE_URL: "memory://", DATA_DIR: dir });
    expect(done.out).toContain("3 games added, 0 updated, 16 lines recorded, 1 result recorded, 0 picks graded.");
    expect(done.code).toBe(0);
  }, 120_000);
});
