/**
 * Search and discovery (decision 025): `GET /api/search` and its paged tabs, typo and
 * prefix tolerance, ranking, the paywall in search, empty and one-character queries;
 * `GET /api/experts?sort=`; the recommended experts (ranking, leaving out subscriptions, the
 * per-instance cache); the record sums the database keeps on `experts`.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, experts, posts, subscriptions, users } from "~/db/schema";
import { findExpert } from "~/modules/experts/experts.server";
import {
  rankedExperts,
  rankExperts,
  recommendExperts,
  RECOMMENDED_TTL_MS,
} from "~/modules/experts/recommendations.server";
import * as expertsRoute from "~/routes/api.experts._index";
import * as recommendedRoute from "~/routes/api.experts.recommended";
import * as recommendedSidebarRoute from "~/routes/api.experts.recommended.sidebar";
import * as searchRoute from "~/routes/api.search";
import * as searchTabRoute from "~/routes/api.search.$tab";
import {
  COMMON_SHARE,
  searchSuggestions,
  suggestionsPlan,
  suggestionsSelect,
} from "~/modules/search/search-suggestions.server";
import { estimatedShare, FREQUENCIES_TTL_MS } from "~/modules/search/word-frequency.server";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures, type MadeUser } from "../support/post-fixtures";
import { signedInJar } from "../support/signed-in";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let nba: number;
let nfl: number;

const SECRET = "Zebracornish";

/** An expert with a chosen user name and full name. */
async function namedExpert(userName: string, firstName: string, lastName: string): Promise<MadeUser> {
  const made = await fixtures.makeUser({ expert: true });
  const [user] = await database.db
    .update(users)
    .set({ userName, firstName, lastName })
    .where(eq(users.id, made.user.id))
    .returning();
  return { user, jar: await signedInJar(database.db, context.env, user.id) };
}

const search = (searchValue: string, jar?: CookieJar, topCount?: number) =>
  callRoute(searchRoute, context, {
    path: `/api/search?searchValue=${encodeURIComponent(searchValue)}${topCount === undefined ? "" : `&topCount=${topCount}`}`,
    jar,
  });

const searchTab = (tab: string, searchValue: string, jar?: CookieJar, paging = "") =>
  callRoute(searchTabRoute, context, {
    path: `/api/search/${tab}?searchValue=${encodeURIComponent(searchValue)}${paging}`,
    params: { tab },
    jar,
  });

/** Six paragraphs: the preview keeps the first five blocks at most, so the sixth is the locked part. */
const lockedBody = (opening: string, secret: string) => [
  ...Array.from({ length: 5 }, (_, i) => fixtures.paragraph(`${opening} line ${i + 1}.`)),
  fixtures.paragraph(`The analysis only subscribers read: ${secret}.`),
];

let lebron: MadeUser;
let sharpShooter: MadeUser;
let theSharpEdge: MadeUser;
let pickAuthor: MadeUser;
let subscriber: MadeUser;
let stranger: MadeUser;
let lockedPickId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
  fixtures = postFixtures(database.db, context);
  const sports = await database.db.select({ id: categories.id, name: categories.name }).from(categories);
  nba = sports.find((sport) => sport.name === "NBA")!.id;
  nfl = sports.find((sport) => sport.name === "NFL")!.id;

  lebron = await namedExpert("LeBronPicks", "Dana", "Lowry");
  sharpShooter = await namedExpert("SharpShooter", "Ari", "Stone");
  theSharpEdge = await namedExpert("TheSharpEdge", "Kim", "Park");
  await namedExpert("GridironGuru", "Marcus", "Whitfield");
  pickAuthor = await namedExpert("LockedLines", "Jo", "Vance");
  subscriber = await fixtures.makeUser();
  stranger = await fixtures.makeUser();
  await fixtures.subscribe(subscriber.user.id, pickAuthor.user.id);

  const pick = await fixtures.addPost(pickAuthor.user.id, {
    postType: "Pick",
    title: "Quarterback props for Sunday",
    body: lockedBody("Opening", SECRET),
    categoryId: nfl,
  });
  lockedPickId = pick.id;
  await fixtures.addPost(lebron.user.id, {
    title: "Celtics rotation notes",
    body: [fixtures.paragraph("Why the Celtics bench matters against Miami.")],
    categoryId: nba,
  });
  await fixtures.addPost(lebron.user.id, {
    title: "Tuesday slate",
    body: [fixtures.paragraph("Celtics and Knicks: totals to watch.")],
    categoryId: nba,
    publishDate: new Date(Date.now() - 30_000),
  });
  // Neither a draft nor a scheduled post is found.
  await fixtures.addPost(lebron.user.id, { title: "Celtics draft idea", publishDate: null });
  await fixtures.addPost(lebron.user.id, { title: "Celtics preview coming", publishDate: new Date(Date.now() + DAY) });
});
afterAll(() => database?.close());

