/**
 * The header search box against the real search (product.md "Screens and routes"): the slash key, the
 * suggestions popover on a large screen, the full-width overlay on a phone, and landing on the
 * chosen expert; queries of several words (a user name typed as words or misspelt across them).
 * Demo data: app/demo/seed.server.ts (GridironGuru is Dana Whitfield, IceColdLocks Erik Lindqvist).
 */
import { expect, test, type Page } from "./support/test";
import { collectPageErrors, presetCookieConsent, waitForHydration } from "./support/helpers";

const PLACEHOLDER = "Search experts, category or posts...";

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

async function expectOnGridironGuru(page: Page) {
  await expect(page).toHaveURL("/experts/GridironGuru");
  await expect(page.getByRole("heading", { level: 1, name: "Dana Whitfield" })).toBeVisible();
  // In the page's own header: the wide screen's column may list the expert too.
  await expect(page.getByRole("article", { name: "Dana Whitfield" }).getByText("@GridironGuru")).toBeVisible();
}

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("'/' focuses the box; typing shows the matching expert under Experts; ArrowDown and Enter open the expert", async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search" });
    await expect(box).toHaveAttribute("placeholder", PLACEHOLDER);
    await expect(box).not.toBeFocused();

    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("");

    await page.keyboard.type("Gridiron");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const experts = listbox.getByRole("group", { name: "Experts" });
    const guru = experts.getByRole("option", { name: "GridironGuru" });
    await expect(guru).toBeVisible();
    await expect(guru).toHaveAttribute("href", "/experts/GridironGuru");
    await expect(listbox.getByRole("option", { name: "All results" })).toHaveAttribute("href", "/search?q=Gridiron");

    // The popover hangs below the input, within the header's reach.
    const boxRect = (await box.boundingBox())!;
    const panelRect = (await page.getByTestId("search-suggestions").boundingBox())!;
    expect(panelRect.y).toBeGreaterThanOrEqual(boxRect.y + boxRect.height);
    expect(Math.abs(panelRect.x - boxRect.x)).toBeLessThan(2);

    // The first option is the first expert: GridironGuru is the only demo user name with "Gridiron".
    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", (await guru.getAttribute("id"))!);
    await expect(guru).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expectOnGridironGuru(page);

    // The navigation closed the popover and emptied the box.
    await expect(listbox).toBeHidden();
    await expect(box).toHaveValue("");
    expect(errors).toEqual([]);
  });

  test("a click on a suggestion opens it; Escape closes the popover", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search" });
    await box.fill("gridiron");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveValue("gridiron");

    await page.keyboard.press("ArrowDown");
    await expect(listbox).toBeVisible();
    await listbox.getByRole("option", { name: "GridironGuru" }).click();
    await expectOnGridironGuru(page);
  });

  test("gibberish shows 'Nothing found', and Enter still searches for it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search" });
    await box.click();
    await page.keyboard.type("zzqxv");
    const panel = page.getByTestId("search-suggestions");
    await expect(panel).toHaveText("Nothing found");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("status")).toHaveText("Nothing found");

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/search?q=zzqxv");
  });

  test("several words: 'ice cold' suggests IceColdLocks; the page for 'gridron guru' lists GridironGuru", async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search" });
    await box.click();
    await page.keyboard.type("ice cold");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    const experts = listbox.getByRole("group", { name: "Experts" });
    const ice = experts.getByRole("option", { name: "IceColdLocks" });
    await expect(ice).toBeVisible();
    await expect(ice).toHaveAttribute("href", "/experts/IceColdLocks");
    // The best match is the first expert.
    await expect(experts.getByRole("option").first()).toHaveAccessibleName("IceColdLocks");
    await expect(listbox.getByRole("option", { name: "All results" })).toHaveAttribute("href", "/search?q=ice+cold");

    await page.goto("/search?q=gridron%20guru");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("gridron guru");
    await expect(page.getByText("1 expert found")).toBeVisible();
    const guru = page.getByRole("main").getByRole("link", { name: "Dana Whitfield" });
    await expect(guru).toBeVisible();
    await expect(page.getByRole("main").getByText("@GridironGuru")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("search-several-words-1440.png"), fullPage: true });
    await guru.click();
    await expectOnGridironGuru(page);
    expect(errors).toEqual([]);
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the search button opens a full-width overlay whose suggestions lead to the expert", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
    await expect(opener).toBeVisible();
    // The header's own box is for large screens only.
    await expect(page.getByRole("banner").getByRole("combobox")).toBeHidden();

    await opener.click();
    const overlay = page.getByRole("dialog", { name: "Search" });
    await expect(overlay).toBeVisible();
    const box = overlay.getByRole("combobox", { name: "Search" });
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute("placeholder", PLACEHOLDER);

    await page.keyboard.type("gridiron");
    const listbox = overlay.getByRole("listbox", { name: "Search suggestions" });
    await expect(
      listbox.getByRole("group", { name: "Experts" }).getByRole("option", { name: "GridironGuru" }),
    ).toBeVisible();

    // Full width: the overlay and its suggestions span the screen, the overlay covering the header.
    const overlayRect = (await overlay.boundingBox())!;
    const panelRect = (await overlay.getByTestId("search-suggestions").boundingBox())!;
    expect(overlayRect).toMatchObject({ x: 0, y: 0 });
    expect(Math.round(overlayRect.width)).toBe(375);
    expect(Math.round(panelRect.x)).toBe(0);
    expect(Math.round(panelRect.width)).toBe(375);
    // Nothing overflows sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

    await listbox.getByRole("option", { name: "GridironGuru" }).tap();
    await expectOnGridironGuru(page);
    await expect(overlay).toBeHidden();
  });

  test("Escape and the close button close the overlay and give the focus back to the button", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
    const overlay = page.getByRole("dialog", { name: "Search" });

    await opener.click();
    await expect(overlay).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await overlay.getByRole("button", { name: "Close search" }).click();
    await expect(overlay).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the overlay suggests SundaySteam for 'sunday stem', and the page for it fits the screen", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
    const overlay = page.getByRole("dialog", { name: "Search" });
    // The overlay's box takes the keys once it is there and focused (the overlay's code loads on first use).
    await expect(overlay.getByRole("combobox")).toBeFocused();
    await page.keyboard.type("sunday stem");
    await expect(
      overlay.getByRole("group", { name: "Experts" }).getByRole("option", { name: "SundaySteam" }),
    ).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/search?q=sunday+stem");
    await expect(page.getByRole("main").getByRole("link", { name: "Ray Donnelly" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.screenshot({ path: test.info().outputPath("search-several-words-375.png"), fullPage: true });
  });
});
