import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * Icon-only buttons name themselves in a tooltip (Radix, 500 ms): every visible one on the pages
 * and dialogs that have them carries the tip; a resting pointer shows it after the delay, not
 * before; keyboard focus shows it at once; leaving closes it.
 */

/**
 * The visible buttons with no text of their own (the bell's unread-count badge on its icon is not
 * a name; a like's count beside its heart is), and whether each carries a tip.
 */
async function iconButtons(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("button")]
      .filter((button) => button.offsetParent !== null || getComputedStyle(button).position === "fixed")
      .filter((button) => {
        const text = button.cloneNode(true) as HTMLElement;
        text.querySelectorAll("[data-testid='notification-badge']").forEach((badge) => badge.remove());
        return (text.textContent ?? "").trim() === "";
      })
      .map((button) => ({
        name: (button.getAttribute("aria-label") ?? "").replace(/,.*$/, ""),
        tip: !!button.querySelector("[data-icon-tip]"),
      })),
  );
}

test("at 1440 px: every icon-only button has its tip; hovering shows it after 500 ms, keyboard focus at once", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const context = await signedInContext(browser, baseURL!, "LeBronPicks", 1440);
  const page = await context.newPage();
  await page.goto("/feed");
  await waitForHydration(page);
  const onFeed = await iconButtons(page);
  expect(onFeed.map((button) => button.name)).toEqual(
    expect.arrayContaining(["Collapse sidebar", "Notifications", "Account menu"]),
  );
  expect(onFeed.filter((button) => !button.tip)).toEqual([]);

  // The pointer rests on the sidebar's button: nothing yet at 250 ms, the name by 500 ms and after.
  const collapse = page.getByRole("button", { name: "Collapse sidebar" });
  await collapse.hover();
  await page.mouse.move(...(await centre(page, "Collapse sidebar", 2)));
  await page.waitForTimeout(150);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await expect(page.getByRole("tooltip")).toHaveText("Collapse sidebar", { timeout: 2_000 });
  await page.screenshot({ path: test.info().outputPath("tooltip-1440.png") });
  await page.mouse.move(700, 500, { steps: 8 });
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // The keyboard reaches the bell: its name at once; Escape puts it away.
  await page.getByRole("button", { name: "Account menu" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeFocused();
  await expect(page.getByRole("tooltip")).toHaveText("Notifications");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // The editor's toolbar: each tool's tip, with its shortcut where it has one.
  await page.goto("/feed?createEditPost=NEW");
  await waitForHydration(page);
  await expect(page.getByRole("dialog", { name: /New/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
  const inEditor = await iconButtons(page);
  expect(inEditor.length).toBeGreaterThan(5);
  expect(inEditor.filter((button) => !button.tip)).toEqual([]);
  await page.getByRole("button", { name: "Bold" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText(/^Bold \(Ctrl\/⌘\+B\)$/, { timeout: 2_000 });
  await context.close();
});

test("at 375 px: the header's and the menu's icon buttons carry their tips", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan", 375);
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  const header = await iconButtons(page);
  expect(header.map((button) => button.name)).toEqual(expect.arrayContaining(["Open menu", "Search"]));
  expect(header.filter((button) => !button.tip)).toEqual([]);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const menu = await iconButtons(page);
  expect(menu.map((button) => button.name)).toContain("Close menu");
  expect(menu.filter((button) => !button.tip)).toEqual([]);
  // A tap is a tap: no tip comes up on a touch screen.
  await page.getByRole("button", { name: "Close menu" }).tap();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await context.close();
});

test("a pointer that rests still while the tip's code arrives (a slow network) still gets the name", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, "LeBronPicks", 1440);
  const page = await context.newPage();
  // The tooltip's code takes a second to come, and the pointer does not move meanwhile.
  await page.route(/\/assets\/icon-tip-radix-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto("/feed");
  await waitForHydration(page);
  await page.mouse.move(...(await centre(page, "Collapse sidebar", 0)));
  await expect(page.getByRole("tooltip")).toHaveText("Collapse sidebar", { timeout: 4_000 });
  await context.close();
});

/** A point inside the named button, `inset` px from its top-left corner. */
async function centre(page: Page, name: string, inset: number): Promise<[number, number]> {
  const box = (await page.getByRole("button", { name }).boundingBox())!;
  return [box.x + box.width / 2 + inset, box.y + box.height / 2];
}