describe(`GET /api/search (${testDatabaseEngine()})`, () => {
  it("finds experts by the start of their name, by a part of it, by full name and despite typos", async () => {
    for (const [query, expected] of [
      ["lebr", "LeBronPicks"],
      ["LEBRONPICKS", "LeBronPicks"],
      ["lebronpiks", "LeBronPicks"],
      ["shooter", "SharpShooter"],
      ["marcus whit", "GridironGuru"],
      ["whitfeld", "GridironGuru"],
    ] as const) {
      const { status, body } = await search(query);
      expect(status).toBe(200);
      expect(
        body.payload.expertsInfo.map((expert: { userName: string }) => expert.userName),
        query,
      ).toContain(expected);
    }
    const { body } = await search("lebr");
    expect(body.payload.expertsInfo[0]).toEqual({
      id: lebron.user.id,
      userName: "LeBronPicks",
      avatar: "/avatars/LeBronPicks.svg",
    });
  });

  it("ranks a user name starting with the query before one that only contains it", async () => {
    const { body } = await search("sharp");
    const names = body.payload.expertsInfo.map((expert: { userName: string }) => expert.userName);
    expect(names.slice(0, 2)).toEqual(["SharpShooter", "TheSharpEdge"]);
    expect(theSharpEdge.user.id).toBeTruthy();
  });

  it("finds sports by name, slug and misspelling ('nbaa' → NBA)", async () => {
    for (const query of ["nba", "nbaa", "NB"]) {
      const { body } = await search(query);
      expect(body.payload.categoriesInfo, query).toContainEqual({ id: nba, name: "NBA" });
    }
  });

  it("finds live posts by every word's prefix, title matches first, never drafts or scheduled posts", async () => {
    const { body } = await search("celt");
    const titles = body.payload.postsInfo.map((post: { title: string }) => post.title);
    // Both live posts match; the one with the word in its title ranks first though it is older.
    expect(titles).toEqual(["Celtics rotation notes", "Tuesday slate"]);
    expect(body.payload.postsInfo[0]).toEqual({ id: expect.any(String), title: "Celtics rotation notes" });
    expect(
      (await search("celtics knicks")).body.payload.postsInfo.map((post: { title: string }) => post.title),
    ).toEqual(["Tuesday slate"]);
  });

  it("answers empty groups for an empty or blank query, and searches one character by name prefix only", async () => {
    for (const query of ["", "   ", "%", "'"]) {
      const { status, body } = await search(query);
      expect(status, JSON.stringify(query)).toBe(200);
      expect(body.payload, JSON.stringify(query)).toEqual({ expertsInfo: [], categoriesInfo: [], postsInfo: [] });
    }
    const noValue = await callRoute(searchRoute, context, { path: "/api/search" });
    expect(noValue.body.payload).toEqual({ expertsInfo: [], categoriesInfo: [], postsInfo: [] });

    const { body } = await search("l");
    expect(body.payload.expertsInfo.map((expert: { userName: string }) => expert.userName)).toEqual(
      expect.arrayContaining(["LeBronPicks", "LockedLines"]),
    );
    expect(body.payload.expertsInfo.map((expert: { userName: string }) => expert.userName)).not.toContain(
      "SharpShooter",
    );
    expect(body.payload.postsInfo).toEqual([]);
  });

  it("keeps to topCount and answers 400 for a bad topCount or an over-long query", async () => {
    expect((await search("a", undefined, 1)).body.payload.expertsInfo).toHaveLength(1);
    for (const topCount of [0, 21]) {
      const { status, body } = await search("a", undefined, topCount);
      expect(status).toBe(400);
      expect(body).toMatchObject({ statusCode: 400 });
    }
    expect((await callRoute(searchRoute, context, { path: "/api/search?topCount=abc" })).status).toBe(400);
    expect((await search("x".repeat(101))).status).toBe(400);
    expect((await search("x".repeat(100))).status).toBe(200);
    expect((await callRoute(searchRoute, context, { method: "POST", path: "/api/search" })).status).toBe(405);
  });

  it("survives hostile queries: SQL and tsquery syntax, quotes, unicode", async () => {
    for (const query of ["'; DROP TABLE posts; --", "a & | ! ( ) :* <->", "\\", "Ñandú 🏀 ⚽", "%_%_", "lebr'"]) {
      const { status } = await search(query);
      expect(status, query).toBe(200);
    }
    expect(
      (await search("lebr'")).body.payload.expertsInfo.map((expert: { userName: string }) => expert.userName),
    ).toContain("LeBronPicks");
  });
});

