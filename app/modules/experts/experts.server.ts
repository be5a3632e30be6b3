import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { experts, follows, posts, profiles, subscriptions, users } from "~/db/schema";
import { generatedAvatarUrl } from "~/modules/avatars/avatar-svg";

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
export const avatarOrDefault = (avatar: string | null, userName: string) => avatar ?? generatedAvatarUrl(userName);

/**
 * Experts with the most active subscribers, newest first among equals. The sidebar's
 * 'Recommended' list and the home page use it until recommendations get their own ranking.
 */
export async function listTopExperts(db: Database, limit: number, now = new Date()): Promise<ExpertCard[]> {
  const subscribersCount = subscribersCountSql(users.id, sql`${now.toISOString()}::timestamptz`);
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: profiles.avatar,
      expertAboutText: profiles.expertAboutText,
      subscriptionPriceCents: experts.subscriptionPriceCents,
      subscribersCount,
    })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .leftJoin(profiles, eq(profiles.userId, experts.userId))
    .where(isPublicExpert)
    .orderBy(desc(subscribersCount), desc(experts.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, avatar: avatarOrDefault(row.avatar, row.userName) }));
}

/** How long one instance reuses the 'Recommended' ranking (a ranking, not state: seconds old is fine). */
export const RECOMMENDED_TTL_MS = 30_000;
const recommended = new WeakMap<Database, Map<number, { at: number; experts: Promise<ExpertCard[]> }>>();

/**
 * The sidebar's 'Recommended' list, rendered on every page: ranking every expert by active
 * subscribers on each request would cost the database more than the page itself, so each
 * instance ranks at most once per RECOMMENDED_TTL_MS.
 */
export function listRecommendedExperts(db: Database, limit: number, now = Date.now()): Promise<ExpertCard[]> {
  let byLimit = recommended.get(db);
  if (!byLimit) recommended.set(db, (byLimit = new Map()));
  const cached = byLimit.get(limit);
  if (cached && now - cached.at < RECOMMENDED_TTL_MS) return cached.experts;
  const experts = listTopExperts(db, limit);
  byLimit.set(limit, { at: now, experts });
  // A failed ranking is not kept: the next request tries again.
  experts.catch(() => byLimit.delete(limit));
  return experts;
}

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
}

/** DECISIONS.md "Roles and experts": the Expert object of the experts API and the expert page. */
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

/**
 * A subscription that gives access now: Activated, PastDue (Stripe is still retrying), or
 * Canceled but paid until its period ends. `now` is SQL (a placeholder in prepared statements).
 */
export const subscriptionGivesAccess = (now: SQL) =>
  sql`(${subscriptions.status} IN ('Activated', 'PastDue') OR (${subscriptions.status} = 'Canceled' AND ${subscriptions.currentPeriodEnd} > ${now}))`;

/** How many subscriptions give access to the expert `expertId` (a column or a value) at `now`. */
export const subscribersCountSql = (expertId: SQL | AnyColumn | string, now: SQL) =>
  sql<number>`(
    SELECT count(*)::int FROM ${subscriptions}
    WHERE ${subscriptions.expertId} = ${expertId} AND ${subscriptionGivesAccess(now)}
  )`;

/** Profit of one graded pick in units, from American odds; null when its odds or stake are missing or not American odds. */
const pickProfit = sql`CASE
  WHEN ${posts.units} IS NULL OR ${posts.odds} IS NULL OR (${posts.odds} > -100 AND ${posts.odds} < 100) THEN NULL
  WHEN ${posts.pickResult} = 'Win' AND ${posts.odds} > 0 THEN ${posts.units} * ${posts.odds} / 100.0
  WHEN ${posts.pickResult} = 'Win' THEN ${posts.units} * 100.0 / abs(${posts.odds})
  WHEN ${posts.pickResult} = 'Loss' THEN -${posts.units}
  ELSE 0 END`;

/**
 * One expert's record, for a lateral join on `users`: one aggregate over the expert's graded
 * picks (index posts_author_id_publish_date_idx), however many experts the page lists.
 */
function recordSubquery(db: Database) {
  return db
    .select({
      wins: sql<number>`count(*) FILTER (WHERE ${posts.pickResult} = 'Win')::int`.as("wins"),
      losses: sql<number>`count(*) FILTER (WHERE ${posts.pickResult} = 'Loss')::int`.as("losses"),
      pushes: sql<number>`count(*) FILTER (WHERE ${posts.pickResult} = 'Push')::int`.as("pushes"),
      profit: sql<string>`coalesce(sum(${pickProfit}), 0)::text`.as("profit"),
      // A push was staked too: ROI is over everything put at risk on graded picks.
      staked: sql<string>`coalesce(sum(${posts.units}) FILTER (WHERE (${pickProfit}) IS NOT NULL), 0)::text`.as("staked"),
    })
    .from(posts)
    .where(
      and(
        eq(posts.authorId, users.id),
        eq(posts.postType, "Pick"),
        eq(posts.status, "Published"),
        inArray(posts.pickResult, ["Win", "Loss", "Push"]),
      ),
    )
    .as("record");
}

