// Benchmark: sign-in and the current user (baseline in bench/baseline).
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
import {
  benchSettings,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  measure,
  sleep,
  startAppAndBaseline,
  summarise,
  writeResults,
} from "./lib.js";

const settings = benchSettings({
  signInConnections: Number(process.env.BENCH_SIGNIN_CONNECTIONS ?? 20),
  appPort: Number(process.env.BENCH_APP_PORT ?? 4330),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4331),
  database: "sharpside_bench_accounts",
});
const TARGETS = { minSignInsPerSecond: 100, minMeRpsRatio: 0.6 };
const DEMO_PASSWORD = process.env.BENCH_DEMO_PASSWORD ?? "sharpside-demo"; // app/demo/seed.server.ts
const DEMO_DOMAIN = "demo.sharpside.app";

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------
const signInBody = (email) =>
  JSON.stringify({ session: { emailOrUserName: email, password: DEMO_PASSWORD, rememberMe: false } });

/** Signs one demo account in and answers the Cookie header to send (ss_access only). */
async function signInOnce(email) {
  const response = await fetch(`${appBase}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: signInBody(email),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 200)
    await fail(`POST /api/session as ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  if (body?.payload?.user?.email?.toLowerCase() !== email)
    await fail(`POST /api/session as ${email} answered another user: ${JSON.stringify(body)}`);
  const cookies = response.headers.getSetCookie();
  const access = cookies.find((c) => c.startsWith("ss_access="))?.split(";")[0];
  if (!access || !cookies.some((c) => c.startsWith("ss_refresh=")))
    await fail(`POST /api/session set no ss_access/ss_refresh cookie: ${cookies.join(" | ")}`);
  return { cookie: access, user: body.payload.user };
}

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  const body = await response.json().catch(() => null);
  if (response.status !== 200) await fail(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { body, bytes: Buffer.byteLength(JSON.stringify(body)) };
}

const load = (name, options) => measure(name, { connections: settings.connections, ...options });
const countSessions = async () => Number((await bench`SELECT count(*)::int AS n FROM sessions`)[0].n);

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

const { bench, appBase, baselineBase } = await startAppAndBaseline(settings, "accounts");

// The demo accounts the seed wrote (12 experts, 6 fans), and the row the baseline selects.
const accounts = (
  await bench`SELECT id, lower(email) AS email FROM users WHERE email LIKE ${`%@${DEMO_DOMAIN}`} ORDER BY email`
).map((r) => r.email);
if (accounts.length === 0) await fail("the demo data was not seeded");
const [pkRow] = await bench`SELECT id FROM users WHERE lower(email) = ${accounts[0]}`;

const baselineUrl = `${baselineBase}/pk?id=${pkRow.id}`;

// Each target answers what it should before it is measured.
const first = await signInOnce(accounts[0]);
const me = await getJson(`${appBase}/api/user/me`, { Cookie: first.cookie });
if (me.body?.payload?.user?.id !== first.user.id)
  await fail(`GET /api/user/me answered another user: ${JSON.stringify(me.body)}`);
const pk = await getJson(baselineUrl);
if (pk.body?.payload?.user?.id !== pkRow.id)
  await fail(`baseline /pk answered another row: ${JSON.stringify(pk.body)}`);
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
    `(${machineLine()})`,
);
for (const [name, options] of Object.entries(targets))
  await load(`${name} (warm-up)`, { ...(await options()), duration: settings.warmupSeconds });

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
    console.log(
      `  round ${round} ${name.padEnd(8)} ${fmt(result.rps, name === "signIn" ? 1 : 0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
    );
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
console.log(
  `| baseline: Remix resource route + one PK SELECT (postgres.js) | ${fmt(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${fmt(responseBytes.baseline)} B |`,
);
console.log(
  `| GET /api/user/me (ss_access cookie) | ${fmt(meSummary.rps)} | ${meSummary.p50} ms | ${meSummary.p99} ms | ${fmt(responseBytes.me)} B |`,
);
console.log(
  `| POST /api/session (argon2id verify), ${settings.signInConnections} connections | ${fmt(signIn.rps, 1)} | ${signIn.p50} ms | ${signIn.p99} ms | |`,
);
console.log("");
console.log(
  `sign-ins/s:                   ${fmt(signIn.rps, 1)} (target ≥ ${TARGETS.minSignInsPerSecond}) ${passed.signIn ? "MET" : "MISSED"}`,
);
console.log(
  `me/baseline requests/s:       ${meRatio.toFixed(2)} (target ≥ ${TARGETS.minMeRpsRatio}) ${passed.me ? "MET" : "MISSED"}`,
);
console.log(`me/baseline p99 (info):       ${p99Ratio.toFixed(2)}`);

const report = writeResults("accounts", {
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
});

await exit(report.passed ? 0 : 1);
