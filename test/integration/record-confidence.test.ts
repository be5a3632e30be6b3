import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expertStandings, posts } from "~/db/schema";
import { confidenceOf, type GradedPick } from "~/modules/record/confidence";
import {
  chanceOfLegs,
  refreshRecordConfidence,
  windowFirstDay,
  type LegRow,
} from "~/modules/record/record-confidence.server";
import * as expertRoute from "~/routes/api.experts.$expertId";
import * as recordRoute from "~/routes/api.experts.$expertId.record";
import * as leaderboardRoute from "~/routes/api.leaderboard";
import * as leaderboardPage from "~/routes/leaderboard";
import type { MarketOffer } from "~/modules/record/market-price";
import { callRoute } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DEFAULT_MARKET, postFixtures } from "../support/post-fixtures";
import { runPage } from "../support/record";

/**
 * Skill or luck on the record: a job computes each standings row's chance by luck from the
 * expert's graded verified picks, and the record's answers (expert record, leaderboard) carry it.
 */

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let nba: number;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_POST: "1000/60" });
  fixtures = postFixtures(database.db, context);
  nba = (await database.db.query.categories.findMany()).find((row) => row.name === "NBA")!.id;
});
afterAll(() => database?.close());

/**
 * Graded picks at the given odds, as the results import grades them: each Lakers -4.5 on its own
 * game, whose market at posting is `market` (the fixtures' -4.5 at -110 both ways unless told);
 * `later` is a snapshot taken after posting, which the pick was not priced against.
 */
async function graded(
  authorId: string,
  picks: { odds: number; result: "Win" | "Loss" | "Push" }[],
  { market, later }: { market?: MarketOffer[]; later?: MarketOffer[] } = {},
) {
  for (const { odds, result } of picks) {
    const event = await fixtures.addEvent({ categoryId: nba, market });
    const pick = await fixtures.addPost(authorId, { postType: "Pick", categoryId: nba, eventId: event.id, odds });
    if (later) await fixtures.addMarket(event.id, later);
    await fixtures.gradePick(pick, result);
  }
}

/** The fixtures' market offers -4.5 at -110 both ways: a no-edge bettor wins each pick half the time. */
const atMarket = (pick: GradedPick): GradedPick => ({ ...pick, noEdgeChance: 0.5 });

const repeat = <T>(times: number, item: T) => Array.from({ length: times }, () => item);

async function standing(expertId: string, window = "all", categoryId = 0) {
  return (await database.db.query.expertStandings.findFirst({
    where: and(
      eq(expertStandings.expertId, expertId),
      eq(expertStandings.categoryId, categoryId),
      eq(expertStandings.window, window),
    ),
  }))!;
}

