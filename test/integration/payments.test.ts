/**
 * Payments with Stripe (decision 013): becoming an expert with payments off and on, the
 * membership checkout, signed and idempotent webhooks, the expert's Connect account and the
 * subscription price. The real Stripe SDK talks to a local stand-in (test/support/stripe-stand-in).
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { experts, payments, processedWebhookEvents, users } from "~/db/schema";
import * as becomeRoute from "~/routes/api.experts.become";
import * as connectRoute from "~/routes/api.paymentsystems.stripe.account.connect";
import * as disconnectRoute from "~/routes/api.paymentsystems.stripe.account.disconnect";
import * as accountUrlRoute from "~/routes/api.paymentsystems.stripe.account.url";
import * as checkoutRoute from "~/routes/api.paymentsystems.stripe.checkout";
import * as checkoutStatusRoute from "~/routes/api.paymentsystems.stripe.checkout.status";
import * as webhookRoute from "~/routes/api.paymentsystems.stripe.webhook";
import * as priceRoute from "~/routes/api.subscriptions.price";
import * as becomePage from "~/routes/become-expert";
import * as congratulationsPage from "~/routes/congratulations";
import * as membershipPaymentPage from "~/routes/membership-payment";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { personMaker, type PersonOptions } from "../support/people";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { startStripeStandIn, stripeEvent, type StripeObject, type StripeStandIn } from "../support/stripe-stand-in";

const WEBHOOK_SECRET = "whsec_test_sharpside";
const signer = new Stripe("sk_test_signer");

let database: TestDatabase;
let standIn: StripeStandIn;
let off: ReturnType<typeof makeLoadContext>;
let on: ReturnType<typeof makeLoadContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn();
  off = makeLoadContext(database.db);
  on = makeLoadContext(database.db, stripeEnv());
});

const stripeEnv = (overrides: Record<string, string> = {}) => ({
  STRIPE_SECRET_KEY: "sk_test_sharpside",
  STRIPE_PUBLISHABLE_KEY: "pk_test_sharpside",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  MEMBERSHIP_PRICE_CENTS: "4900",
  APP_URL: "https://sharpside.example",
  ...standIn.env,
  ...overrides,
});
afterAll(async () => {
  await standIn?.close();
  await database?.close();
});
beforeEach(() => standIn.reset());

const makeUser = (options?: PersonOptions) => personMaker(database.db, off.env)(options);

const rolesOf = async (userId: string) =>
  (await database.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0].roles;
const expertRow = async (userId: string) =>
  (await database.db.select().from(experts).where(eq(experts.userId, userId)))[0];
const membershipPayments = (userId: string) =>
  database.db
    .select()
    .from(payments)
    .where(and(eq(payments.payerId, userId), eq(payments.kind, "Membership")));

async function deliver(event: object | string, options: { secret?: string; signature?: string | null } = {}) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
      : options.signature;
  return callRoute(webhookRoute, on, {
    method: "POST",
    path: "/api/paymentsystems/stripe/webhook",
    body: payload,
    headers: signature === null ? {} : { "Stripe-Signature": signature },
  });
}

const post = (
  module: Parameters<typeof callRoute>[0],
  context: ReturnType<typeof makeLoadContext>,
  path: string,
  jar?: CookieJar,
  body?: unknown,
) => callRoute(module, context, { method: "POST", path, jar, body });

const become = (context: ReturnType<typeof makeLoadContext>, jar?: CookieJar) =>
  post(becomeRoute, context, "/api/experts/become", jar);
const checkout = (context: ReturnType<typeof makeLoadContext>, jar?: CookieJar) =>
  post(checkoutRoute, context, "/api/paymentsystems/stripe/checkout", jar);
const status = (jar: CookieJar, paymentIntentId?: string) =>
  callRoute(checkoutStatusRoute, on, {
    path: `/api/paymentsystems/stripe/checkout/status${paymentIntentId === undefined ? "" : `?paymentIntentId=${encodeURIComponent(paymentIntentId)}`}`,
    jar,
  });

describe(`becoming an expert with payments off (${testDatabaseEngine()})`, () => {
  it("makes the user an expert at once and says to skip the payment", async () => {
    const { user, jar } = await makeUser();
    const { status: code, body } = await become(off, jar);
    expect(code).toBe(200);
    expect(body).toEqual({ payload: { skipExpertPayment: true } });
    expect(await rolesOf(user.id)).toEqual(["Expert"]);
    const row = await expertRow(user.id);
    expect(row.membershipStatus).toBe("Active");
    expect(row.membershipPaidAt).toBeInstanceOf(Date);
    expect(await membershipPayments(user.id)).toHaveLength(0);
    expect(standIn.requests).toHaveLength(0);
  });

  it("answers 422 to an expert", async () => {
    const { jar } = await makeUser({ expert: true });
    const { status: code, body } = await become(off, jar);
    expect(code).toBe(422);
    expect(body.error).toBe("You are already an expert.");
  });

  it("keeps other roles (Admin) and answers the checkout with skipExpertPayment", async () => {
    const { user, jar } = await makeUser();
    await database.db
      .update(users)
      .set({ roles: ["User", "Admin"] })
      .where(eq(users.id, user.id));
    const { body } = await checkout(off, jar);
    expect(body).toEqual({ payload: { skipExpertPayment: true, clientSecret: null } });
    expect((await rolesOf(user.id)).sort()).toEqual(["Admin", "Expert"]);
  });

  it("needs a signed-in user with a confirmed e-mail", async () => {
    expect((await become(off)).status).toBe(401);
    const { jar } = await makeUser({ confirmed: false });
    expect((await become(off, jar)).status).toBe(403);
    expect((await checkout(off, jar)).status).toBe(403);
    expect((await callRoute(becomeRoute, off, { path: "/api/experts/become", jar })).status).toBe(405);
  });
});

describe(`membership with Stripe (${testDatabaseEngine()})`, () => {
  it("keeps the role until the webhook: become → Pending, checkout → clientSecret of a recorded PaymentIntent", async () => {
    const { user, jar } = await makeUser();
    const first = await become(on, jar);
    expect(first.body).toEqual({ payload: { skipExpertPayment: false } });
    expect(await rolesOf(user.id)).toEqual(["User"]);
    expect((await expertRow(user.id)).membershipStatus).toBe("Pending");

    const { status: code, body } = await checkout(on, jar);
    expect(code).toBe(200);
    expect(body.payload.skipExpertPayment).toBe(false);
    const [intent] = [...standIn.paymentIntents.values()];
    expect(body.payload.clientSecret).toBe(intent.client_secret);
    const [created] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(created.body).toMatchObject({
      amount: "4900",
      currency: "usd",
      metadata: { userId: user.id, kind: "Membership" },
    });
    expect(created.authorization).toBe("Bearer sk_test_sharpside");
    expect(created.apiVersion).toBe("2026-10-28.endive");
    const rows = await membershipPayments(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "Pending",
      amountCents: 4900,
      currency: "usd",
      provider: "stripe",
      providerPaymentId: intent.id,
    });

    // A reload asks again: the same intent, no second one.
    const again = await checkout(on, jar);
    expect(again.body.payload.clientSecret).toBe(intent.client_secret);
    expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(1);
    expect(await membershipPayments(user.id)).toHaveLength(1);

    expect((await status(jar, intent.id)).body).toEqual({ payload: { status: "Pending", isExpert: false } });
    expect(await rolesOf(user.id)).toEqual(["User"]);
  });

  it("grants the role on payment_intent.succeeded, once, however often the event arrives", async () => {
    const { user, jar } = await makeUser();
    await become(on, jar);
    await checkout(on, jar);
    const [intent] = [...standIn.paymentIntents.values()];
    const paid = standIn.update(intent.id, { status: "succeeded", amount_received: 4900 });
    const event = stripeEvent("payment_intent.succeeded", paid);

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body.payload).toEqual({ received: true, duplicate: false, type: "payment_intent.succeeded" });
    expect(await rolesOf(user.id)).toEqual(["Expert"]);
    expect((await expertRow(user.id)).membershipStatus).toBe("Active");
    expect((await membershipPayments(user.id))[0].status).toBe("Succeeded");
    expect((await status(jar, intent.id)).body).toEqual({ payload: { status: "Succeeded", isExpert: true } });
    expect((await status(jar)).body).toEqual({ payload: { status: "Succeeded", isExpert: true } });

    const second = await deliver(event);
    expect(second.status).toBe(200);
    expect(second.body.payload.duplicate).toBe(true);
    expect(await rolesOf(user.id)).toEqual(["Expert"]);
    expect(await membershipPayments(user.id)).toHaveLength(1);
    expect(
      await database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id)),
    ).toHaveLength(1);

    // Now an expert: checkout has nothing to charge.
    expect((await checkout(on, jar)).body).toEqual({ payload: { skipExpertPayment: true, clientSecret: null } });
    expect((await become(on, jar)).status).toBe(422);
  });

  it("applies two simultaneous deliveries of one event once", async () => {
    const { user, jar } = await makeUser();
    await checkout(on, jar);
    const [intent] = [...standIn.paymentIntents.values()];
    const event = stripeEvent(
      "payment_intent.succeeded",
      standIn.update(intent.id, { status: "succeeded", amount_received: 4900 }),
    );
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => !r.body.payload.duplicate)).toHaveLength(1);
    expect(await rolesOf(user.id)).toEqual(["Expert"]);
    expect(await membershipPayments(user.id)).toHaveLength(1);
  });

  it("applies a success that arrives before the checkout was recorded (events in any order)", async () => {
    const { user } = await makeUser();
    const intent = {
      id: "pi_early_1",
      object: "payment_intent",
      amount: 4900,
      amount_received: 4900,
      currency: "usd",
      status: "succeeded",
      metadata: { userId: user.id, kind: "Membership" },
    };
    expect((await deliver(stripeEvent("payment_intent.succeeded", intent))).status).toBe(200);
    expect(await rolesOf(user.id)).toEqual(["Expert"]);
    expect(await membershipPayments(user.id)).toMatchObject([
      { status: "Succeeded", providerPaymentId: "pi_early_1", amountCents: 4900 },
    ]);
    // A late failure of the same intent does not undo it.
    await deliver(stripeEvent("payment_intent.payment_failed", { ...intent, status: "requires_payment_method" }));
    expect((await membershipPayments(user.id))[0].status).toBe("Succeeded");
    expect(await rolesOf(user.id)).toEqual(["Expert"]);
  });

  it("marks a failed payment Failed and lets the same intent be paid with another card", async () => {
    const { user, jar } = await makeUser();
    await become(on, jar);
    const { body } = await checkout(on, jar);
    const [intent] = [...standIn.paymentIntents.values()];
    const failed = standIn.update(intent.id, { last_payment_error: { message: "Your card was declined." } });
    await deliver(stripeEvent("payment_intent.payment_failed", failed));
    expect((await membershipPayments(user.id))[0].status).toBe("Failed");
    expect((await status(jar, intent.id)).body.payload).toEqual({ status: "Failed", isExpert: false });
    expect(await rolesOf(user.id)).toEqual(["User"]);

    const retry = await checkout(on, jar);
    expect(retry.body.payload.clientSecret).toBe(body.payload.clientSecret);
    expect((await membershipPayments(user.id))[0].status).toBe("Pending");
  });

  it("makes a new intent (and cancels the old) when the membership price changed", async () => {
    const { user, jar } = await makeUser();
    await checkout(on, jar);
    const [old] = [...standIn.paymentIntents.values()];
    const dearer = makeLoadContext(database.db, stripeEnv({ MEMBERSHIP_PRICE_CENTS: "9900" }));
    const { body } = await checkout(dearer, jar);
    expect(standIn.paymentIntents.get(old.id)!.status).toBe("canceled");
    const fresh = [...standIn.paymentIntents.values()].find((intent) => intent.id !== old.id)!;
    expect(fresh.amount).toBe(9900);
    expect(body.payload.clientSecret).toBe(fresh.client_secret);
    const rows = await membershipPayments(user.id);
    expect(rows.map((row) => [row.providerPaymentId, row.status]).sort()).toEqual(
      [
        [old.id, "Failed"],
        [fresh.id, "Pending"],
      ].sort(),
    );
  });

  it("finds only the caller's own payments in the status query", async () => {
    const owner = await makeUser();
    await checkout(on, owner.jar);
    const [intent] = [...standIn.paymentIntents.values()];
    const other = await makeUser();
    expect((await status(other.jar, intent.id)).status).toBe(404);
    expect((await status(other.jar)).body).toEqual({ payload: { status: null, isExpert: false } });
    expect((await status(other.jar, "not-an-intent")).status).toBe(400);
    expect(
      (await callRoute(checkoutStatusRoute, on, { path: "/api/paymentsystems/stripe/checkout/status" })).status,
    ).toBe(401);
  });

  it("answers 503, not 500, when Stripe is down", async () => {
    const { jar } = await makeUser();
    standIn.failWith(500);
    const { status: code, body } = await checkout(on, jar);
    expect(code).toBe(503);
    expect(body.error).toMatch(/payment provider/);
  });
});

describe(`the webhook's signature (${testDatabaseEngine()})`, () => {
  const intent = {
    id: "pi_sig",
    object: "payment_intent",
    amount: 4900,
    currency: "usd",
    status: "succeeded",
    metadata: {},
  };

  it("refuses a missing, wrong or stale signature and a changed body with 400", async () => {
    const event = stripeEvent("payment_intent.succeeded", intent);
    const payload = JSON.stringify(event);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(event, { signature: stale })).status).toBe(400);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace('"amount":4900', '"amount":1'), { signature });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error).toBe("The webhook signature could not be verified.");
    expect(
      await database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id)),
    ).toHaveLength(0);
  });

  it("refuses every delivery with payments off (nothing to verify against)", async () => {
    const event = stripeEvent("payment_intent.succeeded", intent);
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const result = await callRoute(webhookRoute, off, {
      method: "POST",
      path: "/api/paymentsystems/stripe/webhook",
      body: payload,
      headers: { "Stripe-Signature": signature },
    });
    expect(result.status).toBe(400);
  });

  it("acknowledges and records an event type it does not act on", async () => {
    const event = stripeEvent("customer.created", { id: "cus_1", object: "customer" });
    const result = await deliver(event);
    expect(result.status).toBe(200);
    expect(result.body.payload).toEqual({ received: true, duplicate: false, type: "customer.created" });
    const [row] = await database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, event.id));
    expect(row).toMatchObject({ provider: "stripe", type: "customer.created" });
  });
});

describe(`the expert's payment account (${testDatabaseEngine()})`, () => {
  const connect = (context: ReturnType<typeof makeLoadContext>, jar?: CookieJar) =>
    post(connectRoute, context, "/api/paymentsystems/stripe/account/connect", jar);
  const accountUrl = (context: ReturnType<typeof makeLoadContext>, jar?: CookieJar) =>
    post(accountUrlRoute, context, "/api/paymentsystems/stripe/account/url", jar);
  const disconnect = (context: ReturnType<typeof makeLoadContext>, jar?: CookieJar) =>
    post(disconnectRoute, context, "/api/paymentsystems/stripe/account/disconnect", jar);

  it("is for experts only", async () => {
    const { jar } = await makeUser();
    for (const call of [connect, accountUrl, disconnect]) {
      expect((await call(on)).status).toBe(401);
      expect((await call(on, jar)).status).toBe(403);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it("answers 422 with payments off instead of pretending", async () => {
    const { jar } = await makeUser({ expert: true });
    for (const call of [connect, accountUrl, disconnect]) {
      const { status: code, body } = await call(off, jar);
      expect(code).toBe(422);
      expect(body.error).toBe("Payments are not available yet.");
    }
  });

  it("creates an Express account once, links to onboarding, becomes ready on account.updated, then links to the dashboard", async () => {
    const { user, jar } = await makeUser({ expert: true });
    const noAccount = await accountUrl(on, jar);
    expect(noAccount.status).toBe(422);
    expect(noAccount.body.error).toBe("Connect a payment account first.");

    const first = await connect(on, jar);
    expect(first.status).toBe(200);
    expect(first.body.payload.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    const [account] = [...standIn.accounts.values()];
    expect(standIn.requestsTo("POST", "/v1/accounts")[0].body).toMatchObject({
      type: "express",
      email: user.email,
      metadata: { userId: user.id },
    });
    expect(standIn.requestsTo("POST", "/v1/account_links")[0].body).toMatchObject({
      account: account.id,
      type: "account_onboarding",
      return_url: "https://sharpside.example/business",
      refresh_url: "https://sharpside.example/business",
    });
    expect(await expertRow(user.id)).toMatchObject({
      paymentAccountId: account.id,
      paymentProvider: "stripe",
      paymentAccountReady: false,
    });

    // Again: the same account, a fresh link.
    await connect(on, jar);
    expect(standIn.accounts.size).toBe(1);
    expect(standIn.requestsTo("POST", "/v1/accounts").filter((r) => r.path === "/v1/accounts")).toHaveLength(1);
    const pending = await accountUrl(on, jar);
    expect(typeof pending.body.payload).toBe("string");
    expect(pending.body.payload).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);

    // Stripe says onboarding is done.
    const done = standIn.update(account.id, { charges_enabled: true, details_submitted: true, payouts_enabled: true });
    expect((await deliver(stripeEvent("account.updated", done))).status).toBe(200);
    expect((await expertRow(user.id)).paymentAccountReady).toBe(true);
    const dashboard = await accountUrl(on, jar);
    expect(dashboard.body.payload).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);
    expect(standIn.requestsTo("POST", `/v1/accounts/${account.id}/login_links`)).toHaveLength(1);

    // Disconnecting a ready account unlinks it but leaves it (and its balance) at Stripe.
    const off1 = await disconnect(on, jar);
    expect(off1.body.payload).toEqual({ disconnected: true, deletedAtProvider: false });
    expect(await expertRow(user.id)).toMatchObject({
      paymentAccountId: null,
      paymentProvider: null,
      paymentAccountReady: false,
    });
    expect(standIn.accounts.has(account.id)).toBe(true);
    expect(standIn.requestsTo("DELETE", "/v1/accounts")).toHaveLength(0);
    // An event for the old account no longer touches the expert.
    await deliver(stripeEvent("account.updated", { ...done, charges_enabled: true }));
    expect((await expertRow(user.id)).paymentAccountReady).toBe(false);
  });

  it("deletes an account that never finished onboarding when it is disconnected", async () => {
    const { user, jar } = await makeUser({ expert: true });
    await connect(on, jar);
    const [account] = [...standIn.accounts.values()];
    const { body } = await disconnect(on, jar);
    expect(body.payload).toEqual({ disconnected: true, deletedAtProvider: true });
    expect(standIn.accounts.has(account.id)).toBe(false);
    expect((await expertRow(user.id)).paymentAccountId).toBeNull();
    expect((await disconnect(on, jar)).body.payload).toEqual({ disconnected: false, deletedAtProvider: false });
  });

  it("keeps account.updated idempotent and partial: not ready until both charges and details are in", async () => {
    const { user, jar } = await makeUser({ expert: true });
    await connect(on, jar);
    const [account] = [...standIn.accounts.values()];
    await deliver(stripeEvent("account.updated", { ...account, charges_enabled: true, details_submitted: false }));
    expect((await expertRow(user.id)).paymentAccountReady).toBe(false);
    const ready = stripeEvent("account.updated", { ...account, charges_enabled: true, details_submitted: true });
    await deliver(ready);
    expect((await expertRow(user.id)).paymentAccountReady).toBe(true);
    expect((await deliver(ready)).body.payload.duplicate).toBe(true);
  });
});

describe(`the subscription price (${testDatabaseEngine()})`, () => {
  const setPrice = (context: ReturnType<typeof makeLoadContext>, jar: CookieJar | undefined, body: unknown) =>
    post(priceRoute, context, "/api/subscriptions/price", jar, body);

  it("validates with the product's messages", async () => {
    const { jar } = await makeUser({ expert: true });
    for (const price of [99, 0, -100, "abc", null, 150.5]) {
      const { status: code, body } = await setPrice(off, jar, { price, description: "ok" });
      expect(code, `price ${String(price)}`).toBe(422);
      expect(body.errors.price?.[0], `price ${String(price)}`).toMatch(/^Price should be/);
    }
    expect((await setPrice(off, jar, { price: 99 })).body.errors.price).toEqual(["Price should be at least $1"]);
    expect((await setPrice(off, jar, { description: "x" })).body.errors.price).toEqual(["Price should be at least $1"]);
    const long = await setPrice(off, jar, { price: 500, description: "x".repeat(121) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ description: ["Maximum 120 characters allowed"] });
    expect((await setPrice(off, jar, { price: 500, description: `  ${"x".repeat(120)}  ` })).status).toBe(200);
  });

  it("is for experts only", async () => {
    expect((await setPrice(off, undefined, { price: 500 })).status).toBe(401);
    const { jar } = await makeUser();
    expect((await setPrice(off, jar, { price: 500 })).status).toBe(403);
  });

  it("stores the price with payments off, without calling Stripe", async () => {
    const { user, jar } = await makeUser({ expert: true });
    const { status: code, body } = await setPrice(off, jar, { price: 1999, description: "  Daily NBA picks  " });
    expect(code).toBe(200);
    expect(body).toEqual({ payload: { subscriptionPrice: { price: 1999, description: "Daily NBA picks" } } });
    expect(await expertRow(user.id)).toMatchObject({
      subscriptionPriceCents: 1999,
      subscriptionDescription: "Daily NBA picks",
      providerPriceId: null,
    });
    expect(standIn.requests).toHaveLength(0);
    const cleared = await setPrice(off, jar, { price: 1999, description: "" });
    expect(cleared.body.payload.subscriptionPrice).toEqual({ price: 1999, description: null });
  });

  it("keeps a Stripe product and a monthly price: a new Price only when the amount changes", async () => {
    const { user, jar } = await makeUser({ expert: true });
    const first = await setPrice(on, jar, { price: 2500, description: "All my picks" });
    expect(first.status).toBe(200);
    const [product] = [...standIn.products.values()];
    const [price] = [...standIn.prices.values()];
    expect(product).toMatchObject({ description: "All my picks", metadata: { expertId: user.id } });
    expect(price).toMatchObject({
      product: product.id,
      unit_amount: 2500,
      currency: "usd",
      recurring: { interval: "month" },
      active: true,
    });
    expect(await expertRow(user.id)).toMatchObject({
      providerProductId: product.id,
      providerPriceId: price.id,
      subscriptionPriceCents: 2500,
    });

    // Same amount, new description: the product changes, the price stays.
    await setPrice(on, jar, { price: 2500, description: "All my picks, every day" });
    expect(standIn.prices.size).toBe(1);
    expect(standIn.products.get(product.id)!.description).toBe("All my picks, every day");

    // New amount: a new price, the old one retired.
    const third = await setPrice(on, jar, { price: 3000, description: "All my picks, every day" });
    expect(third.body.payload.subscriptionPrice).toEqual({ price: 3000, description: "All my picks, every day" });
    expect(standIn.prices.size).toBe(2);
    const fresh = [...standIn.prices.values()].find((p: StripeObject) => p.id !== price.id)!;
    expect(fresh.unit_amount).toBe(3000);
    expect(standIn.prices.get(price.id)!.active).toBe(false);
    expect(standIn.products.size).toBe(1);
    expect((await expertRow(user.id)).providerPriceId).toBe(fresh.id);
  });
});

describe(`the membership pages (${testDatabaseEngine()})`, () => {
  it("sends visitors to sign in, unconfirmed users to verify and experts to their business page", async () => {
    const visitor = await rawCall(becomePage, off, "/become-expert", new CookieJar());
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/sign-in?callbackUrl=%2Fbecome-expert");
    const unconfirmed = await makeUser({ confirmed: false });
    expect((await rawCall(becomePage, off, "/become-expert", unconfirmed.jar)).headers.get("Location")).toBe(
      "/email-verification?callbackUrl=%2Fbecome-expert",
    );
    const expert = await makeUser({ expert: true });
    expect((await rawCall(becomePage, off, "/become-expert", expert.jar)).headers.get("Location")).toBe("/business");
    expect((await rawCall(membershipPaymentPage, on, "/membership-payment", expert.jar)).headers.get("Location")).toBe(
      "/congratulations",
    );
  });

  it("posts the button: payments off → /congratulates-on-membership, on → /membership-payment", async () => {
    const a = await makeUser();
    const offAnswer = await rawCall(becomePage, off, "/become-expert", a.jar, "POST");
    expect(offAnswer.headers.get("Location")).toBe("/congratulates-on-membership");
    expect(await rolesOf(a.user.id)).toEqual(["Expert"]);
    const b = await makeUser();
    const onAnswer = await rawCall(becomePage, on, "/become-expert", b.jar, "POST");
    expect(onAnswer.headers.get("Location")).toBe("/membership-payment");
    expect(await rolesOf(b.user.id)).toEqual(["User"]);
  });

  it("sends a user with nothing paid from /congratulations back into the flow", async () => {
    const fresh = await makeUser();
    expect((await rawCall(congratulationsPage, on, "/congratulations", fresh.jar)).headers.get("Location")).toBe(
      "/become-expert",
    );
    await become(on, fresh.jar);
    expect((await rawCall(congratulationsPage, on, "/congratulations", fresh.jar)).headers.get("Location")).toBe(
      "/membership-payment",
    );
  });
});

/** A page loader or action: its thrown or returned redirect as a Response. */
async function rawCall(
  module: { loader?: unknown; action?: unknown },
  context: ReturnType<typeof makeLoadContext>,
  path: string,
  jar: CookieJar,
  method = "GET",
) {
  const request = new Request(`http://localhost${path}`, { method, headers: { Cookie: jar.header() } });
  const handler = (method === "GET" ? module.loader : module.action) as (args: {
    request: Request;
    params: object;
    context: unknown;
  }) => Promise<unknown>;
  try {
    const result = await handler({ request, params: {}, context });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
