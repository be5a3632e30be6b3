/** Reference data (seeded by a migration) and events */
import {
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { eventStatus, pickMarket } from "./enums";

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
