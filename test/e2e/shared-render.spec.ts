import type { Page } from "@playwright/test";
import { collectPageErrors, signedInContext, waitForHydration } from "./support/helpers";
import { expect, test } from "./support/test";

/**
 * Decision 047: signed-in readers of the leaderboard and the content pages share one render per
 * audience, and each gets their own frame (account, subscriptions, recommendations) beside it.
 * What each reader sees must be what a page rendered for them alone shows.
 */
const READERS = [
  { userName: "alex.fan", name: "Alex Turner" },
  { userName: "taylor88", name: "Taylor Nguyen" },
];

const subscribedExperts = (page: Page) =>
  page.getByRole("list", { name: "Subscribed experts" }).getByRole("link").allInnerTexts();

test("readers of one shared render each see their own frame, and nothing of another reader", async ({
  browser,
  baseURL,
}) => {
  for (const reader of READERS) {
    const context = await signedInContext(browser, baseURL!, reader.userName);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      // The frame as the root renders it for this reader alone (a personal page is never shared).
      await page.goto("/watchlist");
      await waitForHydration(page);
      const own = await subscribedExperts(page);
      expect(own.length, `${reader.userName} subscribes to demo experts`).toBeGreaterThan(0);

      const [first, second] = [await context.request.get("/leaderboard"), await context.request.get("/leaderboard")];
      expect(first.headers()["x-page-cache"]).toMatch(/^shared-(miss|hit|stale)$/);
      expect(second.headers()["x-page-cache"]).toMatch(/^shared-(hit|stale)$/);
      expect(second.headers()["cache-control"]).toBe("private, no-store");
      const html = await second.text();
      for (const other of READERS.filter((r) => r !== reader)) {
        expect(html).not.toContain(other.userName);
        expect(html).not.toContain(other.name);
      }

      await page.goto("/leaderboard");
      await waitForHydration(page);
      await expect.poll(() => subscribedExperts(page)).toEqual(own);
      await page.getByRole("button", { name: "Account menu" }).click();
      await expect(page.getByRole("menu")).toContainText(reader.name);
      await page.keyboard.press("Escape");

      // Moving on inside the app keeps the reader's own frame.
      await page.getByRole("list", { name: "Subscribed experts" }).getByRole("link").first().click();
      await expect(page).toHaveURL(/\/experts\//);
      await expect.poll(() => subscribedExperts(page)).toEqual(own);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("a shared page holds the reader's own part beside a neutral frame, and never another reader's", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, "taylor88");
  try {
    const response = await context.request.get("/terms");
    const html = await response.text();
    expect(html).toContain('id="ss-personal"');
    expect(html).toContain("taylor88");
    expect(html).not.toContain("alex.fan");
    // The neutral frame: a signed-in header (no sign-in link) whose subscriptions are on their way.
    expect(html).not.toContain("Sign In / Sign up");
    expect(html).toContain("Loading your subscriptions");
  } finally {
    await context.close();
  }
});
