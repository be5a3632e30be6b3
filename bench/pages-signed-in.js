// Benchmark: the pages a signed-in reader opens, against the minimal Remix page.
//
//   npm run bench:pages-signed-in             (builds what is missing or stale; ~9 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:pages-signed-in      (a quick look)
//   BENCH_DEMO_ONLY=1 …                        (the demo data step only: no 100k seed)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). A fresh database
// `sharpside_bench_pages_signed_in` gets our production server (migrated, demo data seeded) and
// the baseline app beside it. Two steps:
//
//   1. the demo data as it is;
//   2. bench/posts.js's large step added: 1,000 experts, 100,000 posts (30 % picks), 10,000 fans
//      with 100 likes each (1,000,000 likes); the reader follows 40 of those experts and
//      subscribes to 10.
//
// The reader is the demo fan `alex.fan`. At each step, alternated with the minimal page, 50
// connections: a pick of an expert the reader subscribes to, as the subscriber (analysis
// included) and as a visitor the visitors' micro-cache does not serve (one in the middle of a
// Google sign-in, whose state cookie is the app's own); home `/`, that expert's page and
// `/leaderboard`, signed in;
// `GET /api/posts/my/feed`. Targets: each ≥ 0.40 of the minimal page's requests/s, with a p99
// ≤ 3 × its p99. For information, not a target: the same pick for a visitor at an address no
// cache has (`?render=<id>`, a new one per request), i.e. what one render of the page costs.
//
// Every response must be a 200; the subscriber's page must hold the analysis and the visitor's
// must not. Results go to bench/results/ (git-ignored). Exit code 1 when a target is missed, 2
// when the run itself failed.
import {
  alternate,
  benchSettings,
  checkPage,
  ensureBuilds,
  exit,
  fmt,
  machineLine,
  PAGE_TARGETS,
  signIn,
  startAppAndBaseline,
  withRecordGuardOff,
  writeResults,
} from "./lib.js";
import { countRows, seedExperts, seedFansAndLikes, seedPosts, seedReader, subscribedPick } from "./seed-posts.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4400),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4401),
  database: "sharpside_bench_pages_signed_in",
  experts: 1000,
  posts: 100_000,
  fans: 10_000,
  likesPerFan: 100,
});
const READER = "alex.fan";
/** One of the app's own cookies (a Google sign-in under way): the visitors' micro-cache skips them. */
const UNCACHED_VISITOR_COOKIE = "ss_google_oauth=bench-sign-in-under-way";

await ensureBuilds();
const { bench, appBase, baselineBase } = await startAppAndBaseline(settings, "pages-signed-in");
const reader = await signIn(appBase, READER);
const signedIn = { Cookie: reader.cookie };
const minimalPage = `${baselineBase}/`;

