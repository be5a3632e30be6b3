/**
 * A record no one can game (decision 026): every attack an expert tried against the
 * verified record, as a regression. Each gets a 4xx (never a 5xx) or provably moves neither the
 * verified figures nor the leaderboard; then an honest expert and one trying every trick meet on
 * the leaderboard, and the honest one ranks first.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expertStandings, marketSnapshots, posts } from "~/db/schema";
import { LEADERBOARD_MIN_SAMPLE } from "~/modules/record/figures";
import type { MarketOffer } from "~/modules/record/market-price";
import * as resultsRoute from "~/routes/api.events.results";
import * as expertRoute from "~/routes/api.experts.$expertId";
import * as recordRoute from "~/routes/api.experts.$expertId.record";
import * as leaderboardRoute from "~/routes/api.leaderboard";
import * as pickResultRoute from "~/routes/api.posts.$postId.pick-result";
import * as postsRoute from "~/routes/api.posts._index";
import * as withdrawRoute from "~/routes/api.posts.$postId.withdraw";
import { refreshDemoLines } from "~/modules/record/markets.server";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { writeError } from "../support/record";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, DEFAULT_MARKET, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let nba: number;
let admin: CookieJar;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_POST: "10000/60" });
  fixtures = postFixtures(database.db, context);
  nba = (await database.db.query.categories.findMany()).find((row) => row.name === "NBA")!.id;
  admin = (await fixtures.makeUser({ admin: true })).jar;
});
afterAll(() => database?.close());

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });
/** A coming NBA game; its market is the fixtures' (Lakers -4.5 at -110, ML -200/+170, total 220.5) unless told. */
const game = (market?: MarketOffer[]) =>
  fixtures.addEvent({ categoryId: nba, startsInMs: DAY, market }).then((event) => event.id);
const spread = (eventId: number, side: "Home" | "Away", line: number, odds: number) => ({
  eventId,
  market: "Spread",
  side,
  line,
  odds,
});
const total = (eventId: number, side: "Over" | "Under", line: number, odds: number) => ({
  eventId,
  market: "Total",
  side,
  line,
  odds,
});
const moneyline = (eventId: number, side: "Home" | "Away", odds: number) => ({
  eventId,
  market: "Moneyline",
  side,
  odds,
});
const prop = (eventId: number, description: string, odds: number) => ({
  eventId,
  market: "PlayerProp",
  description,
  odds,
});

/** A published pick's row written straight into the table, past the app's checks: only the database's guard stands. */
const directPick = (authorId: string, market: "Parlay" | "Total", legs: object[], odds: number) => ({
  authorId,
  postType: "Pick" as const,
  title: "Direct",
  body: [paragraph("x")],
  visibility: "Subscribers" as const,
  status: "Published" as const,
  publishDate: new Date(),
  categoryId: nba,
  market,
  legs: legs as never,
  selection: "x",
  odds,
  units: 1,
});

function create(jar: CookieJar, market: string, legs: object[], units = 1) {
  const body = {
    postType: "Pick",
    title: "Lock of the night",
    body: [paragraph("SECRET-BODY-MARKER why.")],
    categoryId: nba,
    market,
    legs,
    units,
    publishDate: new Date().toISOString(),
  };
  return callRoute(postsRoute, context, { method: "POST", path: "/api/posts", jar, body });
}
async function posted(jar: CookieJar, market: string, legs: object[], units = 1): Promise<string> {
  const response = await create(jar, market, legs, units);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.payload.id;
}
const withdraw = (postId: string, jar: CookieJar) =>
  callRoute(withdrawRoute, context, { method: "POST", path: `/api/posts/${postId}/withdraw`, params: { postId }, jar });
const selfGrade = (id: string, jar: CookieJar, pickResult: string) =>
  callRoute(pickResultRoute, context, {
    method: "PUT",
    path: `/api/posts/${id}/pick-result?pickResult=${pickResult}`,
    params: { postId: id },
    jar,
  });
const results = (body: unknown) =>
  callRoute(resultsRoute, context, { method: "POST", path: "/api/events/results", jar: admin, body });
const figures = (userName: string) =>
  callRoute(recordRoute, context, { path: `/api/experts/${userName}/record`, params: { expertId: userName } }).then(
    (r) => r.body.payload,
  );

/** Refused in the market's or the rules' words: 422 with that field error, never a 5xx. */
async function refused(
  response: Promise<{ status: number; body: { errors?: Record<string, string[]> } }>,
  field: string,
  message: string | RegExp,
) {
  const { status, body } = await response;
  expect(status).toBe(422);
  expect(body.errors?.[field]?.[0]).toMatch(message);
}

