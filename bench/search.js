// Benchmark: the header search's suggestions on a large database.
//
//   npm run bench:search                   (builds what is missing or stale; ~10 minutes of seeding and load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:search      (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). It creates a fresh database
// `sharpside_bench_search`, starts our production server on it (migrated, demo data) and the
// baseline app beside it, then seeds with SQL 10,000 experts (handles like HoopsGuru417) and
// 1,000,000 posts written from a sports vocabulary (30 % picks whose locked paragraph carries
// LOCKED_WORD).
//
// Load: 10 connections (BENCH_CONNECTIONS) of autocannon alternate the baseline's
// `GET /pk?id=…` and `GET /api/search?searchValue=…&topCount=5` as a visitor typing in the header
// box: each connection cycles through SEARCHES (expert handles, full names with a typo, sports
// with a typo, teams, two-word queries). Targets: the search's p95 under 50 ms (every latency
// recorded) and its requests/s at least 40 % of the baseline's in the same run.
// Checks first: every answer a 200, the expected suggestions present, and LOCKED_WORD never found
// for a visitor. EXPLAIN ANALYZE of the statement (bench/explain-search.ts) goes into the results.
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import {
  benchSettings,
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
import { LOCKED_WORD, seedSearchExperts, seedSearchPosts } from "./seed-search.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4370),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4371),
  database: "sharpside_bench_search",
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  experts: Number(process.env.BENCH_EXPERTS ?? 10_000),
  posts: Number(process.env.BENCH_POSTS ?? 1_000_000),
});
const TARGETS = { maxP95Ms: 50, minRpsRatio: 0.4 };

/** What visitors type, each with a suggestion it must bring (group, text). */
const SEARCHES = [
  { q: "hoopsg", expect: ["expertsInfo", "HoopsGuru"] },
  { q: "lebronpicks1", expect: ["expertsInfo", "LeBronPicks1"] },
  { q: "whitfeld", expect: ["expertsInfo", ""] },
  { q: "nbaa", expect: ["categoriesInfo", "NBA"] },
  { q: "nfl", expect: ["categoriesInfo", "NFL"] },
  { q: "lakers", expect: ["postsInfo", "Lakers"] },
  { q: "celtics spread", expect: ["postsInfo", "Celtics"] },
  { q: "arsenal", expect: ["postsInfo", "Arsenal"] },
  { q: "sharp money", expect: ["postsInfo", "sharp money"] },
  { q: "dodg", expect: ["postsInfo", "Dodgers"] },
  { q: "valueplays", expect: ["expertsInfo", "ValuePlays"] },
  { q: "revenge spot", expect: ["postsInfo", "revenge spot"] },
];
const searchPath = (q) => `/api/search?searchValue=${encodeURIComponent(q)}&topCount=5`;

/** One autocannon run over `paths` (cycled per connection), every latency kept for exact percentiles. */
async function run(name, base, paths, seconds) {
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections: settings.connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: "GET", path })),
  });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  if (result.non2xx + result.errors + result.timeouts > 0) {
    await fail(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: result.requests.average, requests: latencies.length, p50: at(50), p95: at(95), p99: at(99) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

await ensureBuilds();
const { databaseUrl, bench, appBase, baselineBase } = await startAppAndBaseline(settings, "search");
const someone = await signIn(appBase, "alex.fan");

console.log(`bench: seeding ${fmt(settings.experts)} experts and ${fmt(settings.posts)} posts…`);
let started = Date.now();
await seedSearchExperts(bench, settings.experts);
const chunk = 100_000;
await withRecordGuardOff(bench, async () => {
  for (let from = 1; from <= settings.posts; from += chunk) {
    await seedSearchPosts(bench, from, Math.min(settings.posts, from + chunk - 1), settings.experts);
    process.stdout.write(
      `  ${fmt(Math.min(settings.posts, from + chunk - 1))} posts (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  }
});
await bench`VACUUM ANALYZE`;
const [counts] =
  await bench`SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM experts) AS experts`;
console.log(`bench: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);

// Checks: what each search must bring, and the paywall.
for (const search of SEARCHES) {
  const response = await fetch(`${appBase}${searchPath(search.q)}`);
  const body = await response.json().catch(() => null);
  const [group, text] = search.expect;
  const found = body?.payload?.[group]?.map((item) => item.userName ?? item.name ?? item.title) ?? [];
  if (response.status !== 200 || !found.some((value) => value.includes(text)))
    await fail(`"${search.q}" answered ${response.status} without "${text}" in ${group}: ${JSON.stringify(body)}`);
}
const locked = await (await fetch(`${appBase}${searchPath(LOCKED_WORD)}`)).json();
if (locked.payload.postsInfo.length !== 0)
  await fail(`a visitor's search found locked pick bodies: ${JSON.stringify(locked)}`);

const baselinePaths = [`/pk?id=${someone.user.id}`];
const searchPaths = SEARCHES.map((search) => searchPath(search.q));
console.log(`bench: ${settings.connections} connections, ${SEARCHES.length} queries cycled (${machineLine()})`);
await run("warm-up baseline", baselineBase, baselinePaths, settings.warmupSeconds);
await run("warm-up search", appBase, searchPaths, settings.warmupSeconds);
const runs = { baseline: [], search: [] };
for (let round = 1; round <= settings.rounds; round++) {
  for (const [name, base, paths] of [
    ["baseline", baselineBase, baselinePaths],
    ["search", appBase, searchPaths],
  ]) {
    const result = await run(name, base, paths, settings.durationSeconds);
    runs[name].push(result);
    console.log(
      `  round ${round} ${name.padEnd(9)} ${fmt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms`,
    );
  }
}
const summary = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [
    name,
    {
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p95: median(list.map((r) => r.p95)),
      p99: median(list.map((r) => r.p99)),
      runs: list,
    },
  ]),
);

const explain = spawnSync(process.execPath, ["--import", "tsx", "bench/explain-search.ts"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_VIEWER_ID: someone.user.id },
  encoding: "utf8",
});
if (explain.status !== 0) await fail(`bench/explain-search.ts failed:\n${explain.stderr}`);

const ratio = summary.search.rps / summary.baseline.rps;
const passed = { p95: summary.search.p95 < TARGETS.maxP95Ms, rps: ratio >= TARGETS.minRpsRatio };
console.log("");
console.log("| target | requests/s | p50 | p95 | p99 |");
console.log("|---|---:|---:|---:|---:|");
console.log(
  `| baseline PK select | ${fmt(summary.baseline.rps)} | ${summary.baseline.p50} ms | ${summary.baseline.p95} ms | ${summary.baseline.p99} ms |`,
);
console.log(
  `| GET /api/search (${fmt(counts.posts)} posts, ${fmt(counts.experts)} experts) | ${fmt(summary.search.rps)} | ${summary.search.p50} ms | ${summary.search.p95} ms | ${summary.search.p99} ms |`,
);
console.log("");
console.log(
  `search p95:                      ${summary.search.p95} ms (target < ${TARGETS.maxP95Ms} ms) ${passed.p95 ? "MET" : "MISSED"}`,
);
console.log(
  `search/baseline requests/s:      ${ratio.toFixed(2)} (target ≥ ${TARGETS.minRpsRatio}) ${passed.rps ? "MET" : "MISSED"}`,
);
console.log(`\n${explain.stdout}`);

const report = writeResults("search", {
  settings,
  targets: TARGETS,
  counts,
  searches: SEARCHES,
  ...summary,
  ratio,
  explain: explain.stdout,
  passed: passed.p95 && passed.rps,
});
await exit(report.passed ? 0 : 1);
