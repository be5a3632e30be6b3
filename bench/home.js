// Benchmark: the production home page against a minimal Remix SSR page, measured in one run on
// one machine (baseline in bench/baseline).
//
//   npm run bench                    (builds what is missing, then ~2.5 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench      (a quick look)
//
// Both servers run in production mode side by side; autocannon (50 connections) loads one at a
// time, alternating baseline, home, baseline, home… and the medians are compared:
//   home requests/s ÷ baseline requests/s ≥ 0.40   and   home p99 ÷ baseline p99 < 3.
// Results go to bench/results/ (git-ignored). Exit code 1 when a target is missed, 2 when the
// run itself failed (a server did not start, a response was not 200, …).
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
  homePort: Number(process.env.BENCH_HOME_PORT ?? 4320),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4321),
});

// ---------------------------------------------------------------------------------------------

await ensureBuilds();

const dataDir = tempDir("sharpside-bench-");
startServer("home", appServer, settings.homePort, {
  DATABASE_URL: "memory://",
  // The production default seeds nothing; these benches measure the demo's pages.
  SEED_DEMO_DATA: "always",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  APP_URL: "",
});
startServer("baseline", baselineServer, settings.baselinePort);

const homeUrl = `http://localhost:${settings.homePort}/`;
const baselineUrl = `http://localhost:${settings.baselinePort}/`;
await waitFor(`http://localhost:${settings.homePort}/api/health`);
await waitFor(baselineUrl);

const pageBytes = {
  // Signed out, with the demo data: the seeded experts and posts are on the page.
  home: await checkPage("home", homeUrl, [
    "<title>SHARPSIDE</title>",
    "Featured experts",
    'href="/experts/',
    "Sign In / Sign up",
  ]),
  baseline: await checkPage("baseline", baselineUrl, ["<title>Baseline</title>", "Hello from a minimal Remix page."]),
};

await comparePageWithBaseline({
  resultsName: "home",
  target: "home",
  label: "Sharpside home, signed out, demo data",
  pageUrl: homeUrl,
  baselineUrl,
  pageBytes,
  settings,
});
