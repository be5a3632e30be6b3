// Benchmark: signed-in traffic as real readers make it, against the minimal Remix page in the same
// run (and Ghost's post page beside ours, when GHOST_DIR names an installed Ghost).
//
//   npm run bench:mix                          (~10 minutes: seeding, then 3 rounds of every target)
//   GHOST_DIR=/path/to/ghost npm run bench:mix  (Ghost 5.130.6 installed as bench/ghost.js says)
//
// Data: the demo data plus the parameters below: bench experts and posts (30 % picks), readers
// each subscribed to some experts and following others (more readers on a few experts, as real
// audiences are), each with likes. Traffic: CONNECTIONS connections, each request from a random
// reader (their own session); the mix is 45 % post pages (newest-heavy: exponential over the
// newest 5,000 posts, mean rank 400), 20 % expert pages (exponential over experts by subscribers,
// mean rank 30), 25 % home (their feed), 10 % leaderboard. Each page type is also measured alone,
// with the same readers and addresses.
//
// Figures per target, medians of the rounds: CPU time per request of the serving process (user +
// system from /proc: steadier than req/s on a shared machine) and of its PostgreSQL backends,
// req/s, p50 and p99 (of the answers on open connections: each connection's first is left out). "÷ minimal" is the minimal page's CPU per request divided by the target's in
// the same round, median of the rounds (1 would be as cheap as a bare Remix page). The app serves
// the mix for BENCH_APP_WARMUP seconds first. Exit code 1 when a target below is missed, 2 when the
// run itself failed. BENCH_ONLY=mix,post… measures only those targets; BENCH_CPU_PROF=/dir writes
// a CPU profile of the app (--cpu-prof) when the run ends.
import { mkdirSync } from "node:fs";
import path from "node:path";
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
  signIn,
  startAppAndBaseline,
  TICK_US,
  withRecordGuardOff,
  writeResults,
} from "./lib.js";
import { seedGhost, startGhost } from "./ghost-server.js";
import {
  BENCH_DOMAIN,
  countRows,
  PICK_MARKER,
  seedExperts,
  seedFansAndLikes,
  seedPosts,
  subscribedPick,
} from "./seed-posts.js";

const env = (name, fallback) => Number(process.env[`BENCH_${name}`] ?? fallback);
const settings = benchSettings({
  appPort: env("APP_PORT", 4420),
  baselinePort: env("BASELINE_PORT", 4421),
  ghostPort: env("GHOST_PORT", 4422),
  database: "sharpside_bench_mix",
  experts: env("EXPERTS", 200),
  posts: env("POSTS", 20_000),
  readers: env("READERS", 300),
  subscriptions: env("SUBSCRIPTIONS", 5),
  follows: env("FOLLOWS", 10),
  likes: env("LIKES", 20),
  newestPosts: 5_000,
  postMeanRank: 400,
  expertMeanRank: 30,
  mix: { post: 0.45, expert: 0.2, home: 0.25, leaderboard: 0.1 },
  ghostPosts: 20,
  appWarmupSeconds: env("APP_WARMUP", 60),
});
const TARGETS = { mix: 0.4, pageType: 0.3, p99: 3, ghost: 5 };
const only = process.env.BENCH_ONLY?.split(",");
const ghostDir = process.env.GHOST_DIR ? path.resolve(process.env.GHOST_DIR) : null;
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
if (profileDir) mkdirSync(profileDir, { recursive: true });

await ensureBuilds();
const { bench, appBase, baselineBase, app, baseline } = await startAppAndBaseline(
  settings,
  "mix",
  {},
  profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
);

console.log(`bench: seeding ${fmt(settings.posts)} posts by ${settings.experts} experts, ${settings.readers} readers…`);
await seedExperts(bench, settings.experts);
await withRecordGuardOff(bench, () => seedPosts(bench, 1, settings.posts, settings.experts, { mixed: true }));
await seedFansAndLikes(bench, 1, settings.readers, settings.likes);
const readerIds = await seedAudiences();
await bench`VACUUM ANALYZE`;
console.log(`bench: seeded: ${JSON.stringify(await countRows(bench))}`);

const postIds = (
  await bench`SELECT id FROM posts WHERE status = 'Published' AND publish_date <= now()
    ORDER BY publish_date DESC LIMIT ${settings.newestPosts}`
).map((row) => row.id);
const expertNames = (
  await bench`SELECT u.user_name FROM experts e JOIN users u ON u.id = e.user_id
    ORDER BY (SELECT count(*) FROM subscriptions s WHERE s.expert_id = e.user_id AND s.status = 'Activated') DESC, u.user_name`
).map((row) => row.user_name);

let ghost = null;
if (ghostDir) {
  const ghostBase = await startGhost(ghostDir, settings.ghostPort);
  ghost = await seedGhost(ghostBase, settings.ghostPosts);
} else console.log("bench: GHOST_DIR is not set: Ghost's post page is left out");

// Sessions last 15 minutes: signed in right before the load, a few at a time (argon2 is slow).
const cookies = [];
for (let i = 0; i < readerIds.length; i += 4)
  cookies.push(...(await Promise.all(readerIds.slice(i, i + 4).map(async (r) => (await signIn(appBase, r)).cookie))));

