// Benchmark: the new-post counters and the sidebar with 200,000 subscriptions.
//
//   npm run bench:subscriptions           (builds what is missing or stale; ~3 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:subscriptions      (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). A fresh database
// `sharpside_bench_subscriptions` gets our production server (migrated, demo data) and the
// baseline app; plain SQL then seeds 1,000 experts with 20,000 posts and 20,000 fans holding 10
// subscriptions each (200,000 in all, a tenth of them cancelled or expired). The reader is the
// demo fan `alex.fan`, subscribed to 20 bench experts whose newest posts came after they last
// looked, so every counter has something to count.
//
// Measured, alternating with the baseline's `GET /pk?id=…` (a bare Remix resource route doing
// one primary-key SELECT): `GET /api/subscriptions/counters/new-posts`, and the sidebar: the
// root loader's data (`/_root.data?_routes=root`, what a navigation fetches for the sidebar: the reader's
// subscriptions with their counters and the Recommended list). Target: each at least 50 % of the
// baseline's requests per second. For information, a whole signed-in page (/subscriptions).
// Exit code 1 when a target is missed, 2 when the run itself failed.
import {
  alternate,
  benchSettings,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  signIn,
  startAppAndBaseline,
  withRecordGuardOff,
  writeResults,
} from "./lib.js";
import { BENCH_DOMAIN, seedExperts, seedPosts } from "./seed-posts.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4360),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4361),
  database: "sharpside_bench_subscriptions",
  experts: 1000,
  posts: 20_000,
  fans: 20_000,
  subscriptionsPerFan: 10,
  readerSubscriptions: 20,
});
const TARGETS = { minCountersRatio: 0.5, minSidebarRatio: 0.5 };
const READER = "alex.fan";

/** 20,000 fans, each subscribed to 10 bench experts; one in ten cancelled, one in ten expired. */
async function seedSubscriptions(bench) {
  await bench`
    INSERT INTO users (email, user_name, first_name, last_name, email_confirmed_at)
    SELECT 'subfan' || g || '@' || ${BENCH_DOMAIN}, 'BenchSubFan' || g, 'Bench', 'Subscriber ' || g, now()
    FROM generate_series(1, ${settings.fans}) g`;
  await bench`
    WITH e AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE ${`expert%@${BENCH_DOMAIN}`}),
         f AS (SELECT id, substring(user_name FROM 12)::int AS n FROM users WHERE email LIKE ${`subfan%@${BENCH_DOMAIN}`})
    INSERT INTO subscriptions (subscriber_id, expert_id, status, price_cents, current_period_end, cancel_at_period_end, provider, last_seen_posts_at)
    SELECT f.id, e.id,
           CASE WHEN k = 9 THEN 'Expired'::subscription_status WHEN k = 8 THEN 'Canceled'::subscription_status ELSE 'Activated'::subscription_status END,
           1900,
           CASE WHEN k = 9 THEN now() - interval '3 days' ELSE now() + ((f.n % 30) || ' days')::interval END,
           k = 8, 'free', now() - ((f.n % 48) || ' hours')::interval
    FROM f CROSS JOIN generate_series(0, ${settings.subscriptionsPerFan - 1}) k
    JOIN e ON e.n = (f.n * 37 + k * 101) % ${settings.experts}
    ON CONFLICT DO NOTHING`;
}

/** The reader's subscriptions: 20 bench experts, last looked 12 hours ago (their newer posts count). */
async function seedReader(bench, readerId) {
  await bench`
    INSERT INTO subscriptions (subscriber_id, expert_id, status, price_cents, current_period_end, provider, last_seen_posts_at)
    SELECT ${readerId}, id, 'Activated', 1900, now() + interval '20 days', 'free', now() - interval '12 hours'
    FROM users WHERE email LIKE ${`expert%@${BENCH_DOMAIN}`} ORDER BY user_name LIMIT ${settings.readerSubscriptions}
    ON CONFLICT DO NOTHING`;
}

async function getOk(url, headers, check) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) await fail(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  if (check && !check(text)) await fail(`${url} did not answer what was expected: ${text.slice(0, 300)}`);
  return text;
}

