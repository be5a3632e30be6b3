/** Notifications, uploads, e-mail outbox */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "./columns";
import { notificationType, uploadStatus } from "./enums";
import { sessions, users } from "./accounts";
import { categories, events } from "./sports";
import { comments, posts } from "./posts";

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dataType: notificationType().notNull(),
    /** Who caused it; none for a post's own (ExpertNewPost, PostLive: its expert is the post's author) or a new game. */
    actorId: uuid().references(() => users.id, { onDelete: "cascade" }),
    postId: uuid().references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid().references(() => comments.id, { onDelete: "cascade" }),
    eventId: integer().references(() => events.id, { onDelete: "cascade" }),
    isRead: boolean().notNull().default(false),
    /** A new pick's notification is also e-mailed (once: the pick-mail job stamps it); a free post's is stamped when created. */
    emailedAt: timestamp({ withTimezone: true }),
    /** Due to be pushed to the recipient's devices from this time (the push job leases it ahead); NULL: nothing to push. */
    pushDueAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_push_due_idx")
      .on(t.pushDueAt)
      .where(sql`${t.pushDueAt} IS NOT NULL`),
    index("notifications_unemailed_idx")
      .on(t.createdAt)
      .where(sql`${t.emailedAt} IS NULL AND ${t.dataType} IN ('ExpertNewPost', 'PostLive')`),
    index("notifications_recipient_id_created_at_idx").on(t.recipientId, t.createdAt.desc(), t.id),
    index("notifications_unread_idx")
      .on(t.recipientId)
      .where(sql`${t.isRead} = false`),
    index("notifications_actor_id_idx")
      .on(t.actorId)
      .where(sql`${t.actorId} IS NOT NULL`),
    index("notifications_post_id_idx").on(t.postId),
    index("notifications_comment_id_idx")
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    index("notifications_event_id_idx")
      .on(t.eventId)
      .where(sql`${t.eventId} IS NOT NULL`),
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

/**
 * A device a reader turned push notifications on for (Web Push): the browser's push endpoint and
 * the keys that encrypt for it. It belongs to the session that turned it on: revoking that
 * session (signing out) deletes it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid().references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_id_idx").on(t.userId),
    index("push_subscriptions_session_id_idx").on(t.sessionId),
  ],
);

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
