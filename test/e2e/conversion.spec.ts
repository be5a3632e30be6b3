import { expect, test, type Page } from "./support/test";
import { PASSWORD, codeIn, mailFor, uniqueEmail } from "./support/accounts";
import { contextAtWidth, presetCookieConsent, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * From a visitor's tap on a paid pick to reading it unlocked, with payments off (the e2e server
 * has no Stripe keys): Subscribe → sign in → "Create an account" → the e-mail code → the
 * subscription step (price, period, what is included, how to cancel) → back on the pick, which
 * now opens. Then the quiet cancel, behind a confirmation that names the day access ends.
 * The same with the Stripe stand-in's card form: conversion-stripe.spec.ts.
 */

const EXPERT = "LeBronPicks";

/** A live pick of the expert's, found as anyone finds it. */
async function livePick(page: Page): Promise<string> {
  const expert = (await (await page.request.get(`/api/experts/${EXPERT}`)).json()).payload as { id: string };
  const posts = (await (await page.request.get(`/api/posts?expertId=${expert.id}&size=50`)).json()).items as {
    id: string;
    postType: string;
    isLocked: boolean;
  }[];
  const pick = posts.find((post) => post.postType === "Pick" && post.isLocked);
  expect(pick, "the demo expert has a live pick a visitor cannot read").toBeTruthy();
  return pick!.id;
}

/** The element's box is at least 44 px tall: a finger's tap target. */
async function expectTapTarget(page: Page, name: string | RegExp, role: "button" | "link" = "button") {
  const box = await page.getByRole(role, { name, exact: typeof name === "string" }).boundingBox();
  expect(box, `${name} is on screen`).not.toBeNull();
  expect(box!.height, `${name} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
}

for (const width of [1440, 375] as const) {
  test(`at ${width} px: a visitor on a paid pick signs up, subscribes in one step and reads it; cancelling asks first`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();
    const pick = await livePick(page);
    const pickPath = `/posts/${pick}`;
    const locked = page.getByRole("heading", { name: "This pick is for subscribers" });

    await page.goto(pickPath);
    await waitForHydration(page);
    await expect(locked).toBeVisible();
    await expectTapTarget(page, `Subscribe to ${EXPERT}`, "link");
    await page.getByRole("link", { name: `Subscribe to ${EXPERT}`, exact: true }).click();

    // Sign in first, and from there a new account: the way back is kept at each step.
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsubscribe%2FLeBronPicks/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/sign-up\?callbackUrl=%2Fsubscribe%2FLeBronPicks/);
    const email = uniqueEmail(`conversion-${width}`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Full name").fill("Casey Convert");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Password confirmation").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL(/\/email-verification\?callbackUrl=%2Fsubscribe%2FLeBronPicks/);
    await page.getByLabel("Verification code").fill(codeIn(await mailFor(email)));

    // The subscription step: what it costs, for how long, what it opens, how to leave.
    await expect(page).toHaveURL(`/subscribe/${EXPERT}?next=${encodeURIComponent(pickPath)}`);
    await expect(page.getByRole("heading", { name: `Subscribe to ${EXPERT}` })).toBeVisible();
    await expect(page.getByText("Free", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What is included" })).toBeVisible();
    await expect(page.getByText(/renews every 30 days until you cancel/)).toBeVisible();
    await expect(page.getByText(/Cancel any time on/)).toBeVisible();
    await expectTapTarget(page, "Subscribe for free");
    await page.screenshot({ path: testInfo.outputPath(`subscribe-step-${width}.png`), fullPage: true });
    await page.getByRole("button", { name: "Subscribe for free" }).click();

    // Back on the pick, unlocked.
    await expect(page).toHaveURL(pickPath);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(locked).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`pick-unlocked-${width}.png`), fullPage: true });

    // Cancelling is quiet and asks first, naming the day access ends.
    await page.goto(`/experts/${EXPERT}`);
    await waitForHydration(page);
    const term = page.getByTestId("subscription-term");
    await expect(term).toHaveText(/^Renews on /);
    const renewal = (await term.textContent())!.replace("Renews on ", "");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Cancel your subscription to ${EXPERT}?` });
    await expect(dialog).toContainText(`until ${renewal}`);
    await dialog.getByRole("button", { name: "Keep subscription" }).click();
    await expect(term).toHaveText(`Renews on ${renewal}`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(term).toHaveText(`Ends on ${renewal}`);
    // Paid until then: the pick stays open.
    await page.goto(pickPath);
    await expect(locked).toHaveCount(0);
    await context.close();
  });
}

test("a signed-in reader's Subscribe opens the same step, and Go back returns without subscribing", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  await presetCookieConsent(context, baseURL!);
  const page = await context.newPage();
  const email = uniqueEmail("conversion-signed-in");
  const signUp = await page.request.post("/api/users", {
    headers: { Origin: baseURL! },
    data: { user: { email, fullName: "Robin Reader", password: PASSWORD, passwordConfirmation: PASSWORD } },
  });
  expect(signUp.status()).toBe(201);
  await page.goto("/email-verification");
  await page.getByLabel("Verification code").fill(codeIn(await mailFor(email)));
  await expect(page).toHaveURL(/\/email-verification\/confirmed$/);

  await page.goto(`/experts/${EXPERT}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Subscribe", exact: true }).click();
  await expect(page).toHaveURL(`/subscribe/${EXPERT}?next=${encodeURIComponent(`/experts/${EXPERT}`)}`);
  await page.getByRole("link", { name: "Go back" }).click();
  await expect(page).toHaveURL(`/experts/${EXPERT}`);
  await expect(page.getByRole("link", { name: "Subscribe", exact: true })).toBeVisible();
  await context.close();
});
