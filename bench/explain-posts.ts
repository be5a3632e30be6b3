// The hot queries of the feed API and the post page, caught at the driver as the app sends them
// and run again under EXPLAIN (ANALYZE, BUFFERS). bench/posts.js runs it on its seeded database;
// by hand:
//
//   DATABASE_URL=postgres://…/sharpside_bench_posts BENCH_READER_ID=<uuid> BENCH_SESSION_ID=<uuid> BENCH_POST_ID=<uuid> npx tsx bench/explain-posts.ts
import { openDatabase } from "~/db/client.server";
import { readPost } from "~/modules/posts/post-reads.server";
import { listFeedOfSession } from "~/modules/posts/post-lists.server";

const url = process.env.DATABASE_URL;
const readerId = process.env.BENCH_READER_ID;
const sessionId = process.env.BENCH_SESSION_ID;
const postId = process.env.BENCH_POST_ID;
if (!url?.startsWith("postgres") || !readerId || !sessionId || !postId) {
  console.error(
    "DATABASE_URL (postgres://…), BENCH_READER_ID, BENCH_SESSION_ID (the reader's) and BENCH_POST_ID are required",
  );
  process.exit(2);
}
const handle = await openDatabase({ url, dataDir: "/tmp/sharpside-explain-posts" });

type Runner = (text: string, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
const client = handle.client as unknown as Record<"unsafe", Runner>;
const original = client.unsafe.bind(client);

async function explainAll(name: string, run: () => Promise<unknown>) {
  const captured: { text: string; params: unknown[] }[] = [];
  await run(); // warm: plans and caches as a running server has them
  client.unsafe = (text, params = [], ...rest) => {
    captured.push({ text, params });
    return original(text, params, ...rest);
  };
  await run();
  client.unsafe = original;
  console.log(`### ${name}: ${captured.length} quer${captured.length === 1 ? "y" : "ies"}\n`);
  for (const [index, query] of captured.entries()) {
    const rows = (await original(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.params)) as Record<string, string>[];
    console.log(
      `${index + 1}. \`${query.text.replace(/\s+/g, " ").slice(0, 160)}${query.text.length > 160 ? "…" : ""}\`\n`,
    );
    console.log("```");
    for (const row of rows) console.log(Object.values(row)[0]);
    console.log("```\n");
  }
}

await explainAll("GET /api/posts/my/feed (page 1, size 5, the session checked in the statement)", () =>
  listFeedOfSession(handle.db, sessionId, { page: 1, size: 5 }),
);
await explainAll("/posts/{id} (readPost for a subscriber)", () => readPost(handle.db, readerId, postId));
await handle.close();
