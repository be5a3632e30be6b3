/**
 * The verified record (decision 026): the database's own guard against direct SQL, the
 * commitment and its reveal, withdrawal, the results import grading each market, the figures
 * the trigger keeps against hand-computed ones, the daily rollover and the leaderboard's minimum
 * sample.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, expertStandings, experts, posts, users } from "~/db/schema";
import { LEADERBOARD_MIN_SAMPLE } from "~/modules/record/figures";
import type { MarketOffer } from "~/modules/record/market-price";
import {
  expertRecordFigures,
  readLeaderboard,
  rollStandingsIfDue,
  withdrawalCounts,
} from "~/modules/record/record.server";
import * as adminEventsPage from "~/routes/admin.events";
import * as eventRoute from "~/routes/api.events.$id";
import * as leaderboardPage from "~/routes/leaderboard";
import { leaderboardTop } from "~/modules/record/leaderboard-lists.server";
import * as resultsRoute from "~/routes/api.events.results";
import * as recordRoute from "~/routes/api.experts.$expertId.record";
import * as leaderboardRoute from "~/routes/api.leaderboard";
import * as postRoute from "~/routes/api.posts.$postId";
import * as withdrawRoute from "~/routes/api.posts.$postId.withdraw";
import * as postsRoute from "~/routes/api.posts._index";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, HOUR, postFixtures } from "../support/post-fixtures";
import { refused, runPage } from "../support/record";
import { signedInJar } from "../support/signed-in";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let nba: number;
let admin: CookieJar;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_POST: "1000/60" });
  fixtures = postFixtures(database.db, context);
  nba = (await database.db.query.categories.findMany()).find((row) => row.name === "NBA")!.id;
  const [adminUser] = await database.db
    .insert(users)
    .values({
      email: "admin@example.com",
      userName: "RecordAdmin",
      firstName: "Ada",
      roles: ["User", "Admin"],
      emailConfirmedAt: new Date(),
    })
    .returning();
  admin = await signedInJar(database.db, context.env, adminUser.id);
});
afterAll(() => database?.close());

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });
/** A coming NBA game with its market (the fixtures' default: Lakers -4.5 at -110, total 220.5). */
const game = (startsInMs = DAY, market?: MarketOffer[]) =>
  fixtures.addEvent({ categoryId: nba, startsInMs, market }).then((event) => event.id);
const offer = (
  market: MarketOffer["market"],
  side: MarketOffer["side"],
  line: number | null,
  price: number,
  bookmakers = 5,
): MarketOffer => ({ market, side, line, price, bookmakers });
const moneylines = (home: number, away: number) => [
  offer("Moneyline", "Home", null, home),
  offer("Moneyline", "Away", null, away),
];
/** The game starts now (a start still ahead may move; never before a pick posted on it). */
const startGame = (eventId: number) =>
  database.db.update(events).set({ startsAt: new Date() }).where(eq(events.id, eventId));

function pickPayload(market: string, legs: object[], units = 1) {
  return {
    postType: "Pick",
    title: "A pick",
    body: [paragraph("Why.")],
    categoryId: nba,
    market,
    legs,
    units,
    publishDate: new Date().toISOString(),
  };
}
const spread = (eventId: number, side: "Home" | "Away", line: number, odds = -110) => ({
  eventId,
  market: "Spread",
  side,
  line,
  odds,
});

async function post(jar: CookieJar, market: string, legs: object[], units = 1) {
  const response = await callRoute(postsRoute, context, {
    method: "POST",
    path: "/api/posts",
    jar,
    body: pickPayload(market, legs, units),
  });
  expect(response.status).toBe(201);
  return response.body.payload as { id: string; commitment: string; postedAt: string };
}
const read = (id: string, jar?: CookieJar) =>
  callRoute(postRoute, context, { path: `/api/posts/${id}`, params: { postId: id }, jar }).then((r) => r.body.payload);
const importResults = (jar: CookieJar | undefined, body: unknown) =>
  callRoute(resultsRoute, context, { method: "POST", path: "/api/events/results", jar, body });
const row = (id: string) => database.db.query.posts.findFirst({ where: eq(posts.id, id) });

