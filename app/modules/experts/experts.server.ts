import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { experts, expertStandings, follows, posts, profiles, subscriptions, users } from "~/db/schema";
import { holdsAccessSql, subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { livePostsFromCounters } from "~/modules/posts/live-posts-sql.server";
import { listCategories } from "~/modules/reference/reference.server";
import { UUID_PATTERN } from "~/modules/http/uuid";
import type { Confidence } from "~/modules/record/confidence";
import { EMPTY_SUMS, toConfidence } from "~/modules/record/figures";
import type { ExpertSort } from "./expert-sorts";

export interface ExpertCard {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  expertAboutText: string | null;
  subscriptionPriceCents: number | null;
  subscribersCount: number;
}

/** The default picture when a user has none: a generated avatar (see routes/avatars.$name). */

/** Experts whose membership is active: the count the founding-partner programme (first 300) is measured by. */
export async function countActiveExperts(db: Database): Promise<number> {
  return db.$count(experts, eq(experts.membershipStatus, "Active"));
}

// ---------------------------------------------------------------------------------------------
// The public expert (GET /api/experts/{expertId}, GET /api/experts, /experts/{userName})
// ---------------------------------------------------------------------------------------------

/** The verified record: graded picks only (Win, Loss, Push; Void and pending picks left out). */
export interface ExpertRecord {
  wins: number;
  losses: number;
  pushes: number;
  /** Profit in units, 2 decimals. */
  units: number;
  /** units ÷ units staked, as a percentage with 1 decimal (12.5 means +12.5 %). */
  roi: number;
  /** Picks withdrawn after posting (never graded): shown beside W-L (decision 026). */
  withdrawn: number;
  /** Skill or luck, all sports and all time (one expert's answer; lists leave it out). */
  confidence?: Confidence;
}

/** product.md "Roles and experts": the Expert object of the experts API and the expert page. */
export interface Expert {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  cover: string | null;
  expertAboutText: string | null;
  location: { country: string; state: string | null; city: string | null };
  subscriptionPrice: { price: number; description: string | null } | null;
  subscribersCount: number;
  record: ExpertRecord;
  isSubscribed: boolean;
  isFollowed: boolean;
}

/** How many subscriptions give access to the expert `expertId` (a column or a value) at `now`. */
export const subscribersCountSql = (expertId: SQL | AnyColumn | string, now: SQL) =>
  sql<number>`(
    SELECT count(*)::int FROM ${subscriptions}
    WHERE ${subscriptions.expertId} = ${expertId} AND ${subscriptionGivesAccessSql(now)}
  )`;

/** What a public expert is: an active membership and the Expert role. */
export const isPublicExpert = and(eq(experts.membershipStatus, "Active"), sql`'Expert' = ANY(${users.roles})`);

/**
 * The Expert's columns; `viewerId` and `now` are SQL (placeholders or values). The record comes
 * from the sums a trigger keeps on `experts` (migration 0010), not from aggregating picks.
 */
function expertColumns(viewerId: SQL, now: SQL) {
  return {
    id: users.id,
    userName: users.userName,
    firstName: users.firstName,
    lastName: users.lastName,
    avatar: profiles.avatar,
    cover: profiles.cover,
    expertAboutText: profiles.expertAboutText,
    country: profiles.country,
    state: profiles.state,
    city: profiles.city,
    priceCents: experts.subscriptionPriceCents,
    priceDescription: experts.subscriptionDescription,
    subscribersCount: subscribersCountSql(users.id, now),
    wins: experts.recordWins,
    losses: experts.recordLosses,
    pushes: experts.recordPushes,
    profit: experts.recordProfit,
    staked: experts.recordStaked,
    // An index probe of the withdrawn picks (a handful: withdrawals are only minutes after posting).
    withdrawn: sql<number>`(
      SELECT count(*)::int FROM ${posts}
      WHERE ${posts.authorId} = ${users.id} AND ${posts.withdrawnAt} IS NOT NULL AND ${posts.postType} = 'Pick'
    )`,
    isSubscribed: sql<boolean>`${holdsAccessSql(sql`${viewerId}::uuid`, users.id, now)}`,
    isFollowed: sql<boolean>`EXISTS (
      SELECT 1 FROM ${follows} WHERE ${follows.expertId} = ${users.id} AND ${follows.followerId} = ${viewerId}::uuid
    )`,
  };
}

interface ExpertRow {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  cover: string | null;
  expertAboutText: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  priceCents: number | null;
  priceDescription: string | null;
  subscribersCount: number;
  wins: number;
  losses: number;
  pushes: number;
  profit: number;
  staked: number;
  withdrawn: number;
  isSubscribed: boolean;
  isFollowed: boolean;
  /** One expert's read: the all-sports, all-time standings row (null before any graded pick). */
  standing?: Parameters<typeof toConfidence>[0] | null;
}

/** ROI and units from the record's exact sums (numeric in SQL, rounded only here). */
export function recordFrom(sums: {
  wins: number;
  losses: number;
  pushes: number;
  profit: number;
  staked: number;
  withdrawn?: number;
}): ExpertRecord {
  const units = Math.round(sums.profit * 100) / 100;
  const roi = sums.staked > 0 ? Math.round((sums.profit / sums.staked) * 1000) / 10 : 0;
  // -0 would print as "0" but compare oddly; keep plain zeros.
  return {
    wins: sums.wins,
    losses: sums.losses,
    pushes: sums.pushes,
    units: units || 0,
    roi: roi || 0,
    withdrawn: Number(sums.withdrawn ?? 0),
  };
}

function toExpert(row: ExpertRow): Expert {
  return {
    id: row.id,
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: avatarOrDefault(row.avatar, row.userName),
    cover: row.cover,
    expertAboutText: row.expertAboutText,
    location: { country: row.country ?? "USA", state: row.state, city: row.city },
    subscriptionPrice: row.priceCents ? { price: row.priceCents, description: row.priceDescription } : null,
    subscribersCount: Number(row.subscribersCount),
    record: {
      ...recordFrom({
        wins: row.wins,
        losses: row.losses,
        pushes: row.pushes,
        profit: Number(row.profit),
        staked: Number(row.staked),
        withdrawn: row.withdrawn,
      }),
      ...(row.standing !== undefined ? { confidence: toConfidence(row.standing ?? EMPTY_SUMS) } : {}),
    },
    isSubscribed: Boolean(row.isSubscribed),
    isFollowed: Boolean(row.isFollowed),
  };
}

function singleExpertQuery(db: Database, by: "id" | "userName") {
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  return db
    .select({
      ...expertColumns(sql`${sql.placeholder("viewerId")}`, now),
      // For the expert's page, from the counters kept on the expert: its live posts and whether
      // any is scheduled. Nearly always no subquery runs.
      livePosts: sql<number>`${livePostsFromCounters(now, {
        publishedPostsCount: sql`${experts.publishedPostsCount}`,
        latestPublishDate: sql`${experts.latestPublishDate}`,
        userId: sql`${users.id}`,
      })}`,
      hasScheduledPosts: sql<boolean>`coalesce(${experts.latestPublishDate} > ${now}, false)`,
      // Skill or luck: the all-sports, all-time standings row.
      standing: {
        wins: expertStandings.wins,
        losses: expertStandings.losses,
        pushes: expertStandings.pushes,
        profit: expertStandings.profit,
        staked: expertStandings.staked,
        clvSum: expertStandings.clvSum,
        clvCount: expertStandings.clvCount,
        chanceByLuck: expertStandings.chanceByLuck,
        roiLow: expertStandings.roiLow,
        roiHigh: expertStandings.roiHigh,
        beatCloseShare: expertStandings.beatCloseShare,
      },
    })
    .from(users)
    .innerJoin(experts, eq(experts.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(
      expertStandings,
      and(eq(expertStandings.expertId, users.id), eq(expertStandings.categoryId, 0), eq(expertStandings.window, "all")),
    )
    .where(
      and(
        by === "id"
          ? eq(users.id, sql.placeholder("needle"))
          : sql`lower(${users.userName}) = ${sql.placeholder("needle")}`,
        isPublicExpert,
      ),
    )
    .limit(1);
}

// The expert page runs one of these on every view (and the bench measures it): prepared once per handle.
const expertByIdStatement = preparedStatement((db) => singleExpertQuery(db, "id").prepare("read_expert_by_id"));
const expertByNameStatement = preparedStatement((db) =>
  singleExpertQuery(db, "userName").prepare("read_expert_by_name"),
);

/**
 * The public expert named by id (uuid) or userName (any case); null for anyone else, a user who
 * is not an expert, or an expert whose membership is not active. `viewerId` null for visitors.
 */
export async function findExpert(
  db: Database,
  idOrUserName: string,
  viewerId: string | null,
  now = new Date(),
): Promise<Expert | null> {
  const row = await readExpert(db, idOrUserName, viewerId, now);
  return row ? toExpert(row) : null;
}

/** The expert's page: the expert and what its lists need to know before they are read. */
export interface ExpertOfPage {
  expert: Expert;
  /** Its live posts (the page count of its list). */
  livePosts: number;
  /** Whether any of its posts is scheduled (else the "Coming up" list is not read). */
  hasScheduledPosts: boolean;
}

/**
 * findExpert for the expert's page, in the same one statement, read as a visitor sees it (read
 * beside the viewer, not after: the reader's own standing is `findReaderStanding`).
 */
export async function findExpertOfPage(
  db: Database,
  idOrUserName: string,
  now = new Date(),
): Promise<ExpertOfPage | null> {
  const row = await readExpert(db, idOrUserName, null, now);
  return row
    ? { expert: toExpert(row), livePosts: Number(row.livePosts), hasScheduledPosts: Boolean(row.hasScheduledPosts) }
    : null;
}

async function readExpert(db: Database, idOrUserName: string, viewerId: string | null, now: Date) {
  const needle = idOrUserName.trim();
  // A control character (a NUL above all, which PostgreSQL refuses in text) names nobody.
  // eslint-disable-next-line no-control-regex
  if (!needle || needle.length > 100 || /[\u0000-\u001f\u007f]/.test(needle)) return null;
  const params = { viewerId, now: now.toISOString() };
  const [row] = UUID_PATTERN.test(needle)
    ? await expertByIdStatement(db).execute({ ...params, needle: needle.toLowerCase() })
    : await expertByNameStatement(db).execute({ ...params, needle: needle.toLowerCase() });
  return row ? (row as ExpertRow & { livePosts: number; hasScheduledPosts: boolean }) : null;
}

export { EXPERT_SORTS, type ExpertSort } from "./expert-sorts";

export interface ExpertListQuery {
  page: number;
  size: number;
  categoryIds?: number[];
  q?: string;
  /** subscribers (default): most subscribers; record: most units won, then win rate; newest: joined last. */
  sort?: ExpertSort;
}

/** An expert in a list: the Expert and the sports they publish in (at most five, display order). */
export interface ListedExpert extends Expert {
  categories: { id: number; name: string }[];
}

/** `%`, `_` and `\` typed by a user are letters, not ILIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const likePattern = (q: string) => `%${escapeLike(q)}%`;

/** Win rate over decided picks (pushes left out), for ordering; 0 without any. */
const winRate = sql`${experts.recordWins}::numeric / nullif(${experts.recordWins} + ${experts.recordLosses}, 0)`;

/**
 * A page of public experts in the order `sort` says (ties: newest, then id, so pages never
 * overlap). `categoryIds`: experts who published in any of those categories; `q`: a part of the
 * username, first, last or full name, any case (the trigram indexes serve ILIKE). Two
 * statements whatever the page size: the page (counts and viewer flags as subqueries, the record
 * from the kept sums) and its total.
 */
export async function listExperts(
  db: Database,
  query: ExpertListQuery,
  viewerId: string | null,
  now = new Date(),
): Promise<{ items: ListedExpert[]; totalItems: number }> {
  const conditions: (SQL | undefined)[] = [isPublicExpert];
  if (query.categoryIds?.length) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.authorId} = ${users.id} AND ${posts.status} = 'Published' AND ${inArray(posts.categoryId, query.categoryIds)})`,
    );
  }
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(users.userName, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const columns = {
    ...expertColumns(viewerId ? sql`${viewerId}` : sql`NULL`, sql`${now.toISOString()}::timestamptz`),
    categoryIds: sql<
      number[]
    >`ARRAY(SELECT DISTINCT ${posts.categoryId} FROM ${posts} WHERE ${posts.authorId} = ${users.id} AND ${posts.status} = 'Published')`,
  };
  const order: SQL[] =
    query.sort === "record"
      ? [sql`${experts.recordProfit} DESC`, sql`${winRate} DESC NULLS LAST`]
      : query.sort === "newest"
        ? []
        : [sql`${columns.subscribersCount} DESC`];
  const [rows, [{ total }], sports] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(experts, eq(experts.userId, users.id))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(...order, desc(experts.createdAt), asc(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(experts, eq(experts.userId, users.id))
      .where(where),
    listCategories(db),
  ]);
  const items = rows.map((row) => {
    const published = new Set(row.categoryIds);
    return {
      ...toExpert(row as ExpertRow),
      categories: sports
        .filter((sport) => published.has(sport.id))
        .slice(0, 5)
        .map(({ id, name }) => ({ id, name })),
    };
  });
  return { items, totalItems: Number(total) };
}
