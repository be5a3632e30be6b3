// Benchmark: one publish pushed to 10,000 devices, while pages are being served.
//
//   npm run bench:push                     (about five minutes)
//   BENCH_DEVICES=2000 npm run bench:push  (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). Our production server runs on a
// fresh database with the demo data, its VAPID keys and a push service stand-in in this process
// (test/support/push-service.ts: it checks each push's VAPID signature and decrypts it with the
// device's keys, as a browser's push service and the browser would). Plain SQL adds DEVICES readers
// following one demo expert, each with one device turned on. The page load is the signed-out home
// page with the page cache off (every request rendered), at CONNECTIONS connections.
//
// Home is first served flat out for 10 s; the load is then half that rate (open loop). ROUNDS
// rounds of: home quiet for DURATION seconds; home again for DURATION seconds, and 2 s in the
// expert publishes a post through `POST /api/posts`, timed from the request to the last device
// receiving its push. Figures are medians of the rounds; the app's CPU a push is its CPU time
// over the burst less over the quiet run, per device.
// Targets: every device gets each post once, the last within 30 s; home's p99 while pushing at
// most 1.5x its quiet p99. Exit code 1 when a target is missed, 2 when the run itself failed.
import webpush from "web-push";
import {
  benchSettings,
  cpuTicks,
  TICK_US,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  measure,
  signIn,
  sleep,
  startAppAndBaseline,
  writeResults,
} from "./lib.js";
import { startPushService } from "../test/support/push-service.ts";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const EXPERT = "LeBronPicks";
const TARGETS = { maxLastPushMs: 30_000, maxP99Ratio: 1.5 };
const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4430),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4431),
  database: "sharpside_bench_push",
  durationSeconds: Number(process.env.BENCH_DURATION ?? 30),
});

await ensureBuilds();
const service = await startPushService({ checkLater: true });
const keys = webpush.generateVAPIDKeys();
const { bench, appBase, app } = await startAppAndBaseline(settings, "push", {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  PUSH_SERVICES: service.origin,
  PAGE_CACHE_SECONDS: "0",
});

// ---- Seed: DEVICES readers following the expert, one device each
console.log(`bench: seeding ${fmt(DEVICES)} readers following ${EXPERT}, each with a device (${machineLine()})…`);
const [expert] = await bench`SELECT id FROM users WHERE user_name = ${EXPERT}`;
await bench`
  INSERT INTO users (email, user_name, first_name, last_name, email_confirmed_at)
  SELECT 'pushfan' || g || '@bench.sharpside.test', 'PushFan' || g, 'Push', 'Fan ' || g, now()
  FROM generate_series(1, ${DEVICES}::int) g`;
await bench`INSERT INTO follows (follower_id, expert_id) SELECT id, ${expert.id} FROM users WHERE user_name LIKE 'PushFan%'`;
const devices = Array.from({ length: DEVICES }, () => service.subscribe());
await bench`
  INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
  SELECT u.id, d.endpoint, d.p256dh, d.auth
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_name LIKE 'PushFan%') u
  JOIN unnest(${devices.map((d) => d.endpoint)}::text[], ${devices.map((d) => d.keys.p256dh)}::text[],
              ${devices.map((d) => d.keys.auth)}::text[]) WITH ORDINALITY AS d(endpoint, p256dh, auth, n) USING (n)`;
const { cookie } = await signIn(appBase, EXPERT);
const [{ id: categoryId }] = await bench`SELECT id FROM categories ORDER BY id LIMIT 1`;

// Pages at a steady rate (open loop, half what home serves flat out): a site serving pages well
// within its means, as it would be when an expert publishes; the same rate quiet and during the burst.
const load = (url, duration, overallRate) => ({ url, connections: settings.connections, duration, overallRate });
console.log("bench: warming up, then home flat out…");
await measure("warm-up page", load(`${appBase}/`, settings.warmupSeconds));
const capacity = await measure("home, flat out", load(`${appBase}/`, 10));
const rate = Math.max(1, Math.round(capacity.rps / 2));

