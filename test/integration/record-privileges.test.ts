/**
 * The record's figures under a non-owner app role (decision 009, docs/security.md): with the
 * privileges `grant_app_role()` gives, the app still grades picks and rolls the windows (the
 * record's functions run with their owner's rights) but cannot write a figure itself, nor turn
 * a guard trigger off. On PostgreSQL the app also starts as such a role the way server.ts does
 * with DATABASE_MIGRATION_URL, and works through its API.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, queryRows, type Database, type DatabaseHandle } from "~/db/client.server";
import { expertStandings, experts, users } from "~/db/schema";
import { rollStandingsIfDue } from "~/modules/record/record.server";
import * as resultsRoute from "~/routes/api.events.results";
import * as postsRoute from "~/routes/api.posts._index";
import { callRoute } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures } from "../support/post-fixtures";
import { signedInJar } from "../support/signed-in";

let database: TestDatabase;
let fixtures: ReturnType<typeof postFixtures>;
const role = `record_app_${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = postFixtures(database.db, makeLoadContext(database.db));
  await database.db.execute(sql.raw(`CREATE ROLE ${role} NOLOGIN`));
  await database.db.execute(sql`SELECT grant_app_role(${role})`);
});
afterAll(async () => {
  // Roles live in the cluster, not the database: drop it with its privileges.
  await database?.db.execute(sql.raw(`DROP OWNED BY ${role}`));
  await database?.db.execute(sql.raw(`DROP ROLE ${role}`));
  await database?.close();
});

/** Runs `statement` as the app role; resolves to the error's SQLSTATE, or null when it ran. */
async function asAppRole(db: Database, statement: ReturnType<typeof sql>): Promise<string | null> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${role}`));
      await tx.execute(statement);
    })
    .then(
      () => null,
      (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code ?? "unknown",
    );
}

const PERMISSION_DENIED = "42501";
const MUST_BE_OWNER = "42501";

describe(`the record's figures under the app role (${testDatabaseEngine()})`, () => {
  it("grading through the app role keeps the figures; writing them directly is refused", async () => {
    const { user } = await fixtures.makeUser({ expert: true });
    const pick = await fixtures.addPost(user.id, { postType: "Pick", publishDate: new Date() });
    await fixtures.startEvent(pick.eventId!);
    const db = database.db;

    expect(
      await asAppRole(
        db,
        sql`UPDATE posts SET pick_result = 'Win', graded_at = now(), settled_odds = -110 WHERE id = ${pick.id}`,
      ),
    ).toBeNull();
    const figures = async () => (await db.query.experts.findFirst({ where: eq(experts.userId, user.id) }))!;
    expect(await figures()).toMatchObject({ recordWins: 1, recordLosses: 0 });
    const allTime = and(
      eq(expertStandings.expertId, user.id),
      eq(expertStandings.categoryId, 0),
      eq(expertStandings.window, "all"),
    );
    expect((await db.query.expertStandings.findFirst({ where: allTime }))!.wins).toBe(1);

    const forged = [
      sql`UPDATE experts SET record_wins = 99 WHERE user_id = ${user.id}`,
      sql`UPDATE experts SET record_profit = record_profit + 50 WHERE user_id = ${user.id}`,
      sql`UPDATE expert_standings SET wins = 99 WHERE expert_id = ${user.id}`,
      sql`DELETE FROM expert_standings WHERE expert_id = ${user.id}`,
      sql`UPDATE expert_record_days SET wins = 99 WHERE expert_id = ${user.id}`,
      sql`INSERT INTO expert_record_days (expert_id, category_id, day, wins) VALUES (${user.id}, 0, '2020-01-01', 50)`,
      sql`UPDATE standings_rollovers SET day = '2000-01-01'`,
      // The record's rules are the owner's: no longer grace to withdraw in.
      sql`UPDATE record_rules SET withdraw_grace_minutes = 60`,
    ];
    for (const statement of forged) expect(await asAppRole(db, statement)).toBe(PERMISSION_DENIED);
    // Nor can it switch the guards off to rewrite history.
    expect(await asAppRole(db, sql`ALTER TABLE posts DISABLE TRIGGER USER`)).toBe(MUST_BE_OWNER);
    expect(await figures()).toMatchObject({ recordWins: 1, recordProfit: expect.any(Number) });
    expect((await db.query.expertStandings.findFirst({ where: allTime }))!.wins).toBe(1);

    // Everything else about an expert stays the app's to change; the windows still roll.
    expect(
      await asAppRole(db, sql`UPDATE experts SET subscription_description = 'New plans' WHERE user_id = ${user.id}`),
    ).toBeNull();
    expect(await asAppRole(db, sql`SELECT withdraw_grace_minutes FROM record_rules`)).toBeNull();
    expect(await asAppRole(db, sql`SELECT roll_standings(${new Date().toISOString().slice(0, 10)}::date)`)).toBeNull();
    // A new expert row can be made, but not with a record of its own.
    const { user: other } = await fixtures.makeUser();
    expect(await asAppRole(db, sql`INSERT INTO experts (user_id, record_wins) VALUES (${other.id}, 40)`)).toBe(
      PERMISSION_DENIED,
    );
    expect(await asAppRole(db, sql`INSERT INTO experts (user_id) VALUES (${other.id})`)).toBeNull();
  });
});

