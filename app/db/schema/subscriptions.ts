/** Follows, subscriptions, payments */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "./columns";
import { paymentKind, paymentStatus, subscriptionStatus } from "./enums";
import { users } from "./accounts";
import { posts } from "./posts";

export const follows = pgTable(
  "follows",
  {
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.expertId] }), index("follows_expert_id_idx").on(t.expertId)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    subscriberId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: subscriptionStatus().notNull().default("Pending"),
    /** The price this subscriber pays; a later price change applies to new subscribers only. */
    priceCents: integer().notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    provider: text(),
    providerSubscriptionId: text(),
    providerCustomerId: text(),
    /** When the provider's newest applied event about it was created: an older one arriving late changes nothing. */
    providerEventAt: timestamp({ withTimezone: true }),
    /** New-post counters count the expert's posts published after this moment. */
    lastSeenPostsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The post whose Subscribe button started it (the subscription step's return address), if any. */
    startedFromPostId: uuid().references(() => posts.id, { onDelete: "set null" }),
    /** The expert's welcome is to be e-mailed (by the mail job) and shown on the next visit. */
    welcomeMailDue: boolean().notNull().default(false),
    welcomePending: boolean().notNull().default(false),
    /** The reader's one trial with this expert: when it began (never cleared) and ends. */
    trialStartedAt: timestamp({ withTimezone: true }),
    trialEndsAt: timestamp({ withTimezone: true }),
    /** The trial's reminder is to be e-mailed (by the mail job) in its last 3 days. */
    trialReminderDue: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_subscriber_expert_key").on(t.subscriberId, t.expertId),
    index("subscriptions_expert_id_status_idx").on(t.expertId, t.status),
    index("subscriptions_subscriber_id_status_idx").on(t.subscriberId, t.status),
    // Recommended experts: subscriber growth over the last weeks.
    index("subscriptions_created_at_idx").on(t.createdAt),
    uniqueIndex("subscriptions_provider_subscription_id_key").on(t.providerSubscriptionId),
    index("subscriptions_welcome_mail_due_idx")
      .on(t.id)
      .where(sql`${t.welcomeMailDue}`),
    // The viewer's read: the experts whose welcome waits for this reader.
    index("subscriptions_welcome_pending_idx")
      .on(t.subscriberId)
      .where(sql`${t.welcomePending}`),
    index("subscriptions_started_from_post_id_idx")
      .on(t.startedFromPostId)
      .where(sql`${t.startedFromPostId} IS NOT NULL`),
    index("subscriptions_trial_reminder_due_idx")
      .on(t.trialEndsAt)
      .where(sql`${t.trialReminderDue}`),
    index("subscriptions_expert_trials_idx")
      .on(t.expertId, t.trialEndsAt)
      .where(sql`${t.trialEndsAt} IS NOT NULL`),
  ],
);

/**
 * An expert's promo codes: a percentage or an amount off, the first month ("once") or every
 * month ("forever"), maybe expiring, maybe capped (`timesRedeemed` grows only by a conditional
 * UPDATE, so the cap holds under any number of readers at once).
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: id(),
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text().notNull(),
    percentOff: smallint(),
    amountOffCents: integer(),
    duration: text({ enum: ["once", "forever"] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    timesRedeemed: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** The Stripe coupon and promotion code, made the first time a card subscription uses the code. */
    providerCouponId: text(),
    providerPromotionCodeId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_expert_id_code_key").on(t.expertId, t.code),
    check("promo_codes_code_format", sql`${t.code} ~ '^[A-Z0-9]{3,20}$'`),
    check("promo_codes_one_discount", sql`(${t.percentOff} IS NULL) <> (${t.amountOffCents} IS NULL)`),
    check("promo_codes_percent_range", sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check("promo_codes_amount_positive", sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
    check("promo_codes_duration", sql`${t.duration} IN ('once', 'forever')`),
    check(
      "promo_codes_cap",
      sql`${t.maxRedemptions} IS NULL OR (${t.maxRedemptions} > 0 AND ${t.timesRedeemed} <= ${t.maxRedemptions})`,
    ),
  ],
);

/** One redemption per reader per code; `providerSubscriptionId`: the Stripe subscription it went to. */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    promoCodeId: uuid()
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    subscriberId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    providerSubscriptionId: text(),
    redeemedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promoCodeId, t.subscriberId] }),
    index("promo_redemptions_subscriber_id_idx").on(t.subscriberId),
    index("promo_redemptions_subscription_id_idx").on(t.subscriptionId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    payerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The expert paid, for subscriptions and tips; null for the membership. */
    expertId: uuid().references(() => users.id, { onDelete: "set null" }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    kind: paymentKind().notNull(),
    status: paymentStatus().notNull().default("Pending"),
    amountCents: integer().notNull(),
    platformFeeCents: integer().notNull().default(0),
    currency: text().notNull().default("usd"),
    /** Cheers (tips) carry a message to the expert. */
    message: text(),
    provider: text(),
    providerPaymentId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_payer_id_created_at_idx").on(t.payerId, t.createdAt.desc()),
    index("payments_expert_id_created_at_idx").on(t.expertId, t.createdAt.desc()),
    index("payments_subscription_id_idx").on(t.subscriptionId),
    // The Cheers an expert received, among their many subscription payments (the business page).
    index("payments_expert_tips_idx")
      .on(t.expertId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.kind} = 'Tip' AND ${t.status} = 'Succeeded'`),
    uniqueIndex("payments_provider_payment_id_key").on(t.providerPaymentId),
  ],
);

/** Webhook deliveries already handled, keyed by the provider's event id: a repeat does nothing. */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  eventId: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each stretch of time a subscription gave access, kept by a trigger on `subscriptions` (migration
 * 0026) whatever changed it: the history the business page's charts count.
 */
export const subscriptionSpans = pgTable(
  "subscription_spans",
  {
    id: id(),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    priceCents: integer().notNull(),
    /** False for a subscription made while payments were off: nothing is charged for it. */
    paid: boolean().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null while it runs with no end set; a cancelled one ends when its paid period does. */
    endedAt: timestamp({ withTimezone: true }),
    startedFromPostId: uuid().references(() => posts.id, { onDelete: "set null" }),
  },
  (t) => [
    index("subscription_spans_subscription_id_idx").on(t.subscriptionId, t.startedAt.desc()),
    index("subscription_spans_expert_id_idx").on(t.expertId),
    index("subscription_spans_started_from_post_id_idx")
      .on(t.startedFromPostId)
      .where(sql`${t.startedFromPostId} IS NOT NULL`),
  ],
);

/**
 * Per expert and UTC day: spans started and ended, the change of monthly recurring revenue, and
 * what was earned (gross and the platform's fee). Kept by triggers on the spans and on payments.
 */
export const expertBusinessDays = pgTable(
  "expert_business_days",
  {
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date().notNull(),
    started: integer().notNull().default(0),
    ended: integer().notNull().default(0),
    mrrChangeCents: bigint({ mode: "number" }).notNull().default(0),
    grossCents: bigint({ mode: "number" }).notNull().default(0),
    feeCents: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.expertId, t.day] })],
);

/** Page views of each post: by signed-in readers (not its author) and by visitors. */
export const postViews = pgTable("post_views", {
  postId: uuid()
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  readerViews: bigint({ mode: "number" }).notNull().default(0),
  visitorViews: bigint({ mode: "number" }).notNull().default(0),
});