describe(`the database guards the record against direct SQL (${testDatabaseEngine()})`, () => {
  it("a posted pick's bet never changes; before the start its words may, after it nothing but its grade", async () => {
    const { user, jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    const { id } = await post(jar, "Spread", [spread(eventId, "Home", -4.5)]);
    const db = database.db;
    const fixed = "A posted pick's selection, line, odds and units cannot change.";
    await refused(db.update(posts).set({ odds: -200 }).where(eq(posts.id, id)), fixed);
    await refused(db.update(posts).set({ units: 5 }).where(eq(posts.id, id)), fixed);
    await refused(db.update(posts).set({ selection: "Celtics +4.5" }).where(eq(posts.id, id)), fixed);
    await refused(db.execute(sql`UPDATE posts SET legs = jsonb_set(legs, '{0,line}', '-1.5') WHERE id = ${id}`), fixed);
    await refused(
      db
        .update(posts)
        .set({ postedAt: new Date(Date.now() - 10 * DAY) })
        .where(eq(posts.id, id)),
      fixed,
    );
    await refused(
      db
        .update(posts)
        .set({ commitment: "0".repeat(64) })
        .where(eq(posts.id, id)),
      fixed,
    );
    await refused(db.update(posts).set({ status: "Draft", publishDate: null }).where(eq(posts.id, id)), fixed);
    await refused(
      db.execute(sql`DELETE FROM posts WHERE id = ${id}`),
      "A posted pick is part of the verified record: it cannot be deleted.",
    );
    // Deleting its expert's account takes the posts with it: refused too.
    await refused(db.delete(users).where(eq(users.id, user.id)), "it cannot be deleted");
    await refused(
      db.update(posts).set({ pickResult: "Win", gradedAt: new Date() }).where(eq(posts.id, id)),
      "A pick is graded only after its event has started.",
    );
    // Before the start its words may still change.
    await db.update(posts).set({ title: "A better title" }).where(eq(posts.id, id));

    await startGame(eventId);
    await refused(
      db.update(posts).set({ title: "Rewritten after the game" }).where(eq(posts.id, id)),
      "This pick's event has started: nothing about it can change but its grade.",
    );
    await refused(
      db.update(posts).set({ withdrawnAt: new Date() }).where(eq(posts.id, id)),
      "This pick's event has started",
    );
    // Counters still move.
    await db.update(posts).set({ likesCount: 3 }).where(eq(posts.id, id));
    // A grade is dated when it is given: not backdated into another day's window, nor ahead.
    await refused(
      db
        .update(posts)
        .set({ pickResult: "Loss", gradedAt: new Date(Date.now() - 40 * DAY) })
        .where(eq(posts.id, id)),
      "A grade is dated when it is given.",
    );
    await refused(
      db
        .update(posts)
        .set({ pickResult: "Loss", gradedAt: new Date(Date.now() + DAY) })
        .where(eq(posts.id, id)),
      "A grade is dated when it is given.",
    );
    await db.update(posts).set({ pickResult: "Loss", gradedAt: new Date() }).where(eq(posts.id, id));
    await refused(
      db.update(posts).set({ pickResult: "Win" }).where(eq(posts.id, id)),
      "This pick has already been graded.",
    );
    expect(await row(id)).toMatchObject({ pickResult: "Loss", likesCount: 3, title: "A better title", odds: -110 });
    // The game's start and, once in, its result stay put.
    await refused(
      db
        .update(events)
        .set({ startsAt: new Date(Date.now() + DAY) })
        .where(eq(events.id, eventId)),
      "This event has started: its start time can no longer change.",
    );
    await db
      .update(events)
      .set({ status: "Final", homeScore: 100, awayScore: 90, resultedAt: new Date() })
      .where(eq(events.id, eventId));
    // A game with picks on it cannot be said to have started before they were posted.
    const later = await game();
    await post(jar, "Spread", [spread(later, "Home", -4.5)]);
    await refused(
      db
        .update(events)
        .set({ startsAt: new Date(Date.now() - DAY) })
        .where(eq(events.id, later)),
      "Picks on this game were posted after that time: its start cannot be moved before them.",
    );
    await db.update(events).set({ startsAt: new Date() }).where(eq(events.id, later));
    await refused(
      db.update(events).set({ homeScore: 80 }).where(eq(events.id, eventId)),
      "This event's result is in: it can no longer change.",
    );
  });

  it("a pick cannot be posted on a started game, nor graded while a draft, by any writer", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    const started = await game(-HOUR);
    const values = {
      authorId: user.id,
      postType: "Pick" as const,
      title: "Late",
      body: [paragraph("x")],
      visibility: "Subscribers" as const,
      categoryId: nba,
      eventId: started,
      market: "Spread" as const,
      legs: [
        {
          eventId: started,
          market: "Spread" as const,
          side: "Home" as const,
          line: -1.5,
          odds: -110,
          description: null,
        },
      ],
      selection: "x",
      odds: -110,
      units: 1,
    };
    await refused(
      database.db
        .insert(posts)
        .values({ ...values, status: "Published", publishDate: new Date(Date.now() - 2 * HOUR) }),
      "This event has already started: picks can only be made before it starts.",
    );
    await refused(
      database.db
        .insert(posts)
        .values({ ...values, status: "Published", publishDate: new Date(), market: null, legs: null }),
      "A pick must name its event and market.",
    );
    await refused(
      database.db
        .insert(posts)
        .values({ ...values, status: "Draft", publishDate: null, pickResult: "Win", gradedAt: new Date() }),
      "Only a posted pick can be graded or withdrawn.",
    );
    // A stamp sent by the writer is ignored: the database stamps its own time.
    const upcoming = await game();
    const [inserted] = await database.db
      .insert(posts)
      .values({
        ...values,
        eventId: upcoming,
        legs: [{ ...values.legs[0], eventId: upcoming }],
        status: "Published",
        publishDate: new Date(),
        postedAt: new Date(Date.now() - 30 * DAY),
      })
      .returning();
    expect(Date.now() - inserted.postedAt!.getTime()).toBeLessThan(60_000);
  });
});

