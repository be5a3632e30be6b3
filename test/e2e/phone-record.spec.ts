import { expect, test, type Page } from "./support/test";
import { presetCookieConsent, waitForHydration } from "./support/helpers";

/**
 * The record on a phone: the expert page's figures and chart, and the leaderboard's
 * filters, read at 375 px without sideways scrolling of the page, wrapped figures or tiny labels.
 * Demo data (app/demo/seed.server.ts): LeBronPicks, an NBA expert with two months of graded picks,
 * enough to be ranked all time.
 */
const EXPERT = "LeBronPicks";
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

/** How wide the page itself is: nothing may push it past the phone's width. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test("the expert's record at 375 px: no sideways overflow, figures on one line, axis labels of at least 11 px", async ({
  page,
}) => {
  await page.goto(`/experts/${EXPERT}`);
  await waitForHydration(page);
  const record = page.getByRole("region", { name: "Record and figures" });
  // The panel loads as it comes near the screen: read it once it has.
  await record.scrollIntoViewIfNeeded();
  await expect(record.getByRole("heading", { name: "Graded picks" })).toBeVisible();

  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  // Every part of the record lies within the screen, none cut off at the right.
  const overflowing = await record.evaluate((section, width) => {
    // Text kept for screen readers only (clipped to nothing) takes no room on screen.
    const clipped = (element: Element | null): boolean => {
      for (let node = element; node && node !== section; node = node.parentElement)
        if (getComputedStyle(node).clipPath !== "none") return true;
      return false;
    };
    const out: string[] = [];
    for (const element of section.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && !clipped(element))
        out.push(`${element.tagName} ${element.textContent?.slice(0, 30)}`);
    }
    return out;
  }, PHONE.width);
  expect(overflowing).toEqual([]);

  // Each window's figures: its W-L-P and units stay on one line.
  const allTime = record.getByRole("row", { name: /All time/ });
  await expect(allTime).toContainText(/\d+-\d+-\d+/);
  const lines = await allTime.evaluate((row) => {
    const count = (pattern: RegExp) => {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!pattern.test(node.textContent ?? "")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // One rectangle per line the text is laid out on.
        return { text: node.textContent, lines: range.getClientRects().length };
      }
      return null;
    };
    return [count(/^\d+-\d+-\d+$/), count(/^[+-]?\d+\.\d\du$/), count(/^[+-]?\d+\.\d%$|^—$/)];
  });
  for (const figure of lines) {
    expect(figure, "the figure is shown").not.toBeNull();
    expect(figure!.lines, `${figure!.text} on one line`).toBe(1);
  }

  // The chart's axis labels, however the drawing is scaled: at least 11 CSS pixels.
  const chart = record.locator("figure");
  await expect(chart.getByRole("img", { name: /Units won by LeBronPicks/ })).toBeVisible();
  const sizes = await chart.evaluate((figure) => {
    const out: { text: string; size: number }[] = [];
    for (const element of figure.querySelectorAll<Element>("*")) {
      if (element.closest("title, desc, figcaption")) continue;
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      if (!ownText) continue;
      const fontSize = parseFloat(getComputedStyle(element).fontSize);
      // An SVG text shrinks with its drawing: its size on screen is its font size times the drawing's scale.
      const scale = element instanceof SVGGraphicsElement ? Math.abs(element.getScreenCTM()?.d ?? 1) : 1;
      out.push({ text: ownText, size: fontSize * scale });
    }
    return out;
  });
  expect(sizes.map((label) => label.text)).toContain("0");
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  for (const label of sizes) expect(label.size, `axis label ${label.text}`).toBeGreaterThanOrEqual(11);

  await page.screenshot({ path: "test-results/phone-record-expert-375.png", fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: "test-results/phone-record-expert-1440.png", fullPage: true });
});

test("the leaderboard at 375 px: the filters in one sideways row with a hint, the board on the first screen", async ({
  page,
}) => {
  await page.goto("/leaderboard?window=all");
  await waitForHydration(page);
  const chips = page.getByRole("navigation", { name: /^(Window|Sport)$/ }).getByRole("link");
  expect(await chips.count()).toBeGreaterThan(10);

  // One row: every chip at the same height on the page.
  const tops = await chips.evaluateAll((links) =>
    links.map((link) => (link as HTMLElement).getBoundingClientRect().top),
  );
  expect(new Set(tops.map(Math.round)).size, `chip tops ${tops.join(", ")}`).toBe(1);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // The table's first row is on the first screen, whole.
  await expect(page.getByRole("row", { name: new RegExp(`@${EXPERT}`) })).toBeVisible();
  const firstRow = await page.locator("tbody tr").first().boundingBox();
  expect(firstRow).not.toBeNull();
  expect(firstRow!.y + firstRow!.height).toBeLessThanOrEqual(PHONE.height);

  // The row says it scrolls: a fading edge at the right, none at the left.
  const filters = page
    .getByRole("navigation", { name: "Window" })
    .locator("xpath=ancestor::div[contains(@class, 'overflow-x-auto')][1]");
  const row = filters.locator("xpath=..");
  const after = row.locator(":scope > [data-scroll-hint=after]");
  const before = row.locator(":scope > [data-scroll-hint=before]");
  await expect(after).toHaveCSS("opacity", "1");
  await expect(before).toHaveCSS("opacity", "0");
  await page.screenshot({ path: "test-results/phone-record-leaderboard-375.png", fullPage: true });

  // A keyboard user reaches every chip: focusing one out of view scrolls the row, not the page, to
  // show it clear of the fading edge (its focus ring is not hidden under it)...
  const sports = page.getByRole("navigation", { name: "Sport" }).getByRole("link");
  const middle = page.getByRole("navigation", { name: "Sport" }).getByRole("link", { name: "Soccer", exact: true });
  expect((await middle.boundingBox())!.x).toBeGreaterThan(PHONE.width);
  await middle.focus();
  await expect(middle).toBeFocused();
  await expect(after).toHaveCSS("opacity", "1");
  await expect
    .poll(async () => (await middle.boundingBox())!.x + (await middle.boundingBox())!.width)
    .toBeLessThanOrEqual((await after.boundingBox())!.x);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  // ...and at the end of the row the hint moves to the left.
  const last = sports.last();
  await last.focus();
  await expect(after).toHaveCSS("opacity", "0");
  await expect(before).toHaveCSS("opacity", "1");
  expect((await last.boundingBox())!.x + (await last.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // A chosen sport far to the right is scrolled into view on its board.
  await last.click();
  await expect(page).toHaveURL(/categoryId=/);
  await page.reload();
  await waitForHydration(page);
  const chosen = page.getByRole("navigation", { name: "Sport" }).locator('[aria-current="page"]');
  await expect
    .poll(async () => (await chosen.boundingBox())!.x + (await chosen.boundingBox())!.width)
    .toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "test-results/phone-record-leaderboard-sport-375.png" });

  // On a desktop the filters wrap as before: nothing scrolls, no hint shows.
  await page.goto("/leaderboard?window=all");
  await page.setViewportSize(DESKTOP);
  await waitForHydration(page);
  await expect(
    page
      .getByRole("navigation", { name: "Window" })
      .locator("xpath=ancestor::div[contains(@class, 'overflow-x-auto')][1]/..")
      .locator(":scope > [data-scroll-hint=after]"),
  ).toHaveCSS("opacity", "0");
  await page.screenshot({ path: "test-results/phone-record-leaderboard-1440.png", fullPage: true });
});
