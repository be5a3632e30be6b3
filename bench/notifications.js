// Benchmark: notification streams.
//
//   npm run bench:notifications          (builds what is missing or stale; about a minute)
//   BENCH_STREAMS=2000 npm run bench:notifications      (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). A fresh database
// `sharpside_bench_notifications` gets our production server (migrated, no demo data); plain SQL
// seeds one expert and 10,000 followers, each with a live session. This process (a second one on
// the same machine) then opens one notification stream per follower, reads the app process's
// resident memory before and after (per stream: the difference over the streams), and has the
// expert publish a post through `POST /api/posts`: its ExpertNewPost notifications (one per
// follower) are created in the post's transaction, NOTIFY'd on commit and sent by the app's hub.
// Timed from sending the request to the last stream receiving its notification.
// Targets: under 24 KiB per stream; every stream has it within 1 second.
// Exit code 1 when a target is missed, 2 when the run itself failed.
import { createHmac } from "node:crypto";
import http from "node:http";
import {
  appServer,
  ensureBuilds,
  exit,
  fail,
  fmt,
  freshDatabase,
  machineLine,
  sleep,
  startServer,
  waitFor,
  writeResults,
} from "./lib.js";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const PORT = Number(process.env.BENCH_APP_PORT ?? 4370);
const SECRET = "bench-notifications-secret-0123456789abcdef0123456789";
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9239);
const TARGETS = { maxBytesPerStream: 24 * 1024, maxDeliveryMs: 1000 };

await ensureBuilds();
const { url: databaseUrl, sql: bench } = await freshDatabase("sharpside_bench_notifications");
startServer(
  "app",
  appServer,
  PORT,
  {
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: "never",
    SESSION_SECRET: SECRET,
    LOG_LEVEL: "warn",
    APP_URL: "",
    SMTP_URL: "",
  },
  [`--inspect=127.0.0.1:${INSPECTOR_PORT}`, ...(process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean)],
);
const base = `http://127.0.0.1:${PORT}`;
await waitFor(`${base}/api/health`);

// ---- Seed: an expert, STREAMS followers, a live session each
console.log(`bench: seeding one expert and ${fmt(STREAMS)} followers with sessions…`);
const [expert] = await bench`
  INSERT INTO users (email, user_name, first_name, last_name, roles, sign_up_flow, email_confirmed_at)
  VALUES ('expert@bench.sharpside.test', 'StreamExpert', 'Stream', 'Expert', '{Expert}', 'Expert', now()) RETURNING id`;
await bench`INSERT INTO profiles (user_id) VALUES (${expert.id})`;
await bench`INSERT INTO experts (user_id, membership_status, membership_paid_at, subscription_price_cents) VALUES (${expert.id}, 'Active', now(), 1900)`;
await bench`
  INSERT INTO users (email, user_name, first_name, last_name, email_confirmed_at)
  SELECT 'fan' || g || '@bench.sharpside.test', 'StreamFan' || g, 'Stream', 'Fan ' || g, now() FROM generate_series(1, ${STREAMS}::int) g`;
await bench`INSERT INTO follows (follower_id, expert_id) SELECT id, ${expert.id} FROM users WHERE user_name LIKE 'StreamFan%'`;
const sessions = await bench`
  INSERT INTO sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM users WHERE user_name LIKE 'StreamFan%' OR id = ${expert.id}
  RETURNING id, user_id`;
const [{ id: categoryId }] = await bench`SELECT id FROM categories ORDER BY id LIMIT 1`;

