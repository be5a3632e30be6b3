// EXPLAIN (ANALYZE, BUFFERS) of the search suggestions' statement as the app runs it
// (prepared, generic plans), for a visitor and a signed-in viewer, on the database of
// DATABASE_URL (bench/search.js runs this).
import { fillPlaceholders } from "drizzle-orm";
import type postgres from "postgres";
import { openDatabase } from "~/db/client.server";
import { suggestionsPlan, suggestionsSelect } from "~/modules/search/search-suggestions.server";

const handle = await openDatabase({ url: process.env.DATABASE_URL!, dataDir: "unused", poolSize: 1 });
const client = handle.client as postgres.Sql;
const viewerId = process.env.BENCH_VIEWER_ID ?? null;
const queries: [string, string, string | null][] = [
  ["a team (a common word), visitor", "lakers", null],
  ["two common words, visitor", "celtics spread", null],
  ["a misspelt surname (a rare word), visitor", "whitfeld", null],
  ["an expert's handle, visitor", "hoopsg", null],
  ["a team, signed in (locked bodies searched where readable)", "lakers", viewerId],
];

const literal = (value: unknown) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
const prepared = new Set<string>();

/** EXPLAIN of EXECUTE: the plan the app's connection runs (generic, as the app's connections plan). */
async function explain(name: string, query: { sql: string; params: unknown[] }, values: Record<string, unknown>) {
  if (!prepared.has(name)) {
    await client.unsafe(`PREPARE ${name} AS ${query.sql}`);
    prepared.add(name);
  }
  const params = fillPlaceholders(query.params, values).map(literal).join(", ");
  const rows = await client.unsafe(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${params})`);
  return rows.map((row) => row["QUERY PLAN"] as string).join("\n");
}

await client.unsafe("SET plan_cache_mode = force_generic_plan");
for (const [label, q, viewer] of queries) {
  const plan = (await suggestionsPlan(handle.db, viewer, q, 5))!;
  const name = `suggestions_${plan.variant.signedIn ? "reader" : "visitor"}_${plan.variant.commonWords ? "common" : "rare"}`;
  const lines = await explain(name, suggestionsSelect(handle.db, plan.variant).toSQL(), plan.values);
  const posts = plan.variant.commonWords ? "common words: the newest posts walked" : "rare words: the GIN index";
  console.log(`#### "${q}": ${label}; posts: ${posts}\n\n\`\`\`\n${lines}\n\`\`\`\n`);
}
await handle.close();
