/**
 * The leaderboard's boards kept in each instance until the database announces a change: what a
 * board shows changes (a grade, a rename, a new photo, a withdrawn pick) and the next reader sees
 * it, on this instance and on another; nothing is kept without a LISTEN.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { listenForChanges, type ChangeSignals } from "~/db/kept-until-changed.server";
import { posts, profiles, users } from "~/db/schema";
import { LEADERBOARD_MIN_SAMPLE } from "~/modules/record/figures";
import { keptLeaderboardBoard } from "~/modules/record/leaderboard-board.server";
import * as leaderboardPage from "~/routes/leaderboard";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures } from "../support/post-fixtures";
import { runPage } from "../support/record";

let database: TestDatabase;
let signals: ChangeSignals;
let fixtures: ReturnType<typeof postFixtures>;
let nba: number;

beforeAll(async () => {
  database = await createTestDatabase();
  signals = await listenForChanges(database.handle);
  fixtures = postFixtures(database.db, makeLoadContext(database.db));
  nba = (await database.db.query.categories.findMany()).find((row) => row.name === "NBA")!.id;
});
afterAll(async () => {
  await signals?.close();
  await database?.close();
});

const query = { window: "30d" as const, categoryId: 0, page: 1, size: 25, sort: "score" as const };
const board = (on = signals) => keptLeaderboardBoard(database.db, on, { query, now: new Date() });
const names = async (on = signals) => (await board(on)).items.map((entry) => entry.expert.userName);

/** Resolves once `on` has heard at least `count` more changes than it had before `change` ran. */
async function heard(change: () => Promise<unknown>, on = signals, count = 1) {
  const before = on.generation("standings")!;
  await change();
  const deadline = Date.now() + 5_000;
  while (on.generation("standings")! < before + count) {
    if (Date.now() > deadline) throw new Error("no change was announced");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function rankedExpert(wins: number) {
  const { user } = await fixtures.makeUser({ expert: true });
  for (let i = 0; i < LEADERBOARD_MIN_SAMPLE; i++) {
    const pick = await fixtures.addPost(user.id, { postType: "Pick", categoryId: nba });
    await fixtures.gradePick(pick, i < wins ? "Win" : "Loss");
  }
  return user;
}

describe(`the leaderboard's kept boards (${testDatabaseEngine()})`, () => {
  it("answers from the kept board until a change is heard, then reads the board again", async () => {
    let first!: Awaited<ReturnType<typeof rankedExpert>>;
    await heard(async () => (first = await rankedExpert(14)), signals, LEADERBOARD_MIN_SAMPLE);
    const kept = await board();
    expect(kept.items.map((entry) => entry.expert.userName)).toEqual([first.userName]);
    expect(await board()).toBe(kept);

    // A grade that ranks a second expert moves the board.
    let second!: Awaited<ReturnType<typeof rankedExpert>>;
    await heard(async () => (second = await rankedExpert(16)), signals, LEADERBOARD_MIN_SAMPLE);
    expect(await names()).toEqual([second.userName, first.userName]);

    // The page's loader reads through it, with its context's signals.
    const context = { ...makeLoadContext(database.db), changes: signals };
    const page = await runPage(leaderboardPage, context, "/leaderboard");
    expect((page.body!.entries as { expert: { userName: string } }[]).map((row) => row.expert.userName)).toEqual([
      second.userName,
      first.userName,
    ]);
  });

  it("hears what a board shows beside the standings: a rename, a new photo, a withdrawn pick", async () => {
    const [top] = (await board()).items;
    await heard(() => database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, top.expert.id)));
    expect((await board()).items[0].expert.firstName).toBe("Renamed");

    await heard(() =>
      database.db
        .update(profiles)
        .set({ avatar: "https://images.example/new-photo.webp" })
        .where(eq(profiles.userId, top.expert.id)),
    );
    expect((await board()).items[0].expert.avatar).toContain("new-photo.webp");

    const pick = await fixtures.addPost(top.expert.id, { postType: "Pick", categoryId: nba });
    await heard(() => database.db.update(posts).set({ withdrawnAt: new Date() }).where(eq(posts.id, pick.id)));
    expect((await board()).items[0].figures.withdrawn).toBe(1);
  });

  it("says nothing for a write that changed nothing a board shows", async () => {
    const kept = await board();
    const before = signals.generation("standings")!;
    await database.db.execute(sql`UPDATE expert_standings SET wins = wins WHERE false`);
    await database.db
      .update(users)
      .set({ lastName: sql`last_name` })
      .where(eq(users.id, kept.items[0].expert.id));
    await database.db.update(profiles).set({ city: "Reno" }).where(eq(profiles.userId, kept.items[0].expert.id));
    // A rename after them is heard, and only it (announcements arrive in commit order).
    await heard(() =>
      database.db.update(users).set({ firstName: "Again" }).where(eq(users.id, kept.items[0].expert.id)),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(signals.generation("standings")).toBe(before + 1);
  });

  it("keeps nothing without a LISTEN, nor once it stopped", async () => {
    const unheard = await keptLeaderboardBoard(database.db, undefined, { query, now: new Date() });
    expect(await keptLeaderboardBoard(database.db, undefined, { query, now: new Date() })).not.toBe(unheard);
    const stopped = await listenForChanges(database.handle);
    await stopped.close();
    expect(stopped.generation("standings")).toBeNull();
    expect(await board(stopped)).not.toBe(await board(stopped));
  });

  it.runIf(testDatabaseEngine() === "postgres")(
    "another instance hears a change committed here and reads the board again",
    async () => {
      const other = await openDatabase({ url: database.url!, dataDir: "unused", poolSize: 2 });
      const otherSignals = await listenForChanges(other);
      try {
        const read = () => keptLeaderboardBoard(other.db, otherSignals, { query, now: new Date() });
        const kept = await read();
        expect(await read()).toBe(kept);
        await heard(
          () => database.db.update(users).set({ firstName: "Elsewhere" }).where(eq(users.id, kept.items[0].expert.id)),
          otherSignals,
        );
        expect((await read()).items[0].expert.firstName).toBe("Elsewhere");
      } finally {
        await otherSignals.close();
        await other.close();
      }
    },
  );
});