/** The access cookie the app would have set for this session (sessions.server.ts). */
function accessCookie(sessionId) {
  const payload = `${sessionId}.${Math.floor(Date.now() / 1000) + 15 * 60}`;
  return `ss_access=${payload}.${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
}

/**
 * The app's memory after a full garbage collection, asked through its inspector (the app runs
 * with --inspect for this bench): what the streams keep, not the garbage of opening them.
 */
async function settledMemory() {
  const [target] = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error("cannot reach the app's inspector"));
  });
  let nextId = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("HeapProfiler.enable");
  await call("HeapProfiler.collectGarbage");
  await call("HeapProfiler.collectGarbage");
  const answer = await call("Runtime.evaluate", {
    expression: "JSON.stringify(process.memoryUsage())",
    returnByValue: true,
  });
  socket.close();
  const usage = JSON.parse(answer.result.result.value);
  return { rss: usage.rss, retained: usage.heapUsed + usage.external };
}

// ---- Open the streams
const fans = sessions.filter((row) => row.user_id !== expert.id);
const expertSession = sessions.find((row) => row.user_id === expert.id);
// Warm the route and the pools, then let the heap settle before the first reading.
await fetch(`${base}/api/notifications/see-notifications/counters`, { headers: { Cookie: accessCookie(fans[0].id) } });
const before = await settledMemory();
console.log(`bench: opening ${fmt(STREAMS)} streams (${machineLine()})…`);
const streams = [];
function openStream(sessionId) {
  return new Promise((resolve, reject) => {
    const stream = { request: null, opened: false, receivedAt: null, text: "" };
    stream.request = http.get(
      `${base}/api/notifications/sse-notifications`,
      { agent: false, headers: { Cookie: accessCookie(sessionId), Accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          if (!stream.opened) {
            stream.opened = true;
            resolve(stream);
          }
          if (stream.receivedAt === null) {
            stream.text += chunk;
            if (stream.text.includes("\ndata: ")) stream.receivedAt = performance.now();
          }
        });
      },
    );
    stream.request.on("error", reject);
  });
}
for (let i = 0; i < fans.length; i += 250) {
  streams.push(
    ...(await Promise.all(
      fans
        .slice(i, i + 250)
        .map((row) => openStream(row.id))
        .map((p) => p.catch((error) => fail(`could not open a stream: ${error.message}`))),
    )),
  );
}
// Streams are open long before a post comes: let the opening burst settle.
await sleep(3000);

// ---- One post, every follower told
const started = performance.now();
const created = await fetch(`${base}/api/posts`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Cookie: accessCookie(expertSession.id), Origin: base },
  body: JSON.stringify({
    postType: "Post",
    title: "Streams everywhere",
    body: [{ type: "paragraph", children: [{ text: "One post, ten thousand readers." }] }],
    categoryId,
    modalityIds: [],
    publishDate: new Date().toISOString(),
  }),
});
if (created.status !== 201) await fail(`POST /api/posts answered ${created.status}: ${await created.text()}`);
const committed = performance.now() - started;
const deadline = Date.now() + 10_000;
while (streams.some((stream) => stream.receivedAt === null) && Date.now() < deadline) await sleep(10);
const received = streams.filter((stream) => stream.receivedAt !== null);
const lastMs = Math.max(...received.map((stream) => stream.receivedAt - started));
const sorted = received.map((stream) => stream.receivedAt - started).sort((a, b) => a - b);
const p50 = sorted[Math.floor(sorted.length / 2)] ?? NaN;
console.log(
  `  the post answered after ${fmt(committed)} ms (${fmt(STREAMS)} notifications created and committed with it)`,
);
console.log(
  `  ${fmt(received.length)} of ${fmt(streams.length)} streams received it; median ${fmt(p50)} ms, last ${fmt(lastMs)} ms after the request (${fmt(lastMs - committed)} ms after its answer)`,
);

// Read after the delivery: a forced collection just before it would leave V8 to grow its heap
// again during the burst, which is not how a running instance meets one.
const after = await settledMemory();
const bytesPerStream = (after.retained - before.retained) / streams.length;
const residentPerStream = (after.rss - before.rss) / streams.length;
console.log(
  `  ${fmt(streams.length)} streams open; after a full collection the app keeps ${fmt(before.retained / 2 ** 20, 1)} → ${fmt(after.retained / 2 ** 20, 1)} MiB (heap and buffers): ${fmt(bytesPerStream / 1024, 1)} KiB per stream; resident ${fmt(before.rss / 2 ** 20, 1)} → ${fmt(after.rss / 2 ** 20, 1)} MiB (${fmt(residentPerStream / 1024, 1)} KiB per stream, with what the allocator has not handed back)`,
);

for (const stream of streams) stream.request.destroy();

const passed =
  received.length === streams.length && lastMs <= TARGETS.maxDeliveryMs && bytesPerStream <= TARGETS.maxBytesPerStream;
writeResults("notifications", {
  streams: streams.length,
  memoryBefore: before,
  memoryAfter: after,
  bytesPerStream,
  residentPerStream,
  postAnsweredMs: committed,
  deliveredTo: received.length,
  medianDeliveryMs: p50,
  lastDeliveryMs: lastMs,
  lastDeliveryAfterAnswerMs: lastMs - committed,
  targets: TARGETS,
  passed,
});
console.log(
  `per-stream memory: ${fmt(bytesPerStream / 1024, 1)} KiB (target < 24 KiB) ${bytesPerStream <= TARGETS.maxBytesPerStream ? "MET" : "MISSED"}`,
);
console.log(
  `delivery to all:   ${fmt(lastMs)} ms (target ≤ 1,000 ms) ${received.length === streams.length && lastMs <= TARGETS.maxDeliveryMs ? "MET" : "MISSED"}`,
);
await exit(passed ? 0 : 1);
