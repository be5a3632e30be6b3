// Benchmark: an expert's business figures with 10,000 subscriptions and 100,000 payments.
//
//   npm run bench:business                 (builds what is missing or stale; ~2 minutes)
//   BENCH_ROUNDS=1 npm run bench:business  (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). A fresh database
// `sharpside_bench_business` gets our production server (migrated, demo data) and the baseline app;
// plain SQL then gives the demo expert `LeBronPicks` 10,000 more subscriptions over two years from
// 10,000 readers (ended, cancelled and running ones) and 100,000 payments, through the tables' own
// triggers, as the app would have written them.
//
// Measured, round after round: the CPU time per request (the server process's and its PostgreSQL
// backends', from /proc) of `GET /api/business/summary?days=365` and `?days=90` as the expert, and
// of the baseline's `GET /pk?id=…` (a bare Remix resource route doing one primary-key SELECT), each
// BENCH_REQUESTS (1,500) requests at 10 connections. Target: each summary at most 20 times the
// baseline's CPU per request (the medians of the rounds). For information, the whole /business page.
// Exit code 1 when the target is missed, 2 when the run itself failed.
import autocannon from "autocannon";
import {
  backendTicks,
  backendTicksSpent,
  benchSettings,
  cpuTicks,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  measure,
  signIn,
  startAppAndBaseline,
  TICK_US,
  writeResults,
} from "./lib.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4362),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4363),
  database: "sharpside_bench_business",
  requests: Number(process.env.BENCH_REQUESTS ?? 1500),
  subscriptions: 10_000,
  payments: 100_000,
});
const TARGET = { maxCpuRatio: 20 };
const EXPERT = "LeBronPicks";

/** 10,000 readers over two years: about half ended, a tenth cancelled and running out, the rest running. */
async function seedHistory(bench, expertId) {
  await bench`
    INSERT INTO users (email, user_name, first_name, last_name, email_confirmed_at)
    SELECT 'bizreader' || g || '@bench.sharpside.test', 'BenchBizReader' || g, 'Bench', 'Reader ' || g, now()
    FROM generate_series(1, ${settings.subscriptions}) g`;
  // The running ones start their own spans (the subscriptions' trigger) at their updated_at.
  await bench`
    INSERT INTO subscriptions (subscriber_id, expert_id, status, price_cents, current_period_end, provider, created_at, updated_at)
    SELECT u.id, ${expertId}, 'Activated', 2999, now() + ((n % 30) || ' days')::interval, 'stripe',
           now() - ((n % 700) || ' days')::interval, now() - ((n % 700) || ' days')::interval
    FROM (SELECT id, substring(user_name FROM 15)::int AS n FROM users WHERE user_name LIKE 'BenchBizReader%') u
    WHERE n % 10 >= 6`;
  // The others: their rows as they ended, and their spans as they went.
  await bench`
    WITH story AS (
      SELECT u.id AS reader, n, now() - ((n % 700) || ' days')::interval AS started,
             CASE WHEN n % 10 = 5 THEN now() + ((n % 25) || ' days')::interval
                  ELSE now() - ((n % 700) || ' days')::interval + ((30 + n % 300) || ' days')::interval END AS ends
      FROM (SELECT id, substring(user_name FROM 15)::int AS n FROM users WHERE user_name LIKE 'BenchBizReader%') u
      WHERE n % 10 < 6
    ), made AS (
      INSERT INTO subscriptions (subscriber_id, expert_id, status, price_cents, current_period_end, cancel_at_period_end, provider, created_at, updated_at)
      SELECT reader, ${expertId}, CASE WHEN ends > now() THEN 'Canceled' ELSE 'Expired' END::subscription_status, 2999,
             ends, ends > now(), 'stripe', started, least(ends, now())
      FROM story
      RETURNING id, subscriber_id, created_at, current_period_end
    )
    INSERT INTO subscription_spans (subscription_id, expert_id, price_cents, paid, started_at, ended_at)
    SELECT id, ${expertId}, 2999, true, created_at, greatest(created_at, current_period_end) FROM made`;
  // 100,000 payments: ten for each subscription, a month apart back from the newest.
  await bench`
    INSERT INTO payments (payer_id, expert_id, subscription_id, kind, status, amount_cents, platform_fee_cents, provider, created_at, updated_at)
    SELECT s.subscriber_id, s.expert_id, s.id, 'Subscription', CASE WHEN k = 9 AND abs(hashtext(s.id::text)) % 17 = 0 THEN 'Refunded' ELSE 'Succeeded' END::payment_status,
           2999, 300, 'stripe', now() - ((k * 30 + abs(hashtext(s.id::text)) % 30) || ' days')::interval, now()
    FROM subscriptions s CROSS JOIN generate_series(0, 9) k
    WHERE s.expert_id = ${expertId} AND s.provider = 'stripe'`;
}

