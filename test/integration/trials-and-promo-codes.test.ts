/**
 * Free trials and promo codes with payments off: the expert's API (`/api/business/trial`,
 * `/api/business/promo-codes`), the offer a reader is shown (`/api/subscriptions/offer` and the
 * subscribe step), subscribing with a trial (one per reader per expert, its reminder, its end into
 * the free subscription, the business page's conversion) and with a code (its price, its limits,
 * and a cap that holds when fifty readers redeem at once).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { experts, mailOutbox, payments, promoCodes, subscriptions } from "~/db/schema";
import { getBusinessSummary } from "~/modules/experts/business-figures.server";
import { PROMO_GUESS_LIMIT } from "~/modules/subscriptions/promo-codes.server";
import { PROMO_MESSAGES } from "~/modules/subscriptions/promo-codes";
import { cancelFree, renewFreeSubscriptions, subscribeFree } from "~/modules/subscriptions/subscriptions.server";
import { emailTrialReminders } from "~/modules/subscriptions/trials.server";
import * as promoCodeRoute from "~/routes/api.business.promo-codes.$codeId";
import * as promoCodesRoute from "~/routes/api.business.promo-codes._index";
import * as trialRoute from "~/routes/api.business.trial";
import * as offerRoute from "~/routes/api.subscriptions.offer";
import * as subscriptionsRoute from "~/routes/api.subscriptions._index";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

async function makeExpert(priceCents = 3000, trialDays = 0) {
  const expert = await fx.makeUser({ expert: true });
  await database.db
    .update(experts)
    .set({ subscriptionPriceCents: priceCents, trialDays })
    .where(eq(experts.userId, expert.user.id));
  return expert;
}
const subscribe = (expertId: string, jar: CookieJar, code?: string) =>
  callRoute(subscriptionsRoute, context, { method: "POST", path: "/api/subscriptions", body: { expertId, code }, jar });
const createCode = (jar: CookieJar, body: Record<string, unknown>) =>
  callRoute(promoCodesRoute, context, { method: "POST", path: "/api/business/promo-codes", body, jar });
const offer = (expertId: string, jar: CookieJar, code = "") =>
  callRoute(offerRoute, context, {
    path: `/api/subscriptions/offer?expertId=${expertId}&code=${encodeURIComponent(code)}`,
    jar,
  });
const rowOf = async (subscriberId: string, expertId: string) =>
  (
    await database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId)))
  )[0];

describe(`the expert's trial and promo codes API (${testDatabaseEngine()})`, () => {
  it("sets the trial (0 to 30 days) for experts only", async () => {
    const expert = await makeExpert();
    const reader = await fx.makeUser();
    const post = (jar: CookieJar, body: unknown) =>
      callRoute(trialRoute, context, { method: "POST", path: "/api/business/trial", body, jar });
    expect((await post(expert.jar, { days: 7 })).body.payload).toEqual({ days: 7 });
    expect(
      (await callRoute(trialRoute, context, { path: "/api/business/trial", jar: expert.jar })).body.payload,
    ).toEqual({ days: 7 });
    for (const days of [-1, 31, 2.5, "a week"]) {
      const refused = await post(expert.jar, { days });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ days: [PROMO_MESSAGES.trialDays] });
    }
    expect((await post(reader.jar, { days: 7 })).status).toBe(403);
    expect((await post(undefined as never, { days: 7 })).status).toBe(401);
  });

  it("makes, lists and ends codes; refuses bad ones in words; another expert's code is not found", async () => {
    const expert = await makeExpert();
    const other = await makeExpert();
    const made = await createCode(expert.jar, {
      code: " nba 20 ",
      percentOff: 20,
      duration: "once",
      maxRedemptions: 5,
    });
    expect(made.status).toBe(201);
    expect(made.body.payload.promoCode).toMatchObject({
      code: "NBA20",
      percentOff: 20,
      amountOff: null,
      duration: "once",
      maxRedemptions: 5,
      timesRedeemed: 0,
      active: true,
    });
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ code: "NBA20", percentOff: 10, duration: "once" }, { code: [PROMO_MESSAGES.codeTaken] }],
      [{ code: "A!", percentOff: 10, duration: "once" }, { code: [PROMO_MESSAGES.codeFormat] }],
      [{ code: "TOOMUCH", percentOff: 101, duration: "once" }, { percentOff: [PROMO_MESSAGES.percent] }],
      [{ code: "CENTS", amountOff: 50, duration: "forever" }, { amountOff: [PROMO_MESSAGES.amount] }],
      [
        { code: "BOTH", percentOff: 10, amountOff: 500, duration: "once" },
        { percentOff: ["Take a percentage or an amount off."] },
      ],
      [
        { code: "PAST", percentOff: 10, duration: "once", expiresOn: "2020-01-01" },
        { expiresOn: [PROMO_MESSAGES.expiry] },
      ],
      [{ code: "ZERO", percentOff: 10, duration: "once", maxRedemptions: 0 }, { maxRedemptions: [PROMO_MESSAGES.cap] }],
    ];
    for (const [body, errors] of refusals) {
      const refused = await createCode(expert.jar, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.errors).toMatchObject(errors);
    }
    // The same name is free for another expert.
    expect((await createCode(other.jar, { code: "NBA20", amountOff: 500, duration: "forever" })).status).toBe(201);

    const list = await callRoute(promoCodesRoute, context, { path: "/api/business/promo-codes", jar: expert.jar });
    expect(list.body.payload.items.map((code: { code: string }) => code.code)).toEqual(["NBA20"]);

    const id = made.body.payload.promoCode.id as string;
    const end = (jar: CookieJar, codeId = id) =>
      callRoute(promoCodeRoute, context, {
        method: "DELETE",
        path: `/api/business/promo-codes/${codeId}`,
        params: { codeId },
        jar,
      });
    expect((await end(other.jar)).status).toBe(404);
    expect((await end(expert.jar, "not-a-uuid")).status).toBe(404);
    expect((await end(expert.jar)).body.payload.promoCode).toMatchObject({ code: "NBA20", active: false });
    // An ended code is no code at all to a reader.
    const reader = await fx.makeUser();
    const tried = await offer(expert.user.id, reader.jar, "NBA20");
    expect(tried.status).toBe(422);
    expect(tried.body.errors).toEqual({ code: [PROMO_MESSAGES.unknown] });
  });
});

describe(`a free trial with payments off (${testDatabaseEngine()})`, () => {
  it("starts with the trial, reminds in its last 3 days, runs into the free subscription, and counts as converted", async () => {
    const expert = await makeExpert(3000, 7);
    const reader = await fx.makeUser();
    expect((await offer(expert.user.id, reader.jar)).body.payload).toEqual({ price: 3000, trialDays: 7, code: null });
    const started = new Date();
    const answer = (await subscribe(expert.user.id, reader.jar)).body.payload.subscription;
    const trialEnd = started.getTime() + 7 * DAY;
    expect(new Date(answer.currentPeriodEnd).getTime()).toBeGreaterThanOrEqual(trialEnd - 1000);
    expect(new Date(answer.trialEndsAt).getTime()).toBeLessThan(trialEnd + 60_000);
    // Nothing paid during the trial, not even a free payment.
    expect(await database.db.select().from(payments).where(eq(payments.subscriptionId, answer.id))).toEqual([]);
    const row = await rowOf(reader.user.id, expert.user.id);
    expect(row.trialStartedAt).not.toBeNull();

    // Not yet within 3 days: no reminder; 5 days on, one (and only one).
    const mails = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, reader.user.email));
    await emailTrialReminders(database.db, context.env, new Date(started.getTime() + DAY));
    expect(await mails()).toHaveLength(0);
    await emailTrialReminders(database.db, context.env, new Date(started.getTime() + 5 * DAY));
    await emailTrialReminders(database.db, context.env, new Date(started.getTime() + 6 * DAY));
    const [reminder] = await mails();
    expect(await mails()).toHaveLength(1);
    expect(reminder.subject).toMatch(/^Your free trial of .+ ends on /);
    expect(reminder.text).toContain("carries on free of charge");

    // The trial ends: the free subscription renews for 30 days, with its free payment.
    await renewFreeSubscriptions(database.db, new Date(trialEnd + 60_000));
    const renewed = await rowOf(reader.user.id, expert.user.id);
    expect(renewed.status).toBe("Activated");
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(trialEnd + 29 * DAY);
    const summary = await getBusinessSummary(database.db, expert.user.id, 30, new Date(trialEnd + DAY));
    expect(summary.trials).toEqual({ ended: 1, converted: 1 });

    // One trial per reader per expert: cancelled, expired and back, the reader pays from day one.
    await cancelFree(database.db, reader.user.id, expert.user.id, new Date(trialEnd + 2 * DAY));
    await renewFreeSubscriptions(database.db, new Date(trialEnd + 40 * DAY));
    expect((await rowOf(reader.user.id, expert.user.id)).status).toBe("Expired");
    expect((await offer(expert.user.id, reader.jar)).body.payload.trialDays).toBe(0);
    const again = await subscribeFree(database.db, reader.user.id, expert.user.id, new Date(trialEnd + 41 * DAY));
    expect(again.trialEndsAt).toBeNull();
    expect(new Date(again.currentPeriodEnd!).getTime()).toBe(trialEnd + 71 * DAY);
  });

  it("sends no reminder for a trial cancelled before, and counts it as not converted", async () => {
    const expert = await makeExpert(3000, 5);
    const reader = await fx.makeUser();
    const started = new Date();
    await subscribeFree(database.db, reader.user.id, expert.user.id, started);
    await cancelFree(database.db, reader.user.id, expert.user.id, new Date(started.getTime() + DAY));
    await emailTrialReminders(database.db, context.env, new Date(started.getTime() + 3 * DAY));
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, reader.user.email))).toEqual([]);
    await renewFreeSubscriptions(database.db, new Date(started.getTime() + 6 * DAY));
    expect((await rowOf(reader.user.id, expert.user.id)).status).toBe("Expired");
    const summary = await getBusinessSummary(database.db, expert.user.id, 30, new Date(started.getTime() + 7 * DAY));
    expect(summary.trials).toEqual({ ended: 1, converted: 0 });
  });
});

describe(`promo codes with payments off (${testDatabaseEngine()})`, () => {
  it("an every-month code lowers the recorded price; a first-month code replaces the trial; each reader uses a code once", async () => {
    const expert = await makeExpert(3000, 7);
    await createCode(expert.jar, { code: "HALF", percentOff: 50, duration: "forever" });
    await createCode(expert.jar, { code: "FIVE", amountOff: 500, duration: "once" });
    const reader = await fx.makeUser();
    expect((await offer(expert.user.id, reader.jar, "half")).body.payload).toEqual({
      price: 3000,
      trialDays: 7,
      code: { code: "HALF", duration: "forever", description: "50% off every month", priceAfter: 1500 },
    });
    expect((await offer(expert.user.id, reader.jar, "FIVE")).body.payload).toMatchObject({
      trialDays: 0,
      code: { description: "$5 off the first month", priceAfter: 2500 },
    });
    const answer = await subscribe(expert.user.id, reader.jar, "half");
    expect(answer.status).toBe(200);
    expect(answer.body.payload.subscription).toMatchObject({ price: 1500 });
    expect(answer.body.payload.subscription.trialEndsAt).not.toBeNull();
    const [half] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, "HALF"));
    expect(half.timesRedeemed).toBe(1);

    // Cancelled and gone, the reader cannot use HALF again.
    await cancelFree(database.db, reader.user.id, expert.user.id);
    await renewFreeSubscriptions(database.db, new Date(Date.now() + 8 * DAY));
    const again = await subscribe(expert.user.id, reader.jar, "HALF");
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: [PROMO_MESSAGES.usedBefore] });
    // A refusal changed nothing.
    expect((await rowOf(reader.user.id, expert.user.id)).status).toBe("Expired");
  });

  it("refuses an expired or fully used code, and a reader guessing codes is stopped", async () => {
    const expert = await makeExpert();
    const [soon] = await database.db
      .insert(promoCodes)
      .values({
        expertId: expert.user.id,
        code: "GONE",
        percentOff: 10,
        duration: "once",
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    expect(soon.code).toBe("GONE");
    await createCode(expert.jar, { code: "ONLYONE", percentOff: 10, duration: "once", maxRedemptions: 1 });
    const first = await fx.makeUser();
    expect((await subscribe(expert.user.id, first.jar, "ONLYONE")).status).toBe(200);
    const second = await fx.makeUser();
    expect((await offer(expert.user.id, second.jar, "ONLYONE")).body.errors).toEqual({ code: [PROMO_MESSAGES.usedUp] });
    expect((await offer(expert.user.id, second.jar, "GONE")).body.errors).toEqual({ code: [PROMO_MESSAGES.expired] });

    const guesser = await fx.makeUser();
    for (let guess = 0; guess < PROMO_GUESS_LIMIT.limit; guess++)
      expect((await offer(expert.user.id, guesser.jar, `GUESS${guess}`)).status).toBe(422);
    const stopped = await offer(expert.user.id, guesser.jar, "ONLYONE");
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("holds the cap when fifty readers redeem the last places at once", async () => {
    const expert = await makeExpert();
    await createCode(expert.jar, { code: "FIRST10", percentOff: 25, duration: "once", maxRedemptions: 10 });
    const readers = await Promise.all(Array.from({ length: 50 }, () => fx.makeUser()));
    const answers = await Promise.allSettled(
      readers.map((reader) => subscribeFree(database.db, reader.user.id, expert.user.id, new Date(), null, "FIRST10")),
    );
    const redeemed = answers.filter((answer) => answer.status === "fulfilled");
    expect(redeemed).toHaveLength(10);
    for (const answer of answers)
      if (answer.status === "rejected") expect((answer.reason as Error).message).toBe(PROMO_MESSAGES.usedUp);
    const [code] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, "FIRST10"));
    expect(code.timesRedeemed).toBe(10);
    // Those refused were not subscribed either: the code's refusal undid the whole subscription.
    const active = await database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.expertId, expert.user.id), eq(subscriptions.status, "Activated")));
    expect(active).toHaveLength(10);
  });
});
