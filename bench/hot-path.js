// Benchmark: each hot-path trick (app/db/hot-path/README.md) on and off, in one run.
//
//   node bench/hot-path.js                  (builds what is missing or stale; ~8 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=5 node bench/hot-path.js      (a quick look)
//   BENCH_BUILD_DIR=/elsewhere/build node bench/hot-path.js     (variants of another build)
//
// Needs a PostgreSQL server (BENCH_PG_URL, as bench/posts.js). One fresh database
// `sharpside_bench_hot_path` holds the demo data and bench/posts.js's first step (1,000 experts,
// 10,000 posts, 100,000 likes; the reader `alex.fan` follows 40 of them and subscribes to 10). On it
// run one production server per variant of the same build:
//
//   all           the build as it is;
//   no-router     @remix-run/router without patches/@remix-run+router+1.23.3.patch (a require hook);
//   no-route-tree Remix's server route tree rebuilt on every render, as published (the tree parts
//                 of patches/@remix-run+react+2.17.5.patch and patches/react-router-dom+6.30.4.patch);
//   no-prepared   no prepared statements at all: each request builds its query and PostgreSQL
//                 parses and plans it (unnamed), as for any other query.
//
// Each round sends, per variant (in a rotating order), BENCH_REQUESTS (2,000) signed-in requests to
// `GET /api/user/me` and `GET /api/posts/my/feed` and a quarter as many to the page `/`, and reads
// the CPU time they cost: the server process's and its PostgreSQL backends' (/proc). Figures: the
// median µs per request, and the ratio to the `all` variant's. CPU per request, not requests/s:
// on a machine others share, a rate measures them as much as us. No target: exit 0 unless the
// run failed (2).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  appNodeFlags,
  backendTicks,
  backendTicksSpent,
  benchSettings,
  cpuTicks,
  ensureBuilds,
  exit,
  fail,
  fmt,
  freshDatabase,
  machineLine,
  measure,
  resultsDir,
  root,
  signIn,
  startServer,
  tempDir,
  TICK_US,
  waitFor,
  withRecordGuardOff,
  writeResults,
} from "./lib.js";
import { countRows, seedExperts, seedFansAndLikes, seedPosts, seedReader } from "./seed-posts.js";

const settings = benchSettings({
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  requests: Number(process.env.BENCH_REQUESTS ?? 2000),
  firstPort: Number(process.env.BENCH_APP_PORT ?? 4390),
  baselinePort: Number(process.env.BENCH_BASELINE_PORT ?? 4389),
  database: "sharpside_bench_hot_path",
  buildDir: path.resolve(process.env.BENCH_BUILD_DIR ?? path.join(root, "build")),
});

// ---------------------------------------------------------------------------------------------
// Variants: copies of one build, each with one trick taken out
// ---------------------------------------------------------------------------------------------
// Under the repository, so the copies resolve node_modules as the build does.
const variantsDir = path.join(resultsDir, "hot-path-variants");

/** Replaces `from` by `to` in every bundle of a build copy; answers how many bundles had it. */
function edit(buildCopy, from, to) {
  let found = 0;
  for (const file of [path.join(buildCopy, "app-server.js"), ...bundlesUnder(path.join(buildCopy, "server"))]) {
    const text = readFileSync(file, "utf8");
    if (!text.includes(from)) continue;
    found += 1;
    writeFileSync(file, text.split(from).join(to));
  }
  return found;
}

function bundlesUnder(dir) {
  const out = spawnSync("find", [dir, "-name", "*.js"], { encoding: "utf8" }).stdout.trim();
  return out ? out.split("\n") : [];
}

function copyBuild(name) {
  const copy = path.join(variantsDir, name);
  rmSync(copy, { recursive: true, force: true });
  cpSync(settings.buildDir, copy, { recursive: true });
  return copy;
}

