/**
 * Cheers (tips, decision 024): `POST /api/experts/{expertId}/cheers` and `GET /api/business/cheers`,
 * with payments off (recorded free at once) and with Stripe (a PaymentIntent to the expert's
 * connected account less the platform fee; only the signed webhook marks it paid and tells the
 * expert, once). The real Stripe SDK talks to the local stand-in (test/support/stripe-stand-in.ts).
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notifications, payments } from "~/db/schema";
import { toCurrentUser } from "~/modules/accounts/users.server";
import { CHEER_MESSAGES } from "~/modules/cheers/cheer-schema";
import { cheerFee } from "~/modules/cheers/cheers.server";
import { getBusinessOverview } from "~/modules/experts/business.server";
import type { NotificationDTO } from "~/modules/notifications/notifications.server";
import { savePreferences } from "~/modules/notifications/preferences.server";
import { connectPaymentAccount } from "~/modules/payments/connect.server";
import * as businessCheersRoute from "~/routes/api.business.cheers";
import * as cheersRoute from "~/routes/api.experts.$expertId.cheers";
import * as notificationListRoute from "~/routes/api.notifications.see-notifications.list";
import * as userPaymentsRoute from "~/routes/api.user.payments";
import * as expertPage from "~/routes/experts.$userName";
import * as webhookRoute from "~/routes/api.paymentsystems.stripe.webhook";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures, type MadeUser } from "../support/post-fixtures";
import { startStripeStandIn, stripeEvent, type StripeStandIn } from "../support/stripe-stand-in";

const WEBHOOK_SECRET = "whsec_test_cheers";
const signer = new Stripe("sk_test_signer");

let database: TestDatabase;
let standIn: StripeStandIn;
/** Payments off (the embedded default). */
let off: ReturnType<typeof makeLoadContext>;
/** Stripe on, pointed at the stand-in. */
let on: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn();
  off = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", PLATFORM_FEE_PERCENT: "10" });
  on = makeLoadContext(database.db, {
    APP_URL: "https://sharpside.example",
    STRIPE_SECRET_KEY: "sk_test_cheers",
    STRIPE_PUBLISHABLE_KEY: "pk_test_cheers",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PLATFORM_FEE_PERCENT: "10",
    ...standIn.env,
  });
  fx = postFixtures(database.db, off);
});
afterAll(async () => {
  await standIn?.close();
  await database?.close();
});
beforeEach(() => standIn.reset());

type Context = ReturnType<typeof makeLoadContext>;

const cheer = (expertId: string, jar: CookieJar | undefined, body: unknown, context: Context = off) =>
  callRoute(cheersRoute, context, {
    method: "POST",
    path: `/api/experts/${expertId}/cheers`,
    params: { expertId },
    jar,
    body,
  });
const businessCheers = (jar: CookieJar | undefined, query = "", context: Context = off) =>
  callRoute(businessCheersRoute, context, { path: `/api/business/cheers${query}`, jar });
const notificationsOf = async (user: MadeUser) =>
  (
    await callRoute(notificationListRoute, off, {
      path: "/api/notifications/see-notifications/list?size=100",
      jar: user.jar,
    })
  ).body.items as NotificationDTO[];
const cheerNotificationsOf = async (user: MadeUser) =>
  (await notificationsOf(user)).filter((n) => n.dataType === "Cheer");
const tipsTo = (expertId: string) =>
  database.db
    .select()
    .from(payments)
    .where(and(eq(payments.expertId, expertId), eq(payments.kind, "Tip")));

/** An expert and a fan who follows them. */
async function expertWithFollower() {
  const expert = await fx.makeUser({ expert: true });
  const fan = await fx.makeUser();
  await fx.follow(fan.user.id, expert.user.id);
  return { expert, fan };
}

