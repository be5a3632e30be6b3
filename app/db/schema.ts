/**
 * The whole domain's tables. Later work adds behaviour on top of these, not new tables.
 * Column names are snake_case in SQL (drizzle `casing: "snake_case"`), camelCase in TypeScript.
 * Money is integer cents (USD). Ids: uuid for people and content, integer for reference data.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () => uuid().primaryKey().defaultRandom();

// ---------------------------------------------------------------------------------------------
// Enumerations (the product's spellings)
// ---------------------------------------------------------------------------------------------
export const signUpFlow = pgEnum("sign_up_flow", ["User", "Expert"]);
export const postType = pgEnum("post_type", ["Post", "Pick"]);
export const postVisibility = pgEnum("post_visibility", ["Free", "Subscribers"]);
export const postStatus = pgEnum("post_status", ["Published", "Draft"]);
export const pickResult = pgEnum("pick_result", ["Win", "Loss", "Push", "Void"]);
export const eventStatus = pgEnum("event_status", ["Scheduled", "Live", "Final", "Canceled"]);
export const membershipStatus = pgEnum("membership_status", ["None", "Pending", "Active"]);
export const subscriptionStatus = pgEnum("subscription_status", [
  "Pending",
  "Activated",
  "PastDue",
  "Canceled",
  "Expired",
]);
export const notificationType = pgEnum("notification_type", [
  "PostLike",
  "ExpertNewPost",
  "NewSubscription",
  "NewEvent",
  "PostLive",
  "NewComment",
  "ReplyComment",
  "Cheer",
]);
/** What a pick bets on (issue 9, decision 026): a parlay is two or more legs of the others. */
export const pickMarket = pgEnum("pick_market", ["Moneyline", "Spread", "Total", "PlayerProp", "TeamProp", "Parlay"]);
export const paymentKind = pgEnum("payment_kind", ["Membership", "Subscription", "Tip"]);
export const paymentStatus = pgEnum("payment_status", ["Pending", "Succeeded", "Failed", "Refunded"]);
export const uploadStatus = pgEnum("upload_status", ["Pending", "Complete"]);
export const supportRequestKind = pgEnum("support_request_kind", ["Call", "Message"]);

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    userName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull().default(""),
    /** null for accounts that only sign in through a social provider. */
    passwordHash: text(),
    roles: text()
      .array()
      .notNull()
      .default(sql`'{User}'::text[]`),
    signUpFlow: signUpFlow().notNull().default("User"),
    timezone: text().notNull().default("UTC"),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    newsletter: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_user_name_lower_key").on(sql`lower(${t.userName})`),
    index("users_user_name_trgm_idx").using("gin", t.userName.op("gin_trgm_ops")),
    // Search finds experts by full name too, typos and prefixes included.
    index("users_full_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("users_roles_idx").using("gin", t.roles),
  ],
);

/** One signed-in browser. Revoking it signs that browser out everywhere its tokens went. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rememberMe: boolean().notNull().default(false),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Rotating refresh tokens: a token presented after it was rotated revokes its whole session. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_session_id_idx").on(t.sessionId),
  ],
);

/** E-mail confirmation: a 6-character code and a magic-link token, both stored hashed. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    linkTokenHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_codes_user_id_idx").on(t.userId),
    uniqueIndex("email_codes_link_token_hash_key").on(t.linkTokenHash),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash_key").on(t.tokenHash),
    index("password_reset_tokens_user_id_idx").on(t.userId),
  ],
);

export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    providerAccountId: text().notNull(),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("social_accounts_provider_account_key").on(t.provider, t.providerAccountId),
    index("social_accounts_user_id_idx").on(t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Profiles and experts
// ---------------------------------------------------------------------------------------------
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
    providerProductId: text(),
    providerPriceId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("experts_payment_account_id_key").on(t.paymentAccountId),
    check(
      "experts_subscription_price_min",
      sql`${t.subscriptionPriceCents} IS NULL OR ${t.subscriptionPriceCents} >= 100`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reference data (seeded by a migration) and events
// ---------------------------------------------------------------------------------------------
export const categories = pgTable(
  "categories",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("categories_slug_key").on(t.slug),
    index("categories_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const modalities = pgTable(
  "modalities",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("modalities_slug_key").on(t.slug)],
);

export const events = pgTable(
  "events",
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    homeTeam: text().notNull(),
    awayTeam: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    status: eventStatus().notNull().default("Scheduled"),
    homeScore: integer(),
    awayScore: integer(),
    /** When its final score (or cancellation) came in: the picks on it were graded then. */
    resultedAt: timestamp({ withTimezone: true }),
    /** The sports-data provider's id for the game (`odds-api:<id>`); null for games entered here. */
    externalId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("events_category_id_starts_at_idx").on(t.categoryId, t.startsAt),
    index("events_starts_at_idx").on(t.startsAt),
    uniqueIndex("events_external_id_key").on(t.externalId),
  ],
);

