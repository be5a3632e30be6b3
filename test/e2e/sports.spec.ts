import { expect, test } from "./support/test";
import { contextAtWidth } from "./support/helpers";

/**
 * Sports never come up empty: the leaderboard's sport filter shows its experts (ranked, or not
 * ranked yet) and leads to the sport's page, which lists its experts, posts and coming games;
 * the search finds experts by their sport and by a misspelt name, and each tab says how many.
 */
for (const width of [1440, 375] as const) {
  test(`at ${width} px: from the leaderboard's NBA filter to the NBA page; the search finds by sport and by typo`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();

    // Every sport a demo expert bets has names on its board, ranked or on their way.
    await page.goto("/leaderboard");
    await page.getByRole("navigation", { name: "Sport" }).getByRole("link", { name: "NBA", exact: true }).click();
    await expect(page).toHaveURL(/categoryId=/);
    const ranked = page.getByRole("table", { name: /^Ranked experts, NBA/ });
    const unranked = page.getByRole("table", { name: /^Experts not ranked yet, NBA/ });
    await expect
      .poll(async () => (await ranked.getByRole("row").count()) + (await unranked.getByRole("row").count()))
      .toBeGreaterThan(1);
    await page.getByRole("link", { name: /^The NBA page/ }).click();

    await expect(page).toHaveURL("/sports/nba");
    await expect(page).toHaveTitle(/^NBA experts, picks and games \|/);
    const experts = page.getByRole("region", { name: "Experts" });
    await expect(experts.getByRole("link", { name: /@LeBronPicks/ })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Latest posts and picks" }).getByRole("article").first(),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Coming games" }).getByRole("link").first()).toBeVisible();
    // Nothing wider than the screen (a phone would zoom the page out to fit it).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scrolling").toBe(width);
    await page.screenshot({ path: testInfo.outputPath(`sport-nba-${width}.png`), fullPage: true });

    // The search: by sport, every tab with its count; by a misspelt name.
    await page.goto("/search?q=nba&tab=experts");
    const tabs = page.getByRole("navigation", { name: "Search results by type" });
    for (const tab of ["Experts", "Categories", "Posts"])
      await expect(tabs.getByRole("link", { name: new RegExp(`^${tab}\\s*, \\d+ results?$`) })).toBeVisible();
    const found = page.getByRole("list", { name: /^Experts matching/ });
    await expect(found.locator('a[href="/experts/LeBronPicks"]')).toBeVisible();
    await page.goto("/search?q=gridrion&tab=experts");
    await expect(found.locator('a[href="/experts/GridironGuru"]')).toBeVisible();
    await context.close();
  });
}