describe(`the paywall in search (${testDatabaseEngine()})`, () => {
  it("searches a Pick's locked body only for its author and subscribers", async () => {
    const hits = async (jar?: CookieJar) =>
      (await search(SECRET.slice(0, 8), jar)).body.payload.postsInfo.map((post: { id: string }) => post.id);
    expect(await hits()).toEqual([]);
    expect(await hits(stranger.jar)).toEqual([]);
    expect(await hits(subscriber.jar)).toEqual([lockedPickId]);
    expect(await hits(pickAuthor.jar)).toEqual([lockedPickId]);
    const tab = async (jar?: CookieJar) => (await searchTab("posts", SECRET, jar)).body;
    expect((await tab()).meta.totalItems).toBe(0);
    expect((await tab(subscriber.jar)).items.map((post: { id: string }) => post.id)).toEqual([lockedPickId]);
  });

  it("finds the Pick by its title and preview for everyone, answering it locked to those who may not read it", async () => {
    for (const query of ["quarterback", "opening line"]) {
      const { body } = await search(query);
      expect(
        body.payload.postsInfo.map((post: { id: string }) => post.id),
        query,
      ).toEqual([lockedPickId]);
    }
    const visitor = await searchTab("posts", "quarterback");
    expect(visitor.body.items).toHaveLength(1);
    expect(visitor.body.items[0]).toMatchObject({ id: lockedPickId, isLocked: true, body: null, selection: null });
    expect(JSON.stringify(visitor.body)).not.toContain(SECRET);
    const reader = await searchTab("posts", "quarterback", subscriber.jar);
    expect(reader.body.items[0]).toMatchObject({ id: lockedPickId, isLocked: false });
    expect(JSON.stringify(reader.body)).toContain(SECRET);
  });
});

describe(`GET /api/search/{tab} (${testDatabaseEngine()})`, () => {
  it("pages experts with their details, best match first", async () => {
    const first = await searchTab("experts", "sharp", undefined, "&size=1");
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, size: 1, totalItems: 2, totalPages: 2 });
    expect(first.body.items[0]).toMatchObject({
      id: sharpShooter.user.id,
      userName: "SharpShooter",
      firstName: "Ari",
      lastName: "Stone",
      subscribersCount: 0,
    });
    const second = await searchTab("experts", "sharp", undefined, "&size=1&page=2");
    expect(second.body.items[0].userName).toBe("TheSharpEdge");
  });

  it("lists sports with their live posts", async () => {
    const { body } = await searchTab("categories", "nba");
    expect(body.items[0]).toMatchObject({ id: nba, name: "NBA", slug: "nba", postsCount: 2 });
  });

  it("answers posts as the serializer does, and 404 for an unknown tab, 400 for bad paging", async () => {
    const { body } = await searchTab("posts", "celtics");
    expect(body.meta.totalItems).toBe(2);
    expect(body.items[0]).toMatchObject({
      title: "Celtics rotation notes",
      isLocked: false,
      author: { userName: "LeBronPicks" },
    });
    expect((await searchTab("people", "x")).status).toBe(404);
    expect((await searchTab("posts", "x", undefined, "&page=0")).status).toBe(400);
    expect((await searchTab("posts", "")).body).toEqual({
      items: [],
      meta: { page: 1, size: 5, totalItems: 0, totalPages: 0 },
    });
  });
});