describe(`commit–reveal (${testDatabaseEngine()})`, () => {
  it("the commitment is public at posting; the committed text, salt included, after the start, and it hashes to the commitment", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game();
    const posted = await post(jar, "Spread", [spread(eventId, "Away", 3.5, -110)], 2);
    const visitorBefore = await read(posted.id);
    expect(visitorBefore.commitment).toBe(posted.commitment);
    expect(visitorBefore.committedText).toBeNull();
    // Not even the author sees the salt before the start.
    expect((await read(posted.id, jar)).committedText).toBeNull();
    await startGame(eventId);
    const text: string = (await read(posted.id)).committedText;
    expect(createHash("sha256").update(text, "utf8").digest("hex")).toBe(posted.commitment);
    const lines = text.split("\n");
    expect(lines[0]).toBe("sharpside-pick-v1");
    expect(lines).toContain(`post: ${posted.id}`);
    expect(lines).toContain(`posted: ${posted.postedAt.replace(/(\.\d{3})\d*Z$/, "$1Z")}`);
    expect(lines).toContain("selection: Boston Celtics +3.5");
    expect(lines).toContain("odds: -110");
    expect(lines).toContain("units: 2.0");
    expect(lines).toContain(`leg 1: event ${eventId} | Spread | Away | 3.5 | -110 | `);
    expect(lines.at(-1)).toMatch(/^salt: [0-9a-f]{64}$/);
  });
});

describe(`withdrawal (${testDatabaseEngine()})`, () => {
  it("before the start the author withdraws; it stays on the record as withdrawn, is never graded; after the start it cannot be", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const other = await fixtures.makeUser({ expert: true });
    const eventId = await game(DAY, moneylines(-150, 130));
    const { id } = await post(jar, "Moneyline", [{ eventId, market: "Moneyline", side: "Home", odds: -150 }]);
    const withdraw = (postId: string, who?: CookieJar) =>
      callRoute(withdrawRoute, context, {
        method: "POST",
        path: `/api/posts/${postId}/withdraw`,
        params: { postId },
        jar: who,
      });
    expect((await withdraw(id)).status).toBe(401);
    expect((await withdraw(id, other.jar)).status).toBe(403);
    const response = await withdraw(id, jar);
    expect(response.status).toBe(200);
    expect(response.body.payload.withdrawnAt).not.toBeNull();
    expect((await withdraw(id, jar)).body.error).toBe("This pick was withdrawn: it can no longer change.");
    await startGame(eventId);
    expect(
      (await importResults(admin, [{ eventId, status: "Final", homeScore: 3, awayScore: 1 }])).body.payload,
    ).toEqual({ eventsUpdated: 1, picksGraded: 0 });
    expect(await row(id)).toMatchObject({ pickResult: null });

    const later = await game();
    const second = await post(jar, "Moneyline", [{ eventId: later, market: "Moneyline", side: "Away", odds: 130 }]);
    await startGame(later);
    const tooLate = await withdraw(second.id, jar);
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.error).toBe("This pick's event has started: it can no longer be withdrawn.");
  });
});

