/**
 * The conversion of conversion.spec.ts with card payments on: a second app server (the same build
 * and demo data) talks to the Stripe stand-in (test/support/stripe-stand-in.ts) through the real
 * SDK, and the browser gets a stand-in Stripe.js in place of js.stripe.com's. Its card form
 * "pays" by asking the stand-in to pay the subscription's open invoice; the test then delivers
 * the signed webhooks Stripe would send, which alone activate the subscription.
 */
import { spawn, type ChildProcess } from "node:child_process";
import Stripe from "stripe";
import type { Page } from "@playwright/test";
import { startStripeStandIn, stripeEvent, type StripeObject, type StripeStandIn } from "../support/stripe-stand-in";
import { PASSWORD, codeIn, mailFor, signUp, uniqueEmail, verifyByCode } from "./support/accounts";
import { contextAtWidth, DEMO_PASSWORD, uniqueClientIp, waitForHydration } from "./support/helpers";
import { standInEnv } from "./support/ports";
import { expect, test } from "./support/test";

const port = Number(process.env.E2E_PORT ?? 4310) + 7;
const origin = `http://localhost:${port}`;
const EXPERT = "LeBronPicks";
/** Sells with a 7-day trial here; no other browser test uses them. */
const TRIAL_EXPERT = "BracketBuster";
const WEBHOOK_SECRET = "whsec_e2e_conversion";
const signer = new Stripe("sk_test_signer");

/** Stripe.js as far as the card form uses it: one element, confirmPayment, which "pays", and confirmSetup, which saves the card. */
const STAND_IN_STRIPE_JS = `
window.Stripe = function Stripe() {
  return {
    elements(options) {
      return {
        clientSecret: options.clientSecret,
        update() {},
        create() {
          const handlers = {};
          return {
            mount(node) {
              const field = document.createElement("input");
              field.setAttribute("aria-label", "Card number");
              field.value = "4242 4242 4242 4242";
              node.appendChild(field);
              setTimeout(() => (handlers.ready || []).forEach((handler) => handler({ elementType: "payment" })));
            },
            on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return this; },
            off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return this; },
            update() {},
            destroy() {},
            unmount() {},
          };
        },
      };
    },
    confirmPayment({ elements }) { return window.standInPay(elements.clientSecret); },
    confirmSetup({ elements }) { return window.standInSaveCard(elements.clientSecret); },
    createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
    _registerWrapper() {}, registerAppInfo() {},
  };
};`;

let server: ChildProcess | null = null;
let standIn: StripeStandIn;
let output = "";

