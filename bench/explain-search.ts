// EXPLAIN (ANALYZE, BUFFERS) of the search suggestions' statement as the app prepares it, for a
// visitor and a signed-in viewer, on the database of DATABASE_URL (bench/search.js runs this).
import { fillPlaceholders } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { openDatabase } from "~/db/client.server";
import { namesSelect, postSuggestionsQuery, suggestionsPlan } from "~/modules/search/search.server";

const handle = await openDatabase({ url: process.env.DATABASE_URL!, dataDir: "unused" });
const viewerId = process.env.BENCH_VIEWER_ID ?? null;
const queries: [string, string, string | null][] = [
  ["a team (a common word), visitor", "lakers", null],
  ["two common words, visitor", "celtics spread", null],
  ["a misspelt surname (a rare word), visitor", "whitfeld", null],
  ["an expert's handle, visitor", "hoopsg", null],
  ["a team, signed in (locked bodies searched where readable)", "lakers", viewerId],
];
const explain = async (text: string, params: unknown[]) =>
  (await (handle.client as postgres.Sql).unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params as never[])).map((row) => row["QUERY PLAN"] as string).join("\n");
for (const [label, q, viewer] of queries) {
  const plan = (await suggestionsPlan(handle.db, viewer, q, 5))!;
  const names = namesSelect(handle.db, plan.variant.oneCharacter).toSQL();
  const posts = new PgDialect({ casing: "snake_case" }).sqlToQuery(postSuggestionsQuery(plan));
  console.log(`#### "${q}": ${label}\n\nExperts and sports (prepared once per connection):\n\n\`\`\`\n${await explain(names.sql, fillPlaceholders(names.params, plan.values))}\n\`\`\`\n`);
  console.log(`Posts (${plan.variant.commonWords ? "common words: the newest posts walked" : "rare words: the GIN index"}):\n\n\`\`\`\n${await explain(posts.sql, posts.params)}\n\`\`\`\n`);
}
await handle.close();
