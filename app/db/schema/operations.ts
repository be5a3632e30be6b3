/** Operations */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { supportRequestKind } from "./enums";
import { users } from "./accounts";

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
    /** The admin who marked it handled (migration 0023). */
    handledBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("support_requests_created_at_idx").on(t.createdAt.desc()),
    index("support_requests_handled_by_idx").on(t.handledBy),
    index("support_requests_open_idx")
      .on(t.createdAt.desc())
      .where(sql`handled_at IS NULL`),
    index("support_requests_user_id_idx").on(t.userId),
  ],
);
