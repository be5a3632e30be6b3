/**
 * `npm start` on a fresh machine, as the README says: no NODE_ENV, no DATABASE_URL, an empty data
 * folder. The log is short and clean (no build noise, no warnings but the e-mail one) and ends with
 * the address and the demo sign-ins; the README's admin address signs in, in a browser at 1440 and
 * 375 px, and opens the results screen; a second start on the same data answers within 5 s.
 * (The build itself exists here: the e2e server made it. A first start builds once before this.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { contextAtWidth, waitForHydration } from "./support/helpers";

const port = Number(process.env.E2E_PORT ?? 4310) + 10;
const origin = `http://localhost:${port}`;
const readme = readFileSync("README.md", "utf8");

interface Started {
  server: ChildProcess;
  output: () => string;
  /** Milliseconds from the spawn to the last line of the welcome. */
  readyIn: number;
}

async function npmStart(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ["NODE_ENV", "DATABASE_URL", "SEED_DEMO_DATA", "APP_URL", "LOG_LEVEL", "ADMIN_EMAILS"])
    delete env[name];
  const started = Date.now();
  // `npm start`'s own command (package.json): node, its flags and scripts/start.js.
  const [node, ...args] = (JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string).split(" ");
  expect(node).toBe("node");
  const server = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => (server.exitCode === null ? /the admin\n/.test(output) : `exited: ${output}`), {
      timeout: 60_000,
      intervals: [100],
      message: `npm start did not finish its welcome: ${output}`,
    })
    .toBe(true);
  return { server, output: () => output, readyIn: Date.now() - started };
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
}

test.describe("npm start on a fresh machine", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-first-start-"));
  let first: Started | null = null;

  test.afterAll(async () => {
    if (first) await stop(first.server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the first start's log is short and clean, and ends with the address and the demo sign-ins", async () => {
    first = await npmStart(dataDir);
    const log = first.output();
    const lines = log.trimEnd().split("\n");
    expect(lines.length, log).toBeLessThanOrEqual(12);
    expect(log).not.toMatch(/empty chunk|npm warn|install script|deprecat|error/i);
    // Every warning is the one about e-mail going to the log.
    const warnings = lines.filter((line) => /"level":(40|50|60)/.test(line));
    expect(warnings.map((line) => JSON.parse(line).msg)).toEqual([
      "SMTP_URL is not set: e-mails are written to this log and kept in the mail_outbox table",
    ]);
    expect(lines.slice(-5)).toEqual([
      `Sharpside is running at ${origin}`,
      "Demo sign-ins (password: sharpside-demo):",
      "  alex.fan                   a reader, subscribed to LeBronPicks",
      "  LeBronPicks                an expert",
      "  admin@demo.sharpside.app   the admin",
    ]);
    expect(first.readyIn, "a start with the build made, seeding included").toBeLessThan(30_000);
  });

  for (const width of [1440, 375] as const) {
    test(`at ${width} px: the README's admin signs in with the README's password and opens the results`, async ({
      browser,
    }) => {
      const admin = /the admin is `([^`]+@[^`]+)`/.exec(readme)?.[1];
      const password = /password `([^`]+)`/.exec(readme)?.[1];
      expect(admin, "the README names the admin's address").toBe("admin@demo.sharpside.app");
      expect(first!.output(), "the log names the same admin").toContain(admin);
      const context = await contextAtWidth(browser, origin, width);
      const page = await context.newPage();
      await page.goto(`${origin}/sign-in`);
      await waitForHydration(page);
      await page.getByLabel("Email or username").fill(admin!);
      await page.getByLabel("Password", { exact: true }).fill(password!);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).not.toHaveURL(/\/sign-in/);
      await page.goto(`${origin}/admin/events`);
      await expect(page.getByRole("heading", { name: "Results", level: 1 })).toBeVisible();
      await expect(page.getByRole("form", { name: "Enter a result" })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`first-start-admin-${width}.png`), fullPage: true });
      await context.close();
    });
  }

  test("a second start on the same data answers within 5 s, with nothing seeded twice", async () => {
    await stop(first!.server);
    const second = await npmStart(dataDir);
    first = second;
    expect(second.readyIn).toBeLessThan(5_000);
    expect(second.output()).not.toContain("seeded demo data");
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });
});
