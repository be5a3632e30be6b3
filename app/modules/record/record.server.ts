/**
 * Reading the verified record (decision 026): an expert's figures per window and sport,
 * the units-over-time chart, the graded picks, and the leaderboard. All from the sums the grading
 * trigger keeps (`expert_standings`, `expert_record_days`), never by aggregating graded picks per
 * request; only withdrawals (a handful per expert, from their own index) are counted as read.
 */
import { and, asc, count, desc, eq, gte, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { categories, expertRecordDays, expertStandings, posts, profiles, standingsRollovers, users } from "~/db/schema";
import { expertSummaryColumns, toExpertSummary } from "~/modules/profiles/expert-summary.server";
import { UUID_PATTERN } from "~/modules/http/uuid";
import {
  EMPTY_SUMS,
  LEADERBOARD_MIN_SAMPLE,
  RECORD_WINDOWS,
  toRecordFigures,
  type RecordFigures,
  type RecordSums,
  type RecordWindow,
} from "./figures";
import { selfReportedTally, type SelfReportedTally } from "./self-reported.server";
import type { LeaderboardSort } from "./record-search-params";

/** The standings row's sums, as the figures read them. */
export const sumsColumns = {
  wins: expertStandings.wins,
  losses: expertStandings.losses,
  pushes: expertStandings.pushes,
  voids: expertStandings.voids,
  profit: expertStandings.profit,
  staked: expertStandings.staked,
  decimalOddsSum: expertStandings.decimalOddsSum,
  clvSum: expertStandings.clvSum,
  clvCount: expertStandings.clvCount,
  score: expertStandings.score,
  streakKind: expertStandings.streakKind,
  streakLength: expertStandings.streakLength,
  chanceByLuck: expertStandings.chanceByLuck,
  roiLow: expertStandings.roiLow,
  roiHigh: expertStandings.roiHigh,
  beatCloseShare: expertStandings.beatCloseShare,
};

/** The sums' columns of a subquery that selected `sumsColumns`. */
const pickSums = <T extends Record<keyof typeof sumsColumns, unknown>>(page: T) =>
  Object.fromEntries(Object.keys(sumsColumns).map((key) => [key, page[key as keyof typeof sumsColumns]])) as {
    [K in keyof typeof sumsColumns]: T[K];
  };

/**
 * numeric columns arrive as strings from some drivers: numbers throughout. A copy by Object.assign:
 * `{ ...row, profit }` takes V8's slow path on Node 20, a microsecond per added field per row.
 */
export const toSums = (row: RecordSums): RecordSums =>
  Object.assign({}, row, {
    profit: Number(row.profit),
    staked: Number(row.staked),
    decimalOddsSum: Number(row.decimalOddsSum),
    clvSum: Number(row.clvSum),
    score: Number(row.score ?? 0),
  });

export type WindowFigures = Record<RecordWindow, RecordFigures>;

export interface ExpertRecordFigures {
  overall: WindowFigures;
  /** Per sport the expert has graded picks in, most picks first. */
  categories: { category: { id: number; name: string }; windows: WindowFigures }[];
  /** Self-graded picks (props), all time: their own tally, apart from every verified figure. */
  selfReported: SelfReportedTally;
}

const emptyWindows = (): WindowFigures =>
  Object.fromEntries(RECORD_WINDOWS.map((window) => [window, toRecordFigures(EMPTY_SUMS)])) as WindowFigures;

/** Withdrawn picks of each expert, per sport (and 0: all sports) and window. */
export type WithdrawalCounts = Map<string, Map<number, Record<RecordWindow, number>>>;

/** The day a pick was withdrawn (UTC), as the record's windows count days. */
const withdrawnDay = sql`(${posts.withdrawnAt} AT TIME ZONE 'UTC')::date`;

/** The first day of a record window ('7d', '30d', 'season' or 'all') ending `today`. */
const windowFirstDaySql = (window: SQL, today: SQL) => sql`CASE ${window}
  WHEN '7d' THEN ${today} - 6 WHEN '30d' THEN ${today} - 29 WHEN 'season' THEN date_trunc('year', ${today})::date
  ELSE '-infinity'::date END`;

/** A withdrawn pick, as the partial index of withdrawn picks (`posts_withdrawn_idx`) holds them. */
const isWithdrawnPick = and(isNotNull(posts.withdrawnAt), eq(posts.postType, "Pick"));

/**
 * How many picks each expert withdrew, per sport and window (the windows' days as the record's:
 * UTC, 7 and 30 days with today, the calendar year). Counted from the index of withdrawn picks,
 * which withdrawals within minutes of posting keep small (decision 026). Named and planned once
 * per connection.
 */
const withdrawalCountsStatement = preparedStatement((db) => {
  const today = sql`${sql.placeholder("today")}::date`;
  const inWindow = (window: RecordWindow) =>
    sql`${withdrawnDay} >= ${windowFirstDaySql(sql.raw(`'${window}'`), today)}`;
  return db
    .select({
      expertId: posts.authorId,
      categoryId: posts.categoryId,
      week: sql<number>`count(*) FILTER (WHERE ${inWindow("7d")})`.mapWith(Number),
      month: sql<number>`count(*) FILTER (WHERE ${inWindow("30d")})`.mapWith(Number),
      season: sql<number>`count(*) FILTER (WHERE ${inWindow("season")})`.mapWith(Number),
      all: count(),
    })
    .from(posts)
    .where(and(sql`${posts.authorId} = ANY(${sql.placeholder("expertIds")}::uuid[])`, isWithdrawnPick))
    .groupBy(posts.authorId, posts.categoryId)
    .prepare("count_withdrawals");
});

export async function withdrawalCounts(db: Database, expertIds: string[], now = new Date()): Promise<WithdrawalCounts> {
  const counts: WithdrawalCounts = new Map();
  if (expertIds.length === 0) return counts;
  const rows = await withdrawalCountsStatement(db).execute({ expertIds, today: now.toISOString().slice(0, 10) });
  for (const row of rows) {
    const expert = counts.get(row.expertId) ?? new Map<number, Record<RecordWindow, number>>();
    const windows = { "7d": row.week, "30d": row.month, season: row.season, all: Number(row.all) };
    expert.set(row.categoryId, windows);
    const overall = expert.get(0) ?? { "7d": 0, "30d": 0, season: 0, all: 0 };
    for (const window of RECORD_WINDOWS) overall[window] += windows[window];
    expert.set(0, overall);
    counts.set(row.expertId, expert);
  }
  return counts;
}

export async function expertRecordFigures(db: Database, expertId: string): Promise<ExpertRecordFigures> {
  // Together, and all awaited: a query left running while another fails would reject with no
  // one listening, and Node ends the process on an unhandled rejection (the database outage run).
  const [selfReported, withdrawals, rows] = await Promise.all([
    selfReportedTally(db, expertId),
    withdrawalCounts(db, [expertId]).then((counts) => counts.get(expertId) ?? new Map()),
    db
      .select({
        categoryId: expertStandings.categoryId,
        window: expertStandings.window,
        categoryName: categories.name,
        ...sumsColumns,
      })
      .from(expertStandings)
      .leftJoin(categories, eq(categories.id, expertStandings.categoryId))
      .where(eq(expertStandings.expertId, expertId)),
  ]);
  const overall = emptyWindows();
  const byCategory = new Map<number, ExpertRecordFigures["categories"][number]>();
  for (const row of rows) {
    const window = row.window as RecordWindow;
    const figures = toRecordFigures(toSums(row), withdrawals.get(row.categoryId)?.[window] ?? 0);
    if (row.categoryId === 0) overall[window] = figures;
    else {
      const entry = byCategory.get(row.categoryId) ?? {
        category: { id: row.categoryId, name: row.categoryName ?? "" },
        windows: emptyWindows(),
      };
      entry.windows[window] = figures;
      byCategory.set(row.categoryId, entry);
    }
  }
  // An expert with withdrawals and no graded pick yet shows them too.
  const allSports = withdrawals.get(0);
  if (allSports)
    for (const window of RECORD_WINDOWS) overall[window] = { ...overall[window], withdrawn: allSports[window] };
  return {
    overall,
    selfReported,
    categories: [...byCategory.values()].sort(
      (a, b) => b.windows.all.sample - a.windows.all.sample || a.category.name.localeCompare(b.category.name),
    ),
  };
}

/**
 * The all-sports, all-time figures of a post's author: the summary beside the post; null before
 * any of their picks is graded. Keyed by the post, not the author, so the page asks it beside its
 * other reads instead of after the post (one round trip fewer). Named and planned once per
 * connection: every post page asks it.
 */
const postAuthorRecordStatement = preparedStatement((db) =>
  db
    .select(sumsColumns)
    .from(expertStandings)
    .where(
      and(
        sql`${expertStandings.expertId} = (SELECT ${posts.authorId} FROM ${posts} WHERE ${posts.id} = ${sql.placeholder("postId")}::uuid)`,
        eq(expertStandings.categoryId, 0),
        eq(expertStandings.window, "all"),
      ),
    )
    .prepare("read_post_author_record"),
);

export async function postAuthorRecord(db: Database, postId: string): Promise<RecordFigures | null> {
  if (!UUID_PATTERN.test(postId)) return null;
  const [row] = await postAuthorRecordStatement(db).execute({ postId });
  const figures = row ? toRecordFigures(toSums(row)) : null;
  return figures && figures.sample > 0 ? figures : null;
}

export interface UnitsPoint {
  day: string;
  /** Units won that day, and in all up to and including it. */
  units: number;
  total: number;
}

/** Units won per day graded, with the running total: the expert page's chart. */
export async function unitsOverTime(db: Database, expertId: string): Promise<UnitsPoint[]> {
  const rows = await db
    .select({ day: expertRecordDays.day, profit: expertRecordDays.profit })
    .from(expertRecordDays)
    .where(and(eq(expertRecordDays.expertId, expertId), eq(expertRecordDays.categoryId, 0)))
    .orderBy(asc(expertRecordDays.day));
  let total = 0;
  return rows.map((row) => {
    total += Number(row.profit);
    return { day: row.day, units: Math.round(Number(row.profit) * 100) / 100, total: Math.round(total * 100) / 100 };
  });
}

/** The expert's graded and withdrawn picks, newest first (ids: the serializer answers them). */
export async function gradedPickIds(
  db: Database,
  expertId: string,
  page: number,
  size: number,
): Promise<{ ids: string[]; totalItems: number }> {
  const where = and(
    eq(posts.authorId, expertId),
    eq(posts.postType, "Pick"),
    isNotNull(posts.postedAt),
    or(isNotNull(posts.pickResult), isNotNull(posts.withdrawnAt)),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(desc(sql`coalesce(${posts.gradedAt}, ${posts.withdrawnAt})`), desc(posts.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { ids: rows.map((row) => row.id), totalItems: Number(total) };
}

// ---------------------------------------------------------------------------------------------
// The leaderboard
// ---------------------------------------------------------------------------------------------
export interface LeaderboardEntry {
  rank: number;
  expert: { id: string; userName: string; firstName: string; lastName: string; avatar: string };
  figures: RecordFigures;
}

/**
 * Ranked: listed (a public expert, kept on the row by triggers: migration 0012) with the minimum
 * sample. The partial index `expert_standings_ranked_idx` has this condition word for word, so a
 * page is one ordered range of it and the count an index-only scan: no join over every ranked
 * expert.
 */
const ranked = and(
  eq(expertStandings.window, sql.placeholder("window")),
  eq(expertStandings.categoryId, sql.placeholder("categoryId")),
  sql`${expertStandings.wins} + ${expertStandings.losses} + ${expertStandings.pushes} >= ${sql.raw(String(LEADERBOARD_MIN_SAMPLE))} AND ${expertStandings.listed}`,
);

/** A page of the ranked by score (the index's own order: read in order, not sorted) or least likely luck first. */
function leaderboardPageQuery(sort: LeaderboardSort) {
  return (db: Database) => {
    const luckFirst = sort === "luck" ? [sql`${expertStandings.chanceByLuck} ASC NULLS LAST`] : [];
    const page = db
      .select({ ...sumsColumns, expertId: expertStandings.expertId })
      .from(expertStandings)
      .where(ranked)
      .orderBy(
        ...luckFirst,
        sql`${expertStandings.score} DESC NULLS LAST`,
        sql`${expertStandings.profit} DESC NULLS LAST`,
        asc(expertStandings.expertId),
      )
      .limit(sql.placeholder("size"))
      .offset(sql.placeholder("offset"))
      .as("page");
    // The page's withdrawn picks in its window and sport: an index probe per row (withdrawals are few).
    const recordWindow = sql`${sql.placeholder("window")}::text`;
    const withdrawn = sql<number>`(SELECT count(*)::int FROM ${posts}
      WHERE ${posts.authorId} = ${page.expertId} AND ${isWithdrawnPick}
        AND (${sql.placeholder("categoryId")}::int = 0 OR ${posts.categoryId} = ${sql.placeholder("categoryId")}::int)
        AND ${withdrawnDay} >= ${windowFirstDaySql(recordWindow, sql`${sql.placeholder("today")}::date`)})`;
    return db
      .select({ expert: expertSummaryColumns, ...pickSums(page), withdrawn })
      .from(page)
      .innerJoin(users, eq(users.id, page.expertId))
      .leftJoin(profiles, eq(profiles.userId, page.expertId))
      .orderBy(
        ...(sort === "luck" ? [sql`${page.chanceByLuck} ASC NULLS LAST`] : []),
        desc(page.score),
        desc(page.profit),
        asc(page.expertId),
      )
      .prepare(sort === "luck" ? "read_leaderboard_page_by_luck" : "read_leaderboard_page");
  };
}

const leaderboardPages = {
  score: preparedStatement(leaderboardPageQuery("score")),
  luck: preparedStatement(leaderboardPageQuery("luck")),
};

const leaderboardCount = preparedStatement((db) =>
  db.select({ total: count() }).from(expertStandings).where(ranked).prepare("count_leaderboard"),
);

export interface LeaderboardQuery {
  window: RecordWindow;
  /** 0: all sports. */
  categoryId: number;
  page: number;
  size: number;
  /** Risk-adjusted units (the default) or least likely luck first. */
  sort?: LeaderboardSort;
}

export async function readLeaderboard(
  db: Database,
  query: LeaderboardQuery,
  now = new Date(),
): Promise<{ items: LeaderboardEntry[]; totalItems: number }> {
  const offset = (query.page - 1) * query.size;
  const params = { window: query.window, categoryId: query.categoryId };
  const today = now.toISOString().slice(0, 10);
  const [rows, [{ total }]] = await Promise.all([
    leaderboardPages[query.sort ?? "score"](db).execute({ ...params, size: query.size, offset, today }),
    leaderboardCount(db).execute(params),
  ]);
  return {
    items: rows.map((row, index) => ({
      rank: offset + index + 1,
      expert: toExpertSummary(row.expert),
      figures: toRecordFigures(toSums(row), Number(row.withdrawn)),
    })),
    totalItems: Number(total),
  };
}

// ---------------------------------------------------------------------------------------------
// The daily rollover of the rolling windows
// ---------------------------------------------------------------------------------------------
/**
 * Rolls the 7-day, 30-day and season windows over to today (UTC) once a day: whichever instance
 * comes first does it (the function locks; the others then find the day done). Returns whether
 * it rolled.
 */
export async function rollStandingsIfDue(db: Database, now = new Date()): Promise<boolean> {
  const today = now.toISOString().slice(0, 10);
  const [done] = await db
    .select({ day: standingsRollovers.day })
    .from(standingsRollovers)
    .where(gte(standingsRollovers.day, today));
  if (done) return false;
  await db.execute(sql`SELECT roll_standings(${today}::date)`);
  return true;
}