/** A page run at `rate` with the app process's CPU time over it. */
async function atRate(name, during = async () => {}) {
  const ticks = cpuTicks(app.pid);
  const result = measure(name, load(`${appBase}/`, settings.durationSeconds, rate));
  await during();
  return { ...(await result), appCpuMs: ((cpuTicks(app.pid) - ticks) * TICK_US) / 1000 };
}

/** One round: home quiet, then home while one post goes to every device; answers both and the pushes. */
async function round(index) {
  const title = `Ten thousand phones, round ${index}`;
  const quiet = await atRate("home, quiet");
  let started = 0;
  let answeredMs = 0;
  const burst = await atRate("home, pushing", async () => {
    await sleep(2_000);
    started = Date.now();
    const created = await fetch(`${appBase}/api/posts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: appBase },
      body: JSON.stringify({
        postType: "Post",
        title,
        body: [{ type: "paragraph", children: [{ text: "One post, every device." }] }],
        categoryId,
        publishDate: new Date().toISOString(),
      }),
    });
    if (created.status !== 201) await fail(`POST /api/posts answered ${created.status}: ${await created.text()}`);
    answeredMs = Date.now() - started;
    const deadline = started + 60_000;
    while (service.unchecked.length < DEVICES && Date.now() < deadline) await sleep(50);
  });
  // Checked after the run (the stand-in's decryption is a push service's and a phone's work, not ours).
  service.checkArrivals();
  const pushes = service.received.filter((push) => JSON.parse(push.payload).body === title);
  const times = pushes.map((push) => push.at - started).sort((a, b) => a - b);
  const result = {
    answeredMs,
    reached: new Set(pushes.map((push) => push.subscriptionId)).size,
    received: pushes.length,
    medianMs: times[Math.floor(times.length / 2)] ?? NaN,
    lastMs: times.at(-1) ?? NaN,
    p99Ratio: burst.p99 / quiet.p99,
    cpuPerPushMs: (burst.appCpuMs - quiet.appCpuMs) / DEVICES,
    quiet,
    burst,
  };
  console.log(
    `  round ${index}: home p99 ${quiet.p99} ms quiet, ${burst.p99} ms pushing (${fmt(result.p99Ratio, 2)}x); ${fmt(result.reached)} devices, median ${fmt(result.medianMs)} ms, last ${fmt(result.lastMs)} ms; the post answered in ${fmt(answeredMs)} ms; ${fmt(result.cpuPerPushMs, 2)} ms of the app's CPU a push`,
  );
  return result;
}

console.log(
  `bench: ${settings.rounds} rounds of home at ${fmt(rate)} req/s (half of ${fmt(capacity.rps)}), quiet then pushing…`,
);
const rounds = [];
for (let index = 1; index <= settings.rounds; index++) rounds.push(await round(index));
await service.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const lastMs = median(rounds.map((r) => r.lastMs));
const p99Ratio = median(rounds.map((r) => r.p99Ratio));
const cpuPerPushMs = median(rounds.map((r) => r.cpuPerPushMs));
const allOnce = rounds.every((r) => r.reached === DEVICES && r.received === DEVICES);
const passed = allOnce && lastMs <= TARGETS.maxLastPushMs && p99Ratio <= TARGETS.maxP99Ratio;
writeResults("push", {
  devices: DEVICES,
  connections: settings.connections,
  pageRate: rate,
  capacity,
  refused: service.refused.length,
  lastPushMs: lastMs,
  p99Ratio,
  appCpuPerPushMs: cpuPerPushMs,
  rounds,
  targets: TARGETS,
  passed,
});
console.log(
  `last push (median): ${fmt(lastMs)} ms (target ≤ 30,000 ms, every device once${allOnce ? "" : ": NOT"}) ${allOnce && lastMs <= TARGETS.maxLastPushMs ? "MET" : "MISSED"}`,
);
console.log(
  `p99 while pushing:  ${fmt(p99Ratio, 2)}x quiet, median (target ≤ ${TARGETS.maxP99Ratio}x) ${p99Ratio <= TARGETS.maxP99Ratio ? "MET" : "MISSED"}`,
);
console.log(`app CPU a push:     ${fmt(cpuPerPushMs, 2)} ms (median)`);
await exit(passed ? 0 : 1);
