import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, queryRows } from "~/db/client.server";
import * as schema from "~/db/schema";
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from "~/demo/seed.server";
import { publishDuePosts } from "~/modules/notifications/publishing.server";
import { verify } from "@node-rs/argon2";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`migrations (${testDatabaseEngine()})`, () => {
  it("creates every table of the domain", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "users",
        "sessions",
        "refresh_tokens",
        "email_codes",
        "password_reset_tokens",
        "social_accounts",
        "profiles",
        "experts",
        "categories",
        "modalities",
        "events",
        "posts",
        "post_modalities",
        "comments",
        "likes",
        "notify_requests",
        "follows",
        "subscriptions",
        "notifications",
        "uploads",
        "payments",
        "processed_webhook_events",
        "rate_limit_counters",
        "support_requests",
        "mail_outbox",
      ]),
    );
  });

  it("indexes every foreign key", async () => {
    // A foreign key column is covered when some index starts with it.
    const unindexed = await queryRows<{ table_name: string; column_name: string }>(
      database.db,
      sql`
        SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f'
          AND NOT EXISTS (
            SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
          )`,
    );
    expect(unindexed).toEqual([]);
  });

  it("seeds the reference data: 12 sports and 8 bet types with stable ids", async () => {
    const categories = await database.db.select().from(schema.categories).orderBy(schema.categories.id);
    expect(categories.map((c) => c.name)).toEqual([
      "NFL",
      "NBA",
      "MLB",
      "NHL",
      "NCAAF",
      "NCAAB",
      "Soccer",
      "MMA",
      "Boxing",
      "Tennis",
      "Golf",
      "Esports",
    ]);
    expect(categories[0].id).toBe(1);
    const modalities = await database.db.select().from(schema.modalities).orderBy(schema.modalities.id);
    expect(modalities.map((m) => m.name)).toEqual([
      "Moneyline",
      "Spread",
      "Total",
      "Player Prop",
      "Team Prop",
      "Parlay",
      "Futures",
      "Live",
    ]);
    // The sequences moved past the seeded ids, so new rows do not collide.
    const [added] = await database.db
      .insert(schema.categories)
      .values({ name: "Cricket", slug: "cricket" })
      .returning();
    expect(added.id).toBe(13);
    await database.db.delete(schema.categories).where(eq(schema.categories.id, 13));
  });

  it("has pg_trgm for the search indexes", async () => {
    const [row] = await queryRows<{ similarity: number }>(
      database.db,
      sql`SELECT similarity('nba', 'nbaa') AS similarity`,
    );
    expect(Number(row.similarity)).toBeGreaterThan(0.3);
  });

  it("keeps e-mail and userName unique whatever their case", async () => {
    const base = { firstName: "A", lastName: "B" };
    await database.db.insert(schema.users).values({ ...base, email: "Case@Example.com", userName: "CaseUser" });
    await expect(
      database.db.insert(schema.users).values({ ...base, email: "case@example.com", userName: "other" }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(schema.users).values({ ...base, email: "other@example.com", userName: "caseuser" }),
    ).rejects.toThrow();
    await database.db.delete(schema.users).where(eq(schema.users.userName, "CaseUser"));
  });

  it("refuses a pick whose visibility is not Subscribers", async () => {
    const [author] = await database.db
      .insert(schema.users)
      .values({ email: "v@example.com", userName: "vis", firstName: "V" })
      .returning();
    await expect(
      database.db.insert(schema.posts).values({
        authorId: author.id,
        postType: "Pick",
        title: "t",
        body: [],
        visibility: "Free",
        status: "Draft",
        categoryId: 1,
      }),
    ).rejects.toThrow();
    await database.db.delete(schema.users).where(eq(schema.users.id, author.id));
  });

  it("applies the migrations again without error (idempotent start-up)", async () => {
    await migrateDatabase(database.handle, database.url);
    const [{ value }] = await database.db.select({ value: count() }).from(schema.categories);
    expect(value).toBe(12);
  });

  it.runIf(testDatabaseEngine() === "postgres")("lets several instances migrate at once (advisory lock)", async () => {
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: database.url, dataDir: "unused", poolSize: 1 })),
    );
    await Promise.all(handles.map((h) => migrateDatabase(h, database.url)));
    await Promise.all(handles.map((h) => h.close()));
    const [{ value }] = await database.db.select({ value: count() }).from(schema.modalities);
    expect(value).toBe(8);
  });
});

