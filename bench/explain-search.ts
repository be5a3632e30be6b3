// EXPLAIN (ANALYZE, BUFFERS) of the search suggestions' statement as the app sends it, for a
// visitor and a signed-in viewer, on the database of DATABASE_URL (bench/search.js runs this).
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "~/db/client.server";
import { suggestionsQuery } from "~/modules/search/search.server";

const handle = await openDatabase({ url: process.env.DATABASE_URL!, dataDir: "unused" });
const viewerId = process.env.BENCH_VIEWER_ID ?? null;
for (const [label, q, viewer] of [
  ["a team (many matches), visitor", "lakers", null],
  ["two words, visitor", "celtics spread", null],
  ["an expert handle with a typo, visitor", "whitfeld", null],
  ["a team, signed in (locked bodies searched where readable)", "lakers", viewerId],
] as const) {
  const query = suggestionsQuery(q, viewer, 5)!;
  const rows = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  console.log(`#### "${q}": ${label}\n\n\`\`\`\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}\n\`\`\`\n`);
}
await handle.close();
