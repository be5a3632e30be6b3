// Diagnosis (not a target): what one request of each page costs in CPU, the app's and
// PostgreSQL's, signed in. Requests/s move with whatever else the machine does; CPU time per
// request moves much less, so this is the figure to compare two builds with.
//
//   node bench/page-cpu.js                                   (post, home, expert page, leaderboard, /verify)
//   node bench/page-cpu.js "/posts/PICK,/experts/EXPERT"     (PICK and EXPERT name the reader's subscribed pick and its expert)
//   BENCH_COOKIE="ss_google_oauth=1" node bench/page-cpu.js … (an uncached visitor instead of the reader)
//   BENCH_APP_SERVER=/path/to/other/build/app-server.js …    (another build, e.g. the last commit's)
//
// A fresh database `sharpside_bench_page_cpu` on BENCH_PG_URL with the demo data; the reader is
// `alex.fan`. For each path: 600 requests to warm up, then 1,500 at 10 connections, with the app
// process's and its PostgreSQL backends' user + system time read from /proc around them.
import autocannon from "autocannon";
import {
  appNodeFlags,
  appServer,
  backendTicks,
  backendTicksSpent,
  cpuTicks,
  ensureBuilds,
  exit,
  fail,
  freshDatabase,
  measure,
  signIn,
  startServer,
  tempDir,
  TICK_US,
  waitFor,
} from "./lib.js";

const paths = (process.argv[2] ?? "/posts/PICK,/,/experts/EXPERT,/leaderboard,/verify").split(",");
const requests = Number(process.env.BENCH_REQUESTS ?? 1500);
const server = process.env.BENCH_APP_SERVER ?? appServer;
const port = Number(process.env.BENCH_APP_PORT ?? 4410);

if (!process.env.BENCH_APP_SERVER) await ensureBuilds({ baseline: false });
const database = "sharpside_bench_page_cpu";
const { url, sql } = await freshDatabase(database);
const app = startServer(
  "app",
  server,
  port,
  {
    DATABASE_URL: url,
    DATA_DIR: tempDir("sharpside-bench-page-cpu-"),
    SEED_DEMO_DATA: "always",
    SESSION_SECRET: "bench-page-cpu-secret-0123456789abcdef0123456789abcdef",
    LOG_LEVEL: "warn",
    APP_URL: "",
    SMTP_URL: "",
    RATE_LIMIT_SIGN_IN_IP: "1000000/60",
    RATE_LIMIT_SIGN_IN_ACCOUNT: "1000000/60",
  },
  // startServer adds `npm start`'s flags to our own build only.
  server === appServer ? [] : appNodeFlags,
);
const base = `http://localhost:${port}`;
await waitFor(`${base}/api/health`);
const reader = await signIn(base, "alex.fan");
const [pick] = await sql`
  SELECT p.id, u.user_name FROM posts p JOIN users u ON u.id = p.author_id
  JOIN subscriptions s ON s.expert_id = p.author_id AND s.subscriber_id = ${reader.user.id} AND s.status = 'Activated'
  WHERE p.post_type = 'Pick' AND p.status = 'Published' AND p.publish_date <= now()
  ORDER BY p.publish_date DESC LIMIT 1`;
if (!pick) await fail("alex.fan subscribes to no expert with a live pick");

const headers = { Cookie: process.env.BENCH_COOKIE ?? reader.cookie };
console.log(`page CPU (${requests} requests each, 10 connections; ms of CPU per request)`);
console.log("| path | HTML | app | PostgreSQL | req/s |\n|---|---:|---:|---:|---:|");
for (const template of paths) {
  const path = template.replace("PICK", pick.id).replace("EXPERT", pick.user_name);
  const response = await fetch(base + path, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) await fail(`${path} answered ${response.status}`);
  await measure(path, { url: base + path, headers, connections: 10, amount: 600 });
  const [app0, pg0, t0] = [cpuTicks(app.pid), await backendTicks(sql, database), Date.now()];
  const result = await autocannon({ url: base + path, headers, connections: 10, amount: requests });
  const [app1, pg1, t1] = [cpuTicks(app.pid), await backendTicks(sql, database), Date.now()];
  if (result.non2xx + result.errors > 0) await fail(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const perRequest = (ticks) => ((ticks * TICK_US) / 1000 / requests).toFixed(2);
  console.log(
    `| ${template} | ${(bytes / 1024).toFixed(1)} kB | ${perRequest(app1 - app0)} | ${perRequest(backendTicksSpent(pg0, pg1))} | ${Math.round(requests / ((t1 - t0) / 1000))} |`,
  );
}
await exit(0);
