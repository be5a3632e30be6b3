// Benchmark: a public expert page against a minimal Remix SSR page, measured in one run on one
// machine (decision 021; baseline in bench/baseline).
//
//   npm run bench:experts                     (builds what is missing, then ~2.5 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:experts      (a quick look)
//   BENCH_EXPERT=GridironGuru npm run bench:experts            (another demo expert)
//
// Both servers run in production mode side by side, the app on a throw-away embedded database
// with the demo data; autocannon (50 connections) loads one at a time, alternating baseline,
// expert, baseline, expert… and the medians are compared:
//   expert requests/s ÷ baseline requests/s ≥ 0.40   and   expert p99 ÷ baseline p99 < 3.
// The page is requested signed out, as search engines and shared links do, so the page
// micro-cache (decision 007) may serve it. Results go to bench/results/ (git-ignored). Exit code 1
// when a target is missed, 2 when the run itself failed (a server did not start, a response was
// not 200, the page leaked a locked pick's analysis, …).
import {
  appServer,
  baselineServer,
  benchSettings,
  checkPage,
  comparePageWithBaseline,
  ensureBuilds,
  startServer,
  tempDir,
  waitFor,
} from "./lib.js";

const settings = benchSettings({
  expertPort: Number(process.env.BENCH_EXPERT_PORT ?? 4340),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4341),
  // A demo expert (app/demo/seed.server.ts) with graded picks, locked picks and free posts.
  expert: process.env.BENCH_EXPERT ?? "LeBronPicks",
});

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

const dataDir = tempDir("sharpside-bench-experts-");
startServer("expert", appServer, settings.expertPort, {
  DATABASE_URL: "memory://",
  // The production default seeds nothing; these benches measure the demo's pages.
  SEED_DEMO_DATA: "always",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  APP_URL: "",
});
startServer("baseline", baselineServer, settings.baselinePort);

const expertUrl = `http://localhost:${settings.expertPort}/experts/${encodeURIComponent(settings.expert)}`;
const baselineUrl = `http://localhost:${settings.baselinePort}/`;
await waitFor(`http://localhost:${settings.expertPort}/api/health`);
await waitFor(baselineUrl);

const pageBytes = {
  // Signed out, with the demo data: the profile, the record and the posts; a locked pick shows
  // only its teaser (the seeded analysis says "Key factors:" in every pick's body).
  expert: await checkPage(
    "expert",
    expertUrl,
    [`(@${settings.expert}) | SHARPSIDE</title>`, "Verified record", "/month", "Subscribers only", 'rel="canonical"'],
    ["Key factors:"],
  ),
  baseline: await checkPage("baseline", baselineUrl, ["<title>Baseline</title>", "Hello from a minimal Remix page."]),
};

await comparePageWithBaseline({
  resultsName: "experts",
  target: "expert",
  label: `/experts/${settings.expert}, signed out, demo data`,
  pageUrl: expertUrl,
  baselineUrl,
  pageBytes,
  settings,
});
