// What every benchmark under bench/ shares: builds, server processes and their clean-up,
// autocannon rounds, medians and the results file. Each bench is its own process, so the state
// here (children, clean-up steps) is that run's.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const resultsDir = path.join(root, "bench/results");
export const appServer = path.join(root, "build/app-server.js");
export const baselineServer = path.join(root, "bench/baseline/server.js");
/** The Node flags `npm start` runs our server with (package.json), as the Dockerfile does: production's. */
export const appNodeFlags =
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start.match(/--[\w-]+(=\S+)?/g) ?? [];
const baselineSource = path.join(root, "bench/baseline");
const baselineBuild = path.join(resultsDir, "baseline-build/server/index.js");

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the common settings from BENCH_* variables; `extra` adds a bench's own. */
export function benchSettings(extra = {}) {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    durationSeconds: Number(process.env.BENCH_DURATION ?? 15),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Processes and clean-up
// ---------------------------------------------------------------------------------------------
const children = new Set();
const cleanUpSteps = [];
let stopping = false;
let exiting = false;

/** Runs `step` (after the servers stopped) when the bench ends, however it ends. */
export function onCleanUp(step) {
  cleanUpSteps.push(step);
}

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function stopChildren() {
  stopping = true;
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
          child.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}

export async function exit(code) {
  if (exiting) return;
  exiting = true;
  await stopChildren();
  for (const step of cleanUpSteps.reverse())
    await Promise.resolve(step()).catch((error) => console.error(`bench: clean-up: ${error.message}`));
  process.exit(code);
}
// Last resort if something exits without exit(): never leave a server running.
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void exit(130));

/** Ends the run with exit code 2 (the run itself failed); never resolves, so callers stop here. */
export function fail(message) {
  console.error(`bench: ${message}`);
  void exit(2);
  return new Promise(() => {});
}

// ---------------------------------------------------------------------------------------------
// Builds
// ---------------------------------------------------------------------------------------------
function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true }))
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  return newest;
}

/** Another `vite:build` (someone's `npm run build`) is running: building now would clash. */
async function waitForOtherBuilds() {
  for (let waited = 0; ; waited += 5) {
    const running = spawnSync("pgrep", ["-f", "vite:build"], { encoding: "utf8" }).stdout.trim();
    if (!running) return;
    if (waited === 0) console.log("bench: another build is running; waiting for it to finish…");
    if (waited > 900) await fail("another build has been running for 15 minutes");
    await sleep(5000);
  }
}

async function build(what, command, args) {
  await waitForOtherBuilds();
  console.log(`bench: building ${what}…`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) await fail(`building ${what} failed (exit ${result.status})`);
}

/**
 * Builds the app when build/ is missing or older than app/ or server.ts (unless `app: false`: a bench
 * of another build), and the baseline app (unless `baseline: false`).
 */
