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
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench/results");
const baselineSource = path.join(root, "bench/baseline");
const baselineBuild = path.join(resultsDir, "baseline-build/server/index.js");

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 15),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  homePort: Number(process.env.BENCH_HOME_PORT ?? 4320),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4321),
};
const TARGETS = { minRpsRatio: 0.4, maxP99Ratio: 3 };

const children = new Set();
const tempDirs = [];
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} failed (exit ${result.status})`);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuilds() {
  const force = process.env.BENCH_REBUILD === "1";
  if (force || !existsSync(path.join(root, "build/app-server.js")) || !existsSync(path.join(root, "build/server/index.js"))) {
    console.log("bench: building the app (npm run build)…");
    run("npm", ["run", "build"]);
  }
  const stale = !existsSync(baselineBuild) || statSync(baselineBuild).mtimeMs < newestMtime(baselineSource);
  if (force || stale) {
    console.log("bench: building the baseline Remix app…");
    run(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", baselineSource]);
  }
}

function startServer(name, script, port, extraEnv = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...extraEnv },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on("exit", (code) => {
    if (children.has(child) && !stopping) fail(`the ${name} server exited early (code ${code}):\n${stderr}`);
  });
  children.add(child);
  return child;
}
let stopping = false;

async function waitFor(url, timeoutMs = 90_000) {
  const start = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > timeoutMs) fail(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Checks that the page is the one we mean to measure, and returns its size. */
async function checkPage(name, url, mustContain) {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const html = await response.text();
  if (response.status !== 200) fail(`${name}: ${url} answered ${response.status}`);
  for (const text of mustContain) if (!html.includes(text)) fail(`${name}: ${url} does not contain ${JSON.stringify(text)}`);
  return Buffer.byteLength(html);
}

async function load(url, durationSeconds, headers = {}) {
  const result = await autocannon({ url, connections: settings.connections, duration: durationSeconds, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) fail(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts`);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    maxLatency: result.latency.max,
    throughputBytesPerSecond: result.throughput.average,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summarise(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p90: median(runs.map((r) => r.p90)),
    p99: median(runs.map((r) => r.p99)),
    runs,
  };
}

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ---------------------------------------------------------------------------------------------

ensureBuilds();

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-bench-"));
tempDirs.push(dataDir);
startServer("home", path.join(root, "build/app-server.js"), settings.homePort, {
  DATABASE_URL: "memory://",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  APP_URL: "",
});
startServer("baseline", path.join(root, "bench/baseline/server.js"), settings.baselinePort);

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
    `after ${settings.warmupSeconds} s of warm-up each (node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)})`,
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

const gitCommit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim() || null;
const report = {
  date: new Date().toISOString(),
  gitCommit,
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, platform: `${os.platform()} ${os.release()}` },
  settings,
  targets: TARGETS,
  pageBytes,
  baseline,
  home,
  homeWithGzip: homeGzip,
  ratios: { rps: rpsRatio, p99: p99Ratio },
  passed: passed.rps && passed.p99,
};
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `home-${report.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(resultsDir, "home-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nbench: results written to ${path.relative(root, file)}`);

stopping = true;
cleanUp();
process.exit(report.passed ? 0 : 1);
