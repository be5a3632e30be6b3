// Benchmark: what each public page sends, and its largest contentful paint.
//
//   npm run bench:pages                 (builds the app when missing or stale; 5–8 minutes)
//   BENCH_LCP_RUNS=1 npm run bench:pages       (a quick look: one cold load a page)
//
// Starts the production build (`build/app-server.js`) on a throw-away in-memory PGlite database
// with the demo data, then opens every public page in Debian's Chromium, cold (a new browser
// context a load, the HTTP cache disabled), with the cookie banner answered ("declined", so no
// third-party script either), under a fixed throttle: DevTools' "Fast 4G" (165 ms round trip,
// 9 Mbit/s × 0.9 down, 1.5 Mbit/s × 0.9 up) and the CPU slowed 4×. For each page it records:
//
//   - JavaScript: bytes on the wire (the encoded, i.e. gzip, body of every script response,
//     module preloads and lazily imported chunks included) and uncompressed (decoded body);
//   - CSS likewise; the number of requests (the document, scripts, styles, images, data, all);
//   - LCP: the last 'largest-contentful-paint' entry of a PerformanceObserver, read once the page
//     has hydrated and the network has been idle since; the median of BENCH_LCP_RUNS loads
//     (default 3);
//   - whether the editor (Slate) or Stripe code came: a same-origin script whose text carries
//     Slate's `data-slate-editor` or Stripe.js's `js.stripe.com`, or any request to *.stripe.com.
//
// The same for alex.fan (signed in, subscribed to LeBronPicks) on the post and expert pages, and
// LeBronPicks (an expert) with `?createEditPost=NEW`, where the editor must come. Exits 1 when the
// post or expert page sends 150 KB of JavaScript or more (gzip), or the editor or Stripe code
// comes where it must not (or not where it must); 2 when the run itself failed. Results go to
// bench/results/page-weight-<date>.json and page-weight-latest.json (git-ignored).
import { chromium } from "playwright-core";
import {
  appServer,
  ensureBuilds,
  exit,
  fail,
  fmt,
  machineLine,
  signIn,
  startServer,
  tempDir,
  waitFor,
  writeResults,
} from "./lib.js";

const settings = {
  port: Number(process.env.BENCH_PAGES_PORT ?? 4360),
  lcpRuns: Number(process.env.BENCH_LCP_RUNS ?? 3),
  throttle: {
    // Chrome DevTools' "Fast 4G" preset, as it sends it over CDP.
    network: {
      offline: false,
      latency: 165,
      downloadThroughput: (9_000_000 / 8) * 0.9,
      uploadThroughput: (1_500_000 / 8) * 0.9,
      connectionType: "cellular4g",
    },
    cpuSlowdown: 4,
  },
  viewport: { width: 1440, height: 900 },
  maxJsKb: 150,
};
const EXPERT = "LeBronPicks";
const SUBSCRIBER = "alex.fan";
const SLATE_MARKER = "data-slate-editor";
const STRIPE_MARKER = "js.stripe.com";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => fmt(bytes / 1024, 1);

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) await fail(`${url} answered ${response.status}`);
  return response.json();
}

/** The demo data's pages: an expert, one of their free posts, one of their picks (locked to a visitor), an upcoming event. */
async function demoTargets(base) {
  const expert = (await getJson(`${base}/api/experts/${EXPERT}`)).payload;
  const posts = (await getJson(`${base}/api/posts?expertId=${expert.id}&size=50`)).items;
  const free = posts.find((post) => post.postType !== "Pick" && !post.isLocked);
  const pick = posts.find((post) => post.postType === "Pick" && post.isLocked);
  const events = (await getJson(`${base}/api/events?size=50`)).items;
  const event = events.find((item) => new Date(item.startsAt).getTime() > Date.now()) ?? events[0];
  if (!free || !pick || !event)
    await fail(`the demo data lacks a free post, a pick or an event (${posts.length} posts, ${events.length} events)`);
  return { expert: expert.userName ?? EXPERT, free: free.id, pick: pick.id, event: event.id };
}

/**
 * One cold load of `path` in a fresh context: answers bytes by kind, requests, LCP, and whether
 * Slate or Stripe code came. `cookies` signs the context in; `settle` waits for more (the editor).
 */
