import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { AppError } from "~/modules/http/app-error";
import { consumeRateLimit, enforceRateLimit, pruneRateLimitCounters } from "~/modules/rate-limit/rate-limit.server";
import { rateLimitCounters } from "~/db/schema";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`rate limits kept in the database (${testDatabaseEngine()})`, () => {
  it("allows the limit, then refuses with the seconds left in the window", async () => {
    const rule = { name: "t1", limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await consumeRateLimit(database.db, rule, "1.2.3.4"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(results[3].retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3].retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts each subject and each action apart", async () => {
    const rule = { name: "t2", limit: 1, windowSeconds: 60 };
    expect((await consumeRateLimit(database.db, rule, "a")).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, rule, "b")).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, { ...rule, name: "t3" }, "a")).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, rule, "a")).allowed).toBe(false);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { name: "t4", limit: 1, windowSeconds: 1 };
    expect((await consumeRateLimit(database.db, rule, "x")).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, rule, "x")).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await consumeRateLimit(database.db, rule, "x");
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it("throws the product's 429 with Retry-After", async () => {
    const rule = { name: "t5", limit: 1, windowSeconds: 30 };
    await enforceRateLimit(database.db, rule, "y");
    const error = await enforceRateLimit(database.db, rule, "y").catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(429);
    expect(error.message).toBe("Too many requests. Try again later.");
    expect(Number(new Headers(error.headers).get("Retry-After"))).toBeGreaterThan(0);
  });

  it("prunes counters whose window ended", async () => {
    await consumeRateLimit(database.db, { name: "t6", limit: 1, windowSeconds: 1 }, "z");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await pruneRateLimitCounters(database.db);
    const keys = (await database.db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).not.toContain("t6:z");
    expect(keys).toContain("t5:y");
  });

  it.runIf(testDatabaseEngine() === "postgres")(
    "holds exactly the limit across several app instances hitting at once",
    async () => {
      const instances = await Promise.all(
        [1, 2].map(() => openDatabase({ url: database.url, dataDir: "unused", poolSize: 5 })),
      );
      const rule = { name: "shared", limit: 10, windowSeconds: 60 };
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => consumeRateLimit(instances[i % 2].db, rule, "same-ip")),
      );
      await Promise.all(instances.map((i) => i.close()));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    },
  );
});
