/**
 * Expert subscriptions through Stripe (stripe-subscriptions.server.ts): subscribing answers the
 * first invoice's client secret and leaves the row Pending; only signed webhooks activate, renew,
 * mark overdue, end or refund it, whatever their order and however often they come. The real
 * Stripe SDK talks to the local stand-in (test/support/stripe-stand-in.ts).
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { experts, payments, profiles, promoCodes, subscriptions, users } from "~/db/schema";
import { getBusinessSummary } from "~/modules/experts/business-figures.server";
import { PROMO_MESSAGES } from "~/modules/subscriptions/promo-codes";
import { createPromoCode, endPromoCode } from "~/modules/subscriptions/promo-codes.server";
import { subscriptionOffer } from "~/modules/subscriptions/subscription-offer.server";
import { toCurrentUser } from "~/modules/accounts/users.server";
import { connectPaymentAccount } from "~/modules/payments/connect.server";
import { setSubscriptionPrice } from "~/modules/payments/subscription-price.server";
import { canReadBody } from "~/modules/access/access";
import { hasActiveSubscription } from "~/modules/posts/post-serializer.server";
import { cancelWithStripe, subscribeWithStripe } from "~/modules/subscriptions/stripe-subscriptions.server";
import { MESSAGES } from "~/modules/subscriptions/subscriptions.server";
import * as webhookRoute from "~/routes/api.paymentsystems.stripe.webhook";
import * as subscriptionsRoute from "~/routes/api.subscriptions._index";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { signedInJar } from "../support/signed-in";
import { startStripeStandIn, stripeEvent, type StripeObject, type StripeStandIn } from "../support/stripe-stand-in";

const WEBHOOK_SECRET = "whsec_test_sharpside";
const signer = new Stripe("sk_test_signer");
const PRICE = 2500;

let database: TestDatabase;
let standIn: StripeStandIn;
let on: ReturnType<typeof makeLoadContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn();
  on = makeLoadContext(database.db, {
    STRIPE_SECRET_KEY: "sk_test_sharpside",
    STRIPE_PUBLISHABLE_KEY: "pk_test_sharpside",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PLATFORM_FEE_PERCENT: "10",
    APP_URL: "https://sharpside.example",
    ...standIn.env,
  });
});
afterAll(async () => {
  await standIn?.close();
  await database?.close();
});
beforeEach(() => standIn.reset());

let counter = 0;
async function makeUser(options: { expert?: boolean } = {}) {
  counter += 1;
  const tag = `${counter}${Math.random().toString(36).slice(2, 7)}`;
  const [user] = await database.db
    .insert(users)
    .values({
      email: `stripe-sub${tag}@example.com`,
      userName: `StripeSub${tag}`,
      firstName: "Sam",
      lastName: `Subscriber${tag}`,
      roles: options.expert ? ["Expert"] : ["User"],
      signUpFlow: options.expert ? "Expert" : "User",
      emailConfirmedAt: new Date(),
    })
    .returning();
  await database.db.insert(profiles).values({ userId: user.id });
  if (options.expert)
    await database.db
      .insert(experts)
      .values({ userId: user.id, membershipStatus: "Active", membershipPaidAt: new Date() });
  return { user, viewer: toCurrentUser(user, null), jar: await signedInJar(database.db, on.env, user.id) };
}

/** An expert who can be paid: a connected account Stripe called ready, and a monthly price. */
async function makeSellableExpert(options: { ready?: boolean; price?: boolean } = {}) {
  const { ready = true, price = true } = options;
  const expert = await makeUser({ expert: true });
  await connectPaymentAccount(on, expert.viewer);
  const [account] = [...standIn.accounts.values()].filter(
    (a) => (a.metadata as Record<string, string>).userId === expert.user.id,
  );
  if (ready)
    await deliver(
      stripeEvent("account.updated", standIn.update(account.id, { charges_enabled: true, details_submitted: true })),
    );
  if (price) await setSubscriptionPrice(on, expert.viewer, { price: PRICE, description: "Every pick" });
  return { ...expert, account };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const result = await callRoute(webhookRoute, on, {
    method: "POST",
    path: "/api/paymentsystems/stripe/webhook",
    body: payload,
    headers: { "Stripe-Signature": signature },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.payload as { duplicate: boolean };
}

const subscribeCall = (jar: CookieJar, expertId: string) =>
  callRoute(subscriptionsRoute, on, { method: "POST", path: "/api/subscriptions", jar, body: { expertId } });
const cancelCall = (jar: CookieJar, expertId: string) =>
  callRoute(subscriptionsRoute, on, { method: "DELETE", path: "/api/subscriptions", jar, body: { expertId } });

const rowOf = async (subscriberId: string, expertId: string) =>
  (
    await database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId)))
  )[0];
