// `npm run screenshots`: the README's pictures of the product, remade by one command. Starts the
// production build on a throw-away database with the demo data (scripts/e2e-server.js, which builds
// once when there is no build), and captures home, a post, an expert page, the feed, the editor and
// the leaderboard at 1440 and 375 px wide into docs/screenshots/ (the visible screen, not the whole
// page, re-encoded as small palette PNGs).
//
// Usage: node scripts/screenshot.js                      the twelve screenshots
//        node scripts/screenshot.js URL OUT.png [w] [h]  one full-page screenshot of any URL
// Environment: SCREENSHOT_PORT (4390), CHROMIUM_PATH (/usr/bin/chromium).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
const DEMO_PASSWORD = "sharpside-demo"; // app/demo/seed.server.ts

if (process.argv.length > 2) {
  await single(...process.argv.slice(2));
} else {
  await all();
}

async function single(url, out, width = "1440", height = "900") {
  const browser = await chromium.launch(launchOptions);
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: "networkidle" });
  await page.screenshot({ path: out, fullPage: process.env.FULL !== "0" });
  if (errors.length) console.log("console errors:\n" + errors.join("\n"));
  await browser.close();
}

async function all() {
  const port = Number(process.env.SCREENSHOT_PORT ?? 4390);
  const base = `http://localhost:${port}`;
  const outDir = path.join(root, "docs", "screenshots");
  mkdirSync(outDir, { recursive: true });

  const server = spawn(process.execPath, [path.join(root, "scripts", "e2e-server.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stopped = new Promise((resolve) => server.once("exit", resolve));
  let browser;
  try {
    await waitForHealth(base, server);
    browser = await chromium.launch(launchOptions);
    const json = async (url) => (await fetch(new URL(url, base))).json();
    const expert = (await json("/api/experts/LeBronPicks")).payload;
    const theirPosts = (await json(`/api/posts?expertId=${expert.id}&size=50`)).items;
    const post =
      theirPosts.find((p) => p.postType !== "Pick" && p.coverImage) ?? theirPosts.find((p) => p.postType !== "Pick");

    const shots = [
      { name: "home", path: "/" },
      { name: "post", path: `/posts/${post.id}` },
      { name: "expert", path: "/experts/LeBronPicks" },
      { name: "feed", path: "/feed", as: "alex.fan" },
      {
        name: "editor",
        path: "/?createEditPost=NEW",
        as: "LeBronPicks",
        ready: (page) => page.getByRole("dialog", { name: "New Post/Pick" }).waitFor({ timeout: 20_000 }),
      },
      { name: "leaderboard", path: "/leaderboard" },
    ];
    const errors = [];
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ]) {
      for (const shot of shots) {
        const context = await browser.newContext({
          baseURL: base,
          viewport: { width, height },
          deviceScaleFactor: 1,
          serviceWorkers: "block",
        });
        await context.addCookies([{ name: "cookieConsent", value: "true", url: base }]);
        if (shot.as) await signIn(context, base, shot.as);
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${shot.name} ${width}: ${e.message}`));
        page.on("console", (m) => m.type() === "error" && errors.push(`${shot.name} ${width}: ${m.text()}`));
        await page.goto(shot.path, { waitUntil: "networkidle" });
        if (shot.ready) await shot.ready(page);
        // The text in its font and every picture on the first screen loaded (lazy ones included).
        await page.evaluate(() => document.fonts.ready);
        await page
          .waitForFunction(
            () =>
              [...document.images]
                .filter((img) => {
                  const box = img.getBoundingClientRect();
                  return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
                })
                .every((img) => img.complete && img.naturalWidth > 0),
            null,
            { timeout: 15_000 },
          )
          .catch(() => errors.push(`${shot.name} ${width}: a picture on the first screen did not load`));
        await page.waitForTimeout(300);
        const png = await page.screenshot();
        const file = path.join(outDir, `${shot.name}-${width}.png`);
        writeFileSync(
          file,
          await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 }).toBuffer(),
        );
        console.log(`${path.relative(root, file)}`);
        await context.close();
      }
    }
    if (errors.length) {
      console.error(`Errors in the pages:\n${errors.join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    server.kill("SIGTERM");
    await stopped;
  }
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit code ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not answer /api/health within 4 minutes`);
}

async function signIn(context, base, userName) {
  const response = await context.request.post("/api/session", {
    headers: { Origin: base },
    data: { session: { emailOrUserName: userName, password: DEMO_PASSWORD, rememberMe: false } },
  });
  if (response.status() !== 200) throw new Error(`signing in as ${userName}: ${response.status()}`);
}