// ---------------------------------------------------------------------------------------------

await ensureBuilds();
const { bench, appBase, baselineBase } = await startAppAndBaseline(settings, "subscriptions");

const reader = await signIn(appBase, READER);
const readerHeaders = { Cookie: reader.cookie };

const started = Date.now();
console.log(
  `bench: seeding ${fmt(settings.experts)} experts, ${fmt(settings.posts)} posts and ${fmt(settings.fans * settings.subscriptionsPerFan)} subscriptions…`,
);
await seedExperts(bench, settings.experts);
await withRecordGuardOff(bench, () => seedPosts(bench, 1, settings.posts, settings.experts));
await seedSubscriptions(bench);
await seedReader(bench, reader.user.id);
await bench`VACUUM ANALYZE`;
const [counts] =
  await bench`SELECT (SELECT count(*)::int FROM subscriptions) AS subscriptions, (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM users) AS users`;
console.log(`bench: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);

const countersUrl = `${appBase}/api/subscriptions/counters/new-posts`;
const counters = JSON.parse(await getOk(countersUrl, readerHeaders));
if (counters.payload.items.length < settings.readerSubscriptions || counters.payload.total === 0)
  await fail(`the counters count nothing: ${JSON.stringify(counters).slice(0, 300)}`);
// Only the root loader (`_routes=root`): the data a navigation fetches for the sidebar.
const sidebarUrl = `${appBase}/_root.data?_routes=root`;
await getOk(sidebarUrl, readerHeaders, (text) => text.includes("BenchExpert") && text.includes("newPosts"));
const pageUrl = `${appBase}/subscriptions`;
await getOk(pageUrl, readerHeaders, (text) => text.includes("Subscriptions | SHARPSIDE</title>"));
console.log(
  `bench: the reader has ${counters.payload.items.length} subscriptions and ${counters.payload.total} new posts (${machineLine()})`,
);

const figures = await alternate(settings, [
  { name: "baseline-pk", url: `${baselineBase}/pk?id=${reader.user.id}` },
  { name: "counters", url: countersUrl, headers: readerHeaders },
  { name: "sidebar-data", url: sidebarUrl, headers: readerHeaders },
  { name: "page", url: pageUrl, headers: readerHeaders },
]);

const ratios = {
  counters: figures.counters.rps / figures["baseline-pk"].rps,
  sidebar: figures["sidebar-data"].rps / figures["baseline-pk"].rps,
  page: figures.page.rps / figures["baseline-pk"].rps,
};
const passed = {
  counters: ratios.counters >= TARGETS.minCountersRatio,
  sidebar: ratios.sidebar >= TARGETS.minSidebarRatio,
};

console.log("");
console.log("| target | requests/s | p50 | p99 |");
console.log("|---|---:|---:|---:|");
const rows = [
  ["baseline PK select", "baseline-pk"],
  ["`GET /api/subscriptions/counters/new-posts`", "counters"],
  ["sidebar data (`/_root.data?_routes=root`)", "sidebar-data"],
  ["(info) `/subscriptions` page", "page"],
];
for (const [label, key] of rows)
  console.log(`| ${label} | ${fmt(figures[key].rps)} | ${figures[key].p50} ms | ${figures[key].p99} ms |`);
console.log("");
console.log(
  `counters/baseline requests/s: ${ratios.counters.toFixed(2)} (target ≥ ${TARGETS.minCountersRatio}) ${passed.counters ? "MET" : "MISSED"}`,
);
console.log(
  `sidebar/baseline requests/s:  ${ratios.sidebar.toFixed(2)} (target ≥ ${TARGETS.minSidebarRatio}) ${passed.sidebar ? "MET" : "MISSED"}`,
);
console.log(`(info) page/baseline:         ${ratios.page.toFixed(2)}`);

const report = writeResults("subscriptions", {
  settings,
  targets: TARGETS,
  counts,
  figures,
  ratios,
  passed: Object.values(passed).every(Boolean),
});
await exit(report.passed ? 0 : 1);
