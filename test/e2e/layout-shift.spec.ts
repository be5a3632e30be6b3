import { expect, test, type Page } from "./support/test";
import { presetCookieConsent, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * The expert page does not jump as its posts load (Cumulative Layout Shift under 0.1, the "good"
 * threshold): a reader scrolls it by wheel from the top to the last post, every page of posts
 * loading on the way, and the layout shifts the browser reports are summed.
 */
async function cumulativeShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

for (const width of [1440, 375] as const) {
  test(`at ${width} px: scrolling an expert's page to its last post shifts the layout by less than 0.1`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({
      baseURL,
      viewport: width === 375 ? { width: 375, height: 812 } : { width: 1440, height: 900 },
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    await presetCookieConsent(context, baseURL!);
    const page = await context.newPage();
    // Every shift not caused by the reader's own input, from the first paint on.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/experts/LeBronPicks");
    await waitForHydration(page);
    const posts = page.getByRole("list", { name: /posts/i }).first().getByRole("article");
    const first = await posts.count();
    // A reader's wheel: a screen's worth at a time, briskly, until the list has nothing more to load.
    for (let step = 0; step < 120; step++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(100);
      const atEnd = await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      );
      if (atEnd && (await page.getByRole("button", { name: "Load more" }).count()) === 0) break;
    }
    expect(await posts.count(), "more pages of posts loaded on the way").toBeGreaterThan(first);
    await page.waitForTimeout(500);
    expect(await cumulativeShift(page)).toBeLessThan(0.1);
    await context.close();
  });
}