describe(`skill or luck on the record (${testDatabaseEngine()})`, () => {
  it("counts the windows' days as the standings do", () => {
    expect(windowFirstDay("7d", "2026-11-30")).toBe("2026-11-24");
    expect(windowFirstDay("30d", "2026-03-01")).toBe("2026-01-31");
    expect(windowFirstDay("season", "2026-11-30")).toBe("2026-01-01");
    expect(windowFirstDay("all", "2026-11-30")).toBeNull();
  });

  it("a won parlay counts only the legs it was paid on; a lost one every leg", () => {
    const final = { status: "Final" as const, homeScore: 110, awayScore: 104 };
    const row = (line: number): LegRow => ({
      leg: { eventId: 1, market: "Spread", side: "Home", line, odds: -110, description: null },
      sport: "NBA",
      event: final,
      offers: [
        { market: "Spread", side: "Home", line, price: -110, bookmakers: 6 },
        { market: "Spread", side: "Away", line: -line, price: -110, bookmakers: 6 },
      ],
    });
    // Home -4.5 wins by 6 (at the market: 0.5); Home -6 pushes and drops out of the win.
    expect(chanceOfLegs([row(-4.5), row(-6)], "Win")).toBeCloseTo(0.5, 12);
    expect(chanceOfLegs([row(-4.5), row(-6)], "Loss")).toBeCloseTo(0.25, 12);
  });

  it("computes every stale row from the graded verified picks, self-reported ones never counting, and answers it", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    const picks: GradedPick[] = [
      ...repeat(22, { odds: -110, legs: 1, units: 1, result: "Win" as const, clv: null }),
      ...repeat(14, { odds: -110, legs: 1, units: 1, result: "Loss" as const, clv: null }),
      ...repeat(2, { odds: 150, legs: 1, units: 1, result: "Win" as const, clv: null }),
      { odds: -110, legs: 1, units: 1, result: "Push", clv: null },
    ];
    await graded(user.id, picks);
    // A self-graded (prop) win: its own tally, never in the chance by luck.
    const prop = await fixtures.addPost(user.id, { postType: "Pick", categoryId: nba, odds: 500 });
    // Self-graded as a prop's posting marks it, and graded by its expert (the guard, which freezes
    // the flag and waits for a final result, is off for this write only).
    await database.db.execute(sql`ALTER TABLE posts DISABLE TRIGGER posts_guard_pick_record`);
    await database.db
      .update(posts)
      .set({ selfGraded: true, pickResult: "Win", gradedAt: new Date(), settledOdds: 500 })
      .where(eq(posts.id, prop.id));
    await database.db.execute(sql`ALTER TABLE posts ENABLE TRIGGER posts_guard_pick_record`);

    expect((await standing(user.id)).chanceByLuck).toBeNull();
    // Other tests' experts may be stale too: run until nothing is.
    while ((await refreshRecordConfidence(database.db)) > 0);
    const expected = confidenceOf(picks.map(atMarket));
    const row = await standing(user.id);
    expect(row).toMatchObject({
      chanceByLuck: expected.chanceByLuck,
      roiLow: expected.roiLow,
      roiHigh: expected.roiHigh,
      confidenceSample: 39,
    });
    expect(expected.chanceByLuck!).toBeLessThan(10);
    expect(await standing(user.id, "all", nba)).toMatchObject({ chanceByLuck: expected.chanceByLuck });

    const record = await callRoute(recordRoute, context, {
      path: `/api/experts/${user.id}/record`,
      params: { expertId: user.id },
    });
    expect(record.status).toBe(200);
    expect(record.body.payload.overall.all.confidence).toEqual({
      gradedPicks: 39,
      roi: expected.roi,
      roiLow: expected.roiLow,
      roiHigh: expected.roiHigh,
      chanceByLuck: expected.chanceByLuck,
      beatCloseShare: null,
      averageClv: null,
      verdict: expected.verdict,
    });
    expect(expected.verdict).toBe("Likely skill");
    const expert = await callRoute(expertRoute, context, {
      path: `/api/experts/${user.id}`,
      params: { expertId: user.id },
    });
    expect(expert.body.payload.record.confidence).toEqual(record.body.payload.overall.all.confidence);

    // Nothing moved: nothing to do. A new grade makes the expert's rows stale again.
    expect(await refreshRecordConfidence(database.db)).toBe(0);
    await graded(user.id, [{ odds: -110, result: "Loss" }]);
    expect(await refreshRecordConfidence(database.db)).toBe(1);
    expect(await standing(user.id)).toMatchObject({ confidenceSample: 40 });
  });

  it("the leaderboard orders by it on request and shows the verdict beside the units", async () => {
    const sharp = await fixtures.makeUser({ expert: true });
    const hot = await fixtures.makeUser({ expert: true });
    // Sharp: 40-20 at -110. Hot: 20-10 at +150 (more units, a shorter record at long prices).
    await graded(sharp.user.id, [
      ...repeat(40, { odds: -110, result: "Win" as const }),
      ...repeat(20, { odds: -110, result: "Loss" as const }),
    ]);
    await graded(hot.user.id, [
      ...repeat(12, { odds: 150, result: "Win" as const }),
      ...repeat(18, { odds: 150, result: "Loss" as const }),
    ]);
    while ((await refreshRecordConfidence(database.db)) > 0);
    const names = async (query: string) =>
      (await callRoute(leaderboardRoute, context, { path: `/api/leaderboard${query}` })).body.items
        .map((item: { expert: { userName: string } }) => item.expert.userName)
        .filter((name: string) => [sharp.user.userName, hot.user.userName].includes(name));
    const chances = [
      (await standing(sharp.user.id, "30d")).chanceByLuck!,
      (await standing(hot.user.id, "30d")).chanceByLuck!,
    ];
    expect(chances[0]).toBeLessThan(chances[1]);
    expect(await names(`?categoryId=${nba}&sort=luck`)).toEqual([sharp.user.userName, hot.user.userName]);

    const page = await runPage(leaderboardPage, context, `/leaderboard?categoryId=${nba}&sort=luck`);
    expect(page.body!.sort).toBe("luck");
    const entry = (page.body!.entries as { expert: { userName: string }; figures: { verdict: string } }[]).find(
      (item) => item.expert.userName === sharp.user.userName,
    )!;
    expect(entry.figures.verdict).toBe(
      confidenceOf(
        repeat(60, null).map((_, i) =>
          atMarket({ odds: -110, legs: 1, units: 1, result: i < 40 ? "Win" : "Loss", clv: null }),
        ),
      ).verdict,
    );
    const bad = await callRoute(leaderboardRoute, context, { path: "/api/leaderboard?sort=units" });
    expect(bad.status).toBe(400);
  });
  it("without both sides at the pick's line at posting, takes the fallback margin, or the market's own if smaller", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    const win = { odds: -110, result: "Win" as const };
    const loss = { odds: -110, result: "Loss" as const };
    // No market at posting (one arriving later does not count): 2 % off the price.
    await graded(user.id, [...repeat(12, win), ...repeat(6, loss)], { market: [] });
    await graded(user.id, repeat(2, win), { market: [], later: DEFAULT_MARKET });
    // -4.5 not offered; -5.5 at -102 / -104 carries 1.48 %, so no more than that comes off.
    const thin: MarketOffer[] = [
      { market: "Spread", side: "Home", line: -5.5, price: -102, bookmakers: 4 },
      { market: "Spread", side: "Away", line: 5.5, price: -104, bookmakers: 4 },
    ];
    await graded(user.id, [...repeat(7, win), ...repeat(5, loss)], { market: thin });
    while ((await refreshRecordConfidence(database.db)) > 0);
    const pick = (result: "Win" | "Loss", noEdgeChance: number): GradedPick => ({
      odds: -110,
      legs: 1,
      noEdgeChance,
      units: 1,
      result,
      clv: null,
    });
    const fallback = 110 / 210 / 1.02;
    const own = 110 / 210 / (102 / 202 + 104 / 204);
    const expected = confidenceOf([
      ...repeat(14, pick("Win", fallback)),
      ...repeat(6, pick("Loss", fallback)),
      ...repeat(7, pick("Win", own)),
      ...repeat(5, pick("Loss", own)),
    ]);
    expect((await standing(user.id)).chanceByLuck).toBe(expected.chanceByLuck);
    const atFallback = confidenceOf([...repeat(21, pick("Win", fallback)), ...repeat(11, pick("Loss", fallback))]);
    expect(expected.chanceByLuck).not.toBe(atFallback.chanceByLuck);
  });
});