const MARKET_LINE =
  "The market has Los Angeles Lakers -4.5 at -110; picks are taken within 1.5 points of it, at its price or worse (each half point bought costs 10 cents, 25 on or off a spread of 3 or 7)";

describe(`every leg is priced against the market (${testDatabaseEngine()})`, () => {
  it("the attacks on the line and the price: 422 naming the market's line and price", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    await refused(create(jar, "Spread", [spread(eventId, "Home", 999.5, 100000)]), "legs.0.line", MARKET_LINE);
    await refused(
      create(jar, "Total", [total(eventId, "Under", 999.5, 100000)]),
      "legs.0.line",
      "The market has Under 220.5 (Boston Celtics at Los Angeles Lakers) at -110; picks are taken within 1.5 points of it, at its price or worse (each half point bought costs 10 cents, 25 on or off a spread of 3 or 7)",
    );
    await refused(
      create(jar, "Total", [total(eventId, "Over", 0.5, -110)]),
      "legs.0.line",
      /The market has Over 220\.5/,
    );
    // The right line at a price no bookmaker offers.
    await refused(create(jar, "Spread", [spread(eventId, "Home", -4.5, 100000)]), "legs.0.odds", MARKET_LINE);
    await refused(create(jar, "Spread", [spread(eventId, "Home", -4.5, 110)]), "legs.0.odds", MARKET_LINE);
    await refused(
      create(jar, "Moneyline", [moneyline(eventId, "Home", 150)]),
      "legs.0.odds",
      "The market has Los Angeles Lakers ML at -200; picks are taken at its price or worse",
    );
    // A line bought a point and a half at the same price: each half point costs 10 cents.
    await refused(create(jar, "Spread", [spread(eventId, "Home", -3, -110)]), "legs.0.odds", MARKET_LINE);
    // One cent better than every book is better than the market.
    await refused(create(jar, "Spread", [spread(eventId, "Home", -4.5, -109)]), "legs.0.odds", MARKET_LINE);
    // At the market's price or worse, and bought points at their full price: taken.
    await posted(jar, "Spread", [spread(eventId, "Home", -4.5, -110)]);
    await posted(jar, "Spread", [spread(eventId, "Home", -4.5, -115)]);
    // Onto 3, a key margin, the last half point costs 25 cents: -4.5 at -110 to -3 is -155, not -140.
    await refused(create(jar, "Spread", [spread(eventId, "Home", -3, -140)]), "legs.0.odds", MARKET_LINE);
    await posted(jar, "Spread", [spread(eventId, "Home", -3, -155)]);
    await posted(jar, "Spread", [spread(eventId, "Home", -5.5, -110)]);
    await posted(jar, "Moneyline", [moneyline(eventId, "Home", -200)]);
    // The other side of the game is another expert's to take.
    const { jar: other } = await fixtures.makeUser({ expert: true });
    await refused(
      create(other, "Spread", [spread(eventId, "Away", 3.5, -105)]),
      "legs.0.odds",
      /Boston Celtics \+4\.5 at -110/,
    );
    await posted(other, "Spread", [spread(eventId, "Away", 3.5, -110)]);
    await posted(other, "Moneyline", [moneyline(eventId, "Away", 170)]);
  });

  it("arbitrage: a price better than every book is refused on each side, so no pair wins whatever the score", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    // An NCAAB total at 134.5, -110 both ways at every book: Over +105 and Under +105 were both taken.
    const ncaabTotal = await game([
      { market: "Total", side: "Over", line: 134.5, price: -110, bookmakers: 8 },
      { market: "Total", side: "Under", line: 134.5, price: -110, bookmakers: 8 },
    ]);
    await refused(
      create(jar, "Total", [total(ncaabTotal, "Over", 134.5, 105)]),
      "legs.0.odds",
      /at its price or worse/,
    );
    await refused(
      create(jar, "Total", [total(ncaabTotal, "Under", 134.5, 105)]),
      "legs.0.odds",
      /at its price or worse/,
    );
    // Duke -14.5 +103 and Kansas +14.5 +107 against books at -112 / -108.
    const dukeKansas = await game([
      { market: "Spread", side: "Home", line: -14.5, price: -112, bookmakers: 7 },
      { market: "Spread", side: "Away", line: 14.5, price: -108, bookmakers: 7 },
    ]);
    await refused(create(jar, "Spread", [spread(dukeKansas, "Home", -14.5, 103)]), "legs.0.odds", /-14\.5 at -112/);
    await refused(create(jar, "Spread", [spread(dukeKansas, "Away", 14.5, 107)]), "legs.0.odds", /\+14\.5 at -108/);
    // Bought points at half price: Duke -13 (three half points off -14.5) at -127 is 15 cents short of -142.
    await refused(create(jar, "Spread", [spread(dukeKansas, "Home", -13, -127)]), "legs.0.odds", /-14\.5 at -112/);
    await posted(jar, "Spread", [spread(dukeKansas, "Home", -13, -142)]);
    // A parlay is priced from its legs: two legs at +105 where the market has -110 (+320 for +264).
    const [first, second] = [await game(), await game()];
    await refused(
      create(jar, "Parlay", [spread(first, "Home", -4.5, 105), spread(second, "Home", -4.5, 105)]),
      "legs.0.odds",
      MARKET_LINE,
    );
    const id = await posted(jar, "Parlay", [spread(first, "Home", -4.5, -110), spread(second, "Home", -4.5, -110)]);
    expect(await database.db.query.posts.findFirst({ where: eq(posts.id, id) })).toMatchObject({ odds: 264 });
  });

  it("lines older than MARKET_MAX_AGE_MINUTES price no pick; the demo takes its lines again", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game([]);
    // A snapshot taken 30 minutes ago (the database stamps snapshots: only its owner can backdate one).
    await database.db.execute(sql`ALTER TABLE market_snapshots DISABLE TRIGGER market_snapshots_stamp`);
    try {
      await database.db
        .insert(marketSnapshots)
        .values(DEFAULT_MARKET.map((offer) => ({ eventId, ...offer, takenAt: new Date(Date.now() - 30 * 60_000) })));
    } finally {
      await database.db.execute(sql`ALTER TABLE market_snapshots ENABLE TRIGGER market_snapshots_stamp`);
    }
    await refused(
      create(jar, "Spread", [spread(eventId, "Home", -4.5, -110)]),
      "legs.0.eventId",
      "This game's market lines are 30 minutes old: picks are priced against lines at most 20 minutes old. Try again once they are refreshed.",
    );
    // Props are not priced: taken.
    await posted(jar, "PlayerProp", [prop(eventId, "LeBron James over 25.5 points", -115)]);
    // The demo's job takes the same lines again once they are 10 minutes old (a fresh game's stay as they are).
    const fresh = await game();
    const before = await database.db.select().from(marketSnapshots).where(eq(marketSnapshots.eventId, fresh));
    expect(await refreshDemoLines(database.db, 10)).toBeGreaterThanOrEqual(DEFAULT_MARKET.length);
    expect(await database.db.select().from(marketSnapshots).where(eq(marketSnapshots.eventId, fresh))).toHaveLength(
      before.length,
    );
    await posted(jar, "Spread", [spread(eventId, "Home", -4.5, -110)]);
  });

  it("a game without market data takes no auto-graded pick; a prop on it is taken (self-reported)", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const bare = await game([]);
    for (const leg of [
      moneyline(bare, "Home", -110),
      spread(bare, "Home", -4.5, -110),
      total(bare, "Over", 220.5, -110),
    ]) {
      await refused(create(jar, leg.market, [leg]), "legs.0.eventId", /This game has no market lines yet/);
    }
    const id = await posted(jar, "PlayerProp", [prop(bare, "LeBron James over 25.5 points", -115)]);
    expect(await database.db.query.posts.findFirst({ where: eq(posts.id, id) })).toMatchObject({ selfGraded: true });
  });

  it("parlays: 2–10 legs on different games, at most +10000, and no overflow on any odds", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const [first, second, third] = [await game(), await game(), await game()];
    // A same-game "parlay" of one outcome twice (Home ML + Home -0.5).
    await refused(
      create(jar, "Parlay", [moneyline(first, "Home", -200), spread(first, "Home", -0.5, -110)]),
      "legs.1",
      "A parlay's legs must be on different games",
    );
    // Two or three legs at +100000: refused (the cap, and each leg's price), never a 500.
    await refused(
      create(jar, "Parlay", [moneyline(first, "Away", 100000), moneyline(second, "Away", 100000)]),
      "legs",
      "A parlay pays at most +10000 (100 to 1)",
    );
    const three = await create(jar, "Parlay", [
      moneyline(first, "Away", 100000),
      moneyline(second, "Away", 100000),
      moneyline(third, "Away", 100000),
    ]);
    expect(three.status).toBe(422);
    // Ten long legs: the arithmetic is decimal, finite, capped.
    const ten = await create(
      jar,
      "Parlay",
      Array.from({ length: 10 }, (_, i) => moneyline(first + i, "Away", 100000)),
    );
    expect(ten.status).toBe(422);
    // Priced legs within the cap: taken, at the product of their decimal odds.
    const id = await posted(jar, "Parlay", [moneyline(first, "Away", 170), moneyline(second, "Away", 170)]);
    expect(await database.db.query.posts.findFirst({ where: eq(posts.id, id) })).toMatchObject({
      odds: 629,
      selfGraded: false,
    });
  });

  it("the database refuses a same-game or over-cap parlay and a change of self_graded, whoever writes", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    const [first, second] = [await game(), await game()];
    const row = (legs: object[], odds: number) => directPick(user.id, "Parlay", legs, odds);
    expect(
      await writeError(
        database.db.insert(posts).values(row([moneyline(first, "Home", -200), spread(first, "Home", -0.5, -110)], 100)),
      ),
    ).toContain("A parlay's legs must be on different games.");
    expect(
      await writeError(
        database.db
          .insert(posts)
          .values(row([moneyline(first, "Away", 900), moneyline(second, "Away", 900)], 9900 * 2)),
      ),
    ).toContain("A parlay pays at most +10000.");
    const [pick] = await database.db
      .insert(posts)
      .values(row([moneyline(first, "Away", 170), prop(second, "Anything", -110)], 629))
      .returning();
    expect(pick.selfGraded).toBe(true);
    expect(
      await writeError(database.db.update(posts).set({ selfGraded: false }).where(eq(posts.id, pick.id))),
    ).toContain("A posted pick's selection, line, odds and units cannot change.");
  });
});