/** CPU time per request of `target` (ms): its server process's and the database's backends'. */
async function cpuPerRequest(bench, target, pid) {
  const before = [cpuTicks(pid), await backendTicks(bench, settings.database)];
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: 10,
    amount: settings.requests,
  });
  const after = [cpuTicks(pid), await backendTicks(bench, settings.database)];
  if (result.non2xx + result.errors + result.timeouts > 0)
    await fail(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const ms = (ticks) => (ticks * TICK_US) / 1000 / settings.requests;
  return { app: ms(after[0] - before[0]), db: ms(backendTicksSpent(before[1], after[1])) };
}

// ---------------------------------------------------------------------------------------------

await ensureBuilds();
const { bench, appBase, baselineBase, app, baseline } = await startAppAndBaseline(settings, "business");
const expert = await signIn(appBase, EXPERT);
const headers = { Cookie: expert.cookie };

const started = Date.now();
console.log(`bench: seeding ${fmt(settings.subscriptions)} subscriptions and ${fmt(settings.payments)} payments…`);
await seedHistory(bench, expert.user.id);
await bench`VACUUM ANALYZE`;
const [counts] = await bench`
  SELECT (SELECT count(*)::int FROM subscriptions WHERE expert_id = ${expert.user.id}) AS subscriptions,
         (SELECT count(*)::int FROM payments WHERE expert_id = ${expert.user.id}) AS payments,
         (SELECT count(*)::int FROM expert_business_days WHERE expert_id = ${expert.user.id}) AS days`;
console.log(`bench: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);
if (counts.subscriptions < settings.subscriptions || counts.payments < settings.payments)
  await fail(`the seed fell short: ${JSON.stringify(counts)}`);

const summaryUrl = (days) => `${appBase}/api/business/summary?days=${days}`;
const check = await fetch(summaryUrl(365), { headers });
const answer = await check.json();
const today = answer.payload?.daily?.at(-1);
if (check.status !== 200 || answer.payload.daily.length !== 365 || !(today?.subscribers >= 4000))
  await fail(`the summary does not count the history: ${JSON.stringify(answer).slice(0, 400)}`);
console.log(
  `bench: ${fmt(today.subscribers)} subscribers today, MRR $${fmt(today.mrrCents / 100)}, churn ${(answer.payload.churnRate * 100).toFixed(1)}% (${machineLine()})`,
);

const targets = [
  { name: "baseline-pk", url: `${baselineBase}/pk?id=${expert.user.id}`, pid: baseline.pid },
  { name: "summary-365", url: summaryUrl(365), headers, pid: app.pid },
  { name: "summary-90", url: summaryUrl(90), headers, pid: app.pid },
  { name: "page", url: `${appBase}/business`, headers, pid: app.pid },
];
for (const target of targets)
  await measure(target.name, { url: target.url, headers: target.headers, connections: 10, amount: 300 });
const runs = Object.fromEntries(targets.map((target) => [target.name, []]));
for (let round = 1; round <= settings.rounds; round++) {
  for (const target of targets) {
    const { app: appMs, db: dbMs } = await cpuPerRequest(bench, target, target.pid);
    runs[target.name].push(appMs + dbMs);
    console.log(
      `  round ${round} ${target.name.padEnd(12)} ${(appMs + dbMs).toFixed(3)} ms CPU per request (server ${appMs.toFixed(3)}, PostgreSQL ${dbMs.toFixed(3)})`,
    );
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpu = Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, median(list)]));
const ratios = {
  summary365: cpu["summary-365"] / cpu["baseline-pk"],
  summary90: cpu["summary-90"] / cpu["baseline-pk"],
  page: cpu.page / cpu["baseline-pk"],
};
const passed = ratios.summary365 <= TARGET.maxCpuRatio && ratios.summary90 <= TARGET.maxCpuRatio;

console.log("");
console.log("| request | CPU per request | × baseline |");
console.log("|---|---:|---:|");
console.log(`| baseline PK select | ${cpu["baseline-pk"].toFixed(3)} ms | 1 |`);
console.log(
  `| \`GET /api/business/summary?days=365\` | ${cpu["summary-365"].toFixed(3)} ms | ${ratios.summary365.toFixed(1)} |`,
);
console.log(
  `| \`GET /api/business/summary?days=90\` | ${cpu["summary-90"].toFixed(3)} ms | ${ratios.summary90.toFixed(1)} |`,
);
console.log(`| (info) the /business page | ${cpu.page.toFixed(3)} ms | ${ratios.page.toFixed(1)} |`);
console.log("");
console.log(`summary/baseline CPU: target ≤ ${TARGET.maxCpuRatio}: ${passed ? "MET" : "MISSED"}`);

const report = writeResults("business", { settings, targets: TARGET, counts, cpuMs: cpu, runs, ratios, passed });
await exit(report.passed ? 0 : 1);
