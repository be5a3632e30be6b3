import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Page } from "./support/test";
import { presetCookieConsent, waitForHydration } from "./support/helpers";

/**
 * The background worker: it caches the app shell, answers a navigation without network
 * with the offline page, and reports its build id, which the page compares every 30 s.
 */

const OFFLINE = "It looks like you offline";
const UPDATE_TITLE = "We have a new version for you!";

/** Resolves once the page is controlled by an activated background worker. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === "activated" && navigator.serviceWorker.controller !== null;
  });
}

const rootBuildId = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __remixContext: { state: { loaderData: { root: { buildId: string } } } } }).__remixContext
        .state.loaderData.root.buildId,
  );

test("the worker caches the app shell, and without network the page and the next navigation say 'It looks like you offline'", async ({
  page,
  context,
  baseURL,
}) => {
  await presetCookieConsent(context, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
  await controlledByWorker(page);

  // The shell the worker cached at install: the entry script and the root route's files.
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((key) => key.startsWith("shell-"))!);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached).toContain("/manifest.webmanifest");
  expect(cached.some((path) => /^\/assets\/entry\.client-.*\.js$/.test(path))).toBe(true);
  expect(cached.some((path) => /^\/assets\/root-.*\.js$/.test(path))).toBe(true);

  const status = page.getByRole("status").filter({ hasText: OFFLINE });
  await expect(status).toHaveCount(0);
  await context.setOffline(true);
  await expect(status).toBeVisible();

  // A full navigation without network: the worker's offline page, not the browser's error page.
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { level: 1, name: OFFLINE })).toBeVisible();
  await expect(page).toHaveTitle(/^Offline \| /);

  // Back online, "Try again" loads the page itself.
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: OFFLINE })).toHaveCount(0);
  await expect(page).toHaveURL(/\/leaderboard$/);
  await waitForHydration(page);
  await expect(status).toHaveCount(0);
});

test.describe("a new build under a running page", () => {
  // A server of its own, restarted with another BUILD_ID as a deployment would.
  const port = Number(process.env.E2E_PORT ?? 4310) + 8;
  const origin = `http://localhost:${port}`;
  let server: ChildProcess | null = null;

  async function startServer(buildId: string) {
    const started = spawn("node", ["scripts/e2e-server.js"], {
      env: { ...process.env, PORT: String(port), BUILD_ID: buildId },
      stdio: ["ignore", "ignore", "pipe"],
    });
    server = started;
    let errors = "";
    started.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    // PGlite's start and the demo seed: seconds alone, longer on a busy two-core machine.
    await expect
      .poll(
        async () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => (started.exitCode === null ? 0 : -1),
          ),
        {
          timeout: 120_000,
          intervals: [250],
          message: `the server with BUILD_ID=${buildId} did not answer: ${errors}`,
        },
      )
      .toBe(200);
  }

  async function stopServer() {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGTERM");
    });
  }

  test.afterEach(async () => {
    await stopServer();
  });

  test("every 30 s the page asks the worker; a new build id shows the dialog once, and 'Reload the page' loads the new build", async ({
    page,
    context,
  }) => {
    test.setTimeout(420_000);
    await presetCookieConsent(context, origin);
    await startServer("build-one");
    // The page's clock is ours: each 30-second check runs when the test moves time forward.
    await page.clock.install();
    await page.goto(origin);
    await waitForHydration(page);
    await controlledByWorker(page);
    expect(await rootBuildId(page)).toBe("build-one");
    const dialog = page.getByRole("alertdialog", { name: UPDATE_TITLE });

    // Same build: a check finds nothing to say.
    await page.clock.fastForward(30_000);
    await page.waitForTimeout(1_000);
    await expect(dialog).toHaveCount(0);

    await stopServer();
    await startServer("build-two");
    // Not before the next check…
    await page.waitForTimeout(1_000);
    await expect(dialog).toHaveCount(0);
    // …which finds the new worker.
    await page.clock.fastForward(30_000);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText("Please refresh the page to be sure that you are working with actual version.");
    await expect(dialog.getByRole("button", { name: "Reload the page" })).toBeFocused();

    // Dismissed, it does not come back for the same build…
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward(30_000);
    await page.waitForTimeout(2_000);
    await expect(dialog).toHaveCount(0);

    // …but a later build is announced again, and the reload brings it in.
    await stopServer();
    await startServer("build-three");
    await page.clock.fastForward(30_000);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Reload the page" }).click()]);
    await waitForHydration(page);
    await expect.poll(() => rootBuildId(page), { timeout: 15_000 }).toBe("build-three");
    await expect(dialog).toHaveCount(0);
    // The new build's worker now serves the page, with its own cache only.
    await controlledByWorker(page);
    const shells = await page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith("shell-")));
    expect(shells).toEqual(["shell-build-three"]);
  });
});
