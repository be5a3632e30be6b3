import { expect, test } from "./support/test";
import { contextAtWidth, signedInContext, waitForHydration } from "./support/helpers";

/**
 * The select box: a native <select> in the server's HTML; once the page runs, a list under the
 * box on a large screen, a full-screen list with Cancel on a phone.
 */

test("the server sends a native select that works without JavaScript", async ({ request }) => {
  const html = await (await request.get("/contacts")).text();
  expect(html).toMatch(/<select[^>]*name="preferredTime"/);
  expect(html).toContain(">Evening</option>");
});

test("at 1440 px the list opens beside the box; the keyboard moves and chooses", async ({ browser, baseURL }) => {
  const context = await contextAtWidth(browser, baseURL!, 1440);
  const page = await context.newPage();
  await page.goto("/contacts");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Preferred time", exact: true });
  await expect(box).toHaveText("Any time");
  const boxArea = (await box.boundingBox())!;
  await box.click();
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option")).toHaveText(["Any time", "Morning", "Afternoon", "Evening"]);
  // Beside the box (under it, or above where the window ends), not over the page.
  const listArea = (await list.boundingBox())!;
  const under = listArea.y >= boxArea.y + boxArea.height;
  const above = listArea.y + listArea.height <= boxArea.y;
  expect(under || above).toBe(true);
  expect(listArea.width).toBeLessThan(400);
  await page.screenshot({ path: test.info().outputPath("select-box-1440.png") });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(box).toHaveText("Afternoon");
  await expect(box).toBeFocused();
  await context.close();
});

test("at 375 px the list is full screen: Cancel keeps the choice, a tap changes it", async ({ browser, baseURL }) => {
  const context = await contextAtWidth(browser, baseURL!, 375);
  const page = await context.newPage();
  await page.goto("/contacts");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Preferred time", exact: true });
  await box.tap();
  const list = page.getByRole("dialog", { name: "Preferred time" });
  await expect(list).toBeVisible();
  expect(await list.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
  await expect(list.getByRole("button", { name: "Any time" })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("select-box-375.png") });
  await list.getByRole("button", { name: "Cancel" }).tap();
  await expect(list).toHaveCount(0);
  await expect(box).toHaveText("Any time");

  await box.tap();
  await list.getByRole("button", { name: "Morning", exact: true }).tap();
  await expect(list).toHaveCount(0);
  await expect(box).toHaveText("Morning");
  await expect(box).toBeFocused();
  await context.close();
});

test("at 375 px a long list (the time zone) starts on the current choice, in view", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan", 375);
  const page = await context.newPage();
  await page.goto("/settings");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Time zone", exact: true });
  const before = (await box.textContent())!;
  await box.tap();
  const list = page.getByRole("dialog", { name: "Time zone" });
  const current = list.getByRole("button", { name: before, exact: true });
  await expect(current).toBeFocused();
  await expect(current).toBeInViewport();
  await expect(current).toHaveAttribute("aria-current", "true");
  const next = before === "America/Denver" ? "America/Phoenix" : "America/Denver";
  await list.getByRole("button", { name: next.replace("_", " "), exact: true }).tap();
  await expect(box).toHaveText(next);
  await page.screenshot({ path: test.info().outputPath("settings-time-zone-375.png"), fullPage: true });
  await context.close();
});