async function load(browser, base, path, { cookies = [], settle } = {}) {
  // Cold loads from the network: no background worker serving files from its cache.
  const context = await browser.newContext({ viewport: settings.viewport, serviceWorkers: "block" });
  await context.addCookies([
    { name: "cookieConsent", value: "false", url: base },
    ...cookies.map((cookie) => ({ ...cookie, url: base })),
  ]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", settings.throttle.network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: settings.throttle.cpuSlowdown });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });

  const scripts = [];
  let requests = 0;
  let stripeRequest = false;
  page.on("request", (request) => {
    requests += 1;
    if (/(^|\.)stripe\.(com|network)$/.test(new URL(request.url()).hostname)) stripeRequest = true;
  });
  page.on("response", (response) => {
    const url = response.url();
    if (url.startsWith(base) && /\.js(\?|$)/.test(new URL(url).pathname)) scripts.push(response.text().catch(() => ""));
  });

  const response = await page.goto(`${base}${path}`, { waitUntil: "load", timeout: 120_000 });
  if (!response || response.status() !== 200) await fail(`${path} answered ${response?.status()}`);
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  // Under the CPU throttle hydration can outlast the network's quiet spell: wait for it (React on
  // the footer, Remix's router initialised), then for what it fetches (a lazy chunk it reached).
  await page.waitForFunction(
    () => {
      const footer = document.querySelector("footer");
      return Boolean(
        footer &&
        Object.keys(footer).some((key) => key.startsWith("__reactFiber")) &&
        window.__remixRouter?.state.initialized,
      );
    },
    null,
    { timeout: 120_000 },
  );
  await page.waitForTimeout(1000);
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  if (settle) await settle(page);
  const figures = await page.evaluate(() => {
    // A module preload and the script it later runs as are two entries for one download (the
    // second carries the sizes): each URL counts once, with its largest figures.
    const byUrl = new Map();
    for (const entry of performance.getEntriesByType("resource")) {
      const known = byUrl.get(entry.name);
      if (!known || entry.encodedBodySize > known.encodedBodySize) byUrl.set(entry.name, entry);
    }
    const sum = { js: { wire: 0, raw: 0, files: 0 }, css: { wire: 0, raw: 0, files: 0 } };
    for (const entry of byUrl.values()) {
      const pathname = new URL(entry.name).pathname;
      const kind = pathname.endsWith(".js") ? "js" : pathname.endsWith(".css") ? "css" : null;
      if (!kind) continue;
      sum[kind].wire += entry.encodedBodySize;
      sum[kind].raw += entry.decodedBodySize;
      sum[kind].files += 1;
    }
    const navigation = performance.getEntriesByType("navigation")[0];
    return { ...sum, html: { wire: navigation.encodedBodySize, raw: navigation.decodedBodySize }, lcp: window.__lcp };
  });
  const texts = await Promise.all(scripts);
  await context.close();
  return {
    ...figures,
    requests,
    slate: texts.some((text) => text.includes(SLATE_MARKER)),
    stripe: stripeRequest || texts.some((text) => text.includes(STRIPE_MARKER)),
  };
}

/** BENCH_LCP_RUNS cold loads: byte figures from the first (they do not vary), LCP the median. */
async function measurePage(browser, base, name, path, options) {
  const runs = [];
  for (let run = 0; run < settings.lcpRuns; run++) runs.push(await load(browser, base, path, options));
  const first = runs[0];
  const result = {
    name,
    path,
    ...first,
    lcp: median(runs.map((run) => run.lcp)),
    lcpRuns: runs.map((run) => Math.round(run.lcp)),
  };
  console.log(
    `  ${name.padEnd(34)} JS ${kb(result.js.wire).padStart(6)} KB (${kb(result.js.raw).padStart(6)} raw, ${String(result.js.files).padStart(2)} files)` +
      `  CSS ${kb(result.css.wire).padStart(5)} KB  ${String(result.requests).padStart(3)} req  LCP ${fmt(result.lcp)} ms` +
      `${result.slate ? "  [slate]" : ""}${result.stripe ? "  [stripe]" : ""}`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------

await ensureBuilds({ baseline: false });
startServer("app", appServer, settings.port, {
  DATABASE_URL: "memory://",
  DATA_DIR: tempDir("sharpside-bench-pages-"),
  SEED_DEMO_DATA: "always",
  SESSION_SECRET: "bench-pages-secret-0123456789abcdef0123456789abcdef",
  LOG_LEVEL: "warn",
  APP_URL: "",
  SMTP_URL: "",
  RATE_LIMIT_SIGN_IN_IP: "1000000/60",
  RATE_LIMIT_SIGN_IN_ACCOUNT: "1000000/60",
  RATE_LIMIT_IMAGE_RENDER: "1000000/60",
});
const base = `http://localhost:${settings.port}`;
await waitFor(`${base}/api/health`);

const demo = await demoTargets(base);
const visitorPages = [
  ["home", "/"],
  ["discover experts", "/discover-experts"],
  ["leaderboard", "/leaderboard"],
  ["verify", "/verify"],
  ["search", "/search?q=nba"],
  ["expert page", `/experts/${demo.expert}`],
  ["post page (free post)", `/posts/${demo.free}`],
  ["post page (pick, locked)", `/posts/${demo.pick}`],
  ["event", `/events/${demo.event}`],
  ["sign in", "/sign-in"],
  ["sign up", "/sign-up"],
  ["privacy", "/privacy"],
  ["terms", "/terms"],
  ["contacts", "/contacts"],
  ["partners", "/partners"],
  ["become partner", "/become-partner"],
];

const cookieOf = (header) => {
  const [name, value] = header.split("=");
  return { name, value };
};
const subscriber = cookieOf((await signIn(base, SUBSCRIBER)).cookie);
const expert = cookieOf((await signIn(base, EXPERT)).cookie);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
console.log(
  `bench: ${settings.lcpRuns} cold load(s) a page, Fast 4G (165 ms RTT, 8.1/1.35 Mbit/s), CPU ${settings.throttle.cpuSlowdown}× slower, ` +
    `${settings.viewport.width}×${settings.viewport.height} (${machineLine()})`,
);
const results = { visitor: [], signedIn: [], editor: null };
console.log("visitor (cookie consent preset: declined):");
for (const [name, path] of visitorPages) results.visitor.push(await measurePage(browser, base, name, path));
console.log(`${SUBSCRIBER} (signed in, subscribed to ${EXPERT}):`);
for (const [name, path] of [
  ["post page (free post)", `/posts/${demo.free}`],
  ["post page (pick, unlocked)", `/posts/${demo.pick}`],
  ["expert page", `/experts/${demo.expert}`],
]) {
  results.signedIn.push(await measurePage(browser, base, name, path, { cookies: [subscriber] }));
}
console.log(`${EXPERT} (an expert) opening the editor:`);
results.editor = await measurePage(browser, base, "home, ?createEditPost=NEW", "/?createEditPost=NEW", {
  cookies: [expert],
  settle: (page) =>
    page
      .getByRole("dialog", { name: "New Post/Pick" })
      .waitFor({ timeout: 60_000 })
      .then(() => page.waitForLoadState("networkidle")),
});
await browser.close();

// ---------------------------------------------------------------------------------------------
const row = (r, who) =>
  `| ${r.name}${who ? ` (${who})` : ""} | \`${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, "{id}")}\` | ${kb(r.js.wire)} | ${kb(r.js.raw)} | ${kb(r.css.wire)} | ${kb(r.css.raw)} | ${r.requests} | ${fmt(r.lcp)} | ${r.slate ? "yes" : "–"} | ${r.stripe ? "yes" : "–"} |`;
console.log("");
console.log(
  "| page | path | JS gzip (KB) | JS raw (KB) | CSS gzip (KB) | CSS raw (KB) | requests | LCP (ms) | Slate | Stripe |",
);
console.log("|---|---|---:|---:|---:|---:|---:|---:|:-:|:-:|");
for (const r of results.visitor) console.log(row(r));
for (const r of results.signedIn) console.log(row(r, SUBSCRIBER));
console.log(row(results.editor, EXPERT));

const problems = [];
for (const r of [...results.visitor, ...results.signedIn]) {
  if (r.slate) problems.push(`${r.name}: the editor (Slate) code was loaded`);
  if (r.stripe) problems.push(`${r.name}: Stripe code was loaded`);
}
if (!results.editor.slate)
  problems.push("?createEditPost=NEW: the editor (Slate) code was not loaded, so the check above is not real");
for (const r of results.visitor.filter((page) => page.name.startsWith("post page") || page.name === "expert page")) {
  if (r.js.wire >= settings.maxJsKb * 1024)
    problems.push(`${r.name}: ${kb(r.js.wire)} KB of JavaScript (gzip), target < ${settings.maxJsKb} KB`);
}
console.log("");
console.log(
  problems.length
    ? `MISSED:\n  ${problems.join("\n  ")}`
    : `MET: post and expert pages under ${settings.maxJsKb} KB of JavaScript; Slate and Stripe only where used.`,
);
writeResults("page-weight", { settings, demo, results, problems, passed: problems.length === 0 });
await exit(problems.length ? 1 : 0);
