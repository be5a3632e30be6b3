import { expect, test } from "@playwright/test";
import { presetCookieConsent, waitForHydration } from "./support/helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

test("the skip link is the first Tab stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute("href", "#main-content");

  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});

test("the slash key focuses the header search, which submits to /search?q=", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const search = page.getByRole("banner").getByPlaceholder("Search experts, category or posts...");
  await expect(search).toBeVisible();
  await expect(search).not.toBeFocused();

  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  // The slash itself is not typed into the box.
  await expect(search).toHaveValue("");

  await page.keyboard.type("nba picks");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=nba(\+|%20)picks$/);
});
