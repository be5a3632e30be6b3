/**
 * Lists of posts (decision 017): the public list (of everyone, an expert or a sport), the
 * viewer's own, the feed, liked posts, an event's posts and the home page's latest free posts
 * (the expert page's lists: `expert-page-posts.server.ts`). Every list is a fixed number of
 * queries whatever the page size: one for the page's ids (index-only where it can: see the
 * `posts_live_*` indexes) with its count, then the records with the viewer's access in one
 * prepared statement (`serializePosts`), serialized by `toPostDTO`.
 */
import { and, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { experts, follows, likes, notifyRequests, posts, subscriptions } from "~/db/schema";
import { sessionUserId } from "~/modules/accounts/sessions.server";
import { postIsLiveSql, subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { livePostsFromCounters } from "./live-posts-sql.server";
import {
  nowParam,
  selectPostViews,
  serializePosts,
  toPostDTO,
  toPostViews,
  viewerParam,
  type PostDTO,
} from "./post-serializer.server";

export interface PageOptions {
  page: number;
  size: number;
}

export interface PostPage {
  items: PostDTO[];
  totalItems: number;
}

/** Live: published and its date has come (the access module's `isLive`, in SQL). */
export const live = (now: Date) => postIsLiveSql(sql`${now.toISOString()}::timestamptz`);

// NULLS LAST as the indexes are built (drizzle's default), so the planner reads them in order.
export const newestFirst = [sql`${posts.publishDate} DESC NULLS LAST`, sql`${posts.id} DESC NULLS LAST`];

const offsetOf = ({ page, size }: PageOptions) => (page - 1) * size;

/** The posts of `rows` (ids, in their order) serialized for the viewer. */
const serializeRows = (db: Database, viewerId: string | null, rows: { id: string }[], now: Date) =>
  serializePosts(
    db,
    viewerId,
    rows.map((row) => row.id),
    now,
  );

/**
 * A page of posts matching `where`, newest first, with the total for `meta.totalPages`: a count of
 * the matching rows unless `total` gives it another way.
 */
async function pageOfPosts(
  db: Database,
  viewerId: string | null,
  where: SQL | undefined,
  options: PageOptions,
  now: Date,
  order = newestFirst,
  total: () => Promise<number> = async () =>
    Number((await db.select({ total: count() }).from(posts).where(where))[0].total),
): Promise<PostPage> {
  const [rows, totalItems] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(options.size)
      .offset(offsetOf(options)),
    total(),
  ]);
  return { items: await serializeRows(db, viewerId, rows, now), totalItems };
}

/** livePostsFromCounters of the expert row `e`. */
const expertRow = {
  publishedPostsCount: sql`e.published_posts_count`,
  latestPublishDate: sql`e.latest_publish_date`,
  userId: sql`e.user_id`,
};
const livePostsOfExpert = (now: SQL) => livePostsFromCounters(now, expertRow);