/** The characters of a Slate node's text leaves (what the preview's limit counts). */
const textLength = (node: unknown): number => {
  const { text, children } = node as { text?: string; children?: unknown[] };
  return typeof text === "string"
    ? text.length
    : (children ?? []).reduce((n: number, child) => n + textLength(child), 0);
};

describe(`demo data (${testDatabaseEngine()})`, () => {
  const now = new Date("2026-11-22T12:00:00Z");
  let result: Awaited<ReturnType<typeof seedDemoDataIfEmpty>>;
  beforeAll(async () => {
    result = await seedDemoDataIfEmpty(database.db, now);
  });

  it("fills an empty database once, and never again", async () => {
    expect(result).toMatchObject({ experts: 12, users: 6, posts: 60 });
    expect(await seedDemoDataIfEmpty(database.db, now)).toBeNull();
  });

  it("leaves nothing for the publishing job: the demo's live posts count as announced", async () => {
    expect(await publishDuePosts(database.db, now)).toBe(0);
    expect(await database.db.$count(schema.notifications)).toBe(0);
  });

  it("makes believable experts: confirmed, priced, with a bio, location and generated avatar", async () => {
    const rows = await database.db
      .select()
      .from(schema.experts)
      .innerJoin(schema.users, eq(schema.users.id, schema.experts.userId))
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.experts.userId));
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.users.roles).toEqual(["Expert"]);
      expect(row.users.emailConfirmedAt).not.toBeNull();
      expect(row.experts.subscriptionPriceCents).toBeGreaterThanOrEqual(100);
      expect(row.experts.membershipStatus).toBe("Active");
      expect(row.profiles.expertAboutText?.length).toBeGreaterThan(40);
      expect(row.profiles.avatar).toBe(`/avatars/${row.users.userName}.svg`);
      expect(row.profiles.city && row.profiles.state).toBeTruthy();
    }
  });

  it("gives demo accounts a real password hash", async () => {
    const [user] = await database.db.select().from(schema.users).limit(1);
    expect(await verify(user.passwordHash!, DEMO_PASSWORD)).toBe(true);
  });

  it("schedules games over the coming week, and finished ones for graded picks", async () => {
    const events = await database.db.select().from(schema.events);
    const upcoming = events.filter((e) => e.startsAt > now);
    expect(upcoming.length).toBeGreaterThanOrEqual(24);
    for (const e of upcoming) expect(e.startsAt.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(events.filter((e) => e.status === "Final").every((e) => e.homeScore !== null && e.startsAt < now)).toBe(
      true,
    );
  });

  it("writes free posts and picks with Slate bodies and previews that fit the product's limits", async () => {
    const posts = await database.db.select().from(schema.posts);
    const picks = posts.filter((p) => p.postType === "Pick");
    expect(picks.length).toBeGreaterThan(10);
    expect(posts.length - picks.length).toBeGreaterThan(10);
    for (const post of posts) {
      expect(Array.isArray(post.body)).toBe(true);
      expect((post.body as { children: { text: string }[] }[])[0].children[0].text.length).toBeGreaterThan(0);
      const preview = post.preview as unknown[];
      expect(preview.length).toBeLessThanOrEqual(5);
      expect(preview.reduce((n: number, b) => n + textLength(b), 0)).toBeLessThanOrEqual(300);
      expect(post.publishDate!.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    for (const pick of picks) {
      expect(pick.visibility).toBe("Subscribers");
      expect(pick.selection && pick.odds && pick.units && pick.eventId).toBeTruthy();
      // The preview of a pick never quotes its analysis.
      expect(JSON.stringify(pick.preview)).not.toContain(pick.selection!);
    }
  });
});
