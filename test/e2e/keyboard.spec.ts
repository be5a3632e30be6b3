import { expect, test, type Locator, type Page } from "./support/test";
import {
  DEMO_PASSWORD,
  presetCookieConsent,
  signedInContext,
  uniqueClientIp,
  waitForHydration,
} from "./support/helpers";

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

/** The name of the focused element (its aria-label, labelling element, label or text), for reading Tab order. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "";
    const visibleText = (node: Element) => {
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll("[aria-hidden='true']").forEach((hidden) => hidden.remove());
      return copy.textContent ?? "";
    };
    const labelledBy = element.getAttribute("aria-labelledby");
    const labelElement =
      (labelledBy && document.getElementById(labelledBy)) || (element as HTMLInputElement).labels?.[0];
    const name =
      element.getAttribute("aria-label") ?? (labelElement ? visibleText(labelElement) : visibleText(element));
    return name.replace(/\s+/g, " ").trim();
  });
}

/** Presses Tab up to `limit` times until `target` has the focus; returns each stop's name. */
async function tabUntil(page: Page, target: Locator, limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    stops.push(await focusedName(page));
    if (await target.evaluate((element) => element === document.activeElement)) return stops;
  }
  throw new Error(`Tab never reached ${target}; stops: ${stops.join(" | ")}`);
}

/** Whether the stops include all of `names`, in this order. */
function inOrder(stops: string[], names: (string | RegExp)[]): boolean {
  const indexes = names.map((name) =>
    stops.findIndex((stop) => (typeof name === "string" ? stop === name : name.test(stop))),
  );
  return indexes.every((index, i) => index >= 0 && (i === 0 || index > indexes[i - 1]));
}

const focusIsInside = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

test.describe("the header by keyboard", () => {
  test("signed out: skip link, logo, search, then Sign In / Sign up, in that order", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const stops = await tabUntil(page, page.getByRole("banner").getByRole("link", { name: "Sign In / Sign up" }));
    expect(stops[0]).toBe("Skip to content");
    expect(
      inOrder(stops, ["Skip to content", "Sharpside home", "Search", "Become an expert", "Sign In / Sign up"]),
      `Tab order: ${stops.join(" | ")}`,
    ).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("an expert: search, New Post/Pick, the bell and the avatar menu, in that order", async ({
    browser,
    baseURL,
  }) => {
    const context = await signedInContext(browser, baseURL!, "LeBronPicks");
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await waitForHydration(page);
    const stops = await tabUntil(page, page.getByRole("button", { name: "Account menu" }));
    expect(
      inOrder(stops, ["Skip to content", "Search", "New Post/Pick", /^Notifications/, "Account menu"]),
      `Tab order: ${stops.join(" | ")}`,
    ).toBe(true);
    await context.close();
  });
});

test("the avatar menu: Enter opens it, arrow keys move, Escape closes and gives focus back", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, "LeBronPicks");
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await waitForHydration(page);
  const trigger = page.getByRole("button", { name: "Account menu" });
  await tabUntil(page, trigger);

  const menu = page.getByRole("menu");
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  // The first item has the focus; the arrow keys walk the items, wrapping at neither end.
  await expect(menu.getByRole("menuitem", { name: "My profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Edit Profile & Settings" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Business" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "Edit Profile & Settings" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Log Out" })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // Space opens it too, and Enter on an item follows it.
  await page.keyboard.press("Space");
  await expect(menu).toBeVisible();
  // The menu moves the focus to its first item as it opens: an arrow pressed before that is lost.
  await expect(menu.getByRole("menuitem", { name: "My profile" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu).toBeHidden();
  await context.close();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the mobile menu opens by keyboard, keeps the focus inside, and Escape gives it back", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const openButton = page.getByRole("button", { name: "Open menu" });
    const stops = await tabUntil(page, openButton);
    expect(stops).toEqual(["Skip to content", "Open menu"]);

    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu", exact: true });
    await expect(menu).toBeVisible();
    expect(await focusIsInside(menu)).toBe(true);

    // Round the whole menu and past its end, both ways: the focus never leaves it.
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsInside(menu), `Tab ${i + 1}`).toBe(true);
      seen.add(await focusedName(page));
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusIsInside(menu), `Shift+Tab ${i + 1}`).toBe(true);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["Close menu", "Feed", "Discover experts", "Sign In / Sign up"]));

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();
  });
});