async function prepareVariants() {
  rmSync(variantsDir, { recursive: true, force: true });
  mkdirSync(variantsDir, { recursive: true });
  const all = copyBuild("all");

  // The route matcher as published: the patch reversed on a copy, which a require hook hands out.
  const routerHook = await unpatchedHook("unpatched-router", "patches/@remix-run+router+1.23.3.patch", {
    "@remix-run/router/dist/router.cjs.js": "router.unpatched.cjs",
  });
  // The route tree rebuilt on every render, as published (both patches of decision 051).
  const treeHook = await unpatchedHook("unpatched-route-tree", "patches/@remix-run+react+2.17.5.patch", {
    "@remix-run/react/dist/server.js": "remix-react-server.unpatched.cjs",
  });
  const treeHook2 = await unpatchedHook("unpatched-static-router", "patches/react-router-dom+6.30.4.patch", {
    "react-router-dom/server.js": "react-router-dom-server.unpatched.cjs",
  });

  const noPrepared = copyBuild("no-prepared");
  // esbuild may rename the parameter (build2) in one bundle.
  const cached = ["build", "build2"].map((build) =>
    edit(noPrepared, `if (!statement) statements.set(db, statement = ${build}(db));`, `statement = ${build}(db);`),
  );
  if (cached[0] + cached[1] < 2)
    await fail("no-prepared: preparedStatement's cache was not found in the build; update bench/hot-path.js");
  // drizzle names a statement's query when it has a name, which makes postgres.js prepare it.
  const unnamedHook = path.join(variantsDir, "unnamed-statements.mjs");
  writeFileSync(
    unnamedHook,
    `import { PostgresJsSession } from "drizzle-orm/postgres-js/session";
const prepareQuery = PostgresJsSession.prototype.prepareQuery;
PostgresJsSession.prototype.prepareQuery = function (query, fields, name, ...rest) {
  return prepareQuery.call(this, query, fields, undefined, ...rest);
};
`,
  );
  return [
    { name: "all", dir: all, nodeArgs: [] },
    { name: "no-router", dir: all, nodeArgs: ["--require", routerHook] },
    { name: "no-route-tree", dir: all, nodeArgs: ["--require", treeHook, "--require", treeHook2] },
    { name: "no-prepared", dir: noPrepared, nodeArgs: ["--import", pathToImport(unnamedHook)] },
  ];
}

const pathToImport = (file) => new URL(`file://${file}`).href;

/**
 * A require hook (a file for `--require`) for a variant without `patchFile`: each of `files`
 * (under node_modules -> a copy's name) is compiled from a copy with its part of the patch
 * reversed, under its own file name (so its relative requires still resolve).
 */
async function unpatchedHook(name, patchFile, files) {
  const swaps = {};
  for (const [file, copyName] of Object.entries(files)) {
    const original = path.join(root, "node_modules", file);
    const copy = path.join(variantsDir, copyName);
    cpSync(original, copy);
    const hunks = readFileSync(path.join(root, patchFile), "utf8")
      .split(/^(?=diff --git )/m)
      .filter((part) => part.includes(`node_modules/${file}`))
      .join("");
    const reversed = spawnSync("patch", ["-R", "-s", copy], { input: hunks, encoding: "utf8" });
    if (reversed.status !== 0) await fail(`could not reverse ${patchFile}: ${reversed.stdout}${reversed.stderr}`);
    swaps[original] = copy;
  }
  const hook = path.join(variantsDir, `${name}.cjs`);
  writeFileSync(
    hook,
    `const Module = require("node:module");
const { readFileSync } = require("node:fs");
const swaps = ${JSON.stringify(swaps)};
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  return compile.call(this, swaps[filename] ? readFileSync(swaps[filename], "utf8") : content, filename);
};
`,
  );
  return hook;
}

// ---------------------------------------------------------------------------------------------

await ensureBuilds({ app: settings.buildDir === path.join(root, "build"), baseline: false });
if (!existsSync(path.join(settings.buildDir, "app-server.js"))) await fail(`no build in ${settings.buildDir}`);
const variants = await prepareVariants();

// Other builds beside the variants (BENCH_EXTRA_BUILDS="name=/path/to/build,…"): another version
// of a library choice, say, measured the same way.
for (const extra of (process.env.BENCH_EXTRA_BUILDS ?? "").split(",").filter(Boolean)) {
  const [name, dir] = extra.split("=");
  const copy = path.join(variantsDir, name);
  cpSync(path.resolve(dir), copy, { recursive: true });
  variants.push({ name, dir: copy, nodeArgs: [] });
}

const { url: databaseUrl, sql: bench } = await freshDatabase(settings.database);
const env = (name) => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: tempDir(`sharpside-bench-hot-path-${name}-`),
  SEED_DEMO_DATA: "always",
  SESSION_SECRET: "bench-hot-path-secret-0123456789abcdef0123456789abcdef",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  APP_URL: "",
  SMTP_URL: "",
  RATE_LIMIT_SIGN_IN_IP: "1000000/60",
  RATE_LIMIT_SIGN_IN_ACCOUNT: "1000000/60",
});
// One at a time: the first migrates and seeds the demo, the others find it done.
for (const [index, variant] of variants.entries()) {
  variant.base = `http://localhost:${settings.firstPort + index}`;
  variant.child = startServer(
    variant.name,
    path.join(variant.dir, "app-server.js"),
    settings.firstPort + index,
    env(variant.name),
    [...appNodeFlags, ...variant.nodeArgs],
  );
  await waitFor(`${variant.base}/api/health`);
}