const paymentsOf = (subscriberId: string) =>
  database.db
    .select()
    .from(payments)
    .where(and(eq(payments.payerId, subscriberId), eq(payments.kind, "Subscription")));
const stripeSubscription = (id: string) => standIn.subscriptions.get(id)!;

/** May the subscriber read a Pick of the expert right now? The paywall's own rule, on the database's answer. */
async function canReadPick(subscriberId: string, expertId: string) {
  const subscriptionActive = await hasActiveSubscription(database.db, subscriberId, expertId);
  return canReadBody({
    viewerId: subscriberId,
    post: { authorId: expertId, postType: "Pick", status: "Published", publishDate: new Date(Date.now() - 60_000) },
    subscriptionActive,
    now: new Date(),
  });
}

/** A subscriber with a Pending Stripe subscription to a sellable expert. */
async function subscribed() {
  const expert = await makeSellableExpert();
  const subscriber = await makeUser();
  const { body } = await subscribeCall(subscriber.jar, expert.user.id);
  const row = await rowOf(subscriber.user.id, expert.user.id);
  return {
    expert,
    subscriber,
    row,
    clientSecret: body.payload.clientSecret as string,
    subscriptionId: row.providerSubscriptionId!,
  };
}

/** …then paid, with the webhooks Stripe sends for it delivered. */
async function activeSubscription() {
  const setup = await subscribed();
  const { subscription, invoice, charge } = standIn.paySubscription(setup.subscriptionId);
  await deliver(stripeEvent("invoice.paid", invoice));
  await deliver(stripeEvent("customer.subscription.updated", subscription));
  return { ...setup, invoice, charge };
}

