/**
 * The expert page's two lists, read as views for the viewer in ONE named prepared statement each
 * (no ids query first, nothing to parse or plan per view): its live posts, newest first, and its
 * scheduled posts, soonest first. The expert's row already counted its live posts.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { posts } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import { live, newestFirst, type PageOptions, type PostPage } from "./post-lists.server";
import { nowParam, selectPostViews, toPostDTO, toPostViews, type PostDTO } from "./post-serializer.server";

const ofAuthor = eq(posts.authorId, sql`${sql.placeholder("authorId")}::uuid`);

const expertPostsStatement = preparedStatement((db) =>
  selectPostViews(db, {})
    .where(and(ofAuthor, postIsLiveSql(nowParam)))
    .orderBy(...newestFirst)
    .limit(sql.placeholder("size"))
    .offset(sql.placeholder("offset"))
    .prepare("read_expert_posts"),
);

const upcomingPostsStatement = preparedStatement((db) =>
  selectPostViews(db, {})
    .where(and(ofAuthor, eq(posts.status, "Published"), sql`${posts.publishDate} > ${nowParam}`))
    .orderBy(sql`${posts.publishDate} ASC NULLS LAST`, posts.id)
    .limit(sql.placeholder("size"))
    .prepare("read_upcoming_posts"),
);

type Statement = typeof expertPostsStatement | typeof upcomingPostsStatement;

async function readPosts(
  db: Database,
  statement: Statement,
  viewerId: string | null,
  params: { authorId: string; size: number; offset?: number },
  now: Date,
): Promise<PostDTO[]> {
  const rows = await statement(db).execute({ viewerId, now: now.toISOString(), ...params });
  return (await toPostViews(db, rows, viewerId, now)).map((view) => toPostDTO(view.record, view.access, now));
}

/** An expert's live posts, newest first; `livePosts` (the expert row's count) when known saves counting them. */
export async function listExpertPosts(
  db: Database,
  viewerId: string | null,
  authorId: string,
  { page, size }: PageOptions,
  now = new Date(),
  livePosts?: number,
): Promise<PostPage> {
  const [items, totalItems] = await Promise.all([
    readPosts(db, expertPostsStatement, viewerId, { authorId, size, offset: (page - 1) * size }, now),
    livePosts ?? countLivePosts(db, authorId, now),
  ]);
  return { items, totalItems };
}

async function countLivePosts(db: Database, authorId: string, now: Date): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), live(now)));
  return Number(total);
}

/**
 * An expert's scheduled posts, the soonest first: teasers (title and date; the serializer keeps
 * body and preview back from everyone but the author) that readers can ask notify-me for.
 */
export function listUpcomingPosts(
  db: Database,
  viewerId: string | null,
  authorId: string,
  limit: number,
  now = new Date(),
): Promise<PostDTO[]> {
  return readPosts(db, upcomingPostsStatement, viewerId, { authorId, size: limit }, now);
}
