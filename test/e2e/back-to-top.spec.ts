import { expect, test } from "./support/test";
import { presetCookieConsent, waitForHydration } from "./support/helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

test("at 1440 px back-to-top appears after 300 px of scrolling and scrolls to the top", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
  await expect(button).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
  await expect(button).toBeVisible();

  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test("at 375 px back-to-top is not shown, however far the page scrolls", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
  // Give the scroll listener its turn before judging.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByRole("button", { name: "Back to top" })).toBeHidden();

  // The same page grown to 1440 px shows it: the breakpoint is what hid it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
});