describe(`POST /api/events/results grades the picks (${testDatabaseEngine()})`, () => {
  it("admins only; each result validated; all or nothing", async () => {
    const user = await fixtures.makeUser();
    expect((await importResults(undefined, [])).status).toBe(401);
    expect((await importResults(user.jar, [{ eventId: 1, status: "Canceled" }])).status).toBe(403);
    const eventId = await game(-HOUR);
    const future = await game();
    const invalid = await importResults(admin, [
      { eventId, status: "Final", homeScore: 2 },
      { eventId: 999_999, status: "Canceled" },
      { eventId: future, status: "Final", homeScore: 1, awayScore: 0 },
      { eventId, status: "Done" },
    ]);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      "0.awayScore": ["A final result needs both scores"],
      "3.status": ["Invalid input"],
    });
    const twice = await importResults(admin, [
      { eventId, status: "Canceled" },
      { eventId, status: "Canceled" },
    ]);
    expect(twice.body.errors).toEqual({ "1.eventId": ["This event is in the list twice"] });
    expect((await importResults(admin, [])).body.errors).toEqual({ "": ["Send at least one result"] });
    const rules = await importResults(admin, [
      { eventId: 999_999, status: "Canceled" },
      { eventId: future, status: "Final", homeScore: 1, awayScore: 0 },
      { eventId, status: "Final", homeScore: 1, awayScore: 0 },
    ]);
    expect(rules.status).toBe(422);
    expect(rules.body.errors).toEqual({
      "0.eventId": ["Unknown event"],
      "1.status": ["An event that has not started has no final score."],
    });
    expect(await database.db.query.events.findFirst({ where: eq(events.id, eventId) })).toMatchObject({
      status: "Scheduled",
      resultedAt: null,
    });
    expect((await importResults(admin, "{oops")).status).toBe(400);
  });

  it("grades each market from the score, voids a cancelled game's picks, leaves props to their expert, computes CLV; a repeat changes nothing", async () => {
    const { user, jar } = await fixtures.makeUser({ expert: true });
    const firstMarket = [
      ...moneylines(-150, 130),
      offer("Spread", "Home", -3, -110, 6),
      offer("Spread", "Away", 3, -110, 6),
      offer("Spread", "Away", 3.5, -105, 2),
      offer("Total", "Over", 42.5, -110),
      offer("Total", "Under", 42.5, -110),
    ];
    const first = await game(DAY, firstMarket);
    // The same game twice over: an expert holds one side of a game, so the other sides go on twins.
    const firstTwin = await game(DAY, firstMarket);
    const second = await game(DAY, moneylines(150, -150));
    const secondTwin = await game(DAY, moneylines(150, -150));
    const cancelled = await game(DAY, moneylines(100, -120));
    const home = await post(jar, "Spread", [spread(first, "Home", -3)]); // 23-20: a push on the whole number
    const away = await post(jar, "Spread", [spread(firstTwin, "Away", 3.5, -105)]); // win
    const over = await post(jar, "Total", [{ eventId: first, market: "Total", side: "Over", line: 42.5, odds: -110 }]); // 43: win
    const moneyline = await post(
      jar,
      "Moneyline",
      [{ eventId: second, market: "Moneyline", side: "Home", odds: 150 }],
      2,
    ); // loss
    const parlay = await post(jar, "Parlay", [
      spread(first, "Home", -3),
      { eventId: secondTwin, market: "Moneyline", side: "Away", odds: -150 },
    ]); // push + win
    const voided = await post(jar, "Moneyline", [
      { eventId: cancelled, market: "Moneyline", side: "Away", odds: -120 },
    ]);
    const prop = await post(jar, "PlayerProp", [
      { eventId: first, market: "PlayerProp", side: "Over", line: 25.5, odds: -115, description: "Points" },
    ]);
    for (const eventId of [first, firstTwin, second, secondTwin]) await startGame(eventId);
    const closingLines = [
      { market: "Spread", side: "Away", line: 3.5, odds: -125 },
      { market: "Total", side: "Over", line: 44.5, odds: -110 },
    ];
    const response = await importResults(admin, [
      { eventId: first, status: "Final", homeScore: 23, awayScore: 20, closingLines },
      { eventId: firstTwin, status: "Final", homeScore: 23, awayScore: 20, closingLines },
      { eventId: second, status: "Final", homeScore: 99, awayScore: 101 },
      { eventId: secondTwin, status: "Final", homeScore: 99, awayScore: 101 },
      { eventId: cancelled, status: "Canceled" },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.payload).toEqual({ eventsUpdated: 5, picksGraded: 6 });
    expect(await row(home.id)).toMatchObject({ pickResult: "Push", settledOdds: -110, selfGraded: false });
    // The away side closed at -125 on the same line: CLV of 55.56 − 51.22 = 4.34 points.
    expect(await row(away.id)).toMatchObject({ pickResult: "Win", clv: 4.34 });
    // Where the import named none, the closing lines are the market's newest snapshot before the
    // start: the home side's -3 at -110 and the moneyline's +150 closed where they were taken.
    expect(await row(home.id)).toMatchObject({ clv: 0 });
    expect(await row(moneyline.id)).toMatchObject({ clv: 0 });
    // The total closed at another line (the import's): no CLV.
    expect(await row(over.id)).toMatchObject({ pickResult: "Win", clv: null });
    expect(await row(moneyline.id)).toMatchObject({ pickResult: "Loss" });
    expect(await row(parlay.id)).toMatchObject({ pickResult: "Win", settledOdds: -150 });
    expect(await row(voided.id)).toMatchObject({ pickResult: "Void" });
    expect(await row(prop.id)).toMatchObject({ pickResult: null });
    // The same list again: nothing new; a different score for a graded game: refused.
    expect(
      (await importResults(admin, [{ eventId: second, status: "Final", homeScore: 99, awayScore: 101 }])).body.payload,
    ).toEqual({ eventsUpdated: 0, picksGraded: 0 });
    const changed = await importResults(admin, [{ eventId: second, status: "Final", homeScore: 100, awayScore: 101 }]);
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ "0.status": ["This event's result is in: it can no longer change."] });

    // The figures, by hand: push (0), win 1u at -105 (+0.9524), win at -110 (+0.9091), loss 2u (-2),
    // parlay win at -150 (+0.6667); the void counts nowhere but its own column. CLV: the mean of
    // 0, 4.34 and 0.
    const record = await callRoute(recordRoute, context, {
      path: `/api/experts/${user.userName}/record`,
      params: { expertId: user.userName },
    });
    expect(record.status).toBe(200);
    const all = record.body.payload.overall.all;
    expect(all).toMatchObject({
      wins: 3,
      losses: 1,
      pushes: 1,
      voids: 1,
      sample: 5,
      winRate: 75,
      units: 0.53,
      roi: 8.8,
      clv: 1.45,
    });
    expect(all.streak).toMatch(/^[WL]\d$/);
    expect(record.body.payload.overall["7d"]).toEqual(all);
    expect(record.body.payload.categories).toEqual([
      { category: { id: nba, name: "NBA" }, windows: record.body.payload.overall },
    ]);
    expect(record.body.payload.unitsOverTime).toEqual([
      { day: new Date().toISOString().slice(0, 10), units: 0.53, total: 0.53 },
    ]);
    const expert = await database.db.query.experts.findFirst({ where: eq(experts.userId, user.id) });
    expect(expert).toMatchObject({ recordWins: 3, recordLosses: 1, recordPushes: 1 });
    expect(expert!.recordProfit).toBeCloseTo(0.5282, 3);
  });
});

