// The server Playwright's end-to-end tests run against: the production build (built once when
// none exists) on a throw-away in-memory database with demo data, a temporary DATA_DIR, a tight
// support-request rate limit the tests can reach, and quiet logs.
//
// Usage: node scripts/e2e-server.js   (PORT defaults to 4310; playwright.config.ts starts it)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const entry = new URL("../build/app-server.js", import.meta.url);
if (!existsSync(entry) || !existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.log("No build found: building the app once (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = process.env.PORT ?? "4310";
// One folder per port, emptied at start: nothing piles up even if the server is killed hard.
const dataDir = path.join(tmpdir(), `sharpside-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  DATABASE_URL: "memory://",
  DATA_DIR: dataDir,
  // Production seeds no demo (its accounts share a published password) unless asked: the browser
  // tests sign in as the demo's people.
  SEED_DEMO_DATA: "always",
  RATE_LIMIT_SUPPORT_REQUEST: process.env.RATE_LIMIT_SUPPORT_REQUEST ?? "3/60",
  // The demo accounts are shared by every test, and the sign-in tests make wrong guesses on them:
  // past 10 in 15 minutes the account would be locked for the rest (the lock: accounts-api.test.ts).
  RATE_LIMIT_SIGN_IN_ACCOUNT: process.env.RATE_LIMIT_SIGN_IN_ACCOUNT ?? "1000/900",
  // Every browser test comes from 127.0.0.1 and renders its own new images (fresh avatars, uploads).
  RATE_LIMIT_IMAGE_RENDER: process.env.RATE_LIMIT_IMAGE_RENDER ?? "1000000/60",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
delete process.env.APP_URL;

await import(entry.href);