/** Everyone's live posts, from the experts' counters: a row per expert instead of one per post. */
async function countAllLivePosts(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${livePostsOfExpert(at)}), 0)::int` })
    .from(sql`${experts} e`);
  return Number(total);
}

/** `GET /api/posts`: everyone's live posts, optionally of one expert and/or one category. */
export function listPosts(
  db: Database,
  viewerId: string | null,
  options: PageOptions & { expertId?: string; categoryId?: number },
  now = new Date(),
): Promise<PostPage> {
  const where = and(
    live(now),
    options.expertId === undefined ? undefined : eq(posts.authorId, options.expertId),
    options.categoryId === undefined ? undefined : eq(posts.categoryId, options.categoryId),
  );
  const everyone = options.expertId === undefined && options.categoryId === undefined;
  return pageOfPosts(
    db,
    viewerId,
    where,
    options,
    now,
    newestFirst,
    everyone ? () => countAllLivePosts(db, now) : undefined,
  );
}

/**
 * `GET /api/posts/my`: the viewer's own posts. Published includes scheduled ones (a future date);
 * Draft lists drafts, newest created first (they have no publish date).
 */
export function listMyPosts(
  db: Database,
  viewerId: string,
  options: PageOptions & { status: "Published" | "Draft" },
  now = new Date(),
): Promise<PostPage> {
  const where = and(eq(posts.authorId, viewerId), eq(posts.status, options.status));
  const order = options.status === "Draft" ? [desc(posts.createdAt), desc(posts.id)] : newestFirst;
  return pageOfPosts(db, viewerId, where, options, now, order);
}

/**
 * The feed's reader and authors, each computed once per statement (CTEs read by the page, the
 * total and the views): `feed_viewer.id`, the user `viewer` names (NULL for a session that is not
 * live), and `feed_authors.ids`, the experts they follow or hold a subscription giving access to,
 * and themselves. The authors turn the page and the count into `author_id = ANY(…)` scans of
 * `posts_live_author_id_publish_date_idx`.
 */
function feedCtes(db: Database, viewer: SQL) {
  const one = sql`(SELECT 1) AS one`;
  const feedViewer = db.$with("feed_viewer").as(db.select({ id: sql<string | null>`${viewer}`.as("id") }).from(one));
  const reader = sql`(SELECT id FROM feed_viewer)`;
  const followed = db.select({ id: follows.expertId }).from(follows).where(eq(follows.followerId, reader));
  const subscribed = db
    .select({ id: subscriptions.expertId })
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, reader), subscriptionGivesAccessSql(nowParam)));
  const feedAuthors = db
    .$with("feed_authors")
    .as(db.select({ ids: sql<string[]>`ARRAY(${followed.union(subscribed)}) || ${reader}`.as("ids") }).from(one));
  return { ctes: [feedViewer, feedAuthors], reader, authors: sql`(SELECT ids FROM feed_authors)::uuid[]` };
}

/** The feed's total: the authors' live posts, one index scan of `experts_pkey` for all of them. */
const feedTotal = (authors: SQL) =>
  sql<number>`(SELECT coalesce(sum(${livePostsOfExpert(nowParam)}), 0) FROM ${experts} e WHERE e.user_id = ANY(${authors}))::int`;

/**
 * The feed is every signed-in reader's home, so one page of it is ONE named prepared statement:
 * the page's posts as views (`selectPostViews`) with the reader and the feed's total beside each
 * row. `viewer` is the `viewerId` placeholder, or the user of the `sessionId` placeholder's live
 * session (NULL when it is not live: no authors, no rows).
 *
 * The page's posts come from the newest live posts of anyone (`feed_recent`, at most `window` of
 * them, read in order from `posts_live_publish_date_idx`), kept when their author is in the feed:
 * once `reach` (= offset + size) of them are found, no older post can be among the page's. A reader
 * whose experts post too little to fill that window falls back to a merge of each author's newest
 * `reach` posts from `posts_live_author_id_publish_date_idx`. Either way a page reads a few hundred
 * index entries at most, never all of the followed experts' posts.
 */
function feedStatement(db: Database, viewer: SQL, name: string) {
  const { ctes, reader, authors } = feedCtes(db, viewer);
  const newest = (from: string) => sql.raw(`${from}.publish_date DESC NULLS LAST, ${from}.id DESC NULLS LAST`);
  const feedRecent = db.$with("feed_recent").as(
    db
      .select({ id: sql<string>`recent.id`.as("id"), publishDate: sql`recent.publish_date`.as("publish_date") })
      .from(
        sql`(SELECT p.id, p.publish_date, p.author_id FROM ${posts} p WHERE ${postIsLiveSql(nowParam, "p")}
             ORDER BY ${newest("p")} LIMIT ${sql.placeholder("window")}) AS recent`,
      )
      .where(sql`recent.author_id = ANY(${authors})`)
      .orderBy(sql`${newest("recent")}`)
      .limit(sql.placeholder("reach")),
  );
  const windowFilled = sql`(SELECT count(*) FROM feed_recent) >= ${sql.placeholder("reach")}`;
  return selectPostViews(db, { viewerId: sql<string | null>`${reader}`, total: feedTotal(authors) }, reader, [
    ...ctes,
    feedRecent,
  ])
    .where(
      sql`${posts.id} IN (
        SELECT page.id FROM (
          SELECT id, publish_date FROM feed_recent WHERE ${windowFilled}
          UNION ALL
          SELECT merged.id, merged.publish_date FROM unnest(${authors}) AS author(id)
          CROSS JOIN LATERAL (
            SELECT p.id, p.publish_date FROM ${posts} p
            WHERE p.author_id = author.id AND ${postIsLiveSql(nowParam, "p")}
            ORDER BY ${newest("p")}
            LIMIT ${sql.placeholder("reach")}
          ) merged
          WHERE NOT ${windowFilled}
        ) page
        ORDER BY ${newest("page")}
        LIMIT ${sql.placeholder("size")} OFFSET ${sql.placeholder("offset")})`,
    )
    .orderBy(...newestFirst)
    .prepare(name);
}

// A page past the end has no row to carry the total (nor the reader).
function feedCountStatement(db: Database, viewer: SQL, name: string) {
  const { ctes, reader, authors } = feedCtes(db, viewer);
  return db
    .with(...ctes)
    .select({ viewerId: sql<string | null>`${reader}`, total: feedTotal(authors) })
    .from(sql`(SELECT 1) AS one`)
    .prepare(name);
}

const sessionViewer = sessionUserId(sql`${sql.placeholder("sessionId")}::uuid`, nowParam);
const feedOfViewer = preparedStatement((db) => feedStatement(db, viewerParam, "read_feed"));
const feedOfViewerCount = preparedStatement((db) => feedCountStatement(db, viewerParam, "count_feed"));
const feedOfSession = preparedStatement((db) => feedStatement(db, sessionViewer, "read_session_feed"));
const feedOfSessionCount = preparedStatement((db) => feedCountStatement(db, sessionViewer, "count_session_feed"));

type FeedStatements =
  [typeof feedOfViewer, typeof feedOfViewerCount] | [typeof feedOfSession, typeof feedOfSessionCount];

async function readFeed(
  db: Database,
  [page, count]: FeedStatements,
  who: { viewerId: string } | { sessionId: string },
  options: PageOptions,
  now: Date,
): Promise<PostPage | null> {
  const at = now.toISOString();
  const reach = offsetOf(options) + options.size;
  // Page 1 looks at the newest 200 posts: a reader whose experts wrote one in 20 of them (the
  // bench's reader, 50 of 1,000 experts) finds their 5 there nearly every time. `who` last: V8's fast order.
  const rows = await page(db).execute({
    now: at,
    size: options.size,
    offset: offsetOf(options),
    reach,
    window: reach * 20 + 100,
    ...who,
  });
  const { viewerId, total } = rows[0] ?? (await count(db).execute({ now: at, ...who }))[0];
  if (viewerId === null) return null;
  const views = await toPostViews(db, rows, viewerId, now);
  return { items: views.map((view) => toPostDTO(view.record, view.access, now)), totalItems: Number(total) };
}

/**
 * `GET /api/posts/my/feed`: live posts of the experts the viewer follows or is subscribed to, and
 * the viewer's own, newest first.
 */
export async function listFeed(
  db: Database,
  viewerId: string,
  options: PageOptions,
  now = new Date(),
): Promise<PostPage> {
  return (await readFeed(db, [feedOfViewer, feedOfViewerCount], { viewerId }, options, now))!;
}

/**
 * The feed of the session `sessionId`'s user, the session checked in the same statement (the
 * feed API, every signed-in reader's most frequent call, makes one round trip instead of two);
 * null when the session is not live (revoked or expired): a 401.
 */
export function listFeedOfSession(
  db: Database,
  sessionId: string,
  options: PageOptions,
  now = new Date(),
): Promise<PostPage | null> {
  return readFeed(db, [feedOfSession, feedOfSessionCount], { sessionId }, options, now);
}

/** `GET /api/posts/my/liked`: live posts the viewer liked, the newest like first. */
export async function listLikedPosts(
  db: Database,
  viewerId: string,
  options: PageOptions,
  now = new Date(),
): Promise<PostPage> {
  const where = and(eq(likes.userId, viewerId), live(now));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: likes.postId })
      .from(likes)
      .innerJoin(posts, eq(posts.id, likes.postId))
      .where(where)
      .orderBy(sql`${likes.createdAt} DESC NULLS LAST`, desc(likes.postId))
      .limit(options.size)
      .offset(offsetOf(options)),
    db.select({ total: count() }).from(likes).innerJoin(posts, eq(posts.id, likes.postId)).where(where),
  ]);
  return { items: await serializeRows(db, viewerId, rows, now), totalItems: Number(total) };
}

/**
 * `GET /api/posts/my/notify`: the posts the viewer asked to be told about (notify-me), scheduled
 * ones first by when they go live, then the rest newest first (the watchlist).
 */
export async function listNotifyRequestedPosts(
  db: Database,
  viewerId: string,
  options: PageOptions,
  now = new Date(),
): Promise<PostPage> {
  const where = and(eq(notifyRequests.userId, viewerId), eq(posts.status, "Published"));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: notifyRequests.postId })
      .from(notifyRequests)
      .innerJoin(posts, eq(posts.id, notifyRequests.postId))
      .where(where)
      .orderBy(
        sql`${posts.publishDate} > ${now.toISOString()}::timestamptz DESC`,
        sql`CASE WHEN ${posts.publishDate} > ${now.toISOString()}::timestamptz THEN ${posts.publishDate} END ASC`,
        sql`${posts.publishDate} DESC NULLS LAST`,
        desc(posts.id),
      )
      .limit(options.size)
      .offset(offsetOf(options)),
    db
      .select({ total: count() })
      .from(notifyRequests)
      .innerJoin(posts, eq(posts.id, notifyRequests.postId))
      .where(where),
  ]);
  return { items: await serializeRows(db, viewerId, rows, now), totalItems: Number(total) };
}

/** `/events/{id}`: the live posts and picks about one game. */
export function listEventPosts(
  db: Database,
  viewerId: string | null,
  eventId: number,
  options: PageOptions,
  now = new Date(),
): Promise<PostPage> {
  return pageOfPosts(db, viewerId, and(live(now), eq(posts.eventId, eventId)), options, now);
}

/** How far back the best free posts are looked for: a new reader's first home shows what is current. */
const BEST_FREE_POSTS_DAYS = 14;

/** The most liked free posts of the last two weeks (newest first among equals): a new reader's first home. */
export async function listBestFreePosts(
  db: Database,
  viewerId: string | null,
  limit: number,
  now = new Date(),
): Promise<PostDTO[]> {
  const since = new Date(now.getTime() - BEST_FREE_POSTS_DAYS * 86_400_000);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(live(now), eq(posts.postType, "Post"), gte(posts.publishDate, since)))
    .orderBy(desc(posts.likesCount), ...newestFirst)
    .limit(limit);
  return serializeRows(db, viewerId, rows, now);
}

/** The home page's newest live free posts (type Post; picks are left out of this teaser list). */
export async function listLatestFreePosts(
  db: Database,
  viewerId: string | null,
  limit: number,
  now = new Date(),
): Promise<PostDTO[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(live(now), eq(posts.postType, "Post")))
    .orderBy(...newestFirst)
    .limit(limit);
  return serializeRows(db, viewerId, rows, now);
}