async function measureStep(label, pick) {
  const postUrl = `${appBase}/posts/${pick.id}`;
  const expertUrl = `${appBase}/experts/${pick.userName}`;
  const targets = [
    { name: "post-subscriber", url: postUrl, headers: signedIn },
    { name: "post-visitor", url: postUrl, headers: { Cookie: UNCACHED_VISITOR_COOKIE } },
    { name: "home", url: `${appBase}/`, headers: signedIn },
    { name: "expert", url: expertUrl, headers: signedIn },
    { name: "leaderboard", url: `${appBase}/leaderboard`, headers: signedIn },
    { name: "feed", url: `${appBase}/api/posts/my/feed`, headers: signedIn },
    { name: "post-render", url: `${postUrl}?render=[<id>]`, headers: {}, idReplacement: true, info: true },
  ];
  const locked = [pick.locked];
  const bytes = {
    "post-subscriber": await checkPage("post (subscriber)", postUrl, ["| SHARPSIDE</title>", ...locked], [], signedIn),
    "post-visitor": await checkPage("post (visitor)", postUrl, ["</title>"], locked, {
      Cookie: UNCACHED_VISITOR_COOKIE,
    }),
    home: await checkPage("home", `${appBase}/`, ["</title>"], [], signedIn),
    expert: await checkPage("expert", expertUrl, ["</title>"], [], signedIn),
    leaderboard: await checkPage("leaderboard", `${appBase}/leaderboard`, ["</title>"], [], signedIn),
    feed: await checkPage("feed", `${appBase}/api/posts/my/feed`, ['"items":[{'], [], signedIn),
    "post-render": await checkPage("post (visitor, a render)", `${postUrl}?render=check`, ["</title>"], locked),
  };
  console.log(`bench: ${label}: signed-in pages against the minimal Remix page (${machineLine()})`);
  const figures = await alternate(settings, [{ name: "minimal-page", url: minimalPage }, ...targets]);
  const base = figures["minimal-page"];
  const rows = targets.map(({ name, info = false }) => {
    const rpsRatio = figures[name].rps / base.rps;
    const p99Ratio = figures[name].p99 / base.p99;
    return {
      name,
      bytes: bytes[name],
      ...figures[name],
      rpsRatio,
      p99Ratio,
      info,
      met: rpsRatio >= PAGE_TARGETS.minRpsRatio && p99Ratio <= PAGE_TARGETS.maxP99Ratio,
    };
  });
  return { label, minimal: base, rows };
}

const steps = [];
steps.push(await measureStep("demo data", await subscribedPick(bench, reader.user.id, false)));
if (process.env.BENCH_DEMO_ONLY === "1") await report();

console.log(`bench: seeding ${fmt(settings.posts)} posts and ${fmt(settings.fans * settings.likesPerFan)} likes…`);
await seedExperts(bench, settings.experts);
await seedReader(bench, reader.user.id);
await withRecordGuardOff(bench, () => seedPosts(bench, 1, settings.posts, settings.experts));
await seedFansAndLikes(bench, 1, settings.fans, settings.likesPerFan);
await bench`VACUUM ANALYZE`;
const counts = await countRows(bench);
console.log(`bench: seeded: ${JSON.stringify(counts)}`);
steps.push(
  await measureStep(
    `${fmt(counts.posts)} posts, ${fmt(counts.likes)} likes`,
    await subscribedPick(bench, reader.user.id, true),
  ),
);
await report();

async function report() {
  console.log("");
  for (const step of steps) {
    console.log(`### ${step.label}`);
    console.log("| page | HTML/JSON | req/s | ÷ minimal | p99 | ÷ minimal p99 | |");
    console.log("|---|---:|---:|---:|---:|---:|---|");
    console.log(`| minimal Remix page | | ${fmt(step.minimal.rps)} | 1 | ${step.minimal.p99} ms | 1 | |`);
    for (const row of step.rows)
      console.log(
        `| ${row.name} | ${fmt(row.bytes / 1024, 1)} kB | ${fmt(row.rps)} | ${row.rpsRatio.toFixed(2)} | ${row.p99} ms | ${row.p99Ratio.toFixed(2)} | ${row.info ? "information" : row.met ? "met" : "MISSED"} |`,
      );
    console.log("");
  }
  const missed = steps.flatMap((step) =>
    step.rows.filter((row) => !row.met && !row.info).map((row) => `${step.label}: ${row.name}`),
  );
  console.log(
    missed.length === 0
      ? `every page ≥ ${PAGE_TARGETS.minRpsRatio} of the minimal page with p99 ≤ ${PAGE_TARGETS.maxP99Ratio}× its p99: MET`
      : `MISSED (≥ ${PAGE_TARGETS.minRpsRatio} and p99 ≤ ${PAGE_TARGETS.maxP99Ratio}×): ${missed.join(", ")}`,
  );
  writeResults("pages-signed-in", { settings, targets: PAGE_TARGETS, steps });
  await exit(missed.length === 0 ? 0 : 1);
}
