// Benchmark: the production home page against a minimal Remix SSR page, measured in one run on
// one machine (issue 2, "Done when"; STACK.md's baseline table).
//
//   npm run bench                    (builds what is missing, then ~2.5 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench      (a quick look)
//
// Both servers run in production mode side by side; autocannon (50 connections) loads one at a
// time, alternating baseline, home, baseline, home… and the medians are compared:
//   home requests/s ÷ baseline requests/s ≥ 0.40   and   home p99 ÷ baseline p99 < 3.
// Results go to bench/results/ (git-ignored). Exit code 1 when a target is missed, 2 when the
// run itself failed (a server did not start, a response was not 200, …).
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
  homePort: Number(process.env.BENCH_HOME_PORT ?? 4320),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4321),
});
const TARGETS = { minRpsRatio: 0.4, maxP99Ratio: 3 };

/** Checks that the page is the one we mean to measure, and returns its size. */
async function checkPage(name, url, mustContain) {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const html = await response.text();
  if (response.status !== 200) await fail(`${name}: ${url} answered ${response.status}`);
  for (const text of mustContain) if (!html.includes(text)) await fail(`${name}: ${url} does not contain ${JSON.stringify(text)}`);
  return Buffer.byteLength(html);
}

const load = (url, duration, headers = {}) => measure(url, { url, connections: settings.connections, duration, headers });

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

const dataDir = tempDir("sharpside-bench-");
startServer("home", appServer, settings.homePort, {
  DATABASE_URL: "memory://",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  APP_URL: "",
});
startServer("baseline", baselineServer, settings.baselinePort);

const homeUrl = `http://localhost:${settings.homePort}/`;
const baselineUrl = `http://localhost:${settings.baselinePort}/`;
await waitFor(`http://localhost:${settings.homePort}/api/health`);
await waitFor(baselineUrl);

const pageBytes = {
  // Signed out, with the demo data: the seeded experts and posts are on the page.
  home: await checkPage("home", homeUrl, ["<title>SHARPSIDE</title>", "Featured experts", 'href="/experts/', "Sign In / Sign up"]),
  baseline: await checkPage("baseline", baselineUrl, ["<title>Baseline</title>", "Hello from a minimal Remix page."]),
};

console.log(
  `bench: ${settings.rounds} round(s) of ${settings.durationSeconds} s per target, ${settings.connections} connections, ` +
    `after ${settings.warmupSeconds} s of warm-up each (${machineLine()})`,
);
await load(baselineUrl, settings.warmupSeconds);
await load(homeUrl, settings.warmupSeconds);

const runs = { baseline: [], home: [] };
for (let round = 1; round <= settings.rounds; round++) {
  for (const [name, url] of [
    ["baseline", baselineUrl],
    ["home", homeUrl],
  ]) {
    const result = await load(url, settings.durationSeconds);
    runs[name].push(result);
    console.log(`  round ${round} ${name.padEnd(8)} ${fmt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`);
  }
}

// For information only: what a browser gets (it always sends Accept-Encoding), compression included.
const homeGzip = await load(homeUrl, settings.durationSeconds, { "accept-encoding": "gzip, deflate, br" });
console.log(`  info     home+gzip ${fmt(homeGzip.rps).padStart(5)} req/s  p50 ${homeGzip.p50} ms  p99 ${homeGzip.p99} ms`);

const baseline = summarise(runs.baseline);
const home = summarise(runs.home);
const rpsRatio = home.rps / baseline.rps;
const p99Ratio = home.p99 / baseline.p99;
const passed = { rps: rpsRatio >= TARGETS.minRpsRatio, p99: p99Ratio < TARGETS.maxP99Ratio };

console.log("");
console.log("| target | requests/s | p50 | p99 | page size |");
console.log("|---|---:|---:|---:|---:|");
console.log(`| minimal Remix SSR page (baseline) | ${fmt(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${fmt(pageBytes.baseline / 1024, 1)} kB |`);
console.log(`| Sharpside home, signed out, demo data | ${fmt(home.rps)} | ${home.p50} ms | ${home.p99} ms | ${fmt(pageBytes.home / 1024, 1)} kB |`);
console.log(`| (info) home with gzip | ${fmt(homeGzip.rps)} | ${homeGzip.p50} ms | ${homeGzip.p99} ms | |`);
console.log("");
console.log(`home/baseline requests/s: ${rpsRatio.toFixed(2)} (target ≥ ${TARGETS.minRpsRatio}) ${passed.rps ? "MET" : "MISSED"}`);
console.log(`home/baseline p99:        ${p99Ratio.toFixed(2)} (target < ${TARGETS.maxP99Ratio}) ${passed.p99 ? "MET" : "MISSED"}`);

const report = writeResults("home", {
  settings,
  targets: TARGETS,
  pageBytes,
  baseline,
  home,
  homeWithGzip: homeGzip,
  ratios: { rps: rpsRatio, p99: p99Ratio },
  passed: passed.rps && passed.p99,
});
await exit(report.passed ? 0 : 1);
