import type { Page, Route } from "@playwright/test";
import { expect, test } from "./support/test";
import { collectPageErrors, contextAtWidth, signedInContext, waitForHydration } from "./support/helpers";

/**
 * A blip does not end the page. Playwright's `route` cuts the network under a list, the
 * notifications panel and the search box: each load is asked again (4 requests in all), then
 * the error panel shows in place with Retry while what was on screen stays; with the network back,
 * Retry brings the rest. A 5xx that clears up is recovered silently; a 4xx is never asked again.
 */
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });

/** Routes `pattern` through `cutFor`: a request it names fails on the network. Returns what was asked. */
async function cutNetwork(page: Page, pattern: string, cutFor: (url: string) => boolean) {
  const asked: string[] = [];
  await page.route(pattern, async (route: Route) => {
    const url = route.request().url();
    asked.push(url);
    if (cutFor(url)) await route.abort("internetdisconnected");
    else await route.continue();
  });
  return asked;
}

for (const width of [1440, 375] as const) {
  test(`at ${width} px: a list cut off mid-way retries, shows the error panel, keeps its posts and recovers`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The second page comes in (on scroll or by "Load more"); the network goes at the third.
    let cut = true;
    const asked = await cutNetwork(page, "**/lists/posts?*", (url) => cut && url.includes("page=3"));
    await page.goto("/experts/LeBronPicks");
    await waitForHydration(page);
    const posts = page
      .getByRole("list", { name: "Posts and picks by LeBronPicks" })
      .locator(":scope > li[data-post-id]");
    // The reader scrolls down the list: its pages load on the way, until the third is cut off.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollBy(0, 1200));
        return asked.some((url) => url.includes("page=3"));
      })
      .toBe(true);
    expect(await posts.count()).toBe(10);

    // Asked again while the reader watches, then the panel in place of the button.
    await expect(page.getByText("Connection lost. Trying again…")).toBeVisible();
    const panel = page.getByRole("alert").filter({ hasText: "Something went wrong. Please try your request again." });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText("Error", { exact: true })).toBeVisible();
    expect(asked.filter((url) => url.includes("page=3"))).toHaveLength(4);
    const kept = await posts.count();
    expect(kept, "the posts already shown stay").toBeGreaterThanOrEqual(10);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, "list-error-panel", width);

    // The network is back: Retry brings the next page and the panel goes.
    cut = false;
    await panel.getByRole("button", { name: "Retry" }).click();
    await expect(panel).toBeHidden();
    await expect.poll(() => posts.count()).toBeGreaterThan(kept);
    // The browser logs each cut request; nothing else went wrong, and the page stayed itself.
    expect(errors.filter((error) => !error.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveCount(0);
    await context.close();
  });
}

test("the notifications panel rides out two 5xx answers, and never asks again after a 4xx", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const context = await signedInContext(browser, baseURL!, "alex.fan", 1440);
  const page = await context.newPage();
  let answer: "flaky" | "refused" = "flaky";
  const asked: string[] = [];
  await page.route("**/notifications/list?*", async (route) => {
    asked.push(route.request().url());
    if (answer === "refused")
      return route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ ok: false, error: "Too many requests. Try again later.", statusCode: 429 }),
      });
    if (asked.length <= 2)
      return route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Bad gateway</h1>" });
    return route.continue();
  });
  await page.goto("/feed");
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  // Answered: the reader's notifications, or the empty list's text (shown only once a load answered).
  await expect(
    dialog.getByRole("list", { name: "Notifications" }).or(dialog.getByText("No notifications yet")),
  ).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  expect(asked.length).toBeGreaterThanOrEqual(3);

  // A refusal the server meant: its words, one request, no panel.
  await page.keyboard.press("Escape");
  answer = "refused";
  asked.length = 0;
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(dialog.getByText("Too many requests. Try again later.")).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(asked).toHaveLength(1);
  await context.close();
});

for (const width of [1440, 375] as const) {
  test(`at ${width} px: search suggestions cut off show the error panel in the box, and Retry brings them`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();
    let cut = true;
    const asked = await cutNetwork(page, "**/search/suggestions?*", () => cut);
    await page.goto("/");
    await waitForHydration(page);
    if (width === 375) await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
    const box = (width === 375 ? page.getByRole("dialog", { name: "Search" }) : page.getByRole("banner")).getByRole(
      "combobox",
      { name: "Search" },
    );
    await box.fill("LeBron");
    const panel = page.getByRole("alert").filter({ hasText: "Something went wrong. Please try your request again." });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    expect(asked).toHaveLength(4);
    await shot(page, "suggestions-error-panel", width);

    cut = false;
    await panel.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("option", { name: /LeBronPicks/ })).toBeVisible();
    await expect(panel).toBeHidden();
    await context.close();
  });
}

test("the profile screen that fails to load is a toast, the reader stays where they were; a session that ended goes to sign-in", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const context = await signedInContext(browser, baseURL!, "alex.fan", 1440);
  const page = await context.newPage();
  await page.route("**/settings.data*", (route) =>
    route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Oops</h1>" }),
  );
  await page.goto("/watchlist");
  await waitForHydration(page);
  const openSettings = async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Edit Profile & Settings" }).click();
  };
  await openSettings();
  await expect(
    page.getByText("Oops, something went wrong, please try again or connect to the support team."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("profile-load-toast-1440.png") });

  // The session ends: the page's gate sends the reader to sign in, and back here after.
  await page.unroute("**/settings.data*");
  await context.clearCookies();
  await openSettings();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings$/);
  await context.close();
});
