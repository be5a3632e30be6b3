// Benchmark: /leaderboard with 10,000 experts and 1,000,000 graded picks,
// against the minimal Remix page in the same run.
//
//   npm run bench:record                   (builds what is missing or stale; a few minutes of seeding and load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 npm run bench:record      (a quick look)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). A fresh database
// `sharpside_bench_record`, our production server on it (migrated, demo data) and the baseline
// app beside it; then SQL seeds 10,000 experts, 20,000 played games and 1,000,000 graded picks
// (bench/seed-record.js) and the record's sums are rebuilt from them once (rebuild_pick_records):
// the page reads those kept sums, it aggregates nothing per request.
//
// Load (50 connections): the minimal Remix page, `/leaderboard` for a visitor (the page
// micro-cache of decision 007 may serve it, as on the other public pages), and for information
// `/leaderboard?window=all` for a signed-in user (rendered every time, the ranking read from the
// database each request). Target: the visitor's page at least 40 % of the minimal page's rate.
//
// Posting a pick: an expert's `POST /api/posts` of a spread on a game with market
// lines (the leg priced against the market's newest snapshot) against the same expert posting a
// prop on that game (no market check: what posting cost before it). Target: the priced pick at
// least half the prop's rate, i.e. the market check keeps posting under twice its cost.
import {
  alternate,
  benchSettings,
  checkPage,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  signIn,
  startAppAndBaseline,
  withRecordGuardOff,
  writeResults,
} from "./lib.js";
import { seedRecordEvents, seedRecordExperts, seedRecordPicks } from "./seed-record.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4380),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4381),
  database: "sharpside_bench_record",
  experts: Number(process.env.BENCH_EXPERTS ?? 10_000),
  games: Number(process.env.BENCH_GAMES ?? 20_000),
  picks: Number(process.env.BENCH_PICKS ?? 1_000_000),
});
const TARGETS = { minRpsRatio: 0.4, minPostingRatio: 0.5 };

await ensureBuilds();
const { bench, appBase, baselineBase } = await startAppAndBaseline(settings, "record", {
  RATE_LIMIT_POST: "100000000/60",
});
const someone = await signIn(appBase, "alex.fan");

