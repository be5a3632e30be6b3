/**
 * Subscriptions (product.md "Subscriptions and money", decision 021).
 *
 * A subscription row per (subscriber, expert), whatever happens to it: subscribing again reuses
 * it. Access follows its status through the access module's `subscriptionGivesAccess` (and its
 * SQL twin), the one rule the paywall, the feed and every list read: Activated, PastDue, or
 * Canceled until its paid period ends. With payments off a subscription is free: it activates at once for 30 days, is
 * recorded as a free payment, and `renewFreeSubscriptions` renews it (or lets it expire once
 * cancelled) from the maintenance timer of any instance. With Stripe it starts Pending and only
 * Stripe's signed webhooks move it on (stripe-subscriptions.server.ts).
 */
import { and, asc, count, desc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { follows, payments, posts, profiles, subscriptions, users } from "~/db/schema";
import { subscriptionGivesAccess } from "~/modules/access/access";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { subscriptionStarted } from "./subscriber-welcome.server";
import { expertSummaryColumns, toExpertSummary, type ExpertSummary } from "~/modules/profiles/expert-summary.server";
import { requireExpert, type SubscribableExpert } from "~/modules/profiles/subscribable-expert.server";
import { AppError } from "~/modules/http/app-error";
import { FREE_PROVIDER } from "~/modules/payments/stripe.server";
import { findRedeemableCode, redeemPromoCode } from "./promo-codes.server";
import { priceWithCode, trialDaysFor } from "./subscription-offer.server";
import { trialEndFrom } from "./trials.server";

export const SUBSCRIPTION_DAYS = 30;

export const MESSAGES = {
  self: "You cannot subscribe to yourself.",
  already: "You are already subscribed to this expert.",
  pending: "Your subscription is waiting for its payment.",
  notSubscribed: "You are not subscribed to this expert.",
  alreadyCanceled: "This subscription is already cancelled; it ends when its paid period does.",
  noPrice: "This expert has not set a subscription price yet.",
  notReady: "This expert cannot take subscriptions yet.",
} as const;

export type SubscriptionStatus = (typeof subscriptions.$inferSelect)["status"];
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A subscription as the API answers it (amounts in cents). */
export interface SubscriptionDTO {
  id: string;
  status: SubscriptionStatus;
  /** Gives access to the expert's picks now. */
  isActive: boolean;
  price: number;
  /** Made while payments were off: nothing is charged for it. */
  isFree: boolean;
  /** Paid until (Activated: the renewal date; Canceled: the end date). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** While in its free trial: when the trial ends (and, with Stripe, the first charge comes). */
  trialEndsAt: string | null;
  createdAt: string;
  expert: ExpertSummary;
}

const DAY_MS = 86_400_000;
export const periodEndFrom = (start: Date) => new Date(start.getTime() + SUBSCRIPTION_DAYS * DAY_MS);

export function toSubscriptionDTO(row: SubscriptionRow, expert: ExpertSummary, now = new Date()): SubscriptionDTO {
  return {
    id: row.id,
    status: row.status,
    isActive: subscriptionGivesAccess(row, now),
    price: row.priceCents,
    isFree: row.provider === FREE_PROVIDER,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEndsAt:
      row.status !== "Pending" && row.trialEndsAt && row.trialEndsAt > now ? row.trialEndsAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    expert,
  };
}

/**
 * The (subscriber, expert) row, locked for this transaction; made first (Expired, no access) if
 * there is none, so two subscribe calls at once queue on the same row instead of both inserting.
 */
export async function lockSubscription(
  tx: Database,
  subscriberId: string,
  expert: SubscribableExpert,
): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values({ subscriberId, expertId: expert.id, status: "Expired", priceCents: expert.priceCents ?? 0 })
    .onConflictDoNothing({ target: [subscriptions.subscriberId, subscriptions.expertId] });
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expert.id)))
    .for("update");
  return row;
}

/**
 * Subscribing with payments off: activates at once for 30 days (or the expert's free trial, which
 * then renews as the free subscription) at the expert's current price, recorded as a free payment
 * (none for a trial). A promo code is redeemed with it. A cancelled subscription still running is
 * resumed instead (no new period, no payment, no code).
 */