/** What a public expert is: an active membership and the Expert role. */
const isPublicExpert = and(eq(experts.membershipStatus, "Active"), sql`'Expert' = ANY(${users.roles})`);

/** The Expert's columns; `viewerId` and `now` are SQL (placeholders or values). */
function expertColumns(db: Database, viewerId: SQL, now: SQL) {
  const record = recordSubquery(db);
  const columns = {
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
    wins: record.wins,
    losses: record.losses,
    pushes: record.pushes,
    profit: record.profit,
    staked: record.staked,
    isSubscribed: sql<boolean>`EXISTS (
      SELECT 1 FROM ${subscriptions}
      WHERE ${subscriptions.expertId} = ${users.id} AND ${subscriptions.subscriberId} = ${viewerId}::uuid AND ${subscriptionGivesAccess(now)}
    )`,
    isFollowed: sql<boolean>`EXISTS (
      SELECT 1 FROM ${follows} WHERE ${follows.expertId} = ${users.id} AND ${follows.followerId} = ${viewerId}::uuid
    )`,
  };
  return { columns, record };
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
  wins: number | null;
  losses: number | null;
  pushes: number | null;
  profit: string | null;
  staked: string | null;
  isSubscribed: boolean;
  isFollowed: boolean;
}

/** ROI and units from the record's exact sums (numeric in SQL, rounded only here). */
export function recordFrom(sums: { wins: number; losses: number; pushes: number; profit: number; staked: number }): ExpertRecord {
  const units = Math.round(sums.profit * 100) / 100;
  const roi = sums.staked > 0 ? Math.round((sums.profit / sums.staked) * 1000) / 10 : 0;
  // -0 would print as "0" but compare oddly; keep plain zeros.
  return { wins: sums.wins, losses: sums.losses, pushes: sums.pushes, units: units || 0, roi: roi || 0 };
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
    record: recordFrom({
      wins: Number(row.wins ?? 0),
      losses: Number(row.losses ?? 0),
      pushes: Number(row.pushes ?? 0),
      profit: Number(row.profit ?? 0),
      staked: Number(row.staked ?? 0),
    }),
    isSubscribed: Boolean(row.isSubscribed),
    isFollowed: Boolean(row.isFollowed),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function singleExpertQuery(db: Database, by: "id" | "userName") {
  const { columns, record } = expertColumns(db, sql`${sql.placeholder("viewerId")}`, sql`${sql.placeholder("now")}::timestamptz`);
  return db
    .select(columns)
    .from(users)
    .innerJoin(experts, eq(experts.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoinLateral(record, sql`true`)
    .where(
      and(
        by === "id" ? eq(users.id, sql.placeholder("needle")) : sql`lower(${users.userName}) = ${sql.placeholder("needle")}`,
        isPublicExpert,
      ),
    )
    .limit(1);
}

// The expert page runs one of these on every view (and the bench measures it): prepared once per handle.
const expertByIdStatement = preparedStatement((db) => singleExpertQuery(db, "id").prepare("read_expert_by_id"));
const expertByNameStatement = preparedStatement((db) => singleExpertQuery(db, "userName").prepare("read_expert_by_name"));

/**
 * The public expert named by id (uuid) or userName (any case); null for anyone else, a user who
 * is not an expert, or an expert whose membership is not active. `viewerId` null for visitors.
 */
export async function findExpert(db: Database, idOrUserName: string, viewerId: string | null, now = new Date()): Promise<Expert | null> {
  const needle = idOrUserName.trim();
  if (!needle || needle.length > 100) return null;
  const params = { viewerId, now: now.toISOString() };
  const [row] = UUID.test(needle)
    ? await expertByIdStatement(db).execute({ ...params, needle: needle.toLowerCase() })
    : await expertByNameStatement(db).execute({ ...params, needle: needle.toLowerCase() });
  return row ? toExpert(row as ExpertRow) : null;
}

export interface ExpertListQuery {
  page: number;
  size: number;
  categoryIds?: number[];
  q?: string;
}

/** `%`, `_` and `\` typed by a user are letters, not ILIKE wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of public experts, most subscribers first (then newest, then id, so pages never
 * overlap). `categoryIds`: experts who published in any of those categories; `q`: a part of the
 * username, first, last or full name, any case (the username's trigram index serves ILIKE).
 * Two statements whatever the page size: the page (counts, record and viewer flags as
 * subqueries and a lateral join) and its total.
 */
export async function listExperts(
  db: Database,
  query: ExpertListQuery,
  viewerId: string | null,
  now = new Date(),
): Promise<{ items: Expert[]; totalItems: number }> {
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
  const { columns, record } = expertColumns(db, viewerId ? sql`${viewerId}` : sql`NULL`, sql`${now.toISOString()}::timestamptz`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(experts, eq(experts.userId, users.id))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoinLateral(record, sql`true`)
      .where(where)
      .orderBy(desc(columns.subscribersCount), desc(experts.createdAt), asc(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(experts, eq(experts.userId, users.id))
      .where(where),
  ]);
  return { items: rows.map((row) => toExpert(row as ExpertRow)), totalItems: Number(total) };
}