console.log(
  `bench: seeding ${fmt(settings.experts)} experts, ${fmt(settings.games)} games and ${fmt(settings.picks)} graded picks…`,
);
const started = Date.now();
await seedRecordExperts(bench, settings.experts);
await seedRecordEvents(bench, settings.games);
await withRecordGuardOff(bench, async () => {
  const chunk = 200_000;
  for (let from = 1; from <= settings.picks; from += chunk) {
    await seedRecordPicks(bench, from, Math.min(settings.picks, from + chunk - 1), settings.experts);
    process.stdout.write(
      `  ${fmt(Math.min(settings.picks, from + chunk - 1))} picks (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  }
});
await bench`VACUUM ANALYZE`;
const [counts] = await bench`
  SELECT (SELECT count(*)::int FROM posts WHERE pick_result IS NOT NULL) AS graded_picks,
         (SELECT count(*)::int FROM experts) AS experts,
         (SELECT count(*)::int FROM expert_standings) AS standings_rows,
         (SELECT count(*)::int FROM expert_standings WHERE "window" = '30d' AND category_id = 0 AND sample >= 20) AS ranked_30d`;
console.log(`bench: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);

const boardUrl = `${appBase}/leaderboard`;
const allTimeUrl = `${appBase}/leaderboard?window=all`;
const minimalPage = `${baselineBase}/`;
const signedIn = { cookie: someone.cookie };
const pageBytes = {
  leaderboard: await checkPage("leaderboard", boardUrl, [
    "Leaderboard: all sports, last 30 days | SHARPSIDE</title>",
    "RecordExpert",
    "Page 1 of",
  ]),
  baseline: await checkPage("baseline", minimalPage, ["<title>Baseline</title>"]),
};
const signedInPage = await fetch(allTimeUrl, { headers: signedIn });
if (signedInPage.status !== 200 || !(await signedInPage.text()).includes("RecordExpert"))
  await fail(`${allTimeUrl} signed in answered ${signedInPage.status} without ranked experts`);

console.log(
  `bench: /leaderboard against the minimal Remix page, ${settings.connections} connections (${machineLine()})`,
);
const figures = await alternate(settings, [
  { name: "minimal-page", url: minimalPage },
  { name: "leaderboard", url: boardUrl },
  { name: "leaderboard-user", url: allTimeUrl, headers: signedIn },
]);
// Posting: a coming NBA game with the market's lines, and a demo expert writing picks on it.
const [nba] = await bench`SELECT id FROM categories WHERE name = 'NBA'`;
const [game] = await bench`
  INSERT INTO events (category_id, home_team, away_team, starts_at) VALUES (${nba.id}, 'Los Angeles Lakers', 'Boston Celtics', now() + interval '2 days') RETURNING id`;
await bench`
  INSERT INTO market_snapshots (event_id, market, side, line, price, bookmakers) VALUES
    (${game.id}, 'Moneyline', 'Home', NULL, -200, 6), (${game.id}, 'Moneyline', 'Away', NULL, 170, 6),
    (${game.id}, 'Spread', 'Home', -4.5, -110, 6), (${game.id}, 'Spread', 'Away', 4.5, -110, 6), (${game.id}, 'Spread', 'Home', -5, -105, 2),
    (${game.id}, 'Total', 'Over', 220.5, -110, 6), (${game.id}, 'Total', 'Under', 220.5, -110, 6)`;
const expert = await signIn(appBase, "lebronpicks");
const pickBody = (market, leg) =>
  JSON.stringify({
    postType: "Pick",
    title: "Bench pick",
    body: [{ type: "paragraph", children: [{ text: "Why the Lakers cover tonight." }] }],
    categoryId: nba.id,
    market,
    legs: [leg],
    units: 1,
    publishDate: new Date().toISOString(),
  });
const posting = {
  url: `${appBase}/api/posts`,
  method: "POST",
  expectStatus: 201,
  headers: { cookie: expert.cookie, "content-type": "application/json" },
};
const pricedPick = {
  ...posting,
  name: "pick-priced",
  body: pickBody("Spread", { eventId: game.id, market: "Spread", side: "Home", line: -4.5, odds: -110 }),
};
const propPick = {
  ...posting,
  name: "pick-prop",
  body: pickBody("PlayerProp", {
    eventId: game.id,
    market: "PlayerProp",
    description: "LeBron James over 25.5 points",
    odds: -115,
  }),
};
for (const target of [pricedPick, propPick]) {
  const response = await fetch(target.url, { method: "POST", headers: target.headers, body: target.body });
  if (response.status !== 201) await fail(`${target.name} answered ${response.status}: ${await response.text()}`);
}
console.log(`bench: posting a priced pick against posting a prop, ${settings.connections} connections`);
Object.assign(figures, await alternate(settings, [pricedPick, propPick]));
const postingRatio = figures["pick-priced"].rps / figures["pick-prop"].rps;
const postingPassed = postingRatio >= TARGETS.minPostingRatio;

const ratio = figures.leaderboard.rps / figures["minimal-page"].rps;
const userRatio = figures["leaderboard-user"].rps / figures["minimal-page"].rps;
const passed = ratio >= TARGETS.minRpsRatio;

console.log("");
console.log("| target | requests/s | p50 | p99 |");
console.log("|---|---:|---:|---:|");
console.log(
  `| minimal Remix SSR page | ${fmt(figures["minimal-page"].rps)} | ${figures["minimal-page"].p50} ms | ${figures["minimal-page"].p99} ms |`,
);
console.log(
  `| /leaderboard, visitor (${fmt(pageBytes.leaderboard / 1024, 1)} kB) | ${fmt(figures.leaderboard.rps)} | ${figures.leaderboard.p50} ms | ${figures.leaderboard.p99} ms |`,
);
console.log(
  `| (info) /leaderboard?window=all, signed in | ${fmt(figures["leaderboard-user"].rps)} | ${figures["leaderboard-user"].p50} ms | ${figures["leaderboard-user"].p99} ms |`,
);
console.log(
  `| POST /api/posts, a spread priced against the market | ${fmt(figures["pick-priced"].rps)} | ${figures["pick-priced"].p50} ms | ${figures["pick-priced"].p99} ms |`,
);
console.log(
  `| POST /api/posts, a prop (no market check) | ${fmt(figures["pick-prop"].rps)} | ${figures["pick-prop"].p50} ms | ${figures["pick-prop"].p99} ms |`,
);
console.log("");
console.log(
  `leaderboard/minimal page requests/s:          ${ratio.toFixed(2)} (target ≥ ${TARGETS.minRpsRatio}) ${passed ? "MET" : "MISSED"}`,
);
console.log(`(info) signed-in leaderboard/minimal page:    ${userRatio.toFixed(2)}`);
console.log(
  `priced pick/prop posting requests/s:          ${postingRatio.toFixed(2)} (target ≥ ${TARGETS.minPostingRatio}) ${postingPassed ? "MET" : "MISSED"}`,
);

const report = writeResults("record", {
  settings,
  targets: TARGETS,
  counts,
  pageBytes,
  ...figures,
  ratios: { rps: ratio, signedIn: userRatio, posting: postingRatio },
  passed: passed && postingPassed,
});
await exit(report.passed ? 0 : 1);
