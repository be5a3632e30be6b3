/**
 * Recommended experts (decision 025): the sidebar's 'Recommended' list and
 * `GET /api/experts/recommended[/sidebar]`. Ranked by recent verified performance and subscriber
 * growth: units won on verified picks (never self-graded) graded in the last
 * RECOMMENDATION_WINDOW_DAYS (risk-based, the record's own rule) plus half a unit per subscription started in that window; ties go to the
 * better all-time record, then the newer expert. Experts the viewer already subscribes to, and
 * the viewer, are left out.
 */
import { and, eq, sql } from "drizzle-orm";
import { cachedPerDatabase } from "~/db/cached.server";
import { queryRows, type Database } from "~/db/client.server";
import { experts, profiles, subscriptions, users } from "~/db/schema";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { isPublicExpert, subscribersCountSql, type ExpertCard } from "./experts.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";

export const RECOMMENDATION_WINDOW_DAYS = 30;
/** What one new subscriber in the window weighs against one unit won. */
export const NEW_SUBSCRIBER_WEIGHT = 0.5;
/** How long one instance reuses the ranking (a ranking, not state: seconds old is fine). */
export const RECOMMENDED_TTL_MS = 30_000;
/** How many ranked experts each instance keeps: enough to leave out a reader's subscriptions. */
const RANKED_KEPT = 100;

export interface RecommendedExpert extends ExpertCard {
  /** Units won on picks graded in the window. */
  recentUnits: number;
  /** Subscriptions started in the window. */
  newSubscribers: number;
}

/** Every public expert's score, best first; `now` is when the window ends. */
export async function rankExperts(db: Database, limit: number, now = new Date()): Promise<RecommendedExpert[]> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - RECOMMENDATION_WINDOW_DAYS * 86_400_000).toISOString();
  const rows = await queryRows<{
    id: string;
    userName: string;
    firstName: string;
    lastName: string;
    avatar: string | null;
    expertAboutText: string | null;
    subscriptionPriceCents: number | null;
    subscribersCount: number;
    recentUnits: string;
    newSubscribers: number;
  }>(
    db,
    sql`WITH performance AS (
        SELECT author_id, sum(coalesce(pick_profit(pick_result, coalesce(settled_odds, odds), units), 0)) AS units
        FROM posts
        WHERE pick_result IN ('Win', 'Loss', 'Push') AND graded_at >= ${since}::timestamptz
          AND post_type = 'Pick' AND status = 'Published' AND NOT self_graded AND withdrawn_at IS NULL
        GROUP BY author_id
      ), growth AS (
        SELECT expert_id, count(*)::int AS n FROM subscriptions
        WHERE created_at >= ${since}::timestamptz AND status IN ('Activated', 'PastDue', 'Canceled')
        GROUP BY expert_id
      )
      SELECT ${users.id} AS id, ${users.userName} AS "userName", ${users.firstName} AS "firstName", ${users.lastName} AS "lastName",
        ${profiles.avatar} AS avatar, ${profiles.expertAboutText} AS "expertAboutText",
        ${experts.subscriptionPriceCents} AS "subscriptionPriceCents",
        ${subscribersCountSql(users.id, sql`${at}::timestamptz`)} AS "subscribersCount",
        coalesce(p.units, 0)::text AS "recentUnits", coalesce(g.n, 0) AS "newSubscribers"
      FROM ${experts}
      JOIN ${users} ON ${users.id} = ${experts.userId}
      LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}
      LEFT JOIN performance p ON p.author_id = ${users.id}
      LEFT JOIN growth g ON g.expert_id = ${users.id}
      WHERE ${isPublicExpert}
      ORDER BY coalesce(p.units, 0) + ${NEW_SUBSCRIBER_WEIGHT}::numeric * coalesce(g.n, 0) DESC,
        ${experts.recordProfit} DESC, ${experts.createdAt} DESC, ${users.id}
      LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    avatar: avatarOrDefault(row.avatar, row.userName),
    subscribersCount: Number(row.subscribersCount),
    recentUnits: Math.round(Number(row.recentUnits) * 100) / 100,
    newSubscribers: Number(row.newSubscribers),
  }));
}

/** The ranking, computed at most once per RECOMMENDED_TTL_MS per instance (every page's sidebar shows it). */
export const rankedExperts = cachedPerDatabase(RECOMMENDED_TTL_MS, (db, now) =>
  rankExperts(db, RANKED_KEPT, new Date(now)),
);

/** The experts `viewerId` holds a subscription to that gives access now. */
async function subscribedExpertIds(db: Database, viewerId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ expertId: subscriptions.expertId })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.subscriberId, viewerId), subscriptionGivesAccessSql(sql`${now.toISOString()}::timestamptz`)),
    );
  return rows.map((row) => row.expertId);
}

/**
 * The top `count` recommended experts for this viewer (null: a visitor). `subscribed`, when the
 * caller already has the viewer's subscriptions (the root loader's sidebar), saves a query.
 */
export async function recommendExperts(
  db: Database,
  viewerId: string | null,
  count: number,
  options: { subscribed?: string[]; now?: number } = {},
): Promise<RecommendedExpert[]> {
  const now = options.now ?? Date.now();
  const [experts, subscribed] = await Promise.all([
    rankedExperts(db, now),
    viewerId ? (options.subscribed ?? subscribedExpertIds(db, viewerId, new Date(now))) : [],
  ]);
  const leftOut = new Set([...subscribed, ...(viewerId ? [viewerId] : [])]);
  const kept = experts.filter((expert) => !leftOut.has(expert.id));
  // A reader subscribed to most of the kept ranking: rank again for them alone.
  if (kept.length < count && experts.length === RANKED_KEPT) {
    const all = await rankExperts(db, RANKED_KEPT + leftOut.size, new Date(now));
    return all.filter((expert) => !leftOut.has(expert.id)).slice(0, count);
  }
  return kept.slice(0, count);
}