describe.runIf(testDatabaseEngine() === "postgres")("the app started as a non-owner role (postgres)", () => {
  const loginRole = `sharpside_app_${randomBytes(4).toString("hex")}`;
  let owner: ReturnType<typeof postgres>;
  let app: DatabaseHandle;

  beforeAll(async () => {
    owner = postgres(database.url!, { max: 1, onnotice: () => {} });
    await owner.unsafe(`CREATE ROLE ${loginRole} LOGIN`);
    const appUrl = new URL(database.url!);
    appUrl.username = loginRole;
    app = await openDatabase({ url: appUrl.toString(), dataDir: "unused", poolSize: 2 });
    // What server.ts does with DATABASE_MIGRATION_URL: migrate as the owner, then grant, and
    // write the record's rules (PICK_WITHDRAW_MINUTES) as the owner.
    await migrateDatabase(app, database.url, { grantToAppRole: true, withdrawGraceMinutes: 7 });
  });
  afterAll(async () => {
    await app?.close();
    await owner?.unsafe(`DROP OWNED BY ${loginRole}`);
    await owner?.unsafe(`DROP ROLE ${loginRole}`);
    await owner?.end();
  });

  it("the owner wrote the record's rules at start; the app's role reads them and cannot change them", async () => {
    const [rules] = await queryRows<{ grace: number }>(
      app.db,
      sql`SELECT withdraw_grace_minutes AS grace FROM record_rules`,
    );
    expect(rules.grace).toBe(7);
    const refusal = await app.db.execute(sql`UPDATE record_rules SET withdraw_grace_minutes = 60`).then(
      () => "written",
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refusal).toMatch(/permission denied/);
    await owner.unsafe("UPDATE record_rules SET withdraw_grace_minutes = 5");
  });

  it("posts and grades a pick through the API, and cannot forge a figure", async () => {
    const context = makeLoadContext(app.db, { RATE_LIMIT_POST: "1000/60" });
    const [{ who }] = await queryRows<{ who: string }>(app.db, sql`SELECT current_user AS who`);
    expect(who).toBe(loginRole);
    const { user, jar } = await fixtures.makeUser({ expert: true });
    // The market offers the home side at +120: the pick is taken at it.
    const market = [
      { market: "Moneyline" as const, side: "Home" as const, line: null, price: 120, bookmakers: 5 },
      { market: "Moneyline" as const, side: "Away" as const, line: null, price: -140, bookmakers: 5 },
    ];
    const event = await fixtures.addEvent({ startsInMs: DAY, market });
    const body = {
      postType: "Pick",
      title: "Home side",
      body: [{ type: "paragraph", children: [{ text: "Why." }] }],
      categoryId: event.categoryId,
      market: "Moneyline",
      legs: [{ eventId: event.id, market: "Moneyline", side: "Home", odds: 120 }],
      units: 1,
      publishDate: new Date().toISOString(),
    };
    const posted = await callRoute(postsRoute, context, { method: "POST", path: "/api/posts", jar, body });
    expect(posted.status).toBe(201);
    await fixtures.startEvent(event.id);

    const [admin] = await database.db
      .insert(users)
      .values({
        email: `admin-${loginRole}@example.com`,
        userName: `Admin${randomBytes(3).toString("hex")}`,
        firstName: "Ada",
        roles: ["User", "Admin"],
        emailConfirmedAt: new Date(),
      })
      .returning();
    const adminJar = await signedInJar(app.db, context.env, admin.id);
    const graded = await callRoute(resultsRoute, context, {
      method: "POST",
      path: "/api/events/results",
      jar: adminJar,
      body: [{ eventId: event.id, status: "Final", homeScore: 101, awayScore: 99 }],
    });
    expect(graded.body.payload).toEqual({ eventsUpdated: 1, picksGraded: 1 });
    expect(await database.db.query.experts.findFirst({ where: eq(experts.userId, user.id) })).toMatchObject({
      recordWins: 1,
      recordProfit: 1.2,
    });
    expect(await rollStandingsIfDue(app.db, new Date(Date.now() + 2 * DAY))).toBe(true);

    const forged = await app.db
      .update(experts)
      .set({ recordWins: 500 })
      .where(eq(experts.userId, user.id))
      .then(
        () => null,
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    expect(forged).toBe(PERMISSION_DENIED);
  });
});
