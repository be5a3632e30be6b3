// Usage: node scripts/screenshot.js URL OUT.png [width] [height] — a full-page Chromium screenshot.
import { chromium } from "playwright-core";

const [url, out, width = "1440", height = "900"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
const errors = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: process.env.FULL !== "0" });
if (errors.length) console.log("console errors:\n" + errors.join("\n"));
await browser.close();
