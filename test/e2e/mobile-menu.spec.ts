import { expect, test } from "./support/test";
import { presetCookieConsent, waitForHydration } from "./support/helpers";

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const NAV_ITEMS = ["Feed", "Subscriptions", "Likes", "Watchlist", "Discover experts", "Recommended"];

test("at 375 px the sidebar is hidden and 'Open menu' opens a full-screen menu", async ({ page, context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  await page.goto("/");
  await waitForHydration(page);

  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
  const openButton = page.getByRole("button", { name: "Open menu" });
  await expect(openButton).toBeVisible();

  const menu = page.getByRole("dialog", { name: "Menu", exact: true });
  await openButton.click();
  await expect(menu).toBeVisible();

  // Full screen: the dialog covers the whole viewport.
  const viewport = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(await menu.boundingBox()).toMatchObject({ x: 0, y: 0, ...viewport });

  const nav = menu.getByRole("navigation", { name: "Main" });
  for (const label of NAV_ITEMS) {
    await expect(
      nav.getByRole(label === "Subscriptions" || label === "Recommended" ? "button" : "link", {
        name: label,
        exact: true,
      }),
    ).toBeVisible();
  }

  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(openButton).toBeFocused();

  // So does the close button.
  await openButton.click();
  await expect(menu).toBeVisible();
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await expect(openButton).toBeFocused();
});

test("a link in the mobile menu navigates and closes the menu", async ({ page, context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  await page.goto("/no-such-page");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu", exact: true });
  await menu.getByRole("link", { name: "Feed", exact: true }).click();
  // The feed is for signed-in readers: a visitor lands on sign-in, coming back to it afterwards.
  await expect(page).toHaveURL("/sign-in?callbackUrl=%2Ffeed");
  await expect(menu).toBeHidden();
});

test("at 375 px nothing overflows the screen sideways", async ({ page, context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  for (const path of ["/", "/no-such-page"]) {
    await page.goto(path);
    // A phone widens its layout viewport to fit content that overflows, so both must stay 375.
    const widths = await page.evaluate(() => ({
      inner: window.innerWidth,
      scroll: document.documentElement.scrollWidth,
    }));
    expect(widths, path).toEqual({ inner: 375, scroll: 375 });
  }
});
