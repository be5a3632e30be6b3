/** Accounts */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "./columns";
import { signUpFlow } from "./enums";

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