describe(`PATCH /api/events/{id}: admins move a game before it starts (${testDatabaseEngine()})`, () => {
  it("moves a coming game (picks lock at the new start); a started one stays; admins only; 404, 422", async () => {
    const { jar } = await fixtures.makeUser({ expert: true });
    const user = await fixtures.makeUser();
    const eventId = await game(DAY, moneylines(-120, 100));
    const { id } = await post(jar, "Moneyline", [{ eventId, market: "Moneyline", side: "Home", odds: -120 }]);
    const move = (target: string | number, who: CookieJar | undefined, body: unknown) =>
      callRoute(eventRoute, context, {
        method: "PATCH",
        path: `/api/events/${target}`,
        params: { id: String(target) },
        jar: who,
        body,
      });
    const beforePosting = await move(eventId, admin, { startsAt: new Date(Date.now() - HOUR).toISOString() });
    expect(beforePosting.status).toBe(422);
    expect(beforePosting.body.error).toBe(
      "Picks on this game were posted after that time: its start cannot be moved before them.",
    );
    const now = new Date().toISOString();
    expect((await move(eventId, undefined, { startsAt: now })).status).toBe(401);
    expect((await move(eventId, user.jar, { startsAt: now })).status).toBe(403);
    expect((await move(999_999, admin, { startsAt: now })).status).toBe(404);
    expect((await move(eventId, admin, { startsAt: "tomorrow" })).body.errors).toEqual({
      startsAt: ["Should be a valid date"],
    });
    const moved = await move(eventId, admin, { startsAt: now });
    expect(moved.status).toBe(200);
    expect(moved.body.payload.startsAt).toBe(new Date(now).toISOString());
    // The game has begun: the pick is locked and its bet public.
    expect((await read(id)).selection).toBe("Los Angeles Lakers ML");
    const again = await move(eventId, admin, { startsAt: new Date(Date.now() + DAY).toISOString() });
    expect(again.status).toBe(422);
    expect(again.body.error).toBe("This event has started: its start time can no longer change.");
  });
});

