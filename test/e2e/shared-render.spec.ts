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

/** The experts in the sidebar's Subscriptions (names only: opening one clears its new-post count). */
const subscribedExperts = async (page: Page) =>
  (await page.getByRole("list", { name: "Subscribed experts" }).getByRole("link").allInnerTexts()).map(
    (text) => text.split("\n")[0],
  );

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

/** Each post card's like button: its label and whether it is pressed. */
const likeStates = (page: Page) =>
  page
    .locator("button[aria-pressed]")
    .filter({ has: page.locator("svg") })
    .evaluateAll((buttons) => buttons.map((b) => `${b.getAttribute("aria-label")}=${b.getAttribute("aria-pressed")}`));

test("a subscriber's expert page, shared with the expert's other subscribers, shows their own subscription, follow and likes", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan");
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The page rendered for this reader alone (a parameter it does not read keeps it theirs).
    const alone = await page.goto("/experts/LeBronPicks?from=test");
    expect(alone!.headers()["x-page-cache"]).toBeUndefined();
    await waitForHydration(page);
    const subscription = page.getByRole("region", { name: "Subscription" });
    await expect(subscription.getByText("Subscribed")).toBeVisible();
    const followState = await subscription.getByRole("button", { name: /^Follow/ }).textContent();
    const likes = await likeStates(page);
    expect(likes.length).toBeGreaterThan(0);

    const shared = await page.goto("/experts/LeBronPicks");
    expect(shared!.headers()["x-page-cache"]).toMatch(/^shared-/);
    const html = await shared!.text();
    // The reader is in their own part only, never in what the expert's other subscribers share.
    const ownPart = /<script type="application\/json" id="ss-personal">.*?<\/script>/.exec(html)![0];
    expect(ownPart).toContain("alex.fan");
    expect(html.replace(ownPart, "")).not.toContain("alex.fan");
    await waitForHydration(page);
    await expect(subscription.getByText("Subscribed")).toBeVisible();
    await expect(subscription.getByRole("button", { name: /^Follow/ })).toHaveText(followState!);
    await expect.poll(() => likeStates(page)).toEqual(likes);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a subscriber's pick, shared with the author's other subscribers, shows the analysis and their own like", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan");
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto("/experts/LeBronPicks");
    // The first live post of the expert's list (a pick or a free post: either is shared by
    // audience; "Coming up" above it may hold posts other tests scheduled, which have no like).
    const links = await page
      .getByRole("list", { name: "Posts and picks by LeBronPicks" })
      .locator('a[href^="/posts/"]')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
    const href = links.find((path) => /^\/posts\/[0-9a-f-]{36}$/.test(path))!;
    // The page rendered for this reader alone first (a parameter it does not read keeps it theirs).
    await page.goto(`${href}?from=test`);
    await waitForHydration(page);
    const like = page.getByRole("button", { name: /like/i }).first();
    const pressed = await like.getAttribute("aria-pressed");
    const article = await page.locator("article").first().innerText();

    await page.goto(href);
    const shared = await page.goto(href);
    expect(shared!.headers()["x-page-cache"]).toMatch(/^shared-/);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /like/i }).first()).toHaveAttribute("aria-pressed", pressed!);
    await expect.poll(() => page.locator("article").first().innerText()).toBe(article);
    // The author's column knows the reader subscribes (alex.fan subscribes to LeBronPicks).
    const aside = page.getByRole("complementary", { name: "About the expert" });
    await expect(aside.getByRole("link", { name: "Subscribed" })).toBeVisible();
    await expect(aside.getByRole("link", { name: "Subscribe", exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the home's shared page carries each reader's own feed, server-rendered, and it hydrates and works", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan");
  try {
    // Decision 049: the page around the feed is shared; the feed is the reader's, rendered into it.
    const feedList = (html: string) => /<ul aria-label="Feed".*?<\/ul>/s.exec(html)?.[0];
    await context.request.get("/");
    const home = await context.request.get("/");
    expect(home.headers()["x-page-cache"]).toMatch(/^shared-(hit|stale)$/);
    const homeHtml = await home.text();
    // The same cards, byte for byte, as /feed renders for this reader alone.
    const own = feedList(await (await context.request.get("/feed")).text());
    expect(own).toBeTruthy();
    expect(feedList(homeHtml)).toBe(own);
    expect(homeHtml).not.toContain("taylor88");

    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    const feed = page.getByRole("list", { name: "Feed" });
    await expect(feed.getByRole("article").first()).toBeVisible();
    // A card's control works once hydrated: the like goes to the server and stays after a reload.
    const like = feed.getByRole("button", { name: /^Like \(/ }).first();
    const pressed = await like.getAttribute("aria-pressed");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", pressed === "true" ? "false" : "true");
    await page.reload();
    await waitForHydration(page);
    await expect(feed.getByRole("button", { name: /^Like \(/ }).first()).toHaveAttribute(
      "aria-pressed",
      pressed === "true" ? "false" : "true",
    );
    // Put back as it was, for the other tests.
    await feed
      .getByRole("button", { name: /^Like \(/ })
      .first()
      .click();
    await expect(feed.getByRole("button", { name: /^Like \(/ }).first()).toHaveAttribute("aria-pressed", pressed!);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