const pages = {
  post: (random) => `/posts/${postIds[exponentialRank(random, settings.postMeanRank, postIds.length)]}`,
  expert: (random) => `/experts/${expertNames[exponentialRank(random, settings.expertMeanRank, expertNames.length)]}`,
  home: () => "/",
  leaderboard: () => "/leaderboard",
};
const mixed = (random) => {
  let draw = random();
  for (const [type, share] of Object.entries(settings.mix)) if ((draw -= share) < 0) return pages[type](random);
  return pages.leaderboard(random);
};
await checkPagesForReaders();

const targets = [
  { name: "minimal", label: "minimal Remix page", base: baselineBase, pid: baseline.pid, path: () => "/" },
  { name: "mix", label: "the mix", base: appBase, pid: app.pid, path: mixed, signedIn: true },
  ...Object.entries(pages).map(([name, path]) => ({
    name,
    label: `${name} alone`,
    base: appBase,
    pid: app.pid,
    path,
    signedIn: true,
  })),
  ...(ghost
    ? [
        {
          name: "ghost",
          label: "Ghost 5.130.6 post page",
          base: new URL(ghost.url).origin,
          path: () => new URL(ghost.url).pathname,
        },
      ]
    : []),
].filter((target) => target.name === "minimal" || !only || only.includes(target.name));

console.log(`bench: the signed-in mix against the minimal Remix page (${machineLine()})`);
// A fresh process's CPU per request falls for about a minute of this traffic (V8 optimising the
// render, the heap growing to its working size): the rounds measure the server as it runs, warm.
console.log(`bench: warming the app up on the mix for ${settings.appWarmupSeconds} s`);
await load({ name: "warm-up", base: appBase, pid: app.pid, path: mixed, signedIn: true }, settings.appWarmupSeconds);
for (const target of targets) await load(target, settings.warmupSeconds);
const runs = Object.fromEntries(targets.map((target) => [target.name, []]));
for (let round = 1; round <= settings.rounds; round++)
  for (const target of targets) {
    const run = await load(target, settings.durationSeconds);
    runs[target.name].push(run);
    console.log(
      `  round ${round} ${target.name.padEnd(12)} ${fmt(run.rps).padStart(5)} req/s  app ${Number.isNaN(run.cpu) ? "–" : `${fmt(run.cpu, 2)} ms`}  PG ${fmt(run.pg, 2)} ms  p99 ${run.p99} ms`,
    );
  }

const figures = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [
    name,
    Object.fromEntries(["cpu", "pg", "rps", "p50", "p99"].map((key) => [key, median(list.map((run) => run[key]))])),
  ]),
);
const minimal = figures.minimal;
// Each round's minimal page and target ran within the same minute or two of the machine: their ratio, per
// round, cancels most of the machine's drift between rounds; the figure is the median of those.
const ratioOf = (name) => median(runs[name].map((run, round) => runs.minimal[round].cpu / run.cpu));
const verdicts = [];
console.log("\n| target | app CPU / request | ÷ minimal | PostgreSQL CPU / request | req/s | p50 | p99 |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const target of targets) {
  const f = figures[target.name];
  const ratio = target.name === "ghost" ? null : ratioOf(target.name);
  console.log(
    `| ${target.label} | ${target.pid ? `${fmt(f.cpu, 2)} ms` : ""} | ${ratio === null ? "" : fmt(ratio, 2)} | ${target.name === "ghost" ? "" : `${fmt(f.pg, 2)} ms`} | ${fmt(f.rps)} | ${f.p50} ms | ${f.p99} ms |`,
  );
  if (target.name === "mix") {
    verdicts.push([`the mix ≥ ${TARGETS.mix} of the minimal page`, ratio >= TARGETS.mix]);
    verdicts.push([`the mix's p99 ≤ ${TARGETS.p99}× the minimal page's`, f.p99 <= TARGETS.p99 * minimal.p99]);
  } else if (target.name in pages) verdicts.push([`${target.name} ≥ ${TARGETS.pageType}`, ratio >= TARGETS.pageType]);
}
if (figures.ghost && figures.post) {
  const ratio = figures.post.rps / figures.ghost.rps;
  console.log(`\nour post page ÷ Ghost's, req/s: ${fmt(ratio, 2)}`);
  verdicts.push([`our post page ≥ ${TARGETS.ghost}× Ghost's req/s`, ratio >= TARGETS.ghost]);
}
console.log("");
for (const [what, met] of verdicts) console.log(`${met ? "met   " : "MISSED"} ${what}`);
writeResults("mix", { settings, targets: TARGETS, figures, verdicts });
await exit(verdicts.every(([, met]) => met) ? 0 : 1);

// ---------------------------------------------------------------------------------------------

