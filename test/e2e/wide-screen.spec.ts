/**
 * The desktop width is used: at 1440 px the post page has a column with its author's
 * verified record and the way to subscribe, the feed and an expert's page the leaderboard's best;
 * at 375 px the pages keep one column and show none of it.
 */
import { expect, test } from "./support/test";
import { presetCookieConsent, signedInContext, uniqueClientIp } from "./support/helpers";

test("1440 px: the post page's column names its author's record and leads to the subscription", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  await presetCookieConsent(context, baseURL!);
  const page = await context.newPage();
  const expertId = (await (await context.request.get("/api/experts/LeBronPicks")).json()).payload.id as string;
  const [post] = (await (await context.request.get(`/api/posts?expertId=${expertId}&size=1`)).json()).items as {
    id: string;
  }[];
  await page.goto(`/posts/${post.id}`);
  const aside = page.getByRole("complementary", { name: "About the expert" });
  await expect(aside).toBeVisible();
  await expect(aside.getByText("Verified record, all time")).toBeVisible();
  await expect(aside.getByText(/^\d+-\d+-\d+$/)).toBeVisible();
  // Beside the article, not under it.
  const [articleBox, asideBox] = [await page.locator("article").first().boundingBox(), await aside.boundingBox()];
  expect(asideBox!.x).toBeGreaterThan(articleBox!.x + articleBox!.width);
  // The subscription step, by way of sign-in for a visitor, returning to the post.
  await aside.getByRole("link", { name: "Subscribe" }).click();
  const step = `/subscribe/LeBronPicks?next=${encodeURIComponent(`/posts/${post.id}`)}`;
  await expect(page).toHaveURL(`/sign-in?callbackUrl=${encodeURIComponent(step)}`);
  await page.goto("/experts/LeBronPicks");
  await expect(page.getByRole("complementary", { name: "Top experts" }).getByRole("listitem")).not.toHaveCount(0);
  await context.close();
});

test("the feed's column lists the leaderboard's best; on a phone there is no column", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan");
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/feed");
  const leaders = page.getByRole("complementary", { name: "Top experts" });
  await expect(leaders.getByRole("link", { name: /^\d @/ })).toHaveCount(5);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(leaders).toBeHidden();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
