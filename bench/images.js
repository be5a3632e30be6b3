// Benchmark: the image proxy.
//
//   npm run bench:images                    (builds what is missing or stale, then ~2 minutes of load)
//   BENCH_ROUNDS=1 BENCH_DURATION=3 npm run bench:images       (a quick look)
//
// Starts our production server (build/app-server.js) on a fresh embedded database in a temporary
// DATA_DIR (demo data seeded, so the local-disk storage driver and its signed POST are used),
// signs a demo account in and uploads a 1600×1067 photo through the real flow (presign → POST
// to /api/file/upload → metadata). Then autocannon (50 connections) alternates
//   GET /api/health                                   (a resource route + one database query)
//   GET /img?src=<the upload's key>&w=320&q=75  with Accept: image/webp
// on the same server, and compares the medians: img requests/s ÷ health requests/s ≥ 0.5. The
// first /img request renders the variant into $DATA_DIR/image-cache; the load measures the
// cached path (read from disk, strong ETag, a year of immutable caching), which is what every
// visitor after the first gets. Every response must be a 200 of the right type.
//
// Results go to bench/results/ (git-ignored). Exit code 1 when the target is missed, 2 when the
// run itself failed.
import sharp from "sharp";
import {
  appServer,
  benchSettings,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  measure,
  startServer,
  summarise,
  tempDir,
  waitFor,
  writeResults,
} from "./lib.js";

const settings = benchSettings({
  appPort: Number(process.env.BENCH_APP_PORT ?? 4340),
  width: 320,
  quality: 75,
});
const TARGETS = { minImgRpsRatio: 0.5 };
const DEMO_ACCOUNT = process.env.BENCH_DEMO_ACCOUNT ?? "lebronpicks@demo.sharpside.app"; // app/demo/seed.server.ts
const DEMO_PASSWORD = process.env.BENCH_DEMO_PASSWORD ?? "sharpside-demo";

await ensureBuilds();

const dataDir = tempDir("sharpside-bench-images-");
startServer("app", appServer, settings.appPort, {
  DATABASE_URL: "",
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: "auto",
  LOG_LEVEL: "warn",
  APP_URL: "",
  SMTP_URL: "",
  S3_ENDPOINT: "",
  S3_ACCESS_KEY: "",
  S3_SECRET_KEY: "",
  S3_BUCKET: "",
  RATE_LIMIT_SIGN_IN_IP: "1000000/60",
  RATE_LIMIT_UPLOAD: "1000000/60",
});
const appBase = `http://localhost:${settings.appPort}`;
await waitFor(`${appBase}/api/health`);