export async function ensureBuilds({ baseline = true, app = true } = {}) {
  const force = process.env.BENCH_REBUILD === "1";
  const appStale = () =>
    !existsSync(appServer) ||
    !existsSync(path.join(root, "build/server/index.js")) ||
    statSync(appServer).mtimeMs <
      Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "server.ts")));
  if (app && (force || appStale())) {
    await waitForOtherBuilds();
    // The build that was running may have been the one we needed.
    if (force || appStale()) await build("the app (npm run build)", "npm", ["run", "build"]);
  }
  if (!baseline) return;
  const baselineStale = !existsSync(baselineBuild) || statSync(baselineBuild).mtimeMs < newestMtime(baselineSource);
  if (force || baselineStale) {
    await build("the baseline Remix app", process.execPath, [
      path.join(root, "node_modules/@remix-run/dev/dist/cli.js"),
      "vite:build",
      baselineSource,
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// A database of the bench's own on the PostgreSQL server
// ---------------------------------------------------------------------------------------------
/**
 * Creates the database `name` afresh (dropped first if it exists) on the PostgreSQL server of
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres, a role that may create
 * databases) and drops it when the bench ends, unless BENCH_KEEP_DATABASE=1. Answers its URL and
 * a small pool on it, for seeding and checks.
 */
export async function freshDatabase(name) {
  const adminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let sql;
  let created = false;
  onCleanUp(async () => {
    await sql?.end({ timeout: 5 }).catch(() => {});
    if (created && process.env.BENCH_KEEP_DATABASE !== "1") {
      await admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`.catch((error) =>
        console.error(`bench: could not drop ${name}: ${error.message}`),
      );
    }
    await admin.end({ timeout: 5 }).catch(() => {});
  });
  try {
    await admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`;
    await admin`CREATE DATABASE ${admin(name)}`;
    created = true;
  } catch (error) {
    await fail(`cannot create the database ${name} on ${adminUrl.replace(/\/\/[^@]*@/, "//…@")}: ${error.message}`);
  }
  sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return { url: url.toString(), sql };
}

// ---------------------------------------------------------------------------------------------
// Servers and load
// ---------------------------------------------------------------------------------------------
/** Starts a production server; its exit before the bench ends fails the run. */
export function startServer(name, script, port, extraEnv = {}, nodeArgs = [], cwd = root) {
  const child = spawn(process.execPath, [...(script === appServer ? appNodeFlags : []), ...nodeArgs, script], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...extraEnv },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on("exit", (code) => {
    if (!stopping) void fail(`the ${name} server exited early (code ${code}):\n${stderr}`);
  });
  children.add(child);
  return child;
}

export async function waitFor(url, timeoutMs = 120_000) {
  const start = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > timeoutMs) await fail(`${url} did not answer within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** One autocannon run; any answer but 200, error or timeout fails the bench. */
export async function measure(name, options) {
  const result = await autocannon(options);
  const statuses = Object.keys(result.statusCodeStats ?? {});
  const bad = result.non2xx + result.errors + result.timeouts;
  const expected = String(options.expectStatus ?? 200);
  if (bad > 0 || statuses.some((status) => status !== expected)) {
    await fail(
      `${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `(status codes: ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
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

// ---------------------------------------------------------------------------------------------
// Figures and results
// ---------------------------------------------------------------------------------------------
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The medians of a target's rounds. */
export function summarise(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p90: median(runs.map((r) => r.p90)),
    p99: median(runs.map((r) => r.p99)),
    runs,
  };
}

export const fmt = (n, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// The CPU model is printed too: the ratios differ between machines (an Intel Xeon reads lower than an AMD EPYC).
export const machineLine = () =>
  `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), load ${os.loadavg()[0].toFixed(2)}`;

/** Writes bench/results/<name>-<date>.json and <name>-latest.json, with the commit and machine. */
export function writeResults(name, figures) {
  const report = {
    date: new Date().toISOString(),
    gitCommit:
      spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim() || null,
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      platform: `${os.platform()} ${os.release()}`,
    },
    ...figures,
  };
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${report.date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${name}-latest.json`), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbench: results written to ${path.relative(root, file)}`);
  return report;
}

// ---------------------------------------------------------------------------------------------
// A server-rendered page against the minimal Remix page (bench/baseline)
// ---------------------------------------------------------------------------------------------
/** Checks that the page is the one we mean to measure (and leaks nothing it must not), and returns its size. */
export async function checkPage(name, url, mustContain, mustNotContain = [], headers = {}) {
  const response = await fetch(url, { headers: { ...headers, "Accept-Encoding": "identity" } });
  const html = await response.text();
  if (response.status !== 200) await fail(`${name}: ${url} answered ${response.status}`);
  for (const text of mustContain)
    if (!html.includes(text)) await fail(`${name}: ${url} does not contain ${JSON.stringify(text)}`);
  for (const text of mustNotContain)
    if (html.includes(text)) await fail(`${name}: ${url} contains ${JSON.stringify(text)}`);
  return Buffer.byteLength(html);
}

export const PAGE_TARGETS = { minRpsRatio: 0.4, maxP99Ratio: 3 };

/**
 * Warms both up, alternates baseline and page for `settings.rounds` rounds, measures the page
 * once more with compression (for information), prints the table and the verdict, writes the
 * results as `resultsName` and exits: 0 when both targets are met, 1 when not.
 */
export async function comparePageWithBaseline({
  resultsName,
  target,
  label,
  pageUrl,
  baselineUrl,
  pageBytes,
  settings,
  targets = PAGE_TARGETS,
}) {
  const load = (url, duration, headers = {}) =>
    measure(url, { url, connections: settings.connections, duration, headers });
  console.log(
    `bench: ${settings.rounds} round(s) of ${settings.durationSeconds} s per target, ${settings.connections} connections, ` +
      `after ${settings.warmupSeconds} s of warm-up each (${machineLine()})`,
  );
  await load(baselineUrl, settings.warmupSeconds);
  await load(pageUrl, settings.warmupSeconds);

  const runs = { baseline: [], [target]: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    for (const [name, url] of [
      ["baseline", baselineUrl],
      [target, pageUrl],
    ]) {
      const result = await load(url, settings.durationSeconds);
      runs[name].push(result);
      console.log(
        `  round ${round} ${name.padEnd(8)} ${fmt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
      );
    }
  }

  // For information only: what a browser gets (it always sends Accept-Encoding), compression included.
  const gzip = await load(pageUrl, settings.durationSeconds, { "accept-encoding": "gzip, deflate, br" });
  console.log(`  info     ${target}+gzip ${fmt(gzip.rps).padStart(5)} req/s  p50 ${gzip.p50} ms  p99 ${gzip.p99} ms`);

  const baseline = summarise(runs.baseline);
  const page = summarise(runs[target]);
  const rpsRatio = page.rps / baseline.rps;
  const p99Ratio = page.p99 / baseline.p99;
  const passed = { rps: rpsRatio >= targets.minRpsRatio, p99: p99Ratio < targets.maxP99Ratio };

  console.log("");
  console.log("| target | requests/s | p50 | p99 | page size |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(
    `| minimal Remix SSR page (baseline) | ${fmt(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${fmt(pageBytes.baseline / 1024, 1)} kB |`,
  );
  console.log(
    `| ${label} | ${fmt(page.rps)} | ${page.p50} ms | ${page.p99} ms | ${fmt(pageBytes[target] / 1024, 1)} kB |`,
  );
  console.log(`| (info) ${target} with gzip | ${fmt(gzip.rps)} | ${gzip.p50} ms | ${gzip.p99} ms | |`);
  console.log("");
  console.log(
    `${target}/baseline requests/s: ${rpsRatio.toFixed(2)} (target ≥ ${targets.minRpsRatio}) ${passed.rps ? "MET" : "MISSED"}`,
  );
  console.log(
    `${target}/baseline p99:        ${p99Ratio.toFixed(2)} (target < ${targets.maxP99Ratio}) ${passed.p99 ? "MET" : "MISSED"}`,
  );

  const report = writeResults(resultsName, {
    settings,
    targets,
    pageBytes,
    baseline,
    [target]: page,
    [`${target}WithGzip`]: gzip,
    ratios: { rps: rpsRatio, p99: p99Ratio },
    passed: passed.rps && passed.p99,
  });
  await exit(report.passed ? 0 : 1);
}

/**
 * Bulk history written straight into `posts` (picks on games long played) with the verified
 * record's guard off, as only the tables' owner can (decision 026); then picks count as posted and
 * every record sum is rebuilt from them. A throw-away bench database only.
 */
export async function withRecordGuardOff(bench, seed) {
  await bench`ALTER TABLE posts DISABLE TRIGGER posts_guard_pick_record`;
  try {
    await seed();
    await bench`UPDATE posts SET posted_at = coalesce(publish_date, created_at) WHERE post_type = 'Pick' AND status = 'Published' AND posted_at IS NULL`;
  } finally {
    await bench`ALTER TABLE posts ENABLE TRIGGER posts_guard_pick_record`;
  }
  await bench`SELECT rebuild_pick_records()`;
}

// ---------------------------------------------------------------------------------------------
// CPU time per request: a process's user + system time, read from /proc around a fixed number of
// requests. Throughput on a machine others share measures them as much as us; the CPU a request
// costs does not depend on who else runs.
// ---------------------------------------------------------------------------------------------
export const TICK_US = 1e6 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** A process's user + system CPU time so far, in clock ticks (0 once it has ended). */
export function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The CPU ticks of each PostgreSQL backend connected to `database` (but `sql`'s own), by pid. */
export async function backendTicks(sql, database) {
  const rows = await sql`
    SELECT pid FROM pg_stat_activity WHERE datname = ${database} AND pid <> pg_backend_pid()`;
  return new Map(rows.map(({ pid }) => [pid, cpuTicks(pid)]));
}

/** The ticks the backends spent between two backendTicks readings (a backend gone since counts nothing). */
export function backendTicksSpent(before, after) {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks;
}

// ---------------------------------------------------------------------------------------------
// Signed-in load
// ---------------------------------------------------------------------------------------------
/** Signs a demo user in on the app at `appBase`; answers the access cookie and the user. */
export async function signIn(appBase, userName, password = process.env.BENCH_DEMO_PASSWORD ?? "sharpside-demo") {
  const response = await fetch(`${appBase}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ session: { emailOrUserName: userName, password, rememberMe: false } }),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 200)
    await fail(`POST /api/session as ${userName} answered ${response.status}: ${JSON.stringify(body)}`);
  const access = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("ss_access="))
    ?.split(";")[0];
  if (!access) await fail("POST /api/session set no ss_access cookie");
  return { cookie: access, user: body.payload.user };
}

/** Warms each target up, then measures them in turn for `settings.rounds` rounds; answers each one's medians. */
export async function alternate(settings, targets) {
  // A target may be a write: { method, body, expectStatus } go to autocannon as they are.
  const load = (target, duration) => {
    const options = { url: target.url, headers: target.headers, connections: settings.connections, duration };
    // autocannon refuses an undefined method: only a write names one.
    if (target.method)
      Object.assign(options, { method: target.method, body: target.body, expectStatus: target.expectStatus });
    // `[<id>]` in the address becomes a fresh id per request (no cache can answer it).
    if (target.idReplacement) options.idReplacement = true;
    return options;
  };
  for (const target of targets) await measure(target.name, load(target, settings.warmupSeconds));
  const runs = Object.fromEntries(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= settings.rounds; round++) {
    for (const target of targets) {
      const result = await measure(target.name, load(target, settings.durationSeconds));
      runs[target.name].push(result);
      console.log(
        `  round ${round} ${target.name.padEnd(14)} ${fmt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
      );
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, summarise(list)]));
}

/**
 * A fresh database (see freshDatabase) with our production server on it (migrated, demo data
 * seeded, sign-in limits out of the way) and the baseline app beside it, both answering.
 */
export async function startAppAndBaseline(settings, name, extraEnv = {}, appNodeArgs = []) {
  const { url: databaseUrl, sql } = await freshDatabase(settings.database);
  const app = startServer(
    "app",
    appServer,
    settings.appPort,
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir(`sharpside-bench-${name}-`),
      SEED_DEMO_DATA: "always",
      SESSION_SECRET: `bench-${name}-secret-0123456789abcdef0123456789abcdef`,
      LOG_LEVEL: "warn",
      APP_URL: "",
      SMTP_URL: "",
      RATE_LIMIT_SIGN_IN_IP: "1000000/60",
      RATE_LIMIT_SIGN_IN_ACCOUNT: "1000000/60",
      ...extraEnv,
    },
    appNodeArgs,
  );
  const appBase = `http://localhost:${settings.appPort}`;
  const baselineBase = `http://localhost:${settings.baselinePort}`;
  await waitFor(`${appBase}/api/health`);
  const baseline = startServer("baseline", baselineServer, settings.baselinePort, { DATABASE_URL: databaseUrl });
  await waitFor(`${baselineBase}/`);
  return { databaseUrl, bench: sql, appBase, baselineBase, app, baseline };
}
