/**
 * The expert directory (/discover-experts) and the search page (/search) in a real browser, on
 * the demo data (app/demo/seed.server.ts: GridironGuru is Dana Whitfield, an NFL expert).
 */
import { expect, test, type Page } from "./support/test";
import {
  collectPageErrors,
  presetCookieConsent,
  signedInContext,
  uniqueClientIp,
  waitForHydration,
} from "./support/helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await presetCookieConsent(context, baseURL!);
});

const cards = (page: Page) =>
  page
    .getByRole("list", { name: "Experts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("article") });

/** Nothing sticks out sideways (a phone would scroll the page horizontally). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("discover experts: a sport chip filters, Best record sorts, the cards show each expert", async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto("/discover-experts");
  await waitForHydration(page);
  await expect(page).toHaveTitle("Discover experts | SHARPSIDE");
  await expect(page.getByRole("heading", { level: 1, name: "Discover experts" })).toBeVisible();
  // The sidebar marks where we are.
  await expect(
    page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Discover experts" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(cards(page)).toHaveCount(12);
  const sports = page.getByRole("group", { name: "Sports" });
  await expect(sports.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

  const nfl = sports.getByRole("button", { name: "NFL" });
  await expect(nfl).toHaveAttribute("aria-pressed", "false");
  await nfl.click();
  await expect(page).toHaveURL(/\/discover-experts\?categoryIds=1$/);
  await expect(sports.getByRole("button", { name: "NFL" })).toHaveAttribute("aria-pressed", "true");
  await expect(sports.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
  await expect(cards(page)).toHaveCount(3);
  const guru = page.getByRole("article", { name: "Dana Whitfield" });
  await expect(guru).toBeVisible();
  await expect(guru.getByText("@GridironGuru")).toBeVisible();
  await expect(guru.getByText("$49.99/month")).toBeVisible();
  await expect(guru.getByRole("list", { name: "Sports" }).getByRole("listitem")).toHaveText(["NFL", "NCAAF"]);
  await expect(guru.getByText(/^\d+-\d+-\d+$/)).toBeVisible();
  // Subscribe leads to the subscription step (signing a visitor in on the way), back to this page;
  // Follow to sign-in, back to the expert.
  await expect(guru.getByRole("link", { name: "Subscribe" })).toHaveAttribute(
    "href",
    `/subscribe/GridironGuru?next=${encodeURIComponent("/discover-experts?categoryIds=1")}`,
  );
  await expect(guru.getByRole("link", { name: "Follow" })).toHaveAttribute(
    "href",
    "/sign-in?callbackUrl=%2Fexperts%2FGridironGuru",
  );

  // A second sport widens the list; the sort keeps both.
  await sports.getByRole("button", { name: "NHL" }).click();
  await expect(page).toHaveURL(/\?categoryIds=1&categoryIds=4$/);
  await expect(cards(page)).toHaveCount(4);

  const sortBy = page.getByRole("group", { name: "Sort by" });
  await expect(sortBy.getByRole("link", { name: "Most subscribers" })).toHaveAttribute("aria-current", "true");
  await sortBy.getByRole("link", { name: "Best record" }).click();
  await expect(page).toHaveURL(/\?categoryIds=1&categoryIds=4&sort=record$/);
  await expect(sortBy.getByRole("link", { name: "Best record" })).toHaveAttribute("aria-current", "true");
  await expect(cards(page)).toHaveCount(4);
  const units = await page.getByRole("list", { name: "Experts" }).locator("dt:text-is('Units') + dd").allTextContents();
  const values = units.map((text) => Number.parseFloat(text));
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // Taking the chips off again: NFL, then NHL, back to everyone, still by record.
  await sports.getByRole("button", { name: "NFL" }).click();
  await expect(page).toHaveURL(/\?categoryIds=4&sort=record$/);
  await sports.getByRole("button", { name: "All" }).click();
  await expect(page).toHaveURL(/\/discover-experts\?sort=record$/);
  await expect(cards(page)).toHaveCount(12);
  expect(errors).toEqual([]);
});

test("discover experts: a signed-in reader follows and unfollows from a card", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, "taylor88");
  const page = await context.newPage();
  await page.goto("/discover-experts?categoryIds=11");
  await waitForHydration(page);
  const card = page.getByRole("article", { name: "Graham Pike" });
  const follow = card.getByRole("button", { name: /^Follow/ });
  const was = await follow.getAttribute("aria-pressed");
  // The button turns at once (optimistic): reload only once the server has answered the write.
  const written = page.waitForResponse((response) => response.request().method() === "POST");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", was === "true" ? "false" : "true");
  expect((await written).ok()).toBe(true);
  await page.reload();
  await expect(card.getByRole("button", { name: /^Follow/ })).toHaveAttribute(
    "aria-pressed",
    was === "true" ? "false" : "true",
  );
  // As it was.
  await waitForHydration(page);
  await card.getByRole("button", { name: /^Follow/ }).click();
  await expect(card.getByRole("button", { name: /^Follow/ })).toHaveAttribute("aria-pressed", was!);
  await expect(card.getByRole("link", { name: "Subscribe" }).or(card.getByText("Subscribed"))).toBeVisible();
  await context.close();
});

test("search: the expert tab finds the demo expert, the tabs switch, the page's own box searches again", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/search?q=Dana%20Whitfield&tab=experts");
  await waitForHydration(page);
  await expect(page).toHaveTitle('Search results for "Dana Whitfield" | SHARPSIDE');
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “Dana Whitfield”");
  const tabs = page.getByRole("navigation", { name: "Search results by type" });
  await expect(tabs.getByRole("link", { name: /^Experts/ })).toHaveAttribute("aria-current", "page");
  const results = page.getByRole("list", { name: /^Experts matching/ });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results.getByRole("link", { name: "Dana Whitfield" })).toHaveAttribute("href", "/experts/GridironGuru");
  await expect(results.getByText("@GridironGuru")).toBeVisible();

  await tabs.getByRole("link", { name: /^Posts/ }).click();
  await expect(page).toHaveURL("/search?q=Dana+Whitfield&tab=posts");
  await expect(tabs.getByRole("link", { name: /^Posts/ })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: /^Experts/ })).not.toHaveAttribute("aria-current", /.*/);

  await tabs.getByRole("link", { name: /^Categories/ }).click();
  await expect(page).toHaveURL("/search?q=Dana+Whitfield&tab=categories");
  await expect(page.getByText("Nothing found")).toBeVisible();

  // A new query from the page's own box stays on the tab.
  const box = page
    .getByRole("search", { name: "New search" })
    .getByRole("searchbox", { name: "Search experts, categories and posts" });
  await expect(box).toHaveValue("Dana Whitfield");
  await box.fill("NFL");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=NFL&tab=categories");
  const nfl = page.getByRole("list", { name: /^Categories matching/ }).getByRole("link", { name: "NFL" });
  // A sport leads to its page: its experts, posts and games.
  await expect(nfl).toHaveAttribute("href", "/sports/nfl");
  await nfl.click();
  await expect(page).toHaveURL("/sports/nfl");
  await expect(page.getByRole("heading", { level: 1, name: "NFL" })).toBeVisible();

  // Posts about the NFL: a locked pick shows a lock, its preview, no body.
  await page.goto("/search?q=NFL&tab=posts");
  const posts = page.getByRole("list", { name: /^Posts matching/ });
  await expect(posts.getByRole("listitem").first()).toBeVisible();
  await expect(posts.getByText("Subscribers only").first()).toBeVisible();
  await expect(page.getByText("Here is the full breakdown for subscribers.")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("both pages fit a phone's width", async ({ page }) => {
    await page.goto("/discover-experts?categoryIds=1&sort=record");
    await expect(cards(page)).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await page.goto("/search?q=NFL&tab=posts");
    await expect(page.getByRole("list", { name: /^Posts matching/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
