/** The verified record's figures (decision 026), kept by triggers on grading */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { pickMarket } from "./enums";
import { users } from "./accounts";
import { events } from "./sports";

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
    /**
     * Skill or luck (record-confidence.server.ts, migration 0024): the chance, in percent, that a
     * bettor with no edge would have done as well; the ROI's 95 % interval; the share of picks that
     * beat the closing line. Computed by a job at `confidenceSample` and `confidenceProfit`: stale
     * while those differ from the row's own.
     */
    chanceByLuck: numeric({ precision: 4, scale: 1, mode: "number" }),
    roiLow: numeric({ precision: 9, scale: 1, mode: "number" }),
    roiHigh: numeric({ precision: 9, scale: 1, mode: "number" }),
    beatCloseShare: numeric({ precision: 4, scale: 1, mode: "number" }),
    confidenceSample: integer(),
    confidenceProfit: numeric({ precision: 14, scale: 4, mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.expertId, t.categoryId, t.window] }),
    // The leaderboard: listed experts with the minimum sample (LEADERBOARD_MIN_SAMPLE) by score.
    index("expert_standings_ranked_idx")
      .on(t.window, t.categoryId, t.score.desc(), t.profit.desc(), t.expertId)
      .where(sql`wins + losses + pushes >= 20 AND listed`),
    // "Not ranked yet": listed experts short of that sample, most graded picks first (migration 0022).
    index("expert_standings_unranked_idx")
      .on(t.window, t.categoryId, t.sample.desc(), t.profit.desc(), t.expertId)
      .where(sql`wins + losses + pushes BETWEEN 1 AND 19 AND listed`),
    index("expert_standings_confidence_stale_idx")
      .on(t.expertId)
      .where(
        sql`confidence_sample IS DISTINCT FROM (wins + losses + pushes) OR confidence_profit IS DISTINCT FROM profit`,
      ),
  ],
);

/** The day the rolling windows were last rolled over to (one row). */
export const standingsRollovers = pgTable("standings_rollovers", {
  id: integer().primaryKey().default(1),
  day: date({ mode: "string" }).notNull(),
});