/** A refusal of the record's guard (SQLSTATE SR001), whatever wraps it (drizzle, the driver). */
async function refused(write: Promise<unknown>, message: string) {
  const error = await write.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the database accepted a write its guard must refuse").not.toBeNull();
  expect(`${(error as Error).message} ${String((error as { cause?: Error }).cause?.message ?? "")}`).toContain(message);
}

describe(`the record sums kept on experts (${testDatabaseEngine()})`, () => {
  it("follow each grade once; a regrade, an odds edit or a delete is refused, whatever writes it, and leaves them as they were", async () => {
    const expert = await fixtures.makeUser({ expert: true });
    const win = await fixtures.addPost(expert.user.id, { postType: "Pick", title: "Win" });
    const loss = await fixtures.addPost(expert.user.id, { postType: "Pick", title: "Loss" });
    const push = await fixtures.addPost(expert.user.id, { postType: "Pick", title: "Push" });
    const voided = await fixtures.addPost(expert.user.id, { postType: "Pick", title: "Void", odds: 200, units: 5 });
    const pending = await fixtures.addPost(expert.user.id, { postType: "Pick", title: "Pending", odds: 200, units: 5 });
    // The sums kept on experts (skill or luck comes from the standings: apart).
    const record = async () => {
      const { confidence: _confidence, ...sums } = (await findExpert(database.db, expert.user.id, null))!.record;
      return sums;
    };
    expect(await record()).toEqual({ wins: 0, losses: 0, pushes: 0, units: 0, roi: 0, withdrawn: 0 });
    await fixtures.gradePick(win, "Win");
    await fixtures.gradePick(loss, "Loss");
    await fixtures.gradePick(push, "Push");
    await fixtures.gradePick(voided, "Void");
    // -110 for one unit: a win is +0.91, a loss -1; a push is staked but wins nothing; a Void and a pending pick count nowhere.
    const graded = { wins: 1, losses: 1, pushes: 1, units: -0.09, roi: -3, withdrawn: 0 };
    expect(await record()).toEqual(graded);

    // Grades are final and a posted pick is fixed: the database refuses, the sums stay.
    const db = database.db;
    const grade = (id: string, pickResult: "Win" | "Loss" | "Push" | "Void" | null) =>
      db.update(posts).set({ pickResult }).where(eq(posts.id, id));
    await refused(grade(loss.id, "Void"), "This pick has already been graded.");
    await refused(grade(win.id, null), "This pick has already been graded.");
    await refused(
      db.execute(sql`UPDATE posts SET pick_result = 'Win', graded_at = now() WHERE id = ${loss.id}`),
      "This pick has already been graded.",
    );
    await refused(
      db.update(posts).set({ odds: 150 }).where(eq(posts.id, win.id)),
      "A posted pick's selection, line, odds and units cannot change.",
    );
    await refused(
      db.update(posts).set({ units: 10 }).where(eq(posts.id, pending.id)),
      "A posted pick's selection, line, odds and units cannot change.",
    );
    await refused(
      db.execute(sql`DELETE FROM posts WHERE id = ${push.id}`),
      "A posted pick is part of the verified record: it cannot be deleted.",
    );
    await refused(
      db.execute(sql`DELETE FROM posts WHERE id = ${pending.id}`),
      "A posted pick is part of the verified record: it cannot be deleted.",
    );
    await refused(db.delete(users).where(eq(users.id, expert.user.id)), "it cannot be deleted");
    expect(await record()).toEqual(graded);
    const [sums] = await db
      .select({ wins: experts.recordWins, profit: experts.recordProfit, staked: experts.recordStaked })
      .from(experts)
      .where(eq(experts.userId, expert.user.id));
    expect(sums.wins).toBe(1);
    expect(sums.profit).toBeCloseTo(100 / 110 - 1, 4);
    expect(sums.staked).toBe(3);

    // The sums kept grade by grade are the sums rebuilt from the graded picks themselves.
    await db.execute(sql`SELECT rebuild_pick_records()`);
    expect(await record()).toEqual(graded);
  });
});

