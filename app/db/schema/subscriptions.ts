/** Follows, subscriptions, payments */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "./columns";
import { paymentKind, paymentStatus, subscriptionStatus } from "./enums";
import { users } from "./accounts";

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
