/**
 * New posts of each subscribed expert since the subscriber last looked (opened the expert's page
 * or read up to a post: read-markers.server.ts): the counters API and the sidebar's badges.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { posts, subscriptions } from "~/db/schema";
import { postIsLiveSql, subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";

/**
 * The live posts of the `subscriptions` row's expert published since its subscriber last looked:
 * a short range of `posts_live_author_id_publish_date_idx` per subscription.
 */
export const newPostsSinceSeenSql = (now: SQL) => sql<number>`(SELECT count(*)::int FROM ${posts} p
  WHERE p.author_id = ${subscriptions.expertId} AND ${postIsLiveSql(now, "p")} AND p.publish_date > ${subscriptions.lastSeenPostsAt})`;

export interface NewPostCounters {
  items: { expertId: string; count: number }[];
  total: number;
}

const countersStatement = preparedStatement((db) =>
  db
    .select({
      expertId: subscriptions.expertId,
      count: newPostsSinceSeenSql(sql`${sql.placeholder("now")}::timestamptz`),
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, sql`${sql.placeholder("subscriberId")}::uuid`),
        subscriptionGivesAccessSql(sql`${sql.placeholder("now")}::timestamptz`),
      ),
    )
    .prepare("count_new_posts"),
);

/** `GET /api/subscriptions/counters/new-posts`: one prepared statement. */
export async function newPostCounters(db: Database, subscriberId: string, now = new Date()): Promise<NewPostCounters> {
  const rows = await countersStatement(db).execute({ subscriberId, now: now.toISOString() });
  const items = rows.map((row) => ({ expertId: row.expertId, count: Number(row.count) }));
  return { items, total: items.reduce((sum, item) => sum + item.count, 0) };
}
