import { defineConfig, devices } from "@playwright/test";
import { E2E_STAND_INS, standInEnv } from "./test/e2e/support/ports";

/**
 * End-to-end tests in Debian's Chromium against the production build (`npm run build` first; the
 * server script builds once itself when no build exists). See test/e2e/.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: "test/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The machine has two cores: the server, Chromium and the runner share them.
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
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
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /first-start\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    // Times `npm start` (a second start within 5 s): after every other test, so no browser test
    // shares the two cores with it.
    {
      name: "first-start",
      testMatch: /first-start\.spec\.ts$/,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    {
      // SMTP and the OAuth2 provider first: the app reads their addresses at start.
      command: "node --import tsx test/e2e/support/stand-ins.ts",
      url: `http://127.0.0.1:${E2E_STAND_INS.mailHttpPort}/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 2_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.js",
      url: `${baseURL}/api/health`,
      env: { PORT: String(E2E_PORT), ...standInEnv },
      // A build on a cold machine plus PGlite's start-up and the demo seed.
      timeout: 240_000,
      reuseExistingServer: false,
      // Let the server shut down gracefully (it closes the database and removes its temp folder).
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
