/** Profiles and experts */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { membershipStatus } from "./enums";
import { users } from "./accounts";

export const profiles = pgTable("profiles", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Storage key or site-relative path; served through the image proxy. */
  avatar: text(),
  cover: text(),
  country: text().notNull().default("USA"),
  state: text(),
  city: text(),
  dateOfBirth: date({ mode: "string" }),
  expertAboutText: text(),
  updatedAt: updatedAt(),
});

export const experts = pgTable(
  "experts",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    membershipStatus: membershipStatus().notNull().default("None"),
    membershipPaidAt: timestamp({ withTimezone: true }),
    /** Order in which experts joined; the first 300 get the partner perks. */
    partnerNumber: serial(),
    paymentProvider: text(),
    paymentAccountId: text(),
    paymentAccountReady: boolean().notNull().default(false),
    subscriptionPriceCents: integer(),
    /**
     * Posts of this expert with status Published (scheduled ones included), kept by a trigger on
     * posts (migration 0005): the feed's total is a sum of these, not a count of every post.
     */
    publishedPostsCount: integer().notNull().default(0),
    /**
     * At least the latest publish date of this expert's Published posts: raised, never lowered, by
     * a trigger on posts (migration 0014). Once it has passed, all of them are live, so the feed's
     * total has none of this expert's scheduled posts to take away.
     */
    latestPublishDate: timestamp({ withTimezone: true }),
    /**
     * The verified record's sums over this expert's graded Published picks (Win, Loss, Push), kept
     * by a trigger on posts (migration 0010) so lists can sort by record without aggregating.
     */
    recordWins: integer().notNull().default(0),
    recordLosses: integer().notNull().default(0),
    recordPushes: integer().notNull().default(0),
    /** Units won (risk-based profit of each graded pick) and units staked on picks whose profit is known. */
    recordProfit: numeric({ precision: 14, scale: 4, mode: "number" }).notNull().default(0),
    recordStaked: numeric({ precision: 14, scale: 1, mode: "number" }).notNull().default(0),
    subscriptionDescription: text(),
    /** Plain text to each new subscriber: e-mailed, and shown on their next visit (subscriber-welcome.server.ts). */
    welcomeMessage: text(),
    /** The free trial a new subscriber gets, in days (0: none); one per reader per expert. */
    trialDays: smallint().notNull().default(0),
    providerProductId: text(),
    providerPriceId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("experts_payment_account_id_key").on(t.paymentAccountId),
    check("experts_trial_days_range", sql`${t.trialDays} BETWEEN 0 AND 30`),
    check(
      "experts_welcome_message_length",
      sql`${t.welcomeMessage} IS NULL OR char_length(${t.welcomeMessage}) BETWEEN 1 AND 2000`,
    ),
    check(
      "experts_subscription_price_min",
      sql`${t.subscriptionPriceCents} IS NULL OR ${t.subscriptionPriceCents} >= 100`,
    ),
  ],
);