describe(`GET /api/experts?sort= (${testDatabaseEngine()})`, () => {
  it("orders by best record, by newest, and names the sports each expert publishes in", async () => {
    const best = await fixtures.makeUser({ expert: true });
    const pick = await fixtures.addPost(best.user.id, {
      postType: "Pick",
      title: "A big win",
      categoryId: nba,
      odds: 900,
      units: 10,
    });
    // Graded long ago: the all-time record counts it; the recommendations' recent window does not.
    await fixtures.gradePick(pick, "Win", { gradedAt: new Date(Date.now() - 90 * DAY) });
    const byRecord = await callRoute(expertsRoute, context, { path: "/api/experts?sort=record&size=1" });
    expect(byRecord.status).toBe(200);
    expect(byRecord.body.items[0]).toMatchObject({
      id: best.user.id,
      record: { wins: 1, units: 90 },
      categories: [{ id: nba, name: "NBA" }],
    });
    const newest = await fixtures.makeUser({ expert: true });
    const byDate = await callRoute(expertsRoute, context, { path: "/api/experts?sort=newest&size=1" });
    expect(byDate.body.items[0].id).toBe(newest.user.id);
    const bad = await callRoute(expertsRoute, context, { path: "/api/experts?sort=best" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sort).toEqual(["Must be subscribers, record or newest"]);
  });
});

describe(`recommended experts (${testDatabaseEngine()})`, () => {
  it("rank recent verified performance and subscriber growth, leaving out the reader's subscriptions and the reader", async () => {
    const hot = await fixtures.makeUser({ expert: true });
    const growing = await fixtures.makeUser({ expert: true });
    const faded = await fixtures.makeUser({ expert: true });
    // hot: +20 units on a pick graded yesterday.
    const recent = await fixtures.addPost(hot.user.id, { postType: "Pick", title: "Recent", odds: 200, units: 10 });
    await fixtures.gradePick(recent, "Win", { gradedAt: new Date(Date.now() - DAY) });
    // growing: 30 subscriptions this month (+15).
    for (let i = 0; i < 30; i++) {
      const fan = await fixtures.makeUser();
      await fixtures.subscribe(fan.user.id, growing.user.id);
    }
    // faded: a bigger win, but graded two months ago: outside the window.
    const old = await fixtures.addPost(faded.user.id, { postType: "Pick", title: "Old", odds: 900, units: 10 });
    await fixtures.gradePick(old, "Win", { gradedAt: new Date(Date.now() - 60 * DAY) });

    // self-reporter: a bigger win yesterday, but graded by its author (a prop): no verified performance.
    const selfReporter = await fixtures.makeUser({ expert: true });
    const prop = await fixtures.addPost(selfReporter.user.id, {
      postType: "Pick",
      title: "Prop",
      odds: 900,
      units: 10,
    });
    await fixtures.gradePick(prop, "Win", { gradedAt: new Date(Date.now() - DAY), selfGraded: true });

    const ranking = await rankExperts(database.db, 3);
    expect(ranking.map((expert) => expert.id)).toEqual([hot.user.id, growing.user.id, expect.any(String)]);
    const everyone = await rankExperts(database.db, 100);
    expect(everyone.find((expert) => expert.id === selfReporter.user.id)).toMatchObject({ recentUnits: 0 });
    expect(ranking[0]).toMatchObject({ recentUnits: 20, newSubscribers: 0 });
    expect(ranking[1]).toMatchObject({ recentUnits: 0, newSubscribers: 30, subscribersCount: 30 });
    expect(ranking.map((expert) => expert.id)).not.toContain(faded.user.id);

    const now = Date.now() + 2 * RECOMMENDED_TTL_MS;
    const reader = await fixtures.makeUser();
    await fixtures.subscribe(reader.user.id, hot.user.id);
    expect((await recommendExperts(database.db, reader.user.id, 1, { now })).map((expert) => expert.id)).toEqual([
      growing.user.id,
    ]);
    expect((await recommendExperts(database.db, hot.user.id, 1, { now })).map((expert) => expert.id)).toEqual([
      growing.user.id,
    ]);
    expect((await recommendExperts(database.db, null, 1, { now })).map((expert) => expert.id)).toEqual([hot.user.id]);

    const api = await callRoute(recommendedRoute, context, {
      path: "/api/experts/recommended?expertsTopCount=2",
      jar: reader.jar,
    });
    expect(api.status).toBe(200);
    expect(api.body.items[0]).toMatchObject({
      id: growing.user.id,
      userName: growing.user.userName,
      avatar: expect.any(String),
      newSubscribers: 30,
    });
    expect(api.body.items.map((expert: { id: string }) => expert.id)).not.toContain(hot.user.id);
    const sidebar = await callRoute(recommendedSidebarRoute, context, {
      path: "/api/experts/recommended/sidebar",
      jar: reader.jar,
    });
    expect(sidebar.body.items[0]).toEqual({
      id: growing.user.id,
      userName: growing.user.userName,
      avatar: `/avatars/${growing.user.userName}.svg`,
    });
    expect(sidebar.body.items.length).toBeLessThanOrEqual(5);
    for (const count of ["0", "51", "x"]) {
      expect(
        (
          await callRoute(recommendedSidebarRoute, context, {
            path: `/api/experts/recommended/sidebar?expertsTopCount=${count}`,
          })
        ).status,
      ).toBe(400);
    }
  });

  it("is ranked once per RECOMMENDED_TTL_MS per instance, then again with what changed", async () => {
    const start = Date.now() + 10 * RECOMMENDED_TTL_MS;
    const first = rankedExperts(database.db, start);
    expect(rankedExperts(database.db, start + RECOMMENDED_TTL_MS - 1)).toBe(first);
    const before = await first;
    const star = await fixtures.makeUser({ expert: true });
    for (let i = 0; i < 80; i++) {
      const fan = await fixtures.makeUser();
      await database.db
        .insert(subscriptions)
        .values({ subscriberId: fan.user.id, expertId: star.user.id, status: "Activated", priceCents: 1000 });
    }
    expect((await rankedExperts(database.db, start + 1000)).map((expert) => expert.id)).toEqual(
      before.map((expert) => expert.id),
    );
    const later = await rankedExperts(database.db, start + RECOMMENDED_TTL_MS + 1);
    expect(later[0].id).toBe(star.user.id);
  });
});

describe(`the suggestions' two plans (${testDatabaseEngine()})`, () => {
  it("answer alike: walking the newest posts for common words, the GIN index for rare ones", async () => {
    await database.db.execute(sql`ANALYZE posts`);
    let statements = 0;
    for (const q of ["celt", "celtics knicks", "quarterback", SECRET.slice(0, 6), "zzqxv"]) {
      const plan = (await suggestionsPlan(database.db, subscriber.user.id, q, 5))!;
      const answer = (commonWords: boolean) =>
        suggestionsSelect(database.db, { ...plan.variant, commonWords })
          .prepare(`test_suggestions_${(statements += 1)}`)
          .execute(plan.values);
      const [common, rare] = [await answer(true), await answer(false)];
      expect(common, q).toEqual(rare);
      if (q.startsWith("celt") || q === SECRET.slice(0, 6)) expect(common[0].posts?.length, q).toBeGreaterThan(0);
    }
    // After ANALYZE the statistics name the common words; 'celt' is in most of these few posts.
    expect(await estimatedShare(database.db, ["celt"], Date.now() + 2 * FREQUENCIES_TTL_MS)).toBeGreaterThan(
      COMMON_SHARE,
    );
    expect(await estimatedShare(database.db, ["zzqxv"], Date.now() + 2 * FREQUENCIES_TTL_MS)).toBe(0);
    expect(
      (
        await searchSuggestions(database.db, null, "celt", 5, new Date(Date.now() + 2 * FREQUENCIES_TTL_MS))
      ).postsInfo.map((post) => post.title),
    ).toEqual(["Celtics rotation notes", "Tuesday slate"]);
  });
});