/**
 * The market's lines for a game, append-only (migration 0017: no update or delete, `takenAt` is
 * stamped by the database): one row per market, side and line, with the best price offered at
 * that line and how many bookmakers offered it. Every pick is priced against the newest snapshot.
 */
export const marketSnapshots = pgTable(
  "market_snapshots",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    market: pickMarket().notNull(),
    side: text().$type<"Home" | "Away" | "Draw" | "Over" | "Under">().notNull(),
    line: numeric({ precision: 6, scale: 1, mode: "number" }),
    price: integer().notNull(),
    bookmakers: integer().notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("market_snapshots_event_market_taken_idx").on(t.eventId, t.market, t.takenAt.desc())],
);

/**
 * Corrections of results already in, append-only (migration 0017): the admin's new result and
 * reason, the result it replaced, stamped by the database. The event's result changes only in the
 * transaction that appends one, and that transaction regrades the picks on the game.
 */
export const eventResultCorrections = pgTable(
  "event_result_corrections",
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    status: eventStatus().notNull(),
    homeScore: integer(),
    awayScore: integer(),
    previousStatus: eventStatus(),
    previousHomeScore: integer(),
    previousAwayScore: integer(),
    reason: text().notNull(),
    correctedBy: uuid(),
    correctedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("event_result_corrections_event_id_idx").on(t.eventId, t.correctedAt)],
);

/** The provider sync's lease and last outcome (one row, id 1): whichever instance claims it runs the sync. */
export const sportsDataSync = pgTable("sports_data_sync", {
  id: integer().primaryKey().default(1),
  startedAt: timestamp({ withTimezone: true }),
  finishedAt: timestamp({ withTimezone: true }),
  summary: jsonb().$type<Record<string, number>>(),
  error: text(),
});

