// Benchmark: sign-in and the current user (issue 3, "Done when"; STACK.md's baseline table).
//
//   npm run bench:accounts                  (builds what is missing or stale, then ~3 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:accounts      (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// a role that may create databases). It creates a fresh database `sharpside_bench_accounts`
// (dropped first if it exists, and again at the end), starts our production server on it (demo
// data seeded, sign-in rate limits lifted) and the baseline app on the same database, then:
//
//  1. `GET /api/user/me` with a valid `ss_access` cookie against the baseline's `GET /pk?id=…`, a
//     bare Remix resource route doing one primary-key SELECT of a seeded user with postgres.js;
//     autocannon (50 connections) alternates baseline, me, baseline, me…; the medians are compared:
//     me requests/s ÷ baseline requests/s ≥ 0.60.
//  2. `POST /api/session` cycling through the 18 demo accounts with their password (argon2id
//     verification included), 20 connections: the median sign-ins per second ≥ 100.
//
// Every response must be a 200 (and every counted sign-in must have created a session row).
// Results go to bench/results/ (git-ignored). Exit code 1 when a target is missed, 2 when the run
// itself failed (a build or a server failed, a response was not 200, …).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench/results");
const baselineSource = path.join(root, "bench/baseline");
const baselineBuild = path.join(resultsDir, "baseline-build/server/index.js");

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  signInConnections: Number(process.env.BENCH_SIGNIN_CONNECTIONS ?? 20),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 15),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  appPort: Number(process.env.BENCH_APP_PORT ?? 4330),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4331),
  database: "sharpside_bench_accounts",
};
const TARGETS = { minSignInsPerSecond: 100, minMeRpsRatio: 0.6 };
const DEMO_PASSWORD = process.env.BENCH_DEMO_PASSWORD ?? "sharpside-demo"; // app/db/seed.server.ts
const DEMO_DOMAIN = "demo.sharpside.app";

const adminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${settings.database}`;
  return url.toString();
})();
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
let bench; // a small pool on the bench database, for the checks
let databaseCreated = false;

// ---------------------------------------------------------------------------------------------
// Processes and clean-up
// ---------------------------------------------------------------------------------------------
const children = new Set();
const tempDirs = [];
let stopping = false;

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

async function cleanUp() {
  await stopChildren();
  await bench?.end({ timeout: 5 }).catch(() => {});
  if (databaseCreated) {
    await admin`DROP DATABASE IF EXISTS ${admin(settings.database)} WITH (FORCE)`.catch((error) =>
      console.error(`bench: could not drop ${settings.database}: ${error.message}`),
    );
  }
  await admin.end({ timeout: 5 }).catch(() => {});
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

let exiting = false;
async function exit(code) {
  if (exiting) return;
  exiting = true;
  await cleanUp();
  process.exit(code);
}
// Last resort if something exits without exit(): never leave a server running.
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void exit(130));

function fail(message) {
  console.error(`bench: ${message}`);
  void exit(2);
  // Stop the caller here; exit() finishes the clean-up and ends the process.
  return new Promise(() => {});
}

// ---------------------------------------------------------------------------------------------
// Builds
// ---------------------------------------------------------------------------------------------
function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  return newest;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function ensureBuilds() {
  const force = process.env.BENCH_REBUILD === "1";
  const appBuild = path.join(root, "build/app-server.js");
  const appStale = () =>
    !existsSync(appBuild) ||
    !existsSync(path.join(root, "build/server/index.js")) ||
    statSync(appBuild).mtimeMs < Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "server.ts")));
  if (force || appStale()) {
    await waitForOtherBuilds();
    // The build that was running may have been the one we needed.
    if (force || appStale()) await build("the app (npm run build)", "npm", ["run", "build"]);
  }
  const baselineStale = !existsSync(baselineBuild) || statSync(baselineBuild).mtimeMs < newestMtime(baselineSource);
  if (force || baselineStale) {
    await build("the baseline Remix app", process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", baselineSource]);
  }
}

// ---------------------------------------------------------------------------------------------
// Servers, requests, load
// ---------------------------------------------------------------------------------------------
function startServer(name, script, port, extraEnv = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
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

async function waitFor(url, timeoutMs = 120_000) {
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

const signInBody = (email) => JSON.stringify({ session: { emailOrUserName: email, password: DEMO_PASSWORD, rememberMe: false } });

/** Signs one demo account in and answers the Cookie header to send (ss_access only). */
async function signInOnce(email) {
  const response = await fetch(`${appBase}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: signInBody(email),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 200) await fail(`POST /api/session as ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  if (body?.payload?.user?.email?.toLowerCase() !== email) await fail(`POST /api/session as ${email} answered another user: ${JSON.stringify(body)}`);
  const cookies = response.headers.getSetCookie();
  const access = cookies.find((c) => c.startsWith("ss_access="))?.split(";")[0];
  if (!access || !cookies.some((c) => c.startsWith("ss_refresh="))) await fail(`POST /api/session set no ss_access/ss_refresh cookie: ${cookies.join(" | ")}`);
  return { cookie: access, user: body.payload.user };
}

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  const body = await response.json().catch(() => null);
  if (response.status !== 200) await fail(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { body, bytes: Buffer.byteLength(JSON.stringify(body)) };
}

async function load(name, options) {
  const result = await autocannon({ connections: settings.connections, ...options });
  const statuses = Object.keys(result.statusCodeStats ?? {});
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0 || statuses.some((status) => status !== "200")) {
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
const countSessions = async () => Number((await bench`SELECT count(*)::int AS n FROM sessions`)[0].n);

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

try {
  await admin`DROP DATABASE IF EXISTS ${admin(settings.database)} WITH (FORCE)`;
  await admin`CREATE DATABASE ${admin(settings.database)}`;
  databaseCreated = true;
} catch (error) {
  await fail(`cannot create the database ${settings.database} on ${adminUrl.replace(/\/\/[^@]*@/, "//…@")}: ${error.message}`);
}
bench = postgres(databaseUrl, { max: 2, onnotice: () => {} });

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-bench-accounts-"));
tempDirs.push(dataDir);
startServer("app", path.join(root, "build/app-server.js"), settings.appPort, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: "always",
  SESSION_SECRET: "bench-accounts-secret-0123456789abcdef0123456789",
  LOG_LEVEL: "warn",
  APP_URL: "",
  SMTP_URL: "",
  RATE_LIMIT_SIGN_IN_IP: "1000000/60",
  RATE_LIMIT_SIGN_IN_ACCOUNT: "1000000/60",
});
const appBase = `http://localhost:${settings.appPort}`;
await waitFor(`${appBase}/api/health`);

// The demo accounts the seed wrote (12 experts, 6 fans), and the row the baseline selects.
const accounts = (await bench`SELECT id, lower(email) AS email FROM users WHERE email LIKE ${`%@${DEMO_DOMAIN}`} ORDER BY email`).map((r) => r.email);
if (accounts.length === 0) await fail("the demo data was not seeded");
const [pkRow] = await bench`SELECT id FROM users WHERE lower(email) = ${accounts[0]}`;

startServer("baseline", path.join(root, "bench/baseline/server.js"), settings.baselinePort, { DATABASE_URL: databaseUrl });
const baselineUrl = `http://localhost:${settings.baselinePort}/pk?id=${pkRow.id}`;
await waitFor(`http://localhost:${settings.baselinePort}/`);

// Each target answers what it should before it is measured.
const first = await signInOnce(accounts[0]);
const me = await getJson(`${appBase}/api/user/me`, { Cookie: first.cookie });
if (me.body?.payload?.user?.id !== first.user.id) await fail(`GET /api/user/me answered another user: ${JSON.stringify(me.body)}`);
const pk = await getJson(baselineUrl);
if (pk.body?.payload?.user?.id !== pkRow.id) await fail(`baseline /pk answered another row: ${JSON.stringify(pk.body)}`);
const wrong = await fetch(`${appBase}/api/session`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ session: { emailOrUserName: accounts[0], password: "not-the-password", rememberMe: false } }),
});
if (wrong.status !== 422) await fail(`a wrong password answered ${wrong.status}, not 422`);
for (const email of accounts.slice(1)) await signInOnce(email); // every account signs in
const responseBytes = { me: me.bytes, baseline: pk.bytes };