async function postJson(path, body, cookie) {
  const response = await fetch(`${appBase}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (response.status !== 200) await fail(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return { json, response };
}

// A demo account uploads a photo through the same flow the browser uses.
const session = await postJson("/api/session", {
  session: { emailOrUserName: DEMO_ACCOUNT, password: DEMO_PASSWORD, rememberMe: false },
});
const cookie = session.response.headers
  .getSetCookie()
  .find((c) => c.startsWith("ss_access="))
  ?.split(";")[0];
if (!cookie) await fail("signing the demo account in set no ss_access cookie");
const photo = await sharp({
  create: { width: 1600, height: 1067, channels: 3, background: { r: 24, g: 110, b: 160 } },
})
  .composite([
    {
      input: Buffer.from('<svg width="1600" height="1067"><circle cx="800" cy="533" r="400" fill="#f5a623"/></svg>'),
      top: 0,
      left: 0,
    },
  ])
  .jpeg({ quality: 85 })
  .toBuffer();
const presigned = (await postJson("/api/file/presign", { type: "image/jpeg" }, cookie)).json.payload;
const form = new FormData();
for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
form.append("file", new Blob([photo], { type: "image/jpeg" }), "bench.jpg");
const stored = await fetch(new URL(presigned.url, appBase), { method: "POST", body: form });
if (stored.status !== 204) await fail(`the upload POST answered ${stored.status}: ${await stored.text()}`);
const uploaded = (await postJson("/api/file/metadata", { key: presigned.fields.key, filename: "bench.jpg" }, cookie))
  .json.payload;
if (uploaded.width !== 1600 || uploaded.height !== 1067)
  await fail(`the metadata step measured ${uploaded.width}×${uploaded.height}, not 1600×1067`);

const imgPath = `/img?${new URLSearchParams({ src: uploaded.key, w: String(settings.width), q: String(settings.quality) })}`;
const imgHeaders = { accept: "image/avif;q=0,image/webp,*/*;q=0.8" };

// Each target answers what it should before it is measured.
const first = await fetch(`${appBase}${imgPath}`, { headers: imgHeaders });
const firstBody = Buffer.from(await first.arrayBuffer());
if (first.status !== 200 || first.headers.get("content-type") !== "image/webp") {
  await fail(`${imgPath} answered ${first.status} ${first.headers.get("content-type")}`);
}
const meta = await sharp(firstBody).metadata();
if (meta.format !== "webp" || meta.width !== settings.width)
  await fail(`${imgPath} answered a ${meta.format} ${meta.width} px wide`);
const etag = first.headers.get("etag");
const revalidated = await fetch(`${appBase}${imgPath}`, { headers: { ...imgHeaders, "if-none-match": etag } });
if (revalidated.status !== 304) await fail(`If-None-Match ${etag} answered ${revalidated.status}, not 304`);
const health = await fetch(`${appBase}/api/health`);
const healthBody = await health.json().catch(() => null);
if (health.status !== 200 || healthBody?.payload?.database !== "ok")
  await fail(`/api/health answered ${health.status}: ${JSON.stringify(healthBody)}`);
const responseBytes = { img: firstBody.length, health: Buffer.byteLength(JSON.stringify(healthBody)) };

const targets = {
  health: { url: `${appBase}/api/health` },
  img: { url: `${appBase}${imgPath}`, headers: imgHeaders },
};
const load = (name, options) => measure(name, { connections: settings.connections, ...options });

console.log(
  `bench: ${settings.rounds} round(s) of ${settings.durationSeconds} s per target, ${settings.connections} connections, ` +
    `after ${settings.warmupSeconds} s of warm-up each (${machineLine()})`,
);
for (const [name, options] of Object.entries(targets))
  await load(`${name} (warm-up)`, { ...options, duration: settings.warmupSeconds });

const runs = { health: [], img: [] };
for (let round = 1; round <= settings.rounds; round++) {
  for (const name of ["health", "img"]) {
    const result = await load(name, { ...targets[name], duration: settings.durationSeconds });
    runs[name].push(result);
    console.log(
      `  round ${round} ${name.padEnd(6)} ${fmt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
    );
  }
}

const healthSummary = summarise(runs.health);
const imgSummary = summarise(runs.img);
const ratio = imgSummary.rps / healthSummary.rps;
const passed = ratio >= TARGETS.minImgRpsRatio;

console.log("");
console.log("| target | requests/s | p50 | p99 | body |");
console.log("|---|---:|---:|---:|---:|");
console.log(
  `| GET /api/health (one database query) | ${fmt(healthSummary.rps)} | ${healthSummary.p50} ms | ${healthSummary.p99} ms | ${fmt(responseBytes.health)} B |`,
);
console.log(
  `| GET ${imgPath.replace(/src=[^&]+/, "src=<upload>")} (webp, cached) | ${fmt(imgSummary.rps)} | ${imgSummary.p50} ms | ${imgSummary.p99} ms | ${fmt(responseBytes.img)} B |`,
);
console.log("");
console.log(
  `img/health requests/s:        ${ratio.toFixed(2)} (target ≥ ${TARGETS.minImgRpsRatio}) ${passed ? "MET" : "MISSED"}`,
);

const report = writeResults("images", {
  settings,
  targets: TARGETS,
  source: { key: uploaded.key, width: uploaded.width, height: uploaded.height, bytes: photo.length },
  responseBytes,
  health: healthSummary,
  img: imgSummary,
  ratios: { imgRps: ratio, imgP99: imgSummary.p99 / healthSummary.p99 },
  passed,
});

await exit(report.passed ? 0 : 1);