describe(`self-reported stays apart from verified (${testDatabaseEngine()})`, () => {
  it("a throw-away prop leg makes the parlay self-graded: graded only after the final result, counted nowhere verified", async () => {
    const { user, jar } = await fixtures.makeUser({ expert: true });
    const [first, second] = [await game(), await game()];
    const id = await posted(jar, "Parlay", [
      spread(first, "Home", -4.5, -110),
      prop(second, "The game is played", -100000),
    ]);
    const voided = await posted(jar, "PlayerProp", [prop(first, "Lakers over 110.5 points", -110)]);
    await fixtures.startEvent(first);
    await fixtures.startEvent(second);
    // Before the final result: no self-grade.
    expect((await selfGrade(id, jar, "Win")).body.error).toBe(
      "A self-graded pick can be graded only after its game has a final result.",
    );
    // The real game: the Lakers lose by 10, the spread leg lost.
    expect(
      (
        await results([
          { eventId: first, status: "Final", homeScore: 100, awayScore: 110 },
          { eventId: second, status: "Final", homeScore: 90, awayScore: 80 },
        ])
      ).status,
    ).toBe(200);
    expect(await database.db.query.posts.findFirst({ where: eq(posts.id, id) })).toMatchObject({
      pickResult: null,
      selfGraded: true,
    });
    // The expert calls it a win anyway, and voids the losing prop: both land as self-reported only.
    expect((await selfGrade(id, jar, "Win")).status).toBe(200);
    expect((await selfGrade(voided, jar, "Void")).status).toBe(200);
    const record = await figures(user.userName);
    expect(record.overall.all).toMatchObject({ wins: 0, losses: 0, pushes: 0, voids: 0, sample: 0, units: 0 });
    expect(record.selfReported).toMatchObject({ wins: 1, voids: 1 });
    const standings = await database.db.select().from(expertStandings).where(eq(expertStandings.expertId, user.id));
    expect(standings.every((row) => row.wins === 0 && row.voids === 0)).toBe(true);
  });

  it("a pick the score grades is never the expert's to grade: no Void to hide a loss", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    const id = await posted(jar, "Spread", [spread(eventId, "Home", -4.5, -110)]);
    await fixtures.startEvent(eventId);
    await results([{ eventId, status: "Final", homeScore: 100, awayScore: 110 }]);
    const voiding = await selfGrade(id, jar, "Void");
    expect(voiding.status).toBe(422);
    expect(await database.db.query.posts.findFirst({ where: eq(posts.id, id) })).toMatchObject({ pickResult: "Loss" });
  });
});

