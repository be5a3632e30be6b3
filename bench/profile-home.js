// Where does a page's time go? Starts the production server under V8's CPU profiler, loads one
// path with autocannon, and sums the samples taken during the load (start-up, migrations and the
// demo seed are left out) by package and by function.
//
//   node bench/profile-home.js [path=/] [seconds=15]
//   DATABASE_URL=postgres://… node bench/profile-home.js /     (against a PostgreSQL server)
//
// Prints the requests/s under the profiler (lower than without it) and the breakdown; the raw
// .cpuprofile stays in bench/results/profiles/ for Chrome DevTools or speedscope.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [target = "/", seconds = "15"] = process.argv.slice(2);
const port = Number(process.env.BENCH_PROFILE_PORT ?? 4330);
const profileDir = path.join(root, "bench/results/profiles", new Date().toISOString().replace(/[:.]/g, "-"));
mkdirSync(profileDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-profile-"));

const server = spawn(
  process.execPath,
  ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, path.join(root, "build/app-server.js")],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: process.env.DATABASE_URL ?? "memory://",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
const exited = new Promise((resolve) => server.on("exit", resolve));

const base = `http://localhost:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not yet
  }
  if (i > 360) throw new Error("the server did not start");
  await new Promise((resolve) => setTimeout(resolve, 250));
}
await autocannon({ url: base + target, connections: 50, duration: 3 });

// V8 stamps samples with the monotonic clock in microseconds, the same clock as hrtime.
const from = process.hrtime.bigint() / 1000n;
const result = await autocannon({ url: base + target, connections: 50, duration: Number(seconds) });
const to = process.hrtime.bigint() / 1000n;
console.log(
  `${target}: ${Math.round(result.requests.average)} req/s under the profiler, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
);

server.kill("SIGINT");
await exited;
rmSync(dataDir, { recursive: true, force: true });

const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

/** A sample's package: the node_modules package, node's own module, the app bundle or wasm. */
function category(url) {
  if (!url) return "(native: idle, GC, I/O syscalls)";
  if (url.startsWith("wasm://")) return "PGlite (Postgres compiled to wasm)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg === "@electric-sql/pglite") return "PGlite (Postgres compiled to wasm)";
  if (pkg) return pkg;
  if (url.startsWith("node:"))
    return url
      .replace(/^node:internal\/(deps\/)?/, "node:")
      .split("/")
      .slice(0, 2)
      .join("/");
  return path.relative(root, fileURLToPath(url));
}

const self = new Map();
const inclusive = new Map();
const functions = new Map();
let total = 0;
let time = BigInt(profile.startTime);
for (let i = 0; i < profile.samples.length; i++) {
  time += BigInt(profile.timeDeltas[i] ?? 0);
  if (time < from || time > to) continue;
  const delta = profile.timeDeltas[i + 1] ?? 0;
  const id = profile.samples[i];
  const frame = nodes.get(id).callFrame;
  total += delta;
  const own = category(frame.url);
  self.set(own, (self.get(own) ?? 0) + delta);
  const fn = `${frame.functionName || "(anonymous)"}  ${own}:${frame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + delta);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parents.get(cur)) {
    const c = category(nodes.get(cur).callFrame.url);
    if (seen.has(c)) continue;
    seen.add(c);
    inclusive.set(c, (inclusive.get(c) ?? 0) + delta);
  }
}

const print = (title, map, count) => {
  console.log(`\n${title}`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`${((value / total) * 100).toFixed(1).padStart(6)}%  ${key}`);
  }
};
console.log(
  `\nprofiled ${(total / 1e6).toFixed(1)} s of the load window; ${result.requests.total} requests → ${(total / 1000 / result.requests.total).toFixed(2)} ms of main-thread time per request`,
);
print("self time by package", self, 15);
print("inclusive time by package (time spent in it or anything it called)", inclusive, 20);
print("self time by function", functions, 30);
console.log(`\nprofile: ${path.relative(root, path.join(profileDir, file))}`);
