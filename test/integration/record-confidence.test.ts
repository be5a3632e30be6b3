import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expertStandings, posts } from "~/db/schema";
import { confidenceOf, type GradedPick } from "~/modules/record/confidence";
import { refreshRecordConfidence, windowFirstDay } from "~/modules/record/record-confidence.server";
import * as expertRoute from "~/routes/api.experts.$expertId";
import * as recordRoute from "~/routes/api.experts.$expertId.record";
import * as leaderboardRoute from "~/routes/api.leaderboard";
import * as leaderboardPage from "~/routes/leaderboard";
import { callRoute } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures } from "../support/post-fixtures";
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

/** Graded picks at the given odds, as the results import grades them. */
async function graded(authorId: string, picks: { odds: number; result: "Win" | "Loss" | "Push" }[]) {
  for (const { odds, result } of picks) {
    const pick = await fixtures.addPost(authorId, { postType: "Pick", categoryId: nba, odds });
    await fixtures.gradePick(pick, result);
  }
}

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
    const expected = confidenceOf(picks);
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
    const entry = (
      page.body!.entries as { expert: { userName: string }; figures: { confidence: { verdict: string } } }[]
    ).find((item) => item.expert.userName === sharp.user.userName)!;
    expect(entry.figures.confidence.verdict).toBe(
      confidenceOf(
        repeat(60, null).map((_, i) => ({
          odds: -110,
          legs: 1,
          units: 1,
          result: i < 40 ? ("Win" as const) : ("Loss" as const),
          clv: null,
        })),
      ).verdict,
    );
    const bad = await callRoute(leaderboardRoute, context, { path: "/api/leaderboard?sort=units" });
    expect(bad.status).toBe(400);
  });
});