test.describe("the post editor by keyboard", () => {
  test("open it, write a title and a bold body, reach the toolbar, confirm before discarding", async ({
    browser,
    baseURL,
  }) => {
    // Some forty key presses, each awaited: on two loaded cores this passes 30 s.
    test.setTimeout(90_000);
    const context = await signedInContext(browser, baseURL!, "LeBronPicks");
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await waitForHydration(page);

    // The header's button opens the dialog.
    await tabUntil(page, page.getByRole("link", { name: "New Post/Pick" }));
    await page.keyboard.press("Enter");
    const editor = page.getByRole("dialog", { name: "New Post/Pick" });
    const title = editor.getByLabel("Title");
    // The editor is a chunk loaded as the dialog opens (as in the other editor tests).
    await expect(title).toBeVisible({ timeout: 15_000 });
    // The title has the focus as the dialog opens.
    await expect(title).toBeFocused();

    // Title and body typed; the toolbar's buttons are Tab stops on the way to the body.
    await page.keyboard.type("Lakers -4.5 tonight");
    await expect(title).toHaveValue("Lakers -4.5 tonight");
    const bold = editor.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" });
    const toBold = await tabUntil(page, bold);
    expect(inOrder(toBold, ["Add cover image", "Paragraph", "Bold"]), `Tab order: ${toBold.join(" | ")}`).toBe(true);
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    // The bold button, pressed with Enter, turns bold on for what is typed next in the body.
    const body = editor.getByRole("textbox", { name: "Body" });
    await page.keyboard.press("Enter");
    await expect(body).toBeFocused();
    await page.keyboard.type("Rest edge. ");
    await expect(body.locator("strong")).toHaveText("Rest edge. ");
    // The shortcut turns it off again.
    await page.keyboard.press("Control+b");
    await page.keyboard.type("Pace too.");
    await expect(body).toContainText("Rest edge. Pace too.");
    await expect(body.locator("strong")).toHaveText("Rest edge. ");

    // Escape with unsaved words asks first; the confirmation keeps the focus and Escape cancels it.
    await page.keyboard.press("Escape");
    const confirmation = page.getByRole("alertdialog", { name: "Discard changes?" });
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByRole("button", { name: "Keep editing" })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsInside(confirmation), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focusIsInside(confirmation)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(confirmation).toBeHidden();
    await expect(editor).toBeVisible();
    await expect(title).toHaveValue("Lakers -4.5 tonight");
    // The focus is back where it was: in the body.
    await expect(body).toBeFocused();

    // Escape again, then Discard by keyboard, closes the editor.
    await page.keyboard.press("Escape");
    await expect(confirmation).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(confirmation.getByRole("button", { name: "Discard" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(editor).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    // The focus goes back to the button that opened the editor.
    await expect(page.getByRole("link", { name: "New Post/Pick" })).toBeFocused();
    await context.close();
  });
});

test.describe("sign-in by keyboard", () => {
  // A failed sign-in counts against the client's address: this test gets an address of its own.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });

  test("a missing field is named and focused; the form then signs in with Enter", async ({ page }) => {
    await page.goto("/sign-in");
    await waitForHydration(page);
    const name = page.getByLabel("Email or username");
    const password = page.getByLabel("Password", { exact: true });

    await tabUntil(page, name);
    await page.keyboard.type("alex.fan");
    // Enter with the password empty: the focus goes to it, and its error is its description.
    await page.keyboard.press("Enter");
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/\S/);

    // A wrong password: the form's own error is announced.
    await page.keyboard.type("not-the-password");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);

    // The focus stays in the password box, which keeps what was typed: select it all and retype.
    await expect(password).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });
});
