// Benchmark: the feed API and the post page on a large database.
//
//   npm run bench:posts                   (builds what is missing or stale; ~6 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:posts      (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// a role that may create databases). It creates a fresh database `sharpside_bench_posts`
// (dropped first and again at the end), starts our production server on it (migrated, demo data
// seeded) and the baseline app on the same database, then seeds in two steps, with SQL:
//
//   step 1: 1,000 experts, 10,000 posts (30 % picks), 1,000 fans with 100 likes each;
//   step 2: 100,000 posts in all and 1,000,000 likes (10,000 fans).
//
// The reader is the demo fan `alex.fan`, who follows 40 of the bench experts and subscribes to 10
// more, so the feed holds 50 experts' posts (500 after step 1, 5,000 after step 2).
//
//  1. After each step: `GET /api/posts/my/feed` (signed in) and the baseline's `GET /pk?id=…` (a bare
//     Remix resource route doing one primary-key SELECT with postgres.js), alternated; targets:
//     feed requests/s ÷ baseline requests/s ≥ 0.50 at 100,000 posts, and the feed's p50 at
//     100,000 posts ≤ 1.5 × its p50 at 10,000 posts.
//  2. `/posts/{id}` server-rendered for a visitor landing from a search engine (as the expert-page
//     bench measures it: signed out, so the page micro-cache of decision 007 may serve it) against
//     the minimal Remix page: ≥ 0.40. For information, the same page for a signed-in subscriber
//     (the analysis included, rendered for them on every request: never cached).
//  3. EXPLAIN ANALYZE of the hot queries (bench/explain-posts.ts), printed and kept in the results.
//
// Every response must be a 200; the feed must hold posts; the locked pick must not leak to a
// visitor. Results go to bench/results/ (git-ignored). Exit code 1 when a target is missed, 2 when
// the run itself failed.
import { spawnSync } from "node:child_process";
import {
  alternate,
  benchSettings,
  checkPage,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  root,
  signIn,
  startAppAndBaseline,
  withRecordGuardOff,
  writeResults,
} from "./lib.js";
import { countRows, PICK_MARKER, seedExperts, seedFansAndLikes, seedPosts, seedReader } from "./seed-posts.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4350),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4351),
  database: "sharpside_bench_posts",
  experts: 1000,
  steps: [
    { posts: 10_000, fans: 1_000 },
    { posts: 100_000, fans: 10_000 },
  ],
  likesPerFan: 100,
});
const TARGETS = { minFeedRpsRatio: 0.5, maxFeedP50Growth: 1.5, minPostPageRatio: 0.4 };
const READER = "alex.fan";

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  const body = await response.json().catch(() => null);
  if (response.status !== 200) await fail(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

const { databaseUrl, bench, appBase } = await startAppAndBaseline(settings, "posts");

const reader = await signIn(appBase, READER);
const readerHeaders = { Cookie: reader.cookie };
const baselinePk = `http://localhost:${settings.baselinePort}/pk?id=${reader.user.id}`;
const feedUrl = `${appBase}/api/posts/my/feed`;

console.log(`bench: seeding ${settings.experts} experts…`);
await seedExperts(bench, settings.experts);
await seedReader(bench, reader.user.id);

const results = { steps: [] };
let seededPosts = 0;
let seededFans = 0;
for (const step of settings.steps) {
  const started = Date.now();
  console.log(
    `bench: seeding posts up to ${fmt(step.posts)} and likes up to ${fmt(step.fans * settings.likesPerFan)}…`,
  );
  await withRecordGuardOff(bench, () => seedPosts(bench, seededPosts + 1, step.posts, settings.experts));
  await seedFansAndLikes(bench, seededFans + 1, step.fans, settings.likesPerFan);
  seededPosts = step.posts;
  seededFans = step.fans;
  await bench`VACUUM ANALYZE`;
  const counts = await countRows(bench);
  console.log(`bench: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);

  const feed = await getJson(feedUrl, readerHeaders);
  if (!Array.isArray(feed.items) || feed.items.length === 0)
    await fail(`the feed is empty: ${JSON.stringify(feed).slice(0, 300)}`);
  console.log(`bench: feed has ${feed.meta?.totalItems} posts on ${feed.meta?.totalPages} pages (${machineLine()})`);
  const figures = await alternate(settings, [
    { name: "baseline-pk", url: baselinePk },
    { name: "feed", url: feedUrl, headers: readerHeaders },
  ]);
  results.steps.push({ ...step, counts, feedTotalItems: feed.meta?.totalItems, ...figures });
}

// The post page: a subscriber reading a bench pick (its analysis holds the marker) of an expert they subscribe to.
const [pick] = await bench`
  SELECT p.id FROM posts p JOIN subscriptions s ON s.expert_id = p.author_id AND s.subscriber_id = ${reader.user.id}
  WHERE p.post_type = 'Pick' AND p.pick_result IS NULL AND p.publish_date <= now() AND p.title LIKE 'Bench post %'
  ORDER BY p.publish_date DESC LIMIT 1`;
const postUrl = `${appBase}/posts/${pick.id}`;
const minimalPage = `http://localhost:${settings.baselinePort}/`;
const pageBytes = {
  post: await (async () => {
    const response = await fetch(postUrl, { headers: { ...readerHeaders, "Accept-Encoding": "identity" } });
    const html = await response.text();
    if (response.status !== 200 || !html.includes(PICK_MARKER))
      await fail(`${postUrl} as the subscriber answered ${response.status} without the pick's analysis`);
    return Buffer.byteLength(html);
  })(),
  visitor: await checkPage("post (visitor)", postUrl, ["| SHARPSIDE</title>"], [PICK_MARKER]),
  baseline: await checkPage("baseline", minimalPage, ["<title>Baseline</title>"]),
};
console.log(`bench: /posts/{id} for a visitor and for a subscriber against the minimal Remix page (${machineLine()})`);
const pageFigures = await alternate(settings, [
  { name: "minimal-page", url: minimalPage },
  { name: "post-page", url: postUrl },
  { name: "post-page-subscriber", url: postUrl, headers: readerHeaders },
]);

// EXPLAIN ANALYZE of the hot queries on the seeded database.
const explain = spawnSync(process.execPath, ["--import", "tsx", "bench/explain-posts.ts"], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BENCH_READER_ID: reader.user.id,
    BENCH_SESSION_ID: reader.cookie.split("=")[1].split(".")[0],
    BENCH_POST_ID: pick.id,
  },
  encoding: "utf8",
});
if (explain.status !== 0) await fail(`bench/explain-posts.ts failed:\n${explain.stderr}`);

const [small, large] = results.steps;
const ratios = {
  feedRps: large.feed.rps / large["baseline-pk"].rps,
  feedP50Growth: large.feed.p50 / small.feed.p50,
  postPageRps: pageFigures["post-page"].rps / pageFigures["minimal-page"].rps,
  postPageSubscriberRps: pageFigures["post-page-subscriber"].rps / pageFigures["minimal-page"].rps,
};
const passed = {
  feedRps: ratios.feedRps >= TARGETS.minFeedRpsRatio,
  feedP50Growth: ratios.feedP50Growth <= TARGETS.maxFeedP50Growth,
  postPageRps: ratios.postPageRps >= TARGETS.minPostPageRatio,
};

console.log("");
console.log("| target | requests/s | p50 | p99 |");
console.log("|---|---:|---:|---:|");
for (const step of results.steps) {
  console.log(
    `| baseline PK select (${fmt(step.counts.posts)} posts) | ${fmt(step["baseline-pk"].rps)} | ${step["baseline-pk"].p50} ms | ${step["baseline-pk"].p99} ms |`,
  );
  console.log(
    `| GET /api/posts/my/feed (${fmt(step.counts.posts)} posts, ${fmt(step.counts.likes)} likes) | ${fmt(step.feed.rps)} | ${step.feed.p50} ms | ${step.feed.p99} ms |`,
  );
}
console.log(
  `| minimal Remix page | ${fmt(pageFigures["minimal-page"].rps)} | ${pageFigures["minimal-page"].p50} ms | ${pageFigures["minimal-page"].p99} ms |`,
);
console.log(
  `| /posts/{id}, visitor, ${fmt(pageBytes.visitor / 1024, 1)} kB | ${fmt(pageFigures["post-page"].rps)} | ${pageFigures["post-page"].p50} ms | ${pageFigures["post-page"].p99} ms |`,
);
console.log(
  `| (info) /posts/{id}, subscriber, ${fmt(pageBytes.post / 1024, 1)} kB | ${fmt(pageFigures["post-page-subscriber"].rps)} | ${pageFigures["post-page-subscriber"].p50} ms | ${pageFigures["post-page-subscriber"].p99} ms |`,
);
console.log("");
console.log(
  `feed/baseline requests/s at 100k posts: ${ratios.feedRps.toFixed(2)} (target ≥ ${TARGETS.minFeedRpsRatio}) ${passed.feedRps ? "MET" : "MISSED"}`,
);
console.log(
  `feed p50 100k/10k posts:               ${ratios.feedP50Growth.toFixed(2)} (target ≤ ${TARGETS.maxFeedP50Growth}) ${passed.feedP50Growth ? "MET" : "MISSED"}`,
);
console.log(
  `post page/minimal page requests/s:     ${ratios.postPageRps.toFixed(2)} (target ≥ ${TARGETS.minPostPageRatio}) ${passed.postPageRps ? "MET" : "MISSED"}`,
);
console.log(`(info) subscriber's post page/minimal:  ${ratios.postPageSubscriberRps.toFixed(2)}`);
console.log(`\n${explain.stdout}`);

const report = writeResults("posts", {
  settings,
  targets: TARGETS,
  steps: results.steps,
  postPage: { ...pageFigures, pageBytes },
  ratios,
  explain: explain.stdout,
  passed: Object.values(passed).every(Boolean),
});
await exit(report.passed ? 0 : 1);
