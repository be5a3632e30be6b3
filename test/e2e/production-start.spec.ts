/**
 * No published passwords in production (decision 026): `NODE_ENV=production npm start`
 * on the embedded default seeds no demo, so no account signs in with the demo's published
 * password, and `ADMIN_EMAILS` grants nobody who has no confirmed account.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";

const port = Number(process.env.E2E_PORT ?? 4310) + 9;
const origin = `http://localhost:${port}`;
const DEMO_PASSWORD = "sharpside-demo";

test.describe("NODE_ENV=production npm start on the embedded default", () => {
  let server: ChildProcess | null = null;
  let output = "";
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-production-start-"));

  test.beforeAll(async () => {
    // `npm start` is node scripts/start.js (package.json); the build exists (the e2e server made it).
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ADMIN_EMAILS: "sharpside.admin@demo.sharpside.app",
    };
    for (const name of ["DATABASE_URL", "SEED_DEMO_DATA", "APP_URL"]) delete env[name];
    server = spawn(process.execPath, ["scripts/start.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(
        async () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => (server?.exitCode === null ? 0 : -1),
          ),
        { timeout: 120_000, intervals: [250], message: `the server did not answer: ${output}` },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    const running = server;
    if (running && running.exitCode === null) {
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("seeds nothing: no demo account signs in with the published password, and no admin exists", async () => {
    expect(output).not.toContain("seeded demo data");
    for (const account of ["sharpside.admin", "lebronpicks", "alex.fan", "admin@demo.sharpside.app"]) {
      const response = await fetch(`${origin}/api/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ session: { emailOrUserName: account, password: DEMO_PASSWORD, rememberMe: false } }),
      });
      expect(response.status, `${account} signed in with the demo's password`).toBe(422);
    }
    // The experts list is empty: there is nobody at all until someone signs up.
    const experts = await fetch(`${origin}/api/experts`).then((r) => r.json());
    expect(experts.meta.totalItems).toBe(0);
    // ADMIN_EMAILS names no account here: nobody is made an admin, and the log says why.
    expect(output).toContain("has no account: sign up first, then grant");
  });
});