export async function subscribeFree(
  db: Database,
  subscriberId: string,
  expertId: string,
  now = new Date(),
  fromPostId: string | null = null,
  typedCode?: string,
): Promise<SubscriptionDTO> {
  if (subscriberId === expertId) throw new AppError(422, MESSAGES.self, { expertId: [MESSAGES.self] });
  const expert = await requireExpert(db, expertId);
  const code = typedCode ? await findRedeemableCode(db, expert.id, typedCode, subscriberId, now) : null;
  const row = await db.transaction(async (tx) => {
    const current = await lockSubscription(tx, subscriberId, expert);
    if (subscriptionGivesAccess(current, now)) {
      if (current.status !== "Canceled") throw new AppError(422, MESSAGES.already, { expertId: [MESSAGES.already] });
      const [resumed] = await tx
        .update(subscriptions)
        .set({ status: "Activated", cancelAtPeriodEnd: false, updatedAt: now })
        .where(eq(subscriptions.id, current.id))
        .returning();
      return resumed;
    }
    const trialDays = trialDaysFor(expert, current, code);
    const [activated] = await tx
      .update(subscriptions)
      .set({
        status: "Activated",
        priceCents: priceWithCode(expert.priceCents ?? 0, code),
        currentPeriodEnd: trialDays ? trialEndFrom(now, trialDays) : periodEndFrom(now),
        // A trial planned for an unfinished card step and never started is forgotten.
        trialEndsAt: trialDays ? trialEndFrom(now, trialDays) : current.trialStartedAt ? current.trialEndsAt : null,
        cancelAtPeriodEnd: false,
        provider: FREE_PROVIDER,
        providerSubscriptionId: null,
        providerCustomerId: null,
        providerEventAt: null,
        lastSeenPostsAt: now,
        startedFromPostId: startedFromPostSql(fromPostId, expert.id),
        createdAt: current.status === "Expired" && current.currentPeriodEnd === null ? now : current.createdAt,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id))
      .returning();
    if (!trialDays) await tx.insert(payments).values(freePayment(activated, now));
    if (code) await redeemPromoCode(tx, code, { subscriberId, subscriptionId: activated.id }, now);
    await subscriptionStarted(tx, activated, now);
    return activated;
  });
  return toSubscriptionDTO(row, expert, now);
}

/** The post a subscription starts from, when it is one of this expert's (else NULL). */
export const startedFromPostSql = (postId: string | null, expertId: string) =>
  postId
    ? sql<
        string | null
      >`(SELECT ${posts.id} FROM ${posts} WHERE ${posts.id} = ${postId} AND ${posts.authorId} = ${expertId})`
    : null;

/** A free subscription's payment for the period starting `at`: nothing charged, still on record. */
function freePayment(row: Pick<SubscriptionRow, "id" | "subscriberId" | "expertId">, at: Date) {
  return {
    payerId: row.subscriberId,
    expertId: row.expertId,
    subscriptionId: row.id,
    kind: "Subscription" as const,
    status: "Succeeded" as const,
    amountCents: 0,
    platformFeeCents: 0,
    provider: FREE_PROVIDER,
    createdAt: at,
    updatedAt: at,
  };
}

/** The viewer's subscription to this expert, locked, when it gives access now; else a 422. */
export async function requireRunningSubscription(
  tx: Database,
  subscriberId: string,
  expertId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId)))
    .for("update");
  if (!row || !subscriptionGivesAccess(row, now))
    throw new AppError(422, MESSAGES.notSubscribed, { expertId: [MESSAGES.notSubscribed] });
  if (row.status === "Canceled")
    throw new AppError(422, MESSAGES.alreadyCanceled, { expertId: [MESSAGES.alreadyCanceled] });
  return row;
}

/** Cancelling a free subscription: it stays readable until its period ends, then expires. */
export async function cancelFree(
  db: Database,
  subscriberId: string,
  expertId: string,
  now = new Date(),
): Promise<SubscriptionDTO> {
  const expert = await requireExpert(db, expertId);
  const row = await db.transaction(async (tx) => {
    const current = await requireRunningSubscription(tx, subscriberId, expertId, now);
    const [canceled] = await tx
      .update(subscriptions)
      .set({ status: "Canceled", cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(subscriptions.id, current.id))
      .returning();
    return canceled;
  });
  return toSubscriptionDTO(row, expert, now);
}

/**
 * The periodic job for subscriptions made with payments off: an Activated one whose period has
 * ended renews for another 30 days (with its free payment), a Canceled one expires. Each row is
 * changed by one UPDATE whose WHERE is checked again under the row lock, so instances running it
 * at once never renew a period twice. A server that was down for months catches up one period
 * per pass; the timer passes again soon. Answers how many rows changed.
 */
export async function renewFreeSubscriptions(
  db: Database,
  now = new Date(),
): Promise<{ renewed: number; expired: number }> {
  const at = now.toISOString();
  const renewed = await db.execute(sql`
    WITH renewed AS (
      UPDATE ${subscriptions} SET current_period_end = current_period_end + make_interval(days => ${SUBSCRIPTION_DAYS}), updated_at = ${at}::timestamptz
      WHERE provider = ${FREE_PROVIDER} AND status = 'Activated' AND current_period_end <= ${at}::timestamptz
      RETURNING id, subscriber_id, expert_id, current_period_end - make_interval(days => ${SUBSCRIPTION_DAYS}) AS period_start
    )
    INSERT INTO ${payments} (payer_id, expert_id, subscription_id, kind, status, amount_cents, platform_fee_cents, provider, created_at, updated_at)
    SELECT subscriber_id, expert_id, id, 'Subscription', 'Succeeded', 0, 0, ${FREE_PROVIDER}, period_start, period_start FROM renewed
    RETURNING id`);
  const expired = await db
    .update(subscriptions)
    .set({ status: "Expired", updatedAt: now })
    .where(and(eq(subscriptions.status, "Canceled"), lte(subscriptions.currentPeriodEnd, now)))
    .returning({ id: subscriptions.id });
  return { renewed: rowCount(renewed), expired: expired.length };
}

const rowCount = (result: unknown) =>
  Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);

