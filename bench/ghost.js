// Benchmark: a subscriber's post page against Ghost's post page, in one run (target: ≥ 5×).
//
//   GHOST_DIR=/path/to/ghost npm run bench:ghost      (~4 minutes of load)
//
// Ghost is not ours to ship: install Ghost 5.130.6 from the npm registry beside the project once
// (its package names its own parts as files, so it installs from its unpacked folder):
//
//   npm pack ghost@5.130.6 && tar xzf ghost-5.130.6.tgz && cd package
//   node -e 'const p=require("./package.json");delete p.devDependencies;require("fs").writeFileSync("package.json",JSON.stringify(p))'
//   npm install --omit=dev --legacy-peer-deps
//   (cd node_modules/sqlite3 && npx node-gyp rebuild --nodedir=/usr)   # npm 11 skips install scripts
//   (cd node_modules/re2 && npx node-gyp rebuild --nodedir=/usr)
//
// Then GHOST_DIR is that `package` folder. Ghost runs in production mode on SQLite (a fresh
// database in a temporary content folder), its owner set up through its admin API, with 20 long
// posts (about 1,500 words each, as its editor saves them). Our production server runs
// on a fresh PostgreSQL database with the demo data, signed in as `alex.fan`, who subscribes to
// the pick's expert (the analysis is in the page). Alternated with the minimal Remix page, 50
// connections: Ghost's post page, and ours. Exit code 1 when ours is below 5 × Ghost's requests/s,
// 2 when the run itself failed.
import { existsSync } from "node:fs";
import path from "node:path";
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
  writeResults,
} from "./lib.js";
import { seedGhost, startGhost } from "./ghost-server.js";
import { subscribedPick } from "./seed-posts.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4410),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4411),
  ghostPort: Number(process.env.BENCH_GHOST_PORT ?? 4412),
  database: "sharpside_bench_ghost",
  ghostPosts: 20,
});
const TARGET_RATIO = 5;
const READER = "alex.fan";

const ghostDir = process.env.GHOST_DIR ? path.resolve(process.env.GHOST_DIR) : "";
if (!ghostDir || !existsSync(path.join(ghostDir, "index.js")))
  await fail("GHOST_DIR must name an installed Ghost 5.130.6 folder (see the top of bench/ghost.js)");

await ensureBuilds();
const { bench, appBase, baselineBase } = await startAppAndBaseline(settings, "ghost");
const ghostBase = await startGhost(ghostDir, settings.ghostPort);
const ghostPost = await seedGhost(ghostBase, settings.ghostPosts);
const reader = await signIn(appBase, READER);
const signedIn = { Cookie: reader.cookie };
const pick = await subscribedPick(bench, reader.user.id, false);
const ourPost = `${appBase}/posts/${pick.id}`;

const bytes = {
  ghost: await checkPage("Ghost's post", ghostPost.url, [`<title>${ghostPost.title}`]),
  ours: await checkPage("post (subscriber)", ourPost, ["| SHARPSIDE</title>", pick.locked], [], signedIn),
};
console.log(`bench: a subscriber's post page against Ghost's post page (${machineLine()})`);
const figures = await alternate(settings, [
  { name: "minimal-page", url: `${baselineBase}/` },
  { name: "ghost-post", url: ghostPost.url },
  { name: "post-subscriber", url: ourPost, headers: signedIn },
]);
const base = figures["minimal-page"];
const ratio = figures["post-subscriber"].rps / figures["ghost-post"].rps;
console.log("\n| page | HTML | req/s | ÷ minimal | p99 |\n|---|---:|---:|---:|---:|");
console.log(`| minimal Remix page | | ${fmt(base.rps)} | 1 | ${base.p99} ms |`);
for (const [name, label, size] of [
  ["ghost-post", "Ghost 5.130.6 post page", bytes.ghost],
  ["post-subscriber", "our post page, subscriber", bytes.ours],
])
  console.log(
    `| ${label} | ${fmt(size / 1000, 1)} kB | ${fmt(figures[name].rps)} | ${fmt(figures[name].rps / base.rps, 2)} | ${figures[name].p99} ms |`,
  );
console.log(`\nours ÷ Ghost's: ${fmt(ratio, 2)} (target ≥ ${TARGET_RATIO})`);
writeResults("ghost", { figures, bytes, ratio, target: TARGET_RATIO });
await exit(ratio >= TARGET_RATIO ? 0 : 1);