describe(`the leaderboard (${testDatabaseEngine()})`, () => {
  it("an honest expert and one trying every trick: the honest one ranks first", async () => {
    const honest = await fixtures.makeUser({ expert: true });
    const cheat = await fixtures.makeUser({ expert: true });
    const picks = LEADERBOARD_MIN_SAMPLE + 4;
    const finals: object[] = [];
    const started: number[] = [];
    for (let n = 0; n < picks; n++) {
      const eventId = await game();
      const [other] = [await game()];
      // Every game: the Lakers win by 6 (Home -4.5 covers) unless it is one of the honest expert's six misses.
      const homeCovers = n >= 6;
      finals.push(
        { eventId, status: "Final", homeScore: homeCovers ? 106 : 100, awayScore: 100 },
        { eventId: other, status: "Final", homeScore: 100, awayScore: 101 },
      );
      started.push(eventId, other);
      // Honest: the market's number, 18-6.
      await posted(honest.jar, "Spread", [spread(eventId, "Home", -4.5, -110)]);
      // The cheat: every trick is refused…
      expect((await create(cheat.jar, "Spread", [spread(eventId, "Home", 999.5, 100000)])).status).toBe(422);
      expect(
        (await create(cheat.jar, "Parlay", [moneyline(eventId, "Away", 100000), moneyline(other, "Away", 100000)]))
          .status,
      ).toBe(422);
      expect(
        (await create(cheat.jar, "Parlay", [moneyline(eventId, "Home", -200), spread(eventId, "Home", -0.5, -110)]))
          .status,
      ).toBe(422);
      // …the arbitrage pair, each side a few cents better than every book, is refused…
      expect((await create(cheat.jar, "Total", [total(eventId, "Over", 220.5, 105)])).status).toBe(422);
      expect((await create(cheat.jar, "Total", [total(eventId, "Under", 220.5, 105)])).status).toBe(422);
      // …so it posts real picks on the other side (6-18 by the score) and a self-graded long shot on each game…
      await posted(cheat.jar, "Spread", [spread(eventId, "Away", 4.5, -110)], 1);
      // …and cannot take the honest side too, even at the market's price.
      expect((await create(cheat.jar, "Spread", [spread(eventId, "Home", -4.5, -110)])).status).toBe(422);
      await posted(
        cheat.jar,
        "Parlay",
        [moneyline(eventId, "Away", 170), prop(other, "The game is played", -100000)],
        10,
      );
    }
    // The honest expert withdraws a mistake: counted beside W-L, never graded.
    const mistake = await posted(honest.jar, "Total", [total(started[1], "Over", 220.5, -110)]);
    expect((await withdraw(mistake, honest.jar)).status).toBe(200);
    for (const eventId of started) await fixtures.startEvent(eventId);
    expect((await results(finals)).status).toBe(200);
    // The cheat calls every long shot a win.
    const longShots = await database.db
      .select({ id: posts.id })
      .from(posts)
      .where(sql`${posts.authorId} = ${cheat.user.id} AND ${posts.selfGraded}`);
    for (const { id } of longShots) expect((await selfGrade(id, cheat.jar, "Win")).status).toBe(200);

    const board = await callRoute(leaderboardRoute, context, { path: "/api/leaderboard?window=all" });
    expect(board.status).toBe(200);
    const ranks = board.body.items.map((entry: { expert: { id: string }; rank: number }) => [
      entry.expert.id,
      entry.rank,
    ]);
    const rankOf = (id: string) => ranks.find(([expertId]: [string]) => expertId === id)?.[1];
    expect(rankOf(honest.user.id)).toBe(1);
    const honestEntry = board.body.items.find(
      (entry: { expert: { id: string } }) => entry.expert.id === honest.user.id,
    );
    expect(honestEntry.figures).toMatchObject({ wins: 18, losses: 6, withdrawn: 1 });
    expect(rankOf(cheat.user.id)).toBeGreaterThan(1);
    expect((await figures(honest.user.userName)).overall.all).toMatchObject({ wins: 18, losses: 6, sample: 24 });
    const cheatRecord = await figures(cheat.user.userName);
    expect(cheatRecord.overall.all).toMatchObject({ wins: 6, losses: 18, sample: 24 });
    expect(cheatRecord.selfReported.wins).toBe(picks);
  });
});

