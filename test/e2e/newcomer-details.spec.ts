import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { signUp, uniqueEmail, verifyByCode } from "./support/accounts";
import { presetCookieConsent, signedInContext, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * The small things a newcomer trips over, in a real browser: the empty
 * sign-up form flags the full name too; an unconfirmed user opening /feed is sent to verify; a new
 * expert's own page offers the next steps; /business starts from the saved price; the
 * notifications panel is as tall as its items (up to 228 px, then it scrolls); Notify me on a
 * live post says what it does.
 */

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await presetCookieConsent(context, baseURL!);
});

async function becomeExpert(page: Page): Promise<string> {
  const email = uniqueEmail("newcomer");
  await signUp(page, email, "Expert sign up");
  await verifyByCode(page, email);
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/become-expert$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Become an expert", exact: true }).click();
  await expect(page).toHaveURL(/\/congratulates-on-membership$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/experts\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

test("an empty sign-up form flags every field, Full name too", async ({ page }) => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/sign-up");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    for (const label of ["Email", "Full name", "Password", "Password confirmation"]) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field, label).toHaveAttribute("aria-invalid", "true");
      await expect(field, label).toHaveAccessibleDescription(/Required/);
    }
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.screenshot({ path: test.info().outputPath(`newcomer-sign-up-empty-${width}.png`), fullPage: true });
  }
});

test("a signed-in user with an unconfirmed e-mail is sent from /feed and the other signed-in pages to /email-verification", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("unconfirmed"), "User sign up");
  for (const path of ["/feed", "/watchlist", "/subscriptions", "/posts/liked", "/payments", "/notifications"]) {
    await page.goto(path);
    // …and comes back to it once the code is in.
    await expect(page, path).toHaveURL(`/email-verification?callbackUrl=${encodeURIComponent(path)}`);
  }
  await expect(page.getByLabel("Verification code")).toBeVisible();
});

/** The panel's scroll area: its rendered height and how far its content reaches. */
async function panelListSize(page: Page) {
  const area = page.getByRole("dialog", { name: "Notifications" }).locator(".overflow-y-auto");
  return area.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    scrollHeight: element.scrollHeight,
  }));
}

async function openPanel(page: Page) {
  await page.goto("/discover-experts");
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Loading notifications…")).toHaveCount(0);
  return panel;
}