describe(`subscribing with Stripe (${testDatabaseEngine()})`, () => {
  it("creates an incomplete Stripe subscription to the expert's account and answers its invoice's client secret; the row waits Pending", async () => {
    const expert = await makeSellableExpert();
    const subscriber = await makeUser();
    const { status, body } = await subscribeCall(subscriber.jar, expert.user.id);
    expect(status, JSON.stringify(body)).toBe(200);

    const [created] = [...standIn.subscriptions.values()];
    const invoice = standIn.invoices.get(String(created.latest_invoice))!;
    expect(body.payload.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);
    expect(body.payload.subscription).toMatchObject({
      status: "Pending",
      isActive: false,
      price: PRICE,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(body.payload.subscription.expert.id).toBe(expert.user.id);

    const [customerCall] = standIn.requestsTo("POST", "/v1/customers");
    expect(customerCall.body).toMatchObject({ email: subscriber.user.email, metadata: { userId: subscriber.user.id } });
    const [createCall] = standIn.requestsTo("POST", "/v1/subscriptions");
    expect(createCall.body).toMatchObject({
      customer: [...standIn.customers.keys()][0],
      items: { 0: { price: [...standIn.prices.keys()][0] } },
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      application_fee_percent: "10",
      transfer_data: { destination: expert.account.id },
      metadata: { kind: "Subscription", subscriberId: subscriber.user.id, expertId: expert.user.id },
      expand: { 0: "latest_invoice.confirmation_secret", 1: "pending_setup_intent" },
    });

    const row = await rowOf(subscriber.user.id, expert.user.id);
    expect(row).toMatchObject({
      status: "Pending",
      priceCents: PRICE,
      provider: "stripe",
      providerSubscriptionId: created.id,
      providerCustomerId: created.customer,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(false);

    // A reload answers the same secret: no second Stripe subscription.
    const again = await subscribeCall(subscriber.jar, expert.user.id);
    expect(again.body.payload.clientSecret).toBe(body.payload.clientSecret);
    expect(standIn.requestsTo("POST", "/v1/subscriptions")).toHaveLength(1);

    // Another expert: the same Stripe customer.
    const other = await makeSellableExpert();
    expect((await subscribeCall(subscriber.jar, other.user.id)).status).toBe(200);
    expect(standIn.requestsTo("POST", "/v1/customers")).toHaveLength(1);
    expect((await rowOf(subscriber.user.id, other.user.id)).providerCustomerId).toBe(created.customer);
  });

  it("answers 422 for an expert who cannot be paid yet, one without a price, and oneself; 404 for a non-expert", async () => {
    const subscriber = await makeUser();
    const notReady = await makeSellableExpert({ ready: false });
    const noPrice = await makeSellableExpert({ price: false });
    const cases: [string, string][] = [
      [notReady.user.id, MESSAGES.notReady],
      [noPrice.user.id, MESSAGES.noPrice],
    ];
    for (const [expertId, message] of cases) {
      const { status, body } = await subscribeCall(subscriber.jar, expertId);
      expect(status).toBe(422);
      expect(body.error).toBe(message);
      expect(body.errors).toEqual({ expertId: [message] });
    }
    const self = await subscribeCall(notReady.jar, notReady.user.id);
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ expertId: [MESSAGES.self] });
    const plain = await makeUser();
    expect((await subscribeCall(subscriber.jar, plain.user.id)).status).toBe(404);
    expect(standIn.requestsTo("POST", "/v1/subscriptions")).toHaveLength(0);
  });

  it("answers 503 and saves nothing when Stripe is down", async () => {
    const expert = await makeSellableExpert();
    const subscriber = await makeUser();
    standIn.failWith(500);
    await expect(subscribeWithStripe(on, subscriber.viewer, expert.user.id)).rejects.toMatchObject({ status: 503 });
    standIn.failWith(null);
    const row = await rowOf(subscriber.user.id, expert.user.id);
    expect(row?.providerSubscriptionId ?? null).toBeNull();
    expect(row?.status ?? "Expired").toBe("Expired");
  });

  it("keeps one Stripe subscription when two subscribe calls race (the other is cancelled)", async () => {
    const expert = await makeSellableExpert();
    const subscriber = await makeUser();
    const [a, b] = await Promise.all([
      subscribeWithStripe(on, subscriber.viewer, expert.user.id),
      subscribeWithStripe(on, subscriber.viewer, expert.user.id),
    ]);
    expect(a.clientSecret).toBe(b.clientSecret);
    const row = await rowOf(subscriber.user.id, expert.user.id);
    const live = [...standIn.subscriptions.values()].filter((s) => s.status !== "canceled");
    expect(live.map((s) => s.id)).toEqual([row.providerSubscriptionId]);
  });
});

describe(`Stripe's subscription webhooks (${testDatabaseEngine()})`, () => {
  it("activates on invoice.paid and subscription events, records the payment with the platform fee, and opens the paywall", async () => {
    const { expert, subscriber, subscriptionId } = await subscribed();
    await deliver(stripeEvent("customer.subscription.created", stripeSubscription(subscriptionId)));
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("Pending");

    const { subscription, invoice } = standIn.paySubscription(subscriptionId);
    await deliver(stripeEvent("invoice.paid", invoice));
    await deliver(stripeEvent("customer.subscription.updated", subscription));

    const periodEnd = new Date((invoice.lines as { data: { period: { end: number } }[] }).data[0].period.end * 1000);
    expect(await rowOf(subscriber.user.id, expert.user.id)).toMatchObject({
      status: "Activated",
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
    });
    expect(await paymentsOf(subscriber.user.id)).toMatchObject([
      {
        status: "Succeeded",
        amountCents: PRICE,
        platformFeeCents: 250,
        providerPaymentId: invoice.id,
        expertId: expert.user.id,
        provider: "stripe",
        subscriptionId: (await rowOf(subscriber.user.id, expert.user.id)).id,
      },
    ]);
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(true);

    // Subscribing again now is a 422: it already runs.
    const again = await subscribeCall(subscriber.jar, expert.user.id);
    expect(again.status).toBe(422);
    expect(again.body.error).toBe(MESSAGES.already);
  });

  it("uses the invoice's application fee when Stripe gives one", async () => {
    const { subscriber, subscriptionId } = await subscribed();
    const { invoice } = standIn.paySubscription(subscriptionId);
    await deliver(stripeEvent("invoice.paid", { ...invoice, application_fee_amount: 300 }));
    expect((await paymentsOf(subscriber.user.id))[0].platformFeeCents).toBe(300);
  });

  it("is unchanged by replays and by events arriving out of order", async () => {
    const { expert, subscriber, subscriptionId, row } = await subscribed();
    const t = nowSeconds();
    const incomplete = stripeEvent("customer.subscription.created", stripeSubscription(subscriptionId), t - 10);
    const incompleteUpdate = stripeEvent("customer.subscription.updated", stripeSubscription(subscriptionId), t - 5);
    const { subscription, invoice } = standIn.paySubscription(subscriptionId);
    const paid = stripeEvent("invoice.paid", invoice, t);
    const active = stripeEvent("customer.subscription.updated", subscription, t);

    // Newest first, then the older ones.
    for (const event of [active, paid, incompleteUpdate, incomplete])
      expect((await deliver(event)).duplicate).toBe(false);
    const after = await rowOf(subscriber.user.id, expert.user.id);
    expect(after).toMatchObject({ status: "Activated", providerSubscriptionId: subscriptionId });
    expect(after.providerEventAt).toEqual(new Date(t * 1000));

    // Every event again: duplicates, nothing changes.
    for (const event of [incomplete, paid, active, incompleteUpdate])
      expect((await deliver(event)).duplicate).toBe(true);
    // The same news under new event ids (Stripe resending, or a second endpoint): still one payment, still Activated.
    await deliver(stripeEvent("invoice.paid", invoice, t));
    await deliver(
      stripeEvent("customer.subscription.updated", { ...stripeSubscription(subscriptionId), status: "incomplete" }, t),
    );
    expect(await rowOf(subscriber.user.id, expert.user.id)).toMatchObject({
      status: "Activated",
      currentPeriodEnd: after.currentPeriodEnd,
    });
    expect(await paymentsOf(subscriber.user.id)).toHaveLength(1);
    expect(row.id).toBe(after.id);
  });

  it("cancels at the period's end: Canceled and readable until then; customer.subscription.deleted then locks the paywall", async () => {
    const { expert, subscriber, subscriptionId } = await activeSubscription();
    const { status, body } = await cancelCall(subscriber.jar, expert.user.id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.payload.subscription).toMatchObject({ status: "Canceled", isActive: true, cancelAtPeriodEnd: true });
    expect(body.payload.subscription.currentPeriodEnd).not.toBeNull();
    const [update] = standIn.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`);
    expect(update.body).toEqual({ cancel_at_period_end: "true" });
    expect(stripeSubscription(subscriptionId).cancel_at_period_end).toBe(true);
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(true);

    // Cancelling twice is a 422.
    const twice = await cancelCall(subscriber.jar, expert.user.id);
    expect(twice.status).toBe(422);
    expect(twice.body.error).toBe(MESSAGES.alreadyCanceled);

    // Stripe's own update agrees; an older "active, not cancelling" snapshot arriving late changes nothing.
    const t = nowSeconds();
    await deliver(stripeEvent("customer.subscription.updated", stripeSubscription(subscriptionId), t));
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        { ...stripeSubscription(subscriptionId), cancel_at_period_end: false },
        t - 30,
      ),
    );
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("Canceled");

    // The period ends: Stripe deletes it.
    const ended = standIn.update(subscriptionId, { status: "canceled", ended_at: t + 1 });
    await deliver(stripeEvent("customer.subscription.deleted", ended, t + 1));
    expect(await rowOf(subscriber.user.id, expert.user.id)).toMatchObject({
      status: "Expired",
      cancelAtPeriodEnd: false,
    });
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(false);
    expect(await hasActiveSubscription(database.db, subscriber.user.id, expert.user.id)).toBe(false);
  });

  it("resumes a cancelled subscription without a new Stripe subscription or payment", async () => {
    const { expert, subscriber, subscriptionId } = await activeSubscription();
    await cancelWithStripe(on, subscriber.viewer, expert.user.id);
    const { status, body } = await subscribeCall(subscriber.jar, expert.user.id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.payload.clientSecret).toBeNull();
    expect(body.payload.subscription).toMatchObject({ status: "Activated", isActive: true, cancelAtPeriodEnd: false });
    const updates = standIn.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`);
    expect(updates.map((r) => r.body.cancel_at_period_end)).toEqual(["true", "false"]);
    expect(stripeSubscription(subscriptionId).cancel_at_period_end).toBe(false);
    expect(standIn.requestsTo("POST", "/v1/subscriptions").filter((r) => r.path === "/v1/subscriptions")).toHaveLength(
      1,
    );
    expect(await paymentsOf(subscriber.user.id)).toHaveLength(1);
  });

  it("marks a failed renewal PastDue with a Failed payment (access kept while Stripe retries), then Activated again when paid", async () => {
    const { expert, subscriber, subscriptionId, invoice } = await activeSubscription();
    const before = await rowOf(subscriber.user.id, expert.user.id);
    const t = nowSeconds();
    const periodEnd = Math.floor(before.currentPeriodEnd!.getTime() / 1000);
    const renewal = {
      ...invoice,
      id: `in_renewal_${t}`,
      status: "open",
      amount_paid: 0,
      amount_due: PRICE,
      billing_reason: "subscription_cycle",
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: "il_renewal",
            object: "line_item",
            amount: PRICE,
            period: { start: periodEnd, end: periodEnd + 30 * 86_400 },
          },
        ],
      },
      status_transitions: { paid_at: null },
    };
    await deliver(stripeEvent("invoice.payment_failed", renewal, t));
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("PastDue");
    const failed = (await paymentsOf(subscriber.user.id)).find((p) => p.providerPaymentId === renewal.id)!;
    expect(failed).toMatchObject({ status: "Failed", amountCents: PRICE, expertId: expert.user.id });
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(true);

    // A late failure of the first, paid invoice changes neither its payment nor anything else.
    await deliver(stripeEvent("invoice.payment_failed", { ...invoice, amount_paid: 0 }, t));
    expect((await paymentsOf(subscriber.user.id)).find((p) => p.providerPaymentId === invoice.id)!.status).toBe(
      "Succeeded",
    );

    const retried = { ...renewal, status: "paid", amount_paid: PRICE, status_transitions: { paid_at: t + 1 } };
    await deliver(stripeEvent("invoice.paid", retried, t + 1));
    // …and its failure, resent in the same second, does not bring PastDue back: the invoice is paid.
    await deliver(stripeEvent("invoice.payment_failed", renewal, t + 1));
    const after = await rowOf(subscriber.user.id, expert.user.id);
    expect(after.status).toBe("Activated");
    expect(after.currentPeriodEnd).toEqual(new Date((periodEnd + 30 * 86_400) * 1000));
    expect((await paymentsOf(subscriber.user.id)).find((p) => p.providerPaymentId === renewal.id)!.status).toBe(
      "Succeeded",
    );
    expect(subscriptionId).toBe(after.providerSubscriptionId);
  });

  it("on charge.refunded marks the payment Refunded and locks the paywall at once", async () => {
    const { expert, subscriber, charge, invoice } = await activeSubscription();
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(true);
    // A partial refund changes nothing.
    await deliver(stripeEvent("charge.refunded", { ...charge, amount_refunded: 500, refunded: false }));
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("Activated");

    const refunded = standIn.update(charge.id, { refunded: true, amount_refunded: charge.amount });
    const event = stripeEvent("charge.refunded", refunded);
    await deliver(event);
    expect((await paymentsOf(subscriber.user.id)).find((p) => p.providerPaymentId === invoice.id)!.status).toBe(
      "Refunded",
    );
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("Expired");
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(false);
    // Found through Stripe's invoice payments (the charge does not name its invoice on this API version).
    expect(standIn.requestsTo("GET", "/v1/invoice_payments")).toHaveLength(1);
    // Not billed again: the Stripe subscription is cancelled now, once.
    const stripeSubscriptionId = String((await rowOf(subscriber.user.id, expert.user.id)).providerSubscriptionId);
    expect(standIn.subscriptions.get(stripeSubscriptionId)!.status).toBe("canceled");
    expect(standIn.requestsTo("DELETE", `/v1/subscriptions/${stripeSubscriptionId}`)).toHaveLength(1);

    // Replays and the earlier paid events arriving late leave it refunded and locked.
    expect((await deliver(event)).duplicate).toBe(true);
    await deliver(stripeEvent("invoice.paid", invoice, event.created - 5));
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        standIn.subscriptions.get(String((await rowOf(subscriber.user.id, expert.user.id)).providerSubscriptionId))!,
        event.created - 5,
      ),
    );
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("Expired");
    expect((await paymentsOf(subscriber.user.id)).map((p) => p.status)).toEqual(["Refunded"]);
    // Stripe's own news of the end changes nothing more, and nothing is cancelled twice.
    await deliver(stripeEvent("customer.subscription.deleted", standIn.subscriptions.get(stripeSubscriptionId)!));
    expect((await rowOf(subscriber.user.id, expert.user.id)).status).toBe("Expired");
    expect(standIn.requestsTo("DELETE", `/v1/subscriptions/${stripeSubscriptionId}`)).toHaveLength(1);
  });

  it("applies a refund that overtakes invoice.paid: the payment is recorded Refunded from Stripe's invoice", async () => {
    const { expert, subscriber, subscriptionId } = await subscribed();
    const { invoice, charge } = standIn.paySubscription(subscriptionId);
    const refunded = standIn.update(charge.id, { refunded: true, amount_refunded: charge.amount });
    await deliver(stripeEvent("charge.refunded", refunded));
    expect(await paymentsOf(subscriber.user.id)).toMatchObject([
      { providerPaymentId: invoice.id, status: "Refunded", amountCents: PRICE },
    ]);
    await deliver(stripeEvent("invoice.paid", invoice));
    expect(await paymentsOf(subscriber.user.id)).toMatchObject([{ providerPaymentId: invoice.id, status: "Refunded" }]);
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(false);
  });

  it("links a Stripe Checkout subscription to its row, and ignores news of a Stripe subscription the row no longer holds", async () => {
    const expert = await makeSellableExpert();
    const subscriber = await makeUser();
    const metadata = { kind: "Subscription", subscriberId: subscriber.user.id, expertId: expert.user.id };
    await database.db
      .insert(subscriptions)
      .values({ subscriberId: subscriber.user.id, expertId: expert.user.id, status: "Expired", priceCents: PRICE });
    await deliver(
      stripeEvent("checkout.session.completed", {
        id: "cs_test_1",
        object: "checkout.session",
        mode: "subscription",
        subscription: "sub_checkout_1",
        customer: "cus_checkout_1",
        metadata,
      }),
    );
    expect(await rowOf(subscriber.user.id, expert.user.id)).toMatchObject({
      status: "Pending",
      provider: "stripe",
      providerSubscriptionId: "sub_checkout_1",
      providerCustomerId: "cus_checkout_1",
    });

    // An old subscription of the same pair (its metadata matches) does not touch the row.
    const stale: StripeObject = {
      id: "sub_old_1",
      object: "subscription",
      status: "active",
      cancel_at_period_end: false,
      customer: "cus_checkout_1",
      metadata,
      items: { data: [] },
    };
    await deliver(stripeEvent("customer.subscription.updated", stale));
    await deliver(stripeEvent("customer.subscription.deleted", { ...stale, status: "canceled" }));
    expect(await rowOf(subscriber.user.id, expert.user.id)).toMatchObject({
      status: "Pending",
      providerSubscriptionId: "sub_checkout_1",
    });
  });
});