const signInRequests = accounts.map((email) => ({
  method: "POST",
  path: "/api/session",
  headers: { "content-type": "application/json" },
  body: signInBody(email),
}));
const targets = {
  baseline: () => ({ url: baselineUrl }),
  me: async () => ({ url: `${appBase}/api/user/me`, headers: { cookie: (await signInOnce(accounts[0])).cookie } }),
  signIn: () => ({ url: appBase, connections: settings.signInConnections, requests: signInRequests }),
};

console.log(
  `bench: ${settings.rounds} round(s) of ${settings.durationSeconds} s per target, ${settings.connections} connections ` +
    `(${settings.signInConnections} for sign-ins, over ${accounts.length} demo accounts), after ${settings.warmupSeconds} s of warm-up each ` +
    `(node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)})`,
);
for (const [name, options] of Object.entries(targets)) await load(`${name} (warm-up)`, { ...(await options()), duration: settings.warmupSeconds });

const runs = { baseline: [], me: [], signIn: [] };
const sessionsCheck = { counted: 0, created: 0 };
for (let round = 1; round <= settings.rounds; round++) {
  for (const name of ["baseline", "me", "signIn"]) {
    const before = name === "signIn" ? await countSessions() : 0;
    const result = await load(name, { ...(await targets[name]()), duration: settings.durationSeconds });
    if (name === "signIn") {
      await sleep(500); // requests in flight when autocannon stopped
      const created = (await countSessions()) - before;
      sessionsCheck.counted += result.requests;
      sessionsCheck.created += created;
      // Each 200 must be a real sign-in: one new session row per counted response (a few more
      // for requests still in flight when the run stopped, which autocannon does not count).
      if (created < result.requests || created > result.requests + settings.signInConnections) {
        await fail(`sign-in: ${result.requests} answers counted but ${created} sessions created`);
      }
    }
    runs[name].push(result);
    console.log(`  round ${round} ${name.padEnd(8)} ${fmt(result.rps, name === "signIn" ? 1 : 0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`);
  }
}

const baseline = summarise(runs.baseline);
const meSummary = summarise(runs.me);
const signIn = summarise(runs.signIn);
const meRatio = meSummary.rps / baseline.rps;
const p99Ratio = meSummary.p99 / baseline.p99;
const passed = { signIn: signIn.rps >= TARGETS.minSignInsPerSecond, me: meRatio >= TARGETS.minMeRpsRatio };

console.log("");
console.log("| target | requests/s | p50 | p99 | body |");
console.log("|---|---:|---:|---:|---:|");
console.log(`| baseline: Remix resource route + one PK SELECT (postgres.js) | ${fmt(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${fmt(responseBytes.baseline)} B |`);
console.log(`| GET /api/user/me (ss_access cookie) | ${fmt(meSummary.rps)} | ${meSummary.p50} ms | ${meSummary.p99} ms | ${fmt(responseBytes.me)} B |`);
console.log(`| POST /api/session (argon2id verify), ${settings.signInConnections} connections | ${fmt(signIn.rps, 1)} | ${signIn.p50} ms | ${signIn.p99} ms | |`);
console.log("");
console.log(`sign-ins/s:                   ${fmt(signIn.rps, 1)} (target ≥ ${TARGETS.minSignInsPerSecond}) ${passed.signIn ? "MET" : "MISSED"}`);
console.log(`me/baseline requests/s:       ${meRatio.toFixed(2)} (target ≥ ${TARGETS.minMeRpsRatio}) ${passed.me ? "MET" : "MISSED"}`);
console.log(`me/baseline p99 (info):       ${p99Ratio.toFixed(2)}`);

const gitCommit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim() || null;
const report = {
  date: new Date().toISOString(),
  gitCommit,
  machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, platform: `${os.platform()} ${os.release()}` },
  settings,
  targets: TARGETS,
  accounts: accounts.length,
  responseBytes,
  baseline,
  me: meSummary,
  signIn,
  sessionsCheck,
  ratios: { meRps: meRatio, meP99: p99Ratio },
  passed: passed.signIn && passed.me,
};
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `accounts-${report.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(resultsDir, "accounts-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nbench: results written to ${path.relative(root, file)}`);

await exit(report.passed ? 0 : 1);
