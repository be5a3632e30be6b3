// temporary A/B harness (not committed): two builds on the kept sharpside_bench_mix database.
import autocannon from "autocannon";
import postgres from "postgres";
import { spawn } from "node:child_process";
import { cpuTicks, signIn, TICK_US, waitFor } from "./lib.js";
const db = "postgres://postgres@127.0.0.1:5432/sharpside_bench_mix";
const sql = postgres(db, { max: 1, onnotice: () => {} });
const only = process.env.AB_PAGES?.split(",");
const variants = [
  { name: "A", dir: process.env.AB_A ?? "/work/main", port: 4801 },
  { name: "B", dir: process.env.AB_B ?? "/tmp/old", port: 4802 },
];
for (const v of variants) {
  v.proc = spawn(process.execPath, ["--max-semi-space-size=64", "build/app-server.js"], {
    cwd: v.dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(v.port), DATABASE_URL: db, DATA_DIR: `/tmp/ab-data-${v.name}`,
      SEED_DEMO_DATA: "never", SESSION_SECRET: "bench-ab-secret-0123456789abcdef0123456789abcdef", LOG_LEVEL: "warn", APP_URL: "",
      SMTP_URL: "", RATE_LIMIT_SIGN_IN_IP: "1000000/60", RATE_LIMIT_SIGN_IN_ACCOUNT: "1000000/60" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  v.base = `http://localhost:${v.port}`;
}
process.on("exit", () => variants.forEach((v) => v.proc.kill()));
for (const v of variants) await waitFor(`${v.base}/api/health`);
const readers = (await sql`SELECT user_name FROM users WHERE email LIKE 'fan%@bench.sharpside.app' ORDER BY user_name`).map((r) => r.user_name);
const cookies = [];
for (let i = 0; i < readers.length; i += 4)
  cookies.push(...(await Promise.all(readers.slice(i, i + 4).map(async (r) => (await signIn(variants[0].base, r)).cookie))));
const postIds = (await sql`SELECT id FROM posts WHERE status = 'Published' AND publish_date <= now() ORDER BY publish_date DESC LIMIT 5000`).map((r) => r.id);
const expertNames = (await sql`SELECT u.user_name FROM experts e JOIN users u ON u.id = e.user_id
    ORDER BY (SELECT count(*) FROM subscriptions s WHERE s.expert_id = e.user_id AND s.status = 'Activated') DESC, u.user_name`).map((r) => r.user_name);
function exponentialRank(random, mean, count) { for (;;) { const rank = Math.floor(-Math.log(1 - random()) * mean); if (rank < count) return rank; } }
function seededRandom(seed) { let state = seed >>> 0; return () => { state = (state + 0x6d2b79f5) >>> 0; let t = state; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const pages = {
  post: (r) => `/posts/${postIds[exponentialRank(r, 400, postIds.length)]}`,
  expert: (r) => `/experts/${expertNames[exponentialRank(r, 30, expertNames.length)]}`,
  home: () => "/",
  leaderboard: () => "/leaderboard",
};
const mixShares = { post: 0.45, expert: 0.2, home: 0.25, leaderboard: 0.1 };
pages.mix = (r) => { let d = r(); for (const [t, s] of Object.entries(mixShares)) if ((d -= s) < 0) return pages[t](r); return "/leaderboard"; };
async function load(v, page, seconds, seed) {
  const random = seededRandom(seed);
  const c0 = cpuTicks(v.proc.pid);
  const result = await autocannon({ url: v.base, connections: 50, duration: seconds, requests: [{ setupRequest: (q) => ({ ...q, path: pages[page](random), headers: { ...q.headers, cookie: cookies[Math.floor(random() * cookies.length)] } }) }] });
  const c1 = cpuTicks(v.proc.pid);
  if (result.non2xx + result.errors) throw new Error(`${v.name} ${page}: ${result.non2xx} non-2xx ${result.errors} errors`);
  return ((c1 - c0) * TICK_US) / 1000 / result.requests.total;
}
const targets = only ?? ["mix"];
for (const v of variants) await load(v, "mix", Number(process.env.AB_WARM ?? 40), 1);
const rounds = Number(process.env.AB_ROUNDS ?? 4);
const out = {};
for (let round = 0; round < rounds; round++)
  for (const page of targets) {
    const order = round % 2 ? [...variants].reverse() : variants;
    const r = {};
    for (const v of order) r[v.name] = await load(v, page, Number(process.env.AB_SECONDS ?? 12), round * 31 + 7);
    (out[page] ??= []).push(r.B / r.A);
    console.log(`round ${round + 1} ${page.padEnd(11)} A ${r.A.toFixed(2)} ms  B ${r.B.toFixed(2)} ms  B/A ${(r.B / r.A).toFixed(3)}`);
  }
for (const [page, ratios] of Object.entries(out)) {
  const s = [...ratios].sort((a, b) => a - b);
  console.log(`${page}: median B/A ${s[Math.floor(s.length / 2)].toFixed(3)} (A cheaper when > 1)`);
}
await sql.end();
process.exit(0);