describe(`figures over time and the leaderboard (${testDatabaseEngine()})`, () => {
  /** `count` graded picks straight into the table as the results import would grade them. */
  async function gradedPicks(authorId: string, results: ("Win" | "Loss" | "Push")[]) {
    for (const result of results) {
      const pick = await fixtures.addPost(authorId, { postType: "Pick", categoryId: nba, publishDate: new Date() });
      await startGame(pick.eventId!);
      await database.db
        .update(posts)
        .set({ pickResult: result, gradedAt: new Date(), settledOdds: -110 })
        .where(eq(posts.id, pick.id));
    }
  }

  it("the 7- and 30-day windows roll over daily; all-time keeps everything", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    await gradedPicks(user.id, ["Win", "Win", "Loss"]);
    const standing = async (window: string) =>
      (await database.db.query.expertStandings.findFirst({
        where: and(
          eq(expertStandings.expertId, user.id),
          eq(expertStandings.categoryId, 0),
          eq(expertStandings.window, window),
        ),
      }))!;
    expect((await standing("7d")).wins).toBe(2);
    expect(await rollStandingsIfDue(database.db, new Date(Date.now() + 8 * DAY))).toBe(true);
    expect(await rollStandingsIfDue(database.db, new Date(Date.now() + 8 * DAY))).toBe(false);
    expect(await standing("7d")).toMatchObject({ wins: 0, losses: 0, sample: 0 });
    expect(await standing("30d")).toMatchObject({ wins: 2, losses: 1, streakKind: "L", streakLength: 1 });
    expect(await standing("all")).toMatchObject({ wins: 2, losses: 1 });
    // Back to today for the other tests.
    await rollStandingsIfDue(database.db, new Date(Date.now() + 365 * DAY)).then(() =>
      database.db.execute(sql`SELECT roll_standings(${new Date().toISOString().slice(0, 10)}::date)`),
    );
    expect((await standing("7d")).wins).toBe(2);
  });

  it(`ranks by risk-adjusted score from ${LEADERBOARD_MIN_SAMPLE} graded picks; filters by window and sport`, async () => {
    const steady = await fixtures.makeUser({ expert: true });
    const lucky = await fixtures.makeUser({ expert: true });
    const short = await fixtures.makeUser({ expert: true });
    // Steady: 14-6 at -110 (+6.73u over 20); lucky: 11-9 (+1.0u); short: 19-0, one short of the sample.
    await gradedPicks(steady.user.id, [...Array(14).fill("Win"), ...Array(6).fill("Loss")]);
    await gradedPicks(lucky.user.id, [...Array(11).fill("Win"), ...Array(9).fill("Loss")]);
    await gradedPicks(short.user.id, Array(LEADERBOARD_MIN_SAMPLE - 1).fill("Win"));
    const board = async (query: string) =>
      (await callRoute(leaderboardRoute, context, { path: `/api/leaderboard${query}` })).body;
    const ranked = await board("?window=30d");
    const names = ranked.items.map((item: { expert: { userName: string } }) => item.expert.userName);
    expect(names).toEqual([steady.user.userName, lucky.user.userName]);
    expect(ranked.items[0]).toMatchObject({
      rank: 1,
      figures: { wins: 14, losses: 6, sample: 20, units: 6.73, score: 1.5 },
    });
    expect(ranked.meta).toEqual({ page: 1, size: 25, totalItems: 2, totalPages: 1 });
    expect(
      (await board(`?window=all&categoryId=${nba}&size=1&page=2`)).items.map((item: { rank: number }) => item.rank),
    ).toEqual([2]);
    const otherSport = (await database.db.query.categories.findMany()).find((c) => c.name === "NFL")!.id;
    expect((await board(`?window=season&categoryId=${otherSport}`)).items).toEqual([]);
    // Short of the sample: on the page under "not ranked yet", with its record and how far it is.
    const page = await runPage(leaderboardPage, context, `/leaderboard?window=30d&categoryId=${nba}`);
    const unranked = page.body!.unranked as {
      expert: { userName: string };
      figures: { wins: number; sample: number };
    }[];
    // Most graded picks first (other tests' experts have a few).
    expect(unranked[0].expert.userName).toBe(short.user.userName);
    expect(unranked.map((entry) => entry.expert.userName)).not.toContain(steady.user.userName);
    expect(unranked[0].figures).toMatchObject({ wins: LEADERBOARD_MIN_SAMPLE - 1, sample: LEADERBOARD_MIN_SAMPLE - 1 });
    // They follow the ranked where those end: not under a page with more ranked after it.
    const pastTheEnd = await runPage(leaderboardPage, context, `/leaderboard?window=30d&categoryId=${nba}&page=2`);
    expect(pastTheEnd.body!.unranked).toEqual([]);
    // The box beside the feed lists the ranked by the units it shows.
    expect((await leaderboardTop(database.db)).map((entry) => entry.figures.units)).toEqual([6.73, 1]);
    // Only public experts are listed: a lapsed membership or a lost Expert role takes one off.
    await database.db.update(experts).set({ membershipStatus: "None" }).where(eq(experts.userId, steady.user.id));
    expect(
      (await board("?window=30d")).items.map((item: { expert: { userName: string } }) => item.expert.userName),
    ).toEqual([lucky.user.userName]);
    await database.db.update(experts).set({ membershipStatus: "Active" }).where(eq(experts.userId, steady.user.id));
    await database.db
      .update(users)
      .set({ roles: ["User"] })
      .where(eq(users.id, lucky.user.id));
    expect((await board("?window=30d")).meta.totalItems).toBe(1);
    await database.db
      .update(users)
      .set({ roles: ["Expert"] })
      .where(eq(users.id, lucky.user.id));
    expect((await board("?window=30d")).meta.totalItems).toBe(2);
    // One more graded pick and the short record is ranked (19-1: first).
    await gradedPicks(short.user.id, ["Loss"]);
    expect((await board("?window=7d")).items[0].expert.userName).toBe(short.user.userName);
    const bad = await callRoute(leaderboardRoute, context, { path: "/api/leaderboard?window=week" });
    expect(bad.status).toBe(400);
  });

  it("counts the withdrawals of the board's window and sport, as the expert's record does", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    await gradedPicks(user.id, Array(LEADERBOARD_MIN_SAMPLE).fill("Win"));
    const mistake = await fixtures.addPost(user.id, { postType: "Pick", categoryId: nba, publishDate: new Date() });
    await database.db.update(posts).set({ withdrawnAt: new Date() }).where(eq(posts.id, mistake.id));
    const otherSport = (await database.db.query.categories.findMany()).find((c) => c.name === "NFL")!.id;
    const onBoard = async (window: "7d" | "30d" | "season" | "all", categoryId: number, at: Date) => {
      const { items } = await readLeaderboard(database.db, { window, categoryId, page: 1, size: 100 }, at);
      return items.find((item) => item.expert.id === user.id)?.figures.withdrawn;
    };
    const onRecord = async (window: "7d" | "30d" | "season" | "all", categoryId: number, at: Date) =>
      (await withdrawalCounts(database.db, [user.id], at)).get(user.id)?.get(categoryId)?.[window] ?? 0;
    // Days later the withdrawal leaves the short windows; the board reads it as the record does.
    const later = (days: number) => new Date(Date.now() + days * DAY);
    const cases = [
      ["7d", 0, new Date(), 1],
      ["7d", nba, new Date(), 1],
      ["7d", 0, later(8), 0],
      ["30d", 0, later(8), 1],
      ["30d", nba, later(31), 0],
      ["all", 0, later(400), 1],
    ] as const;
    for (const [window, categoryId, at, withdrawn] of cases) {
      expect(await onBoard(window, categoryId, at)).toBe(withdrawn);
      expect(await onRecord(window, categoryId, at)).toBe(withdrawn);
    }
    // Another sport's board does not list the expert, and its record counts no withdrawal there.
    expect(await onBoard("all", otherSport, new Date())).toBeUndefined();
    expect(await onRecord("all", otherSport, new Date())).toBe(0);
  });
});