const reader = await signIn(variants[0].base, "alex.fan");
console.log("bench: seeding 1,000 experts, 10,000 posts and 100,000 likes…");
await seedExperts(bench, 1000);
await seedReader(bench, reader.user.id);
await withRecordGuardOff(bench, () => seedPosts(bench, 1, 10_000, 1000));
await seedFansAndLikes(bench, 1, 1000, 100);
await bench`VACUUM ANALYZE`;
console.log(`bench: ${JSON.stringify(await countRows(bench))}`);

const headers = { Cookie: reader.cookie };
const KINDS = [
  { kind: "me", path: "/api/user/me", requests: settings.requests },
  { kind: "feed", path: "/api/posts/my/feed", requests: settings.requests },
  { kind: "page", path: "/", requests: Math.round(settings.requests / 4) },
].filter(({ kind }) => (process.env.BENCH_TARGETS ?? "me,feed,page").split(",").includes(kind));
for (const variant of variants) {
  const feed = await fetch(`${variant.base}/api/posts/my/feed`, { headers }).then((r) => r.json());
  if (!feed.items?.length) await fail(`${variant.name}: the feed is empty`);
}

// ---------------------------------------------------------------------------------------------
// CPU time per request: the app's process and the database's backends (lib.js).
// ---------------------------------------------------------------------------------------------

async function measureCpu(variant, { kind, path: urlPath, requests }) {
  const nodeBefore = cpuTicks(variant.child.pid);
  const pgBefore = await backendTicks(bench, settings.database);
  const result = await measure(`${variant.name} ${kind}`, {
    url: `${variant.base}${urlPath}`,
    headers,
    connections: settings.connections,
    amount: requests,
  });
  const nodeUs = ((cpuTicks(variant.child.pid) - nodeBefore) * TICK_US) / requests;
  const pgAfter = await backendTicks(bench, settings.database);
  const pgTicks = backendTicksSpent(pgBefore, pgAfter);
  return { rps: result.rps, nodeUs, pgUs: (pgTicks * TICK_US) / requests };
}

console.log(
  `bench: ${settings.rounds} round(s), ${settings.requests} requests per API target (a quarter for the page), ` +
    `${settings.connections} connections (${machineLine()})`,
);
for (const variant of variants) for (const target of KINDS) await measureCpu(variant, { ...target, requests: 200 });

const runs = {};
for (let round = 0; round < settings.rounds; round++) {
  // The access cookie lives 15 minutes: a new one each round.
  headers.Cookie = (await signIn(variants[0].base, "alex.fan")).cookie;
  const order = variants.map((_, i) => variants[(i + round) % variants.length]);
  // Each target on every variant in turn, so what is compared runs close together.
  for (const target of KINDS)
    for (const variant of order) {
      const result = await measureCpu(variant, target);
      (runs[`${variant.name} ${target.kind}`] ??= []).push(result);
      console.log(
        `  round ${round + 1} ${`${variant.name} ${target.kind}`.padEnd(18)} node ${fmt(result.nodeUs).padStart(6)} µs  ` +
          `pg ${fmt(result.pgUs).padStart(5)} µs per request  (${fmt(result.rps)} req/s)`,
      );
    }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const figures = Object.fromEntries(
  Object.entries(runs).map(([name, list]) => [
    name,
    {
      nodeUs: median(list.map((r) => r.nodeUs)),
      pgUs: median(list.map((r) => r.pgUs)),
      totalUs: median(list.map((r) => r.nodeUs + r.pgUs)),
      rps: median(list.map((r) => r.rps)),
      runs: list,
    },
  ]),
);

console.log("");
console.log("CPU per request, node + PostgreSQL (÷ the `all` variant's): the lower, the cheaper");
console.log("| variant | /api/user/me | /api/posts/my/feed | / signed in |");
console.log("|---|---:|---:|---:|");
for (const variant of variants) {
  const cell = (kind) => {
    const own = figures[`${variant.name} ${kind}`];
    if (!own) return "";
    const all = figures[`all ${kind}`];
    return `${fmt(own.nodeUs)} + ${fmt(own.pgUs)} µs (${(own.totalUs / all.totalUs).toFixed(2)})`;
  };
  console.log(`| ${variant.name} | ${cell("me")} | ${cell("feed")} | ${cell("page")} |`);
}
writeResults("hot-path", { settings, figures });
await exit(0);
