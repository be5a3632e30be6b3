/**
 * The expert's business page in the browser: the figures of the demo's year (charts with their
 * tables, the range links), the CSV downloads, the welcome message from the expert's form to a
 * new subscriber's inbox and first visit, and a free trial and a promo code from the expert's forms to
 * a reader's subscribe step. The experts are ones no other browser test uses.
 */
import { readFileSync } from "node:fs";
import { mailWithSubject, signUp, uniqueEmail, verifyByCode } from "./support/accounts";
import { signedInContext, waitForHydration } from "./support/helpers";
import { expect, test } from "./support/test";

const EXPERT = "BaselineBets";
const EXPERT_NAME = "Sofia Marchetti";
const TRIAL_EXPERT = "CageMath";

for (const width of [1440, 375] as const) {
  test(`at ${width} px: the year's figures, a range, a chart's table and the payments as CSV`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const context = await signedInContext(browser, baseURL!, EXPERT, width);
    const page = await context.newPage();
    await page.goto("/business");
    await waitForHydration(page);
    const figures = page.getByRole("region", { name: "Your business over time" });
    await expect(figures.getByRole("img", { name: /^Active subscribers: / })).toBeVisible();
    await expect(figures.getByRole("link", { name: "90 days" })).toHaveAttribute("aria-current", "page");

    await figures.getByRole("link", { name: "1 year" }).click();
    await expect(page).toHaveURL(/\/business\?days=365$/);
    await expect(figures.getByRole("link", { name: "1 year" })).toHaveAttribute("aria-current", "page");
    // A year of demo history: subscribers came and went every week.
    const weekly = figures.getByRole("img", { name: /^New and cancelled subscriptions per week: (\d+) new/ });
    const gist = (await weekly.getAttribute("aria-label"))!;
    expect(Number(/: (\d+) new/.exec(gist)![1])).toBeGreaterThan(10);
    const revenue = figures.getByRole("figure").filter({ has: page.getByText("Revenue per month") });
    await revenue.getByText("Show as a table").click();
    await expect(revenue.getByRole("row")).toHaveCount(13);

    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      figures.getByRole("link", { name: "Payments (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sharpside-payments-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(csv[0]).toBe("Date,Payment,Kind,Status,From,Amount (USD),Platform fee (USD),Net (USD),Charged,Message");
    expect(csv.length).toBeGreaterThan(20);
    await context.close();
  });
}

test("the welcome message: written on /business, e-mailed to a new subscriber and shown on their first visit", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const message = `Welcome aboard! ${Date.now()}\nTennis picks go up by 9 am ET.`;
  const expert = await signedInContext(browser, baseURL!, EXPERT, 1440);
  const business = await expert.newPage();
  await business.goto("/business");
  await waitForHydration(business);
  const field = business.getByLabel("Welcome message");
  await field.fill(message);
  await business.getByRole("button", { name: "Save welcome message" }).click();
  await expect(business.getByText("Welcome message saved.")).toBeVisible();
  await expect(field).toHaveValue(message);

  // A new reader subscribes from the expert's page and comes back to it.
  const reader = await browser.newContext({ baseURL });
  const page = await reader.newPage();
  const email = uniqueEmail("welcomed");
  await signUp(page, email, "User sign up");
  await verifyByCode(page, email);
  await page.goto(`/subscribe/${EXPERT}?next=${encodeURIComponent(`/experts/${EXPERT}`)}`);
  await page.getByRole("button", { name: "Subscribe for free" }).click();
  await expect(page).toHaveURL(new RegExp(`/experts/${EXPERT}$`));
  const note = page.getByRole("region", { name: `A welcome from ${EXPERT_NAME}` });
  await expect(note).toBeVisible();
  await expect(note).toContainText("Tennis picks go up by 9 am ET.");
  await note.getByRole("button", { name: "Close the welcome" }).click();
  await expect(note).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: `${EXPERT_NAME}` }).first()).toBeVisible();
  await expect(note).toHaveCount(0);

  // Queued by the mail job (every 5 s), sent by the outbox (every 15 s).
  const mail = await mailWithSubject(email, `A welcome from ${EXPERT_NAME}`, 30_000);
  expect(mail.text).toContain("Tennis picks go up by 9 am ET.");
  await Promise.all([expert.close(), reader.close()]);
});

test("a free trial and a promo code: set on /business, shown and applied on a reader's subscribe step", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const expert = await signedInContext(browser, baseURL!, TRIAL_EXPERT, 1440);
  const business = await expert.newPage();
  await business.goto("/business");
  await waitForHydration(business);
  await business.getByLabel("Free trial (days)").fill("7");
  await business.getByRole("button", { name: "Save trial" }).click();
  await expect(business.getByText("Free trial has been updated.")).toBeVisible();

  const codes = business.getByRole("region", { name: "Promo codes" });
  await codes.getByRole("textbox", { name: "Code", exact: true }).fill(code.toLowerCase());
  await codes.getByLabel("Percent off").fill("50");
  await codes.getByLabel("Every month").check();
  await codes.getByLabel("Most uses (optional)").fill("5");
  await codes.getByRole("button", { name: "Create code" }).click();
  await expect(business.getByText("Promo code created.")).toBeVisible();
  const line = codes.getByRole("listitem").filter({ hasText: code });
  await expect(line).toContainText("50% off every month · used 0 of 5 times");
  // A code with the same name is refused beside the field.
  await codes.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await codes.getByLabel("Percent off").fill("10");
  await codes.getByRole("button", { name: "Create code" }).click();
  await expect(codes.getByText("You already have a code with this name.")).toBeVisible();

  // A new reader on a phone: the trial, a wrong code refused in words, the right one applied.
  const reader = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const page = await reader.newPage();
  const email = uniqueEmail("trial-code");
  await signUp(page, email, "User sign up");
  await verifyByCode(page, email);
  const expertPage = `/experts/${TRIAL_EXPERT}`;
  await page.goto(`/subscribe/${TRIAL_EXPERT}?next=${encodeURIComponent(expertPage)}`);
  await waitForHydration(page);
  await expect(page.getByText("Starts with a 7-day free trial.")).toBeVisible();
  await page.getByLabel("Promo code").fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This promo code is not valid.")).toBeVisible();
  await expect(page.getByLabel("Promo code")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Promo code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Code ${code}: 50% off every month.` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(new RegExp(`${expertPage}$`));
  await page.goto("/payments");
  await expect(page.getByText(/^Free trial until /).first()).toBeVisible();

  // The expert sees the code used, and ends it.
  await business.reload();
  await expect(line).toContainText("used 1 of 5 times");
  await line.getByRole("button", { name: `End code ${code}` }).click();
  await expect(business.getByText("Promo code ended: readers can no longer use it.")).toBeVisible();
  await expect(line).toContainText("Ended");
  await Promise.all([expert.close(), reader.close()]);
});