async function writeFreePost(request: APIRequestContext, baseURL: string): Promise<string> {
  const categories = (await (await request.get("/api/categories")).json()).items as { id: number; name: string }[];
  const created = await request.post("/api/posts", {
    headers: { Origin: baseURL },
    data: {
      postType: "Post",
      title: "Hello from a new expert",
      body: [{ type: "paragraph", children: [{ text: "My first free post: how I pick my spots." }] }],
      categoryId: categories[0].id,
      publishDate: new Date(Date.now() - 1000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).payload.id as string;
}

test("a new expert: the next steps on their page, the saved price in the form, a panel as tall as its notifications", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const userName = await becomeExpert(page);
  const ownPage = `/experts/${encodeURIComponent(userName)}`;

  // Their own page offers the way forward.
  await waitForHydration(page);
  const subscription = page.getByRole("region", { name: "Subscription" });
  await expect(subscription.getByText("No subscription price set yet.")).toBeVisible();
  await expect(page.getByText("You have not posted yet")).toBeVisible();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("link", { name: "Write your first post" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`newcomer-own-page-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // A visitor reads the plain texts.
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(ownPage);
  await expect(visitorPage.getByText(`${userName} has not posted yet.`)).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: "Write your first post" })).toHaveCount(0);
  await expect(visitorPage.getByRole("link", { name: "Set your price" })).toHaveCount(0);
  await visitor.close();

  // The first post opens the editor on this page.
  await page.getByRole("link", { name: "Write your first post" }).click();
  await expect(page).toHaveURL(/createEditPost=NEW/);
  await expect(page.getByRole("dialog", { name: "New Post/Pick" })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "New Post/Pick" })).toHaveCount(0);

  // Setting the price: the link lands on the form, which then keeps the saved price.
  await page.getByRole("link", { name: "Set your price" }).click();
  await expect(page).toHaveURL(/\/business#price-heading$/);
  await waitForHydration(page);
  const price = page.getByLabel("Monthly price (USD)");
  const description = page.getByLabel("What subscribers get");
  await expect(price).toHaveValue("");
  await price.fill("19.99");
  await description.fill("Weekend cards");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText("Subscription price has been updated.")).toBeVisible();
  await expect(page.getByText("$19.99/month")).toBeVisible();
  await expect(price).toHaveValue("19.99");
  await page.reload();
  await waitForHydration(page);
  await expect(price).toHaveValue("19.99");
  await expect(description).toHaveValue("Weekend cards");
  // Changing the description alone keeps the price.
  await description.fill("Weekend and midweek cards");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText("Weekend and midweek cards", { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/Current price: \$19\.99\/month — Weekend and midweek cards/)).toBeVisible();
  await expect(price).toHaveValue("19.99");
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("region", { name: "Subscription price" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`newcomer-business-price-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // With a price, the own page links to change it.
  await page.goto(ownPage);
  await expect(page.getByRole("link", { name: "Change your price on Business" })).toHaveAttribute(
    "href",
    "/business#price-heading",
  );

  // The notifications panel: nothing yet is a short panel with the next step.
  let panel = await openPanel(page);
  await expect(panel.getByText("No notifications yet")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Discover experts" })).toBeVisible();
  expect((await panelListSize(page)).height).toBeLessThan(200);
  await page.screenshot({ path: test.info().outputPath("newcomer-notifications-empty-1440.png") });

  // One notification: the panel is as tall as that one item, no blank below it.
  const postId = await writeFreePost(page.request, baseURL!);
  const reader = await signedInContext(browser, baseURL!, "alex.fan");
  expect((await reader.request.post(`/api/posts/${postId}/like`, { headers: { Origin: baseURL! } })).status()).toBe(
    200,
  );
  panel = await openPanel(page);
  await expect(panel.getByRole("link", { name: /liked your post/ })).toHaveCount(1);
  const one = await panelListSize(page);
  expect(one.height).toBeLessThan(120);
  expect(one.scrollHeight).toBeLessThanOrEqual(Math.ceil(one.height) + 1);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    panel = await openPanel(page);
    await expect(panel.getByRole("link", { name: /liked your post/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`newcomer-notifications-one-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Many: the list stops at 228 px and scrolls.
  for (let i = 1; i <= 6; i++) {
    const commented = await reader.request.post(`/api/posts/${postId}/comments`, {
      headers: { Origin: baseURL! },
      data: { body: `Comment number ${i}`, parentId: null },
    });
    expect(commented.status(), await commented.text()).toBe(201);
  }
  panel = await openPanel(page);
  await expect(panel.getByRole("link", { name: /commented on/ }).first()).toBeVisible();
  const many = await panelListSize(page);
  expect(Math.round(many.height)).toBe(228);
  expect(many.scrollHeight).toBeGreaterThan(many.height);
  await page.screenshot({ path: test.info().outputPath("newcomer-notifications-many-1440.png") });
  await page.keyboard.press("Escape");
  await reader.close();

  // Notify me on someone else's live post says what it does.
  const lebronId = (await (await page.request.get("/api/experts/LeBronPicks")).json()).payload.id as string;
  const live = (
    (await (await page.request.get(`/api/posts?expertId=${lebronId}&size=20`)).json()).items as {
      id: string;
      postType: string;
    }[]
  ).find((item) => item.postType === "Post")!;
  await page.goto(`/posts/${live.id}`);
  await waitForHydration(page);
  const notify = page.getByRole("button", { name: "Notify me" });
  await expect(notify).toHaveAttribute("aria-pressed", "false");
  await expect(notify).toHaveAccessibleDescription(/already live: Notify me keeps it on your Watchlist/);
  await notify.click();
  await expect(page.getByText("Saved to your Watchlist.")).toBeVisible();
  await expect(page.getByText(/already live, so there is no notification to wait for/)).toBeVisible();
  await expect(notify).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: test.info().outputPath("newcomer-notify-live-1440.png") });
  await notify.click();
  await expect(page.getByText("Removed from your Watchlist.")).toBeVisible();
  await expect(notify).toHaveAttribute("aria-pressed", "false");
});