describe(`Cheers with payments off (${testDatabaseEngine()})`, () => {
  it("records a follower's tip at once as a free Succeeded payment with the fee, tells the expert, and lists it on the business API", async () => {
    const { expert, fan } = await expertWithFollower();
    const { status, body } = await cheer(expert.user.id, fan.jar, {
      amount: 500,
      message: "  Great call on the Lakers!  ",
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.payload.clientSecret).toBeNull();
    expect(body.payload.cheer).toMatchObject({
      expertId: expert.user.id,
      amount: 500,
      platformFee: 50,
      currency: "usd",
      message: "Great call on the Lakers!",
      status: "Succeeded",
      isFree: true,
      from: { id: fan.user.id, userName: fan.user.userName },
    });

    const [row] = await tipsTo(expert.user.id);
    expect(row).toMatchObject({
      payerId: fan.user.id,
      status: "Succeeded",
      amountCents: 500,
      platformFeeCents: 50,
      provider: "free",
      providerPaymentId: null,
    });

    const [notification] = await cheerNotificationsOf(expert);
    expect(notification).toMatchObject({
      id: row.id,
      dataType: "Cheer",
      isRead: false,
      data: {
        expertInfo: { id: fan.user.id, userName: fan.user.userName },
        cheerInfo: { amount: 500, message: "Great call on the Lakers!" },
        postInfo: null,
      },
    });
    expect(await cheerNotificationsOf(fan)).toEqual([]);

    const listed = await businessCheers(expert.jar);
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toMatchObject({ page: 1, size: 5, totalItems: 1, totalPages: 1 });
    expect(listed.body.items[0]).toMatchObject({
      id: row.id,
      amount: 500,
      message: "Great call on the Lakers!",
      isFree: true,
      from: { id: fan.user.id },
    });
    expect(listed.body.items[0].from.avatar).toMatch(/^\/avatars\//);

    // Nothing was charged: the business figures leave the free tip out of the earnings, and the
    // payer's history says so.
    const overview = await getBusinessOverview(database.db, { id: expert.user.id, timezone: "UTC" });
    expect(overview.revenue.allTime).toEqual({ grossCents: 0, netCents: 0 });
    const history = await callRoute(userPaymentsRoute, off, { path: "/api/user/payments", jar: fan.jar });
    expect(history.body.items[0]).toMatchObject({
      id: row.id,
      kind: "Tip",
      status: "Succeeded",
      amount: 500,
      isFree: true,
      expert: { id: expert.user.id },
    });
  });

  it("lets a subscriber who does not follow send Cheers, without a message; a muted kind tells nobody", async () => {
    const expert = await fx.makeUser({ expert: true });
    const subscriber = await fx.makeUser();
    await fx.subscribe(subscriber.user.id, expert.user.id);
    const { status, body } = await cheer(expert.user.id, subscriber.jar, { amount: 2000, message: "" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.payload.cheer).toMatchObject({ amount: 2000, platformFee: 200, message: null });
    expect((await cheerNotificationsOf(expert))[0].data.cheerInfo).toEqual({ amount: 2000, message: null });

    await savePreferences(database.db, expert.user.id, {
      mutedKinds: ["Cheer"],
      newPickEmails: true,
      followedCategoryIds: [],
    });
    expect((await cheer(expert.user.id, subscriber.jar, { amount: 100 })).status).toBe(201);
    expect(await cheerNotificationsOf(expert)).toHaveLength(1);
    expect(await tipsTo(expert.user.id)).toHaveLength(2);
  });

  it("lists the expert's Cheers newest first, page by page; the list is the expert's own", async () => {
    const { expert, fan } = await expertWithFollower();
    for (const amount of [100, 200, 300])
      expect((await cheer(expert.user.id, fan.jar, { amount, message: `Cheers ${amount}` })).status).toBe(201);
    const first = await businessCheers(expert.jar, "?page=1&size=2");
    expect(first.body.items.map((item: { amount: number }) => item.amount)).toEqual([300, 200]);
    expect(first.body.meta).toMatchObject({ page: 1, size: 2, totalItems: 3, totalPages: 2 });
    const second = await businessCheers(expert.jar, "?page=2&size=2");
    expect(second.body.items.map((item: { amount: number }) => item.amount)).toEqual([100]);

    const other = await fx.makeUser({ expert: true });
    expect((await businessCheers(other.jar)).body.items).toEqual([]);
    expect((await businessCheers(fan.jar)).status).toBe(403);
    expect((await businessCheers(undefined)).status).toBe(401);
    expect((await businessCheers(expert.jar, "?size=1000")).status).toBe(400);
  });

  it("validates the amount (integer cents, $1 to $500) and the message (280 characters) with the product's error shape", async () => {
    const { expert, fan } = await expertWithFollower();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { amount: [CHEER_MESSAGES.amountRequired] }],
      [{ amount: null }, { amount: [CHEER_MESSAGES.amountWholeCents] }],
      [{ amount: 99 }, { amount: [CHEER_MESSAGES.amountMin] }],
      [{ amount: 0 }, { amount: [CHEER_MESSAGES.amountMin] }],
      [{ amount: 50_001 }, { amount: [CHEER_MESSAGES.amountMax] }],
      [{ amount: 250.5 }, { amount: [CHEER_MESSAGES.amountWholeCents] }],
      [{ amount: "500" }, { amount: [CHEER_MESSAGES.amountWholeCents] }],
      [{ amount: 500, message: "x".repeat(281) }, { message: ["Maximum 280 characters allowed"] }],
      [{ amount: 500, message: 42 }, { message: ["Invalid input"] }],
    ];
    for (const [body, errors] of cases) {
      const answer = await cheer(expert.user.id, fan.jar, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body, JSON.stringify(body)).toEqual({
        error: "Violation of business rules/data integrity took place.",
        errors,
        statusCode: 422,
      });
    }
    expect(CHEER_MESSAGES.amountMin).toBe("Cheers should be at least $1");
    expect(CHEER_MESSAGES.amountMax).toBe("Cheers should be at most $500");
    // The bounds themselves are fine; 280 characters after trimming too.
    expect((await cheer(expert.user.id, fan.jar, { amount: 100, message: ` ${"y".repeat(280)} ` })).status).toBe(201);
    expect((await cheer(expert.user.id, fan.jar, { amount: 50_000 })).status).toBe(201);
    expect(await tipsTo(expert.user.id)).toHaveLength(2);
  });

  it("answers 401 signed out, 403 for an unconfirmed e-mail and for a reader who neither follows nor subscribes, 404 for no expert, 422 to oneself", async () => {
    const { expert, fan } = await expertWithFollower();
    const body = { amount: 500 };

    expect(await cheer(expert.user.id, undefined, body)).toMatchObject({ status: 401 });

    const unconfirmed = await fx.makeUser({ confirmed: false });
    await fx.follow(unconfirmed.user.id, expert.user.id);
    expect((await cheer(expert.user.id, unconfirmed.jar, body)).body).toEqual({
      error: "Please confirm your e-mail address first.",
      statusCode: 403,
    });

    const stranger = await fx.makeUser();
    expect((await cheer(expert.user.id, stranger.jar, body)).body).toEqual({
      error: CHEER_MESSAGES.notFollowing,
      statusCode: 403,
    });
    expect(CHEER_MESSAGES.notFollowing).toBe("Follow or subscribe to send Cheers.");
    // A subscription waiting for its payment, or one that ended, is no subscription.
    const pending = await fx.makeUser();
    await fx.subscribe(pending.user.id, expert.user.id, "Pending");
    expect((await cheer(expert.user.id, pending.jar, body)).status).toBe(403);
    const lapsed = await fx.makeUser();
    await fx.subscribe(lapsed.user.id, expert.user.id, "Canceled", -DAY);
    expect((await cheer(expert.user.id, lapsed.jar, body)).status).toBe(403);
    // A cancelled subscription still in its paid period is.
    const leaving = await fx.makeUser();
    await fx.subscribe(leaving.user.id, expert.user.id, "Canceled", DAY);
    expect((await cheer(expert.user.id, leaving.jar, body)).status).toBe(201);

    expect((await cheer("6f1c1d0e-0000-4000-8000-000000000000", fan.jar, body)).body).toMatchObject({
      statusCode: 404,
    });
    expect((await cheer("not-an-id", fan.jar, body)).status).toBe(404);
    // A plain user is not an expert.
    expect((await cheer(stranger.user.id, fan.jar, body)).status).toBe(404);

    expect((await cheer(expert.user.id, expert.jar, body)).body).toEqual({
      error: "You cannot send Cheers to yourself.",
      statusCode: 422,
    });

    expect(await tipsTo(expert.user.id)).toHaveLength(1);
    expect(await cheerNotificationsOf(expert)).toHaveLength(1);

    // Other methods.
    expect(
      (
        await callRoute(cheersRoute, off, {
          path: `/api/experts/${expert.user.id}/cheers`,
          params: { expertId: expert.user.id },
          jar: fan.jar,
        })
      ).status,
    ).toBe(405);
  });

  it("is rate-limited per user like other writes", async () => {
    const limited = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_CHEER: "2/3600" });
    const { expert, fan } = await expertWithFollower();
    expect((await cheer(expert.user.id, fan.jar, { amount: 100 }, limited)).status).toBe(201);
    expect((await cheer(expert.user.id, fan.jar, { amount: 100 }, limited)).status).toBe(201);
    const third = await cheer(expert.user.id, fan.jar, { amount: 100 }, limited);
    expect(third.status).toBe(429);
    expect(third.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await tipsTo(expert.user.id)).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// With Stripe
// ---------------------------------------------------------------------------------------------

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

/** An expert with a connected Stripe account (ready unless told), and a fan following them. */
async function payableExpertWithFollower(options: { ready?: boolean } = {}) {
  const { expert, fan } = await expertWithFollower();
  await connectPaymentAccount(on, toCurrentUser(expert.user, null));
  const account = [...standIn.accounts.values()].find(
    (a) => (a.metadata as Record<string, string>).userId === expert.user.id,
  )!;
  if (options.ready ?? true)
    await deliver(
      stripeEvent("account.updated", standIn.update(account.id, { charges_enabled: true, details_submitted: true })),
    );
  return { expert, fan, account };
}

describe(`Cheers with Stripe (${testDatabaseEngine()})`, () => {
  it("creates a PaymentIntent to the expert's account with the platform fee; the webhook marks it paid and tells the expert once, however often it comes", async () => {
    const { expert, fan, account } = await payableExpertWithFollower();
    const { status, body } = await cheer(
      expert.user.id,
      fan.jar,
      { amount: 1000, message: "Thanks for the picks" },
      on,
    );
    expect(status, JSON.stringify(body)).toBe(201);

    const [create] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(create.body).toMatchObject({
      amount: "1000",
      currency: "usd",
      application_fee_amount: "100",
      transfer_data: { destination: account.id },
      receipt_email: fan.user.email,
      metadata: { kind: "Tip", payerId: fan.user.id, expertId: expert.user.id },
    });
    expect(create.body).not.toHaveProperty("metadata.message");
    const intent = [...standIn.paymentIntents.values()][0];
    expect(body.payload.clientSecret).toBe(intent.client_secret);
    expect(body.payload.cheer).toMatchObject({
      amount: 1000,
      platformFee: 100,
      status: "Pending",
      isFree: false,
      message: "Thanks for the picks",
    });

    const [pending] = await tipsTo(expert.user.id);
    expect(pending).toMatchObject({
      status: "Pending",
      provider: "stripe",
      providerPaymentId: intent.id,
      platformFeeCents: 100,
    });
    // Not paid yet: nobody is told and the business page does not list it.
    expect(await cheerNotificationsOf(expert)).toEqual([]);
    expect((await businessCheers(expert.jar, "", on)).body.items).toEqual([]);

    // The card form confirmed it; Stripe says so (twice, and once more as another event).
    const paid = standIn.update(intent.id, { status: "succeeded", amount_received: 1000 });
    const event = stripeEvent("payment_intent.succeeded", paid);
    expect(await deliver(event)).toMatchObject({ duplicate: false });
    expect(await deliver(event)).toMatchObject({ duplicate: true });
    expect(await deliver(stripeEvent("payment_intent.succeeded", paid))).toMatchObject({ duplicate: false });

    const [row] = await tipsTo(expert.user.id);
    expect(row.status).toBe("Succeeded");
    const cheers = await cheerNotificationsOf(expert);
    expect(cheers).toHaveLength(1);
    expect(cheers[0]).toMatchObject({
      id: row.id,
      data: { expertInfo: { id: fan.user.id }, cheerInfo: { amount: 1000, message: "Thanks for the picks" } },
    });
    expect(await database.db.$count(notifications, eq(notifications.id, row.id))).toBe(1);

    const listed = await businessCheers(expert.jar, "", on);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ id: row.id, status: "Succeeded", isFree: false, amount: 1000 });
    const overview = await getBusinessOverview(database.db, { id: expert.user.id, timezone: "UTC" });
    expect(overview.revenue.allTime).toEqual({ grossCents: 1000, netCents: 900 });

    // Refunded from Stripe's dashboard: off the list and out of the earnings; the notification stays.
    await deliver(
      stripeEvent("charge.refunded", {
        id: "ch_cheer_1",
        object: "charge",
        refunded: true,
        amount_refunded: 1000,
        payment_intent: intent.id,
      }),
    );
    expect((await tipsTo(expert.user.id))[0].status).toBe("Refunded");
    expect((await businessCheers(expert.jar, "", on)).body.items).toEqual([]);
    expect((await getBusinessOverview(database.db, { id: expert.user.id, timezone: "UTC" })).revenue.allTime).toEqual({
      grossCents: 0,
      netCents: 0,
    });
    expect(await cheerNotificationsOf(expert)).toHaveLength(1);
  });

  it("a failed card leaves it Failed and unannounced; the same intent paid with another card then succeeds", async () => {
    const { expert, fan } = await payableExpertWithFollower();
    expect((await cheer(expert.user.id, fan.jar, { amount: 255 }, on)).status).toBe(201);
    const intent = [...standIn.paymentIntents.values()][0];
    expect(standIn.requestsTo("POST", "/v1/payment_intents")[0].body).toMatchObject({
      application_fee_amount: String(cheerFee(on.env, 255)),
    });
    expect(cheerFee(on.env, 255)).toBe(26);

    await deliver(
      stripeEvent("payment_intent.payment_failed", standIn.update(intent.id, { status: "requires_payment_method" })),
    );
    expect((await tipsTo(expert.user.id))[0].status).toBe("Failed");
    expect(await cheerNotificationsOf(expert)).toEqual([]);

    await deliver(
      stripeEvent("payment_intent.succeeded", standIn.update(intent.id, { status: "succeeded", amount_received: 255 })),
    );
    expect((await tipsTo(expert.user.id))[0].status).toBe("Succeeded");
    expect(await cheerNotificationsOf(expert)).toHaveLength(1);
    // A late failure never undoes it.
    await deliver(stripeEvent("payment_intent.payment_failed", intent));
    expect((await tipsTo(expert.user.id))[0].status).toBe("Succeeded");
  });

  it("answers 422 while the expert cannot be paid (no account, or onboarding unfinished), before asking Stripe for anything", async () => {
    const { expert: unready, fan } = await payableExpertWithFollower({ ready: false });
    const before = standIn.requestsTo("POST", "/v1/payment_intents").length;
    expect((await cheer(unready.user.id, fan.jar, { amount: 500 }, on)).body).toEqual({
      error: "This expert cannot receive Cheers yet.",
      statusCode: 422,
    });

    const { expert: unconnected, fan: other } = await expertWithFollower();
    expect((await cheer(unconnected.user.id, other.jar, { amount: 500 }, on)).body).toEqual({
      error: CHEER_MESSAGES.notReady,
      statusCode: 422,
    });
    expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(before);
    expect(await tipsTo(unready.user.id)).toEqual([]);
  });

  it("gives the expert page the card form's publishable key only while payments are on", async () => {
    const { expert, fan } = await expertWithFollower();
    const load = (context: Context) =>
      expertPage.loader({
        request: new Request(`http://localhost/experts/${expert.user.userName}`, {
          headers: { Cookie: fan.jar.header() },
        }),
        params: { userName: expert.user.userName },
        context,
      });
    expect(await load(on)).toMatchObject({
      paymentsEnabled: true,
      stripePublishableKey: "pk_test_cheers",
      expert: { isFollowed: true },
    });
    expect(await load(off)).toMatchObject({ paymentsEnabled: false, stripePublishableKey: null });
  });

  it("turns Stripe being down into a 503 and stores nothing", async () => {
    const { expert, fan } = await payableExpertWithFollower();
    standIn.failWith(500);
    try {
      const answer = await cheer(expert.user.id, fan.jar, { amount: 500 }, on);
      expect(answer.status).toBe(503);
    } finally {
      standIn.failWith(null);
    }
    expect(await tipsTo(expert.user.id)).toEqual([]);
  });
});
