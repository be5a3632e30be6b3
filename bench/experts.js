// Benchmark: a public expert page against a minimal Remix SSR page, measured in one run on one
// machine (issue 4, decision 015; STACK.md's baseline table).
//
//   npm run bench:experts                     (builds what is missing, then ~2.5 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:experts      (a quick look)
//   BENCH_EXPERT=GridironGuru npm run bench:experts            (another demo expert)
//
// Both servers run in production mode side by side, the app on a throw-away embedded database
// with the demo data; autocannon (50 connections) loads one at a time, alternating baseline,
// expert, baseline, expert… and the medians are compared:
//   expert requests/s ÷ baseline requests/s ≥ 0.40   and   expert p99 ÷ baseline p99 < 3.
// The page is requested signed out, as search engines and shared links do, so the page
// micro-cache (decision 007) may serve it. Results go to bench/results/ (git-ignored). Exit code 1
// when a target is missed, 2 when the run itself failed (a server did not start, a response was
// not 200, the page leaked a locked pick's analysis, …).
import {
  appServer,
  baselineServer,
  benchSettings,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  measure,
  startServer,
  summarise,
  tempDir,
  waitFor,
  writeResults,
} from "./lib.js";

const settings = benchSettings({
  expertPort: Number(process.env.BENCH_EXPERT_PORT ?? 4340),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4341),
  // A demo expert (app/db/seed.server.ts) with graded picks, locked picks and free posts.
  expert: process.env.BENCH_EXPERT ?? "LeBronPicks",
});
const TARGETS = { minRpsRatio: 0.4, maxP99Ratio: 3 };

/** Checks that the page is the one we mean to measure, and returns its size. */
async function checkPage(name, url, mustContain, mustNotContain = []) {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const html = await response.text();
  if (response.status !== 200) await fail(`${name}: ${url} answered ${response.status}`);
  for (const text of mustContain) if (!html.includes(text)) await fail(`${name}: ${url} does not contain ${JSON.stringify(text)}`);
  for (const text of mustNotContain) if (html.includes(text)) await fail(`${name}: ${url} contains ${JSON.stringify(text)}`);
  return Buffer.byteLength(html);
}

const load = (url, duration, headers = {}) => measure(url, { url, connections: settings.connections, duration, headers });

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

const dataDir = tempDir("sharpside-bench-experts-");
startServer("expert", appServer, settings.expertPort, {
  DATABASE_URL: "memory://",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  APP_URL: "",
});
startServer("baseline", baselineServer, settings.baselinePort);

const expertUrl = `http://localhost:${settings.expertPort}/experts/${encodeURIComponent(settings.expert)}`;
const baselineUrl = `http://localhost:${settings.baselinePort}/`;
await waitFor(`http://localhost:${settings.expertPort}/api/health`);
await waitFor(baselineUrl);

const pageBytes = {
  // Signed out, with the demo data: the profile, the record and the posts; a locked pick shows
  // only its teaser (the seeded analysis says "Key factors:" in every pick's body).
  expert: await checkPage(
    "expert",
    expertUrl,
    [`(@${settings.expert}) | SHARPSIDE</title>`, "Verified record", "/month", "Subscribers only", 'rel="canonical"'],
    ["Key factors:"],
  ),
  baseline: await checkPage("baseline", baselineUrl, ["<title>Baseline</title>", "Hello from a minimal Remix page."]),
};

console.log(
  `bench: ${settings.rounds} round(s) of ${settings.durationSeconds} s per target, ${settings.connections} connections, ` +
    `after ${settings.warmupSeconds} s of warm-up each (${machineLine()})`,
);
await load(baselineUrl, settings.warmupSeconds);
await load(expertUrl, settings.warmupSeconds);

const runs = { baseline: [], expert: [] };
for (let round = 1; round <= settings.rounds; round++) {
  for (const [name, url] of [
    ["baseline", baselineUrl],
    ["expert", expertUrl],
  ]) {
    const result = await load(url, settings.durationSeconds);
    runs[name].push(result);
    console.log(`  round ${round} ${name.padEnd(8)} ${fmt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`);
  }
}

// For information only: what a browser gets (it always sends Accept-Encoding), compression included.
const expertGzip = await load(expertUrl, settings.durationSeconds, { "accept-encoding": "gzip, deflate, br" });
console.log(`  info     expert+gzip ${fmt(expertGzip.rps).padStart(5)} req/s  p50 ${expertGzip.p50} ms  p99 ${expertGzip.p99} ms`);

const baseline = summarise(runs.baseline);
const expert = summarise(runs.expert);
const rpsRatio = expert.rps / baseline.rps;
const p99Ratio = expert.p99 / baseline.p99;
const passed = { rps: rpsRatio >= TARGETS.minRpsRatio, p99: p99Ratio < TARGETS.maxP99Ratio };

console.log("");
console.log("| target | requests/s | p50 | p99 | page size |");
console.log("|---|---:|---:|---:|---:|");
console.log(`| minimal Remix SSR page (baseline) | ${fmt(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${fmt(pageBytes.baseline / 1024, 1)} kB |`);
console.log(`| /experts/${settings.expert}, signed out, demo data | ${fmt(expert.rps)} | ${expert.p50} ms | ${expert.p99} ms | ${fmt(pageBytes.expert / 1024, 1)} kB |`);
console.log(`| (info) expert page with gzip | ${fmt(expertGzip.rps)} | ${expertGzip.p50} ms | ${expertGzip.p99} ms | |`);
console.log("");
console.log(`expert/baseline requests/s: ${rpsRatio.toFixed(2)} (target ≥ ${TARGETS.minRpsRatio}) ${passed.rps ? "MET" : "MISSED"}`);
console.log(`expert/baseline p99:        ${p99Ratio.toFixed(2)} (target < ${TARGETS.maxP99Ratio}) ${passed.p99 ? "MET" : "MISSED"}`);

const report = writeResults("experts", {
  settings,
  targets: TARGETS,
  pageBytes,
  baseline,
  expert,
  expertWithGzip: expertGzip,
  ratios: { rps: rpsRatio, p99: p99Ratio },
  passed: passed.rps && passed.p99,
});
await exit(report.passed ? 0 : 1);