// ---------------------------------------------------------------------------------------------
// Posts and picks
// ---------------------------------------------------------------------------------------------
export const posts = pgTable(
  "posts",
  {
    id: id(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postType: postType().notNull(),
    title: text().notNull(),
    /** Slate document (array of blocks). Only toPostDTO decides who may receive it. */
    body: jsonb().notNull(),
    /** At most 300 characters in at most 5 blocks; what locked readers see. */
    preview: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Plain text of the preview, for search and meta tags. */
    previewText: text().notNull().default(""),
    coverImage: text(),
    visibility: postVisibility().notNull(),
    status: postStatus().notNull(),
    publishDate: timestamp({ withTimezone: true }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    eventId: integer().references(() => events.id),
    // Pick fields: the verified record.
    selection: text(),
    odds: integer(),
    units: numeric({ precision: 4, scale: 1, mode: "number" }),
    pickResult: pickResult(),
    gradedAt: timestamp({ withTimezone: true }),
    /**
     * The verified record (issue 9, decision 026). A structured pick names its market and legs
     * (one for a single bet); `selection`, `odds` and `eventId` are derived from them. Triggers
     * (migration 0011) stamp `postedAt`, the commitment and its canonical text when the pick is
     * posted, and refuse any change to the pick afterwards, and anything but its grade once its
     * event has started.
     */
    market: pickMarket(),
    legs: jsonb().$type<PickLegRecord[]>(),
    postedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    /** SHA-256 (hex) of `commitCanonical`, public from posting. */
    commitment: text(),
    /** The committed text, salt included: revealed once the event has started. */
    commitCanonical: text(),
    /**
     * Self-reported: graded by its expert (a prop leg, or a pick from before structured picks), not
     * from the final score. Decided at posting and frozen (migration 0017); never counts in the
     * verified figures.
     */
    selfGraded: boolean().notNull().default(false),
    /** The odds the grade paid at: a parlay with a pushed or void leg pays at its remaining legs' odds. */
    settledOdds: integer(),
    /** Closing-line value in percentage points of implied probability (positive: beat the close). */
    clv: numeric({ precision: 6, scale: 2, mode: "number" }),
    /** When a correction of one of its games' results regraded it, and the admin's reason (the trail: event_result_corrections). */
    resultCorrectedAt: timestamp({ withTimezone: true }),
    resultCorrectionReason: text(),
    likesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    /** When its readers were told it is live (ExpertNewPost, PostLive): once, by the publishing job or the publish itself. */
    announcedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The publishing job's queue: published posts not yet announced, by date.
    index("posts_unannounced_publish_date_idx")
      .on(t.publishDate)
      .where(sql`${t.status} = 'Published' AND ${t.announcedAt} IS NULL`),
    index("posts_author_id_publish_date_idx").on(t.authorId, t.publishDate.desc()),
    index("posts_publish_date_idx").on(t.publishDate.desc()),
    index("posts_category_id_publish_date_idx").on(t.categoryId, t.publishDate.desc()),
    index("posts_event_id_idx").on(t.eventId),
    // The lists (post-lists.server.ts): published rows only, in list order, so a page and its
    // count are index-only scans (the feed: author_id = ANY(followed and subscribed experts)).
    // INCLUDE (author_id) as well (migration 0016, which drizzle cannot express): the feed's window
    // of the newest posts keeps its readers' experts' ones without reading the posts.
    index("posts_live_publish_date_idx")
      .on(t.publishDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'Published'`),
    index("posts_live_author_id_publish_date_idx")
      .on(t.authorId, t.publishDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'Published'`),
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // Recommended experts: picks graded lately (the recent verified performance).
    index("posts_graded_at_idx")
      .on(t.gradedAt)
      .where(sql`${t.pickResult} IS NOT NULL`),
    // Search (migration 0010, hand-written): generated tsvector columns search_document and
    // search_locked with their GIN indexes. They are not declared here so that no select of
    // `posts` ever carries them.
    check("posts_title_length", sql`char_length(${t.title}) BETWEEN 1 AND 1000`),
    check(
      "posts_visibility_matches_type",
      sql`(${t.postType} = 'Post' AND ${t.visibility} = 'Free') OR (${t.postType} = 'Pick' AND ${t.visibility} = 'Subscribers')`,
    ),
    check("posts_units_range", sql`${t.units} IS NULL OR (${t.units} >= 0.1 AND ${t.units} <= 10)`),
  ],
);

/** One leg of a structured pick, as stored in `posts.legs`. */
export interface PickLegRecord {
  eventId: number;
  market: "Moneyline" | "Spread" | "Total" | "PlayerProp" | "TeamProp";
  side: "Home" | "Away" | "Draw" | "Over" | "Under" | null;
  line: number | null;
  odds: number;
  /** Props: what is bet on, in the expert's words. */
  description: string | null;
}

export const postModalities = pgTable(
  "post_modalities",
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    modalityId: integer()
      .notNull()
      .references(() => modalities.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.modalityId] }), index("post_modalities_modality_id_idx").on(t.modalityId)],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One reply level: a reply's parent is always a top-level comment. */
    parentId: uuid().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    body: text().notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("comments_post_id_created_at_idx").on(t.postId, t.createdAt),
    index("comments_parent_id_idx").on(t.parentId),
    index("comments_author_id_idx").on(t.authorId),
  ],
);

export const likes = pgTable(
  "likes",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index("likes_post_id_idx").on(t.postId),
    index("likes_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** "Notify me" on a scheduled post: a PostLive notification when it goes live. */
export const notifyRequests = pgTable(
  "notify_requests",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("notify_requests_post_id_idx").on(t.postId)],
);

// ---------------------------------------------------------------------------------------------
// Follows, subscriptions, payments
// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// The verified record's figures (issue 9, decision 026), kept by triggers on grading
// ---------------------------------------------------------------------------------------------
/** Closing odds of an event's markets, imported with its results: they give a pick its CLV. */
export const eventClosingLines = pgTable(
  "event_closing_lines",
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    market: pickMarket().notNull(),
    side: text().notNull(),
    line: numeric({ precision: 6, scale: 1, mode: "number" }),
    odds: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.market, t.side] })],
);