describe(`free trials and promo codes with Stripe (${testDatabaseEngine()})`, () => {
  it("a trial saves the card up front: Pending until the SetupIntent succeeds, then running until the first charge", async () => {
    const expert = await makeSellableExpert();
    await database.db.update(experts).set({ trialDays: 7 }).where(eq(experts.userId, expert.user.id));
    const subscriber = await makeUser();
    const { status, body } = await subscribeCall(subscriber.jar, expert.user.id);
    expect(status, JSON.stringify(body)).toBe(200);
    const [createCall] = standIn.requestsTo("POST", "/v1/subscriptions");
    expect(createCall.body).toMatchObject({ trial_period_days: "7" });
    const created = [...standIn.subscriptions.values()][0];
    const setupIntent = standIn.setupIntents.get(String(created.pending_setup_intent))!;
    // The card form confirms the SetupIntent, not a payment.
    expect(body.payload.clientSecret).toBe(setupIntent.client_secret);
    expect(body.payload.clientSecret).toMatch(/^seti_/);
    expect(body.payload.subscription).toMatchObject({ status: "Pending", isActive: false, trialEndsAt: null });
    // A reload while the card is not saved answers the same secret.
    expect((await subscribeCall(subscriber.jar, expert.user.id)).body.payload.clientSecret).toBe(
      setupIntent.client_secret,
    );

    // Stripe says "trialing" and the $0 invoice is paid at once, but no card is saved yet: still locked.
    await deliver(stripeEvent("customer.subscription.created", created));
    await deliver(stripeEvent("invoice.paid", standIn.invoices.get(String(created.latest_invoice))!));
    expect(await rowOf(subscriber.user.id, expert.user.id)).toMatchObject({ status: "Pending", trialStartedAt: null });
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(false);
    expect(await paymentsOf(subscriber.user.id)).toEqual([]);

    // The card is saved: the subscription runs until the trial's end, and that trial is the reader's one.
    const saved = standIn.confirmSetup(created.id);
    await deliver(stripeEvent("customer.subscription.updated", saved.subscription, nowSeconds() + 1));
    const running = await rowOf(subscriber.user.id, expert.user.id);
    expect(running.status).toBe("Activated");
    expect(running.trialStartedAt).not.toBeNull();
    expect(running.currentPeriodEnd!.getTime()).toBe(Number(created.trial_end) * 1000);
    expect(running.trialEndsAt!.getTime()).toBe(Number(created.trial_end) * 1000);
    expect(await canReadPick(subscriber.user.id, expert.user.id)).toBe(true);

    // The first charge at the trial's end: the trial became a paying subscription.
    const trialEnd = Number(created.trial_end);
    const firstCharge = {
      ...standIn.invoices.get(String(created.latest_invoice))!,
      id: "in_first_charge",
      billing_reason: "subscription_cycle",
      amount_due: PRICE,
      amount_paid: PRICE,
      status_transitions: { paid_at: trialEnd },
      lines: { object: "list", data: [{ period: { start: trialEnd, end: trialEnd + 30 * 86_400 } }] },
    };
    await deliver(stripeEvent("invoice.paid", firstCharge, trialEnd));
    expect(await paymentsOf(subscriber.user.id)).toMatchObject([{ amountCents: PRICE, status: "Succeeded" }]);
    const summary = await getBusinessSummary(database.db, expert.user.id, 30, new Date((trialEnd + 86_400) * 1000));
    expect(summary.trials).toEqual({ ended: 1, converted: 1 });
  });

  it("a promo code goes to Stripe as a coupon and promotion code made once, and the row records the price it leaves", async () => {
    const expert = await makeSellableExpert();
    await createPromoCode(database.db, expert.user.id, { code: "HALF", percentOff: 50, duration: "forever" });
    const first = await makeUser();
    const { status, body } = await callRoute(subscriptionsRoute, on, {
      method: "POST",
      path: "/api/subscriptions",
      jar: first.jar,
      body: { expertId: expert.user.id, code: "half" },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.payload.subscription.price).toBe(PRICE / 2);
    const [coupon] = [...standIn.coupons.values()];
    expect(coupon).toMatchObject({ percent_off: 50, duration: "forever" });
    const [promotion] = [...standIn.promotionCodes.values()];
    expect(promotion).toMatchObject({ active: true, promotion: { type: "coupon", coupon: coupon.id } });
    expect(standIn.requestsTo("POST", "/v1/subscriptions")[0].body).toMatchObject({
      discounts: { 0: { promotion_code: promotion.id } },
    });
    const created = [...standIn.subscriptions.values()][0];
    expect(standIn.invoices.get(String(created.latest_invoice))).toMatchObject({ amount_due: PRICE / 2 });
    // The card form reloaded (its address keeps the code): the code is still the reader's, the same secret comes back.
    expect((await subscriptionOffer(database.db, expert.user.id, first.user.id, "HALF")).code).toMatchObject({
      priceAfter: PRICE / 2,
    });
    const again = await callRoute(subscriptionsRoute, on, {
      method: "POST",
      path: "/api/subscriptions",
      jar: first.jar,
      body: { expertId: expert.user.id, code: "HALF" },
    });
    expect(again.body.payload.clientSecret).toBe(body.payload.clientSecret);
    expect(standIn.requestsTo("POST", "/v1/subscriptions")).toHaveLength(1);

    // A second reader: the same promotion code, no new coupon.
    const second = await makeUser();
    await callRoute(subscriptionsRoute, on, {
      method: "POST",
      path: "/api/subscriptions",
      jar: second.jar,
      body: { expertId: expert.user.id, code: "HALF" },
    });
    expect(standIn.requestsTo("POST", "/v1/coupons")).toHaveLength(1);
    expect(standIn.requestsTo("POST", "/v1/subscriptions")[1].body).toMatchObject({
      discounts: { 0: { promotion_code: promotion.id } },
    });
    const [code] = await database.db.select().from(promoCodes).where(eq(promoCodes.expertId, expert.user.id));
    expect(code).toMatchObject({
      timesRedeemed: 2,
      providerCouponId: coupon.id,
      providerPromotionCodeId: promotion.id,
    });

    // Ended by the expert: Stripe's promotion code is switched off too.
    await endPromoCode(on, expert.user.id, code.id);
    expect(standIn.promotionCodes.get(promotion.id)).toMatchObject({ active: false });
  });

  it("two readers racing for a code's last place: one gets it, the other's Stripe subscription is cancelled and nothing of it is saved", async () => {
    const expert = await makeSellableExpert();
    await createPromoCode(database.db, expert.user.id, {
      code: "LAST",
      percentOff: 10,
      duration: "once",
      maxRedemptions: 1,
    });
    const readers = [await makeUser(), await makeUser()];
    // Both pass the code's check before either redeems it (the check comes before Stripe's calls).
    const outcomes = await Promise.allSettled(
      readers.map((reader) => subscribeWithStripe(on, reader.viewer, expert.user.id, new Date(), null, "LAST")),
    );
    expect(standIn.requestsTo("POST", "/v1/subscriptions")).toHaveLength(2);
    const won = outcomes.findIndex((outcome) => outcome.status === "fulfilled");
    const lost = 1 - won;
    expect(won).toBeGreaterThanOrEqual(0);
    expect((outcomes[lost] as PromiseRejectedResult).reason.message).toBe(PROMO_MESSAGES.usedUp);
    const winner = await rowOf(readers[won].user.id, expert.user.id);
    expect(winner.status).toBe("Pending");
    for (const created of standIn.subscriptions.values())
      expect(created.status).toBe(created.id === winner.providerSubscriptionId ? "incomplete" : "canceled");
    expect(await rowOf(readers[lost].user.id, expert.user.id)).toMatchObject({
      status: "Expired",
      providerSubscriptionId: null,
    });
    const [code] = await database.db.select().from(promoCodes).where(eq(promoCodes.expertId, expert.user.id));
    expect(code.timesRedeemed).toBe(1);
  });
});
