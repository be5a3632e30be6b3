// The home page's database work, timed query by query on a demo-seeded database, one query at a
// time (PGlite runs in the server's own thread, so this time comes straight off its throughput).
//
//   npx tsx bench/profile-db.ts                       (in-memory PGlite, as `npm run bench` uses)
//   DATABASE_URL=postgres://… npx tsx bench/profile-db.ts   (a PostgreSQL server; it is seeded)
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, pingDatabase, queryRows, type Database } from "~/db/client.server";
import { seedDemoDataIfEmpty } from "~/demo/seed.server";
import { listTopExperts } from "~/modules/experts/top-experts.server";
import { listLatestFreePosts } from "~/modules/posts/post-lists.server";

const url = process.env.DATABASE_URL ?? "memory://";
const iterations = Number(process.env.ITERATIONS ?? 300);
const handle = await openDatabase({ url, dataDir: "/tmp/sharpside-profile-db" });
await migrateDatabase(handle, url);
await seedDemoDataIfEmpty(handle.db);
const db: Database = handle.db;

async function time(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await run();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await run();
  const ms = (performance.now() - start) / iterations;
  console.log(`${ms.toFixed(3).padStart(8)} ms  ${name}`);
  return ms;
}

console.log(`${handle.kind}, ${iterations} runs each, mean per call:`);
await time("SELECT 1 (round trip floor)", () => pingDatabase(db));
const root = await time("listTopExperts(5)        root loader, every page", () => listTopExperts(db, 5));
const featured = await time("listTopExperts(6)        home loader", () => listTopExperts(db, 6));
const latest = await time("listLatestFreePosts(8)   home loader", () => listLatestFreePosts(db, null, 8));
await time("all three as the home page runs them", () =>
  Promise.all([listTopExperts(db, 5), listTopExperts(db, 6), listLatestFreePosts(db, null, 8)]),
);
console.log(`${(root + featured + latest).toFixed(3).padStart(8)} ms  sum for one home page`);

const counts = await queryRows<{ experts: number; users: number; posts: number; subscriptions: number }>(
  db,
  sql`SELECT (SELECT count(*)::int FROM experts) AS experts, (SELECT count(*)::int FROM users) AS users,
             (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM subscriptions) AS subscriptions`,
);
console.log("\ndemo data:", counts[0]);

// The SQL each query sends, caught at the driver, then run again under EXPLAIN ANALYZE.
type Runner = (text: string, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
const client = handle.client as unknown as Record<"query" | "unsafe", Runner>;
const method = handle.kind === "pglite" ? "query" : "unsafe";
const original = client[method].bind(client);
for (const [name, run] of [
  ["listTopExperts(6)", () => listTopExperts(db, 6)],
  ["listLatestFreePosts(8)", () => listLatestFreePosts(db, null, 8)],
] as const) {
  let captured: { text: string; params: unknown[] } | undefined;
  client[method] = (text, params = [], ...rest) => {
    captured ??= { text, params };
    return original(text, params, ...rest);
  };
  await run();
  client[method] = original;
  const result = (await original(`EXPLAIN ANALYZE ${captured!.text}`, captured!.params)) as
    { rows?: Record<string, string>[] } | Record<string, string>[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  console.log(`\nEXPLAIN ANALYZE ${name}:`);
  for (const row of rows) console.log(`  ${Object.values(row)[0]}`);
}

await handle.close();