const recordSums = () => ({
  wins: integer().notNull().default(0),
  losses: integer().notNull().default(0),
  pushes: integer().notNull().default(0),
  voids: integer().notNull().default(0),
  /** Units won: the risk-based profit of each graded pick. */
  profit: numeric({ precision: 14, scale: 4, mode: "number" }).notNull().default(0),
  /** Units risked on wins, losses and pushes, and the sum of their squares (the score's spread). */
  staked: numeric({ precision: 14, scale: 1, mode: "number" }).notNull().default(0),
  stakedSquares: numeric({ precision: 16, scale: 2, mode: "number" }).notNull().default(0),
  /** Sum of the decimal odds of wins, losses and pushes: their average is the average odds. */
  decimalOddsSum: numeric({ precision: 16, scale: 4, mode: "number" }).notNull().default(0),
  clvSum: numeric({ precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  clvCount: integer().notNull().default(0),
});

/** Per expert, sport (0: all sports) and day graded: what the rolling windows are summed from. */
export const expertRecordDays = pgTable(
  "expert_record_days",
  {
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    ...recordSums(),
  },
  (t) => [primaryKey({ columns: [t.expertId, t.categoryId, t.day] }), index("expert_record_days_day_idx").on(t.day)],
);

/**
 * Per expert, sport (0: all sports) and window ('7d', '30d', 'season', 'all'): the figures the
 * expert page and the leaderboard read, kept on grading and rolled over daily. `sample` and
 * `score` are generated columns (migration 0011).
 */
export const expertStandings = pgTable(
  "expert_standings",
  {
    expertId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer().notNull(),
    window: text().notNull(),
    ...recordSums(),
    sample: integer().generatedAlwaysAs(sql`wins + losses + pushes`),
    score: numeric({ mode: "number" }).generatedAlwaysAs(
      sql`CASE WHEN staked_squares > 0 THEN round(profit / sqrt(staked_squares), 4) ELSE 0 END`,
    ),
    /** The current run of wins ('W') or losses ('L'); pushes and voids neither extend nor end it. */
    streakKind: text(),
    streakLength: integer().notNull().default(0),
    /**
     * A public expert (active membership, the Expert role), kept by triggers on experts and users
     * (migration 0012): the leaderboard reads its page straight from the ranking index.
     */
    listed: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.expertId, t.categoryId, t.window] }),
    // The leaderboard: listed experts with the minimum sample (LEADERBOARD_MIN_SAMPLE) by score.
    index("expert_standings_ranked_idx")
      .on(t.window, t.categoryId, t.score.desc(), t.profit.desc(), t.expertId)
      .where(sql`wins + losses + pushes >= 20 AND listed`),
  ],
);

/** The day the rolling windows were last rolled over to (one row). */
export const standingsRollovers = pgTable("standings_rollovers", {
  id: integer().primaryKey().default(1),
  day: date({ mode: "string" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Notifications, uploads, e-mail outbox
// ---------------------------------------------------------------------------------------------
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dataType: notificationType().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: "cascade" }),
    postId: uuid().references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid().references(() => comments.id, { onDelete: "cascade" }),
    eventId: integer().references(() => events.id, { onDelete: "cascade" }),
    isRead: boolean().notNull().default(false),
    /** A new pick's notification is also e-mailed (once: the pick-mail job stamps it). */
    emailedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_unemailed_idx")
      .on(t.createdAt)
      .where(sql`${t.emailedAt} IS NULL AND ${t.dataType} IN ('ExpertNewPost', 'PostLive')`),
    index("notifications_recipient_id_created_at_idx").on(t.recipientId, t.createdAt.desc(), t.id),
    index("notifications_unread_idx")
      .on(t.recipientId)
      .where(sql`${t.isRead} = false`),
    index("notifications_actor_id_idx").on(t.actorId),
    index("notifications_post_id_idx").on(t.postId),
    index("notifications_comment_id_idx").on(t.commentId),
    index("notifications_event_id_idx").on(t.eventId),
  ],
);

/**
 * What a user wants to hear about (decision 024): kinds they muted get no notification (a trigger
 * drops them, whatever creates them), and whether a new pick from an expert they subscribe to
 * also comes by e-mail. No row: everything on.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mutedKinds: notificationType()
    .array()
    .notNull()
    .default(sql`'{}'`),
  newPickEmails: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/** Sports a user follows: each new game in them is a NewEvent notification (a trigger on events). */
export const categoryFollows = pgTable(
  "category_follows",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    index("category_follows_category_id_idx").on(t.categoryId),
  ],
);

export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    status: uploadStatus().notNull().default("Pending"),
    mimeType: text().notNull(),
    size: integer(),
    filename: text(),
    width: integer(),
    height: integer(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("uploads_key_key").on(t.key), index("uploads_owner_id_idx").on(t.ownerId)],
);

/** Every e-mail we send goes through here first, so a failed send is retried, never lost. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** A one-click unsubscribe address (RFC 8058 List-Unsubscribe) for mail a user opted into. */
    listUnsubscribe: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /**
     * Not before this time may an instance (re)try the row: pushed ahead while one instance is
     * sending it (so no other picks it up) and by the back-off after a failure.
     */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------
/** Fixed-window counters shared by every app instance (app/modules/rate-limit). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_reset_at_idx").on(t.resetAt)],
);

/** Request-a-call and contact messages from /contacts. */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: id(),
    kind: supportRequestKind().notNull().default("Call"),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    preferredTime: text(),
    message: text(),
    createdAt: createdAt(),
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("support_requests_created_at_idx").on(t.createdAt.desc()),
    index("support_requests_user_id_idx").on(t.userId),
  ],
);

export type User = typeof users.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Modality = typeof modalities.$inferSelect;
export type Event = typeof events.$inferSelect;