/** Delivers a webhook as Stripe does: signed with the endpoint's secret. */
async function deliver(type: string, object: StripeObject) {
  const payload = JSON.stringify(stripeEvent(type, object));
  const response = await fetch(`${origin}/api/paymentsystems/stripe/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A demo expert made sellable as an expert would: a payment account Stripe calls ready, a price, maybe a trial. */
async function sellableExpert(userName = EXPERT, trialDays = 0) {
  const headers = { Origin: origin, "Content-Type": "application/json", "X-Forwarded-For": uniqueClientIp() };
  const signIn = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ session: { emailOrUserName: userName, password: DEMO_PASSWORD, rememberMe: false } }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const connect = await fetch(`${origin}/api/paymentsystems/stripe/account/connect`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
  });
  expect(connect.status, await connect.text()).toBe(200);
  const account = [...standIn.accounts.values()].at(-1)!;
  await deliver("account.updated", standIn.update(account.id, { charges_enabled: true, details_submitted: true }));
  const price = await fetch(`${origin}/api/subscriptions/price`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({ price: 2999, description: "Every NBA side and prop I bet, posted before tip-off." }),
  });
  expect(price.status, await price.text()).toBe(200);
  if (trialDays) {
    const trial = await fetch(`${origin}/api/business/trial`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ days: trialDays }),
    });
    expect(trial.status, await trial.text()).toBe(200);
  }
}

/** The card form's SetupIntent confirmed (a trial): Stripe saves the card and says the subscription runs. */
async function saveCard(clientSecret: string) {
  const subscription = [...standIn.subscriptions.values()].find(
    (candidate) => standIn.setupIntents.get(String(candidate.pending_setup_intent))?.client_secret === clientSecret,
  );
  if (!subscription) return { error: { message: "No such setup." } };
  const saved = standIn.confirmSetup(subscription.id);
  await deliver("customer.subscription.updated", saved.subscription);
  return { setupIntent: { id: saved.setupIntent.id, status: "succeeded" } };
}

/** The card form's "pay": the stand-in pays the open invoice, and Stripe's webhooks follow. */
async function pay(clientSecret: string) {
  const subscription = [...standIn.subscriptions.values()].find((candidate) => {
    const invoice = standIn.invoices.get(String(candidate.latest_invoice));
    return (invoice?.confirmation_secret as { client_secret?: string } | undefined)?.client_secret === clientSecret;
  });
  if (!subscription) return { error: { message: "No such payment." } };
  const paid = standIn.paySubscription(subscription.id);
  await deliver("invoice.paid", paid.invoice);
  await deliver("customer.subscription.updated", paid.subscription);
  return { paymentIntent: { id: String(paid.charge.payment_intent ?? ""), status: "succeeded" } };
}

async function livePick(page: Page): Promise<string> {
  const expert = (await (await page.request.get(`/api/experts/${EXPERT}`)).json()).payload as { id: string };
  const posts = (await (await page.request.get(`/api/posts?expertId=${expert.id}&size=50`)).json()).items as {
    id: string;
    postType: string;
    isLocked: boolean;
  }[];
  return posts.find((post) => post.postType === "Pick" && post.isLocked)!.id;
}

test.describe("with card payments (the Stripe stand-in)", () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await startStripeStandIn();
    server = spawn(process.execPath, ["scripts/e2e-server.js"], {
      env: {
        ...process.env,
        ...standInEnv,
        ...standIn.env,
        PORT: String(port),
        STRIPE_SECRET_KEY: "sk_test_e2e_conversion",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_conversion",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => (server?.exitCode === null ? 0 : -1),
          ),
        {
          timeout: 150_000,
          intervals: [250],
          message: `the payments server did not answer: ${output}`,
        },
      )
      .toBe(200);
    await sellableExpert();
    await sellableExpert(TRIAL_EXPERT, 7);
  });

  test.afterAll(async () => {
    const running = server;
    if (running && running.exitCode === null)
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
    await standIn?.close();
  });

  for (const width of [1440, 375] as const) {
    test(`at ${width} px: a visitor on a paid pick signs up, pays on the card form and reads the pick`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(90_000);
      const context = await contextAtWidth(browser, origin, width);
      await context.route(/^https:\/\/js\.stripe\.com\//, (route) =>
        route.fulfill({ contentType: "text/javascript", body: STAND_IN_STRIPE_JS }),
      );
      await context.exposeFunction("standInPay", pay);
      const page = await context.newPage();
      const pickPath = `/posts/${await livePick(page)}`;
      const locked = page.getByRole("heading", { name: "This pick is for subscribers" });

      await page.goto(pickPath);
      await waitForHydration(page);
      await page.getByRole("link", { name: `Subscribe to ${EXPERT}`, exact: true }).click();
      await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect(page).toHaveURL(/\/sign-up\?callbackUrl=/);
      const email = uniqueEmail(`conversion-stripe-${width}`);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Full name").fill("Casey Card");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Password confirmation").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page).toHaveURL(/\/email-verification\?callbackUrl=/);
      await page.getByLabel("Verification code").fill(codeIn(await mailFor(email)));

      // The step names the price and what the card pays for, then the card form.
      await expect(page.getByRole("heading", { name: `Subscribe to ${EXPERT}` })).toBeVisible();
      await expect(page.getByText("$29.99", { exact: true })).toBeVisible();
      await expect(page.getByText("$29.99 now, then every 30 days until you cancel.", { exact: false })).toBeVisible();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/subscription-payment\/LeBronPicks\?next=/);
      await expect(page.getByLabel("Card number")).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`card-form-${width}.png`), fullPage: true });
      await page.getByRole("button", { name: "Pay $29.99 and subscribe" }).click();

      // Only the webhooks give access; then the reader is back on the pick, unlocked.
      await expect(page).toHaveURL(pickPath, { timeout: 20_000 });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(locked).toHaveCount(0);
      await context.close();
    });
  }

  test("at 375 px: a free trial saves the card, charges nothing now, and opens the picks", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await contextAtWidth(browser, origin, 375);
    await context.route(/^https:\/\/js\.stripe\.com\//, (route) =>
      route.fulfill({ contentType: "text/javascript", body: STAND_IN_STRIPE_JS }),
    );
    await context.exposeFunction("standInSaveCard", saveCard);
    const page = await context.newPage();
    const email = uniqueEmail("trial-stripe");
    await signUp(page, email, "User sign up");
    await verifyByCode(page, email);
    const expertPage = `/experts/${TRIAL_EXPERT}`;
    await page.goto(`/subscribe/${TRIAL_EXPERT}?next=${encodeURIComponent(expertPage)}`);
    await expect(page.getByText("7 days free", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Nothing is charged today: your card is saved/)).toBeVisible();
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(page).toHaveURL(new RegExp(`/subscription-payment/${TRIAL_EXPERT}\\?next=`));
    await expect(page.getByText(/7 days free: your card is saved now/)).toBeVisible();
    await page.getByRole("button", { name: "Save card and start trial" }).click();

    // Stripe's word that the card is saved gives access: back on the expert's page, subscribed.
    await expect(page).toHaveURL(expertPage, { timeout: 20_000 });
    const [created] = [...standIn.subscriptions.values()].filter((sub) => sub.trial_end);
    expect(standIn.requestsTo("POST", "/v1/subscriptions").some((call) => call.body.trial_period_days === "7")).toBe(
      true,
    );
    expect(created.pending_setup_intent).toBeNull();
    await page.goto("/payments");
    await expect(page.getByText(/^Free trial until /).first()).toBeVisible();
    await context.close();
  });
});