/** One autocannon run of `target`; each request draws its address (and reader) from a seeded generator. */
async function load(target, seconds) {
  const random = seededRandom(target.name.length * 7919 + seconds);
  // Ghost's own CPU is not ours to read: its req/s is the figure.
  const ticks = () => (target.pid ? cpuTicks(target.pid) : NaN);
  const [cpu0, pg0] = [ticks(), await backendTicks(bench, settings.database)];
  const instance = autocannon({
    url: target.base,
    connections: settings.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: target.path(random),
          headers: target.signedIn
            ? { ...request.headers, cookie: cookies[Math.floor(random() * cookies.length)] }
            : request.headers,
        }),
      },
    ],
  });
  // Latency on open connections: each connection's first answer also waits for the server to
  // accept it while the other 49 keep it busy (autocannon starts its clock before connecting), a
  // wait of up to a second that the server's own clock never sees and real readers, on a warm
  // keep-alive connection or behind a load balancer, do not meet.
  const latencies = [];
  const opened = new WeakSet();
  instance.on("response", (client, _status, _bytes, milliseconds) => {
    if (opened.has(client)) latencies.push(milliseconds);
    else opened.add(client);
  });
  const result = await instance;
  const [cpu1, pg1] = [ticks(), await backendTicks(bench, settings.database)];
  latencies.sort((a, b) => a - b);
  const percentile = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
  if (result.non2xx + result.errors + result.timeouts > 0)
    await fail(
      `${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`,
    );
  const perRequest = (ticks) => (ticks * TICK_US) / 1000 / result.requests.total;
  return {
    cpu: perRequest(cpu1 - cpu0),
    pg: perRequest(backendTicksSpent(pg0, pg1)),
    rps: result.requests.average,
    p50: percentile(0.5),
    p99: percentile(0.99),
  };
}

/**
 * Each reader subscribes to SUBSCRIPTIONS bench experts and follows FOLLOWS others, drawn with more
 * weight on the first (exponential, mean 40 of 200): a few experts have many readers. The readers
 * share the demo accounts' password, so they sign in as people do.
 */
async function seedAudiences() {
  const readers =
    await bench`SELECT id, user_name FROM users WHERE email LIKE ${`fan%@${BENCH_DOMAIN}`} ORDER BY user_name`;
  const experts = await bench`SELECT id FROM users WHERE email LIKE ${`expert%@${BENCH_DOMAIN}`} ORDER BY user_name`;
  await bench`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE user_name = 'alex.fan')
    WHERE email LIKE ${`fan%@${BENCH_DOMAIN}`}`;
  const random = seededRandom(42);
  const subscriptions = [];
  const follows = [];
  for (const reader of readers) {
    const chosen = new Set();
    while (chosen.size < settings.subscriptions + settings.follows)
      chosen.add(exponentialRank(random, 40, experts.length));
    [...chosen].forEach((index, k) => {
      const expertId = experts[index].id;
      if (k < settings.subscriptions)
        subscriptions.push({ subscriber_id: reader.id, expert_id: expertId, status: "Activated", price_cents: 1900 });
      else follows.push({ follower_id: reader.id, expert_id: expertId });
    });
  }
  await bench`INSERT INTO subscriptions ${bench(subscriptions)}`;
  await bench`UPDATE subscriptions SET current_period_end = now() + interval '30 days' WHERE current_period_end IS NULL`;
  await bench`INSERT INTO follows ${bench(follows)}`;
  return readers.map((reader) => reader.user_name);
}

/**
 * Every page type answers a reader 200 with a page rendered for them (no sign-in link), and the
 * paywall decides for them: a pick of an expert they subscribe to shows its analysis, another's not.
 */
async function checkPagesForReaders() {
  const random = seededRandom(1);
  const asReader = async (path) => {
    const response = await fetch(appBase + path, { headers: { cookie: cookies[0] } });
    const html = await response.text();
    if (response.status !== 200 || html.includes('href="/sign-in'))
      await fail(`${path} answered ${response.status}, or not as a signed-in reader's page`);
    return html;
  };
  for (const path of Object.values(pages)) await asReader(path(random));
  const [reader] = await bench`SELECT id FROM users WHERE user_name = ${readerIds[0]}`;
  const pick = await subscribedPick(bench, reader.id, true);
  const [other] = await bench`SELECT p.id FROM posts p WHERE p.post_type = 'Pick' AND p.title LIKE 'Bench post %'
    AND p.publish_date <= now() AND p.author_id NOT IN (SELECT expert_id FROM subscriptions WHERE subscriber_id = ${reader.id})
    ORDER BY p.publish_date DESC LIMIT 1`;
  if (!(await asReader(`/posts/${pick.id}`)).includes(pick.locked))
    await fail(`a subscribed pick's page does not show its analysis to the subscriber`);
  if ((await asReader(`/posts/${other.id}`)).includes(PICK_MARKER))
    await fail(`a pick's analysis reached a reader who does not subscribe to its expert`);
}

/** A rank in 0…count-1, exponential with the given mean (drawn again past the end). */
function exponentialRank(random, mean, count) {
  for (;;) {
    const rank = Math.floor(-Math.log(1 - random()) * mean);
    if (rank < count) return rank;
  }
}

/** mulberry32: the same addresses and readers in every run. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