describe(`the pages: /admin/events and /leaderboard (${testDatabaseEngine()})`, () => {
  const postForm = (jar: CookieJar | undefined, fields: Record<string, string>) =>
    runPage(adminEventsPage, context, "/admin/events", jar, fields);
  const awaiting = async () =>
    ((await runPage(adminEventsPage, context, "/admin/events", admin)).body!.awaiting as { id: number }[]).map(
      (event) => event.id,
    );

  it("admins only; lists the started games without a result; a row's form records the score and grades; bad input answers in words", async () => {
    const user = await fixtures.makeUser();
    expect((await runPage(adminEventsPage, context, "/admin/events")).status).toBe(302);
    expect((await runPage(adminEventsPage, context, "/admin/events", user.jar)).status).toBe(403);
    expect((await postForm(user.jar, { intent: "import", results: "[]" })).status).toBe(403);
    const { jar } = await fixtures.makeUser({ expert: true });
    const eventId = await game(DAY, [offer("Total", "Over", 210.5, -110), offer("Total", "Under", 210.5, -110)]);
    const { id } = await post(jar, "Total", [{ eventId, market: "Total", side: "Under", line: 210.5, odds: -110 }]);
    await startGame(eventId);
    expect(await awaiting()).toContain(eventId);
    const missing = await postForm(admin, { eventId: String(eventId), status: "Final", homeScore: "101" });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      ok: false,
      form: "row",
      errors: { awayScore: ["A final result needs both scores"] },
    });
    const recorded = await postForm(admin, {
      eventId: String(eventId),
      status: "Final",
      homeScore: "101",
      awayScore: "99",
    });
    expect(recorded.body).toEqual({ ok: true, message: "1 result recorded, 1 pick graded." });
    expect(await row(id)).toMatchObject({ pickResult: "Win" });
    expect(await awaiting()).not.toContain(eventId);
    const notJson = await postForm(admin, { intent: "import", results: "[{oops" });
    expect(notJson).toMatchObject({ status: 400, body: { ok: false, message: "The import is not valid JSON." } });
    const again = await postForm(admin, {
      intent: "import",
      results: JSON.stringify([{ eventId, status: "Final", homeScore: 1, awayScore: 0 }]),
    });
    expect(again).toMatchObject({
      status: 422,
      body: { ok: false, errors: { "0.status": ["This event's result is in: it can no longer change."] } },
    });
  });

  it("the result form: any game by its number, final scores or cancelled, its refusals by field and in words", async () => {
    const enter = (fields: Record<string, string>) => postForm(admin, { intent: "enter", ...fields });
    const refusal = (errors: Record<string, string[]>) => ({
      status: 422,
      body: { ok: false, form: "enter", message: "Some results are not valid.", errors },
    });
    expect(await enter({ eventId: "", status: "Final", homeScore: "1", awayScore: "0" })).toMatchObject(
      refusal({ eventId: ["Required"] }),
    );
    expect(await enter({ eventId: "12abc", status: "Final", homeScore: "1", awayScore: "0" })).toMatchObject(
      refusal({ eventId: ["Invalid input"] }),
    );
    expect(await enter({ eventId: "99999999", status: "Final", homeScore: "1", awayScore: "0" })).toMatchObject(
      refusal({ eventId: ["Unknown event"] }),
    );
    const coming = await game(DAY, [offer("Total", "Over", 210.5, -110), offer("Total", "Under", 210.5, -110)]);
    expect(await enter({ eventId: String(coming), status: "Final", homeScore: "1", awayScore: "0" })).toMatchObject(
      refusal({ status: ["An event that has not started has no final score."] }),
    );
    expect(await enter({ eventId: String(coming), status: "Final", homeScore: "1000", awayScore: "" })).toMatchObject(
      refusal({
        homeScore: ["Scores are whole numbers from 0 to 999"],
        awayScore: ["A final result needs both scores"],
      }),
    );
    // A game called off before it starts is cancelled from the same form; its score fields are ignored.
    expect(await enter({ eventId: ` ${coming} `, status: "Canceled", homeScore: "", awayScore: "" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "1 result recorded, 0 picks graded." },
    });
    const { jar } = await fixtures.makeUser({ expert: true });
    const started = await game(DAY, [offer("Total", "Over", 210.5, -110), offer("Total", "Under", 210.5, -110)]);
    const { id } = await post(jar, "Total", [
      { eventId: started, market: "Total", side: "Over", line: 210.5, odds: -110 },
    ]);
    await startGame(started);
    expect(await enter({ eventId: String(started), status: "Final", homeScore: "100", awayScore: "99" })).toMatchObject(
      {
        status: 200,
        body: { ok: true, message: "1 result recorded, 1 pick graded." },
      },
    );
    expect(await row(id)).toMatchObject({ pickResult: "Loss" });
  });

  it("the leaderboard page: the chosen board, a default board for a malformed address, one canonical address each", async () => {
    const chosen = await runPage(leaderboardPage, context, `/leaderboard?window=all&categoryId=${nba}`);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      window: "all",
      categoryId: nba,
      categoryName: "NBA",
      page: 1,
      canonicalUrl: `https://sharpside.example/leaderboard?window=all&categoryId=${nba}`,
    });
    const fallback = await runPage(leaderboardPage, context, "/leaderboard?window=fortnight&page=x");
    expect(fallback.body).toMatchObject({
      window: "30d",
      categoryId: 0,
      page: 1,
      canonicalUrl: "https://sharpside.example/leaderboard",
    });
    const unknownSport = await runPage(leaderboardPage, context, "/leaderboard?categoryId=999999&window=all");
    expect(unknownSport.body).toMatchObject({ categoryId: 0, categoryName: null });
    expect(unknownSport.body!.entries).toEqual(
      (await runPage(leaderboardPage, context, "/leaderboard?window=all")).body!.entries,
    );
  });
});

describe(`an expert's figures while the database is away (${testDatabaseEngine()})`, () => {
  it("fail once, with nothing left to reject unheard (an unhandled rejection ends the server)", async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const unheard: unknown[] = [];
    const listen = (reason: unknown) => unheard.push(reason);
    process.on("unhandledRejection", listen);
    try {
      await expect(expertRecordFigures(gone.db, "00000000-0000-4000-8000-000000000000")).rejects.toBeTruthy();
      // An unhandled rejection is reported after the microtasks of the turn that dropped it.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off("unhandledRejection", listen);
    }
    expect(unheard).toEqual([]);
  });
});