describe(`one side of a game per expert (${testDatabaseEngine()})`, () => {
  const OTHER_SIDE = /^You already have .+ on this game: an expert takes one side of a game, never both\.$/;

  it("no opposite side of a market, nor the team against it by moneyline or spread, parlay legs included", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    await posted(jar, "Total", [total(eventId, "Over", 220.5, -110)]);
    await refused(
      create(jar, "Total", [total(eventId, "Under", 220.5, -110)]),
      "legs.0.side",
      "You already have Over 220.5 (Boston Celtics at Los Angeles Lakers) on this game: an expert takes one side of a game, never both.",
    );
    await posted(jar, "Spread", [spread(eventId, "Home", -4.5, -110)]);
    await refused(create(jar, "Spread", [spread(eventId, "Away", 4.5, -110)]), "legs.0.side", OTHER_SIDE);
    await refused(create(jar, "Moneyline", [moneyline(eventId, "Away", 170)]), "legs.0.side", OTHER_SIDE);
    // The same side again (another line, the moneyline) is no hedge: taken.
    await posted(jar, "Moneyline", [moneyline(eventId, "Home", -200)]);
    await posted(jar, "Total", [total(eventId, "Over", 221.5, -110)]);
    // A parlay's leg counts both ways.
    const other = await game();
    await refused(
      create(jar, "Parlay", [total(other, "Over", 220.5, -110), total(eventId, "Under", 220.5, -110)]),
      "legs.1.side",
      OTHER_SIDE,
    );
    await posted(jar, "Parlay", [spread(other, "Away", 4.5, -110), moneyline(eventId, "Home", -200)]);
    await refused(create(jar, "Spread", [spread(other, "Home", -4.5, -110)]), "legs.0.side", OTHER_SIDE);
    // A prop takes no side of the game.
    await posted(jar, "PlayerProp", [prop(eventId, "Jayson Tatum over 27.5 points", -110)]);
  });

  it("a pick withdrawn in its grace frees the other side; the database refuses the other side whoever writes, and of two sent at once one lands", async () => {
    const { user, jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    const over = await posted(jar, "Total", [total(eventId, "Over", 220.5, -110)]);
    expect((await withdraw(over, jar)).status).toBe(200);
    const under = await posted(jar, "Total", [total(eventId, "Under", 220.5, -110)]);
    expect(under).toBeTruthy();
    // Straight into the table, past the app's check: the record's guard refuses it.
    const direct = directPick(user.id, "Total", [total(eventId, "Over", 220.5, -110)], -110);
    expect(await writeError(database.db.insert(posts).values(direct))).toContain(
      "an expert takes one side of a game, never both.",
    );
    // Both sides at once, by the API: exactly one is taken.
    const both = await game();
    const answers = await Promise.all([
      create(jar, "Spread", [spread(both, "Home", -4.5, -110)]),
      create(jar, "Spread", [spread(both, "Away", 4.5, -110)]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
  });
});

describe(`no free options: withdrawals (${testDatabaseEngine()})`, () => {
  it("a pick can be withdrawn only in the minutes after posting, by the app and by the database; withdrawals are counted beside W-L", async () => {
    const { user, jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    const kept = await posted(jar, "Spread", [spread(eventId, "Home", -4.5, -110)]);
    const mistake = await posted(jar, "Total", [total(eventId, "Over", 220.5, -110)]);
    expect((await withdraw(mistake, jar)).status).toBe(200);
    // Posted an hour ago (only the tables' owner can write that): it stands.
    await database.db.execute(sql`ALTER TABLE posts DISABLE TRIGGER posts_guard_pick_record`);
    try {
      await database.db
        .update(posts)
        .set({ postedAt: new Date(Date.now() - 60 * 60_000) })
        .where(eq(posts.id, kept));
    } finally {
      await database.db.execute(sql`ALTER TABLE posts ENABLE TRIGGER posts_guard_pick_record`);
    }
    const late = await withdraw(kept, jar);
    expect(late.status).toBe(422);
    expect(late.body.error).toBe(
      "A pick can be withdrawn only within 5 minutes of posting, for a mistake: after that it stands.",
    );
    expect(
      await writeError(database.db.update(posts).set({ withdrawnAt: new Date() }).where(eq(posts.id, kept))),
    ).toContain("A pick can be withdrawn only within 5 minutes of posting");
    // Counted, all sports and the pick's own, in every window.
    const record = await figures(user.userName);
    for (const window of ["7d", "30d", "season", "all"]) expect(record.overall[window].withdrawn).toBe(1);
    const expert = await callRoute(expertRoute, context, {
      path: `/api/experts/${user.userName}`,
      params: { expertId: user.userName },
    });
    expect(expert.body.payload.record.withdrawn).toBe(1);
  });
});