/** Not the placeholder `lockSubscription` makes for a subscription that never started. */
const everStarted = sql`NOT (${subscriptions.status} = 'Expired' AND ${subscriptions.currentPeriodEnd} IS NULL)`;

/** `GET /api/user/subscriptions?status=`: `Activated` means every subscription that gives access now. */
export async function listUserSubscriptions(
  db: Database,
  subscriberId: string,
  options: { status?: SubscriptionStatus; page: number; size: number },
  now = new Date(),
): Promise<{ items: SubscriptionDTO[]; totalItems: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const where = and(
    eq(subscriptions.subscriberId, subscriberId),
    options.status === undefined
      ? everStarted
      : options.status === "Activated"
        ? subscriptionGivesAccessSql(at)
        : eq(subscriptions.status, options.status),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ subscription: subscriptions, expert: expertSummaryColumns })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.expertId))
      .leftJoin(profiles, eq(profiles.userId, subscriptions.expertId))
      .where(where)
      .orderBy(asc(users.userName), asc(subscriptions.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return {
    items: rows.map((row) => toSubscriptionDTO(row.subscription, toExpertSummary(row.expert), now)),
    totalItems: Number(total),
  };
}

// ---------------------------------------------------------------------------------------------
// The expert's side
// ---------------------------------------------------------------------------------------------
export interface SubscriberDTO {
  id: string;
  status: SubscriptionStatus;
  isActive: boolean;
  price: number;
  since: string;
  currentPeriodEnd: string | null;
  subscriber: ExpertSummary;
}

/** The expert's subscribers for /business: everyone who ever paid, the running ones first. */
export async function listSubscribers(
  db: Database,
  expertId: string,
  options: { page: number; size: number },
  now = new Date(),
): Promise<{ items: SubscriberDTO[]; totalItems: number }> {
  const where = and(eq(subscriptions.expertId, expertId), everStarted);
  const running = subscriptionGivesAccessSql(sql`${now.toISOString()}::timestamptz`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ subscription: subscriptions, user: expertSummaryColumns })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.subscriberId))
      .leftJoin(profiles, eq(profiles.userId, subscriptions.subscriberId))
      .where(where)
      .orderBy(sql`${running} DESC`, desc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return {
    items: rows.map(({ subscription, user }) => ({
      id: subscription.id,
      status: subscription.status,
      isActive: subscriptionGivesAccess(subscription, now),
      price: subscription.priceCents,
      since: subscription.createdAt.toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      subscriber: toExpertSummary(user),
    })),
    totalItems: Number(total),
  };
}

/** Every signed-in reader's expert page asks it: named and planned once per connection. */
const readerStandingStatement = preparedStatement((db) =>
  db
    .select({
      subscription: subscriptions,
      expert: expertSummaryColumns,
      isFollowed: sql<boolean>`EXISTS (SELECT 1 FROM ${follows}
        WHERE ${follows.expertId} = ${users.id} AND ${follows.followerId} = ${sql.placeholder("readerId")}::uuid)`,
    })
    .from(users)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.expertId, users.id),
        sql`${subscriptions.subscriberId} = ${sql.placeholder("readerId")}::uuid`,
        everStarted,
      ),
    )
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(sql`${users.id} = ${sql.placeholder("expertId")}::uuid`)
    .prepare("reader_standing"),
);

/** Where a reader stands with an expert: the expert page's buttons and subscription card. */
export interface ReaderStanding {
  /** Their subscription, if one ever started. */
  subscription: SubscriptionDTO | null;
  /** It gives access now (the access rule on that subscription). */
  isSubscribed: boolean;
  isFollowed: boolean;
}

/** The reader's subscription to this expert and whether they follow it, in one statement. */
export async function findReaderStanding(
  db: Database,
  readerId: string,
  expertId: string,
  now = new Date(),
): Promise<ReaderStanding> {
  const [row] = await readerStandingStatement(db).execute({ readerId, expertId });
  const subscription = row?.subscription ? toSubscriptionDTO(row.subscription, toExpertSummary(row.expert), now) : null;
  return {
    subscription,
    isSubscribed: subscriptionGivesAccess(row?.subscription ?? null, now),
    isFollowed: Boolean(row?.isFollowed),
  };
}
