/**
 * The access rule's SQL twin (decision 039): the same verdicts as access.ts, as drizzle `sql`
 * fragments for queries that filter or count by them (search, feeds, lists, counters). `now` and
 * `viewerId` are SQL: a bound value or a placeholder of a prepared statement. Change the rule in
 * both files at once; test/integration/access-rule.test.ts holds them to the same table.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { posts, subscriptions } from "~/db/schema";

/**
 * `subscriptionGivesAccess` on the `subscriptions` row in scope. Never NULL (a Canceled row
 * without a period end is false, not unknown), so it sorts and negates like the TypeScript twin.
 */
export const subscriptionGivesAccessSql = (now: SQL) =>
  sql`(${subscriptions.status} IN ('Activated', 'PastDue') OR (${subscriptions.status} = 'Canceled' AND ${subscriptions.currentPeriodEnd} IS NOT NULL AND ${subscriptions.currentPeriodEnd} > ${now}))`;

/**
 * `isLive` on the `posts` row in scope, or on the alias `post` of raw SQL (`p`). Written as the
 * partial indexes on live posts are (`status = 'Published'`), so the planner still uses them.
 */
export const postIsLiveSql = (now: SQL, post?: string) =>
  post === undefined
    ? sql`(${posts.status} = 'Published' AND ${posts.publishDate} <= ${now})`
    : sql`(${sql.raw(post)}.status = 'Published' AND ${sql.raw(post)}.publish_date <= ${now})`;

/** Does the viewer hold a subscription to the expert `expertId` (a column or SQL) that gives access now? */
export const holdsAccessSql = (viewerId: SQL, expertId: SQL | AnyColumn, now: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.subscriberId} = ${viewerId}
    AND ${subscriptions.expertId} = ${expertId} AND ${subscriptionGivesAccessSql(now)})`;

/** `canSeePost` on the `posts` row in scope (`viewerId` NULL for a visitor). */
export const canSeePostSql = (viewerId: SQL | null) =>
  viewerId === null
    ? sql`(${posts.status} <> 'Draft')`
    : sql`(${posts.status} <> 'Draft' OR ${posts.authorId} = ${viewerId})`;

/** `canReadPreview` on the `posts` row in scope. */
export const canReadPreviewSql = (viewerId: SQL | null, now: SQL) =>
  viewerId === null ? postIsLiveSql(now) : sql`(${posts.authorId} = ${viewerId} OR ${postIsLiveSql(now)})`;

/**
 * `canReadBody` on the `posts` row in scope: its author; else once live, a Post for everyone and a
 * Pick for a viewer holding access to its author. A visitor (NULL) reads no Pick.
 */
export const canReadBodySql = (viewerId: SQL | null, now: SQL) =>
  viewerId === null
    ? sql`(${postIsLiveSql(now)} AND ${posts.postType} = 'Post')`
    : sql`(${posts.authorId} = ${viewerId} OR (${postIsLiveSql(now)} AND (${posts.postType} = 'Post' OR ${holdsAccessSql(viewerId, posts.authorId, now)})))`;
