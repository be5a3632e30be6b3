import { and, count, desc, eq, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, posts, profiles, users } from "~/db/schema";
import { avatarOrDefault } from "~/modules/experts/experts.server";

export interface PostTeaser {
  id: string;
  title: string;
  previewText: string;
  publishDate: string;
  category: string;
  likesCount: number;
  author: { id: string; userName: string; avatar: string };
}

/**
 * The newest published free posts (type Post): a teaser each, never a body. Picks are left out
 * here entirely; they leave the server only through the paywall's serializer.
 */
export async function listLatestFreePosts(db: Database, limit: number, now = new Date()): Promise<PostTeaser[]> {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      previewText: posts.previewText,
      publishDate: posts.publishDate,
      category: categories.name,
      likesCount: posts.likesCount,
      authorId: users.id,
      userName: users.userName,
      avatar: profiles.avatar,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(profiles, eq(profiles.userId, posts.authorId))
    .where(and(eq(posts.postType, "Post"), eq(posts.status, "Published"), lte(posts.publishDate, now)))
    .orderBy(desc(posts.publishDate))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    previewText: row.previewText,
    publishDate: row.publishDate!.toISOString(),
    category: row.category,
    likesCount: row.likesCount,
    author: { id: row.authorId, userName: row.userName, avatar: avatarOrDefault(row.avatar, row.userName) },
  }));
}

/** A post in an expert's list: a teaser (preview text, never the body) plus a graded pick's public record. */
export interface ExpertPostTeaser {
  id: string;
  postType: "Post" | "Pick";
  title: string;
  previewText: string;
  publishDate: string;
  category: string;
  likesCount: number;
  commentsCount: number;
  /** A Pick the viewer may not read (not its author, no subscription): only the teaser shows. */
  isLocked: boolean;
  /** DECISIONS.md "Posts and picks": a graded pick's selection, odds, units and result are public. */
  graded: { selection: string | null; odds: number | null; units: number | null; pickResult: "Win" | "Loss" | "Push" | "Void" } | null;
}

/**
 * One page of an expert's published posts and picks, newest first. The body is never selected:
 * the list links to the post, where the paywall's serializer decides. `canReadPicks` is true for
 * the author and for subscribers with access.
 */
export async function listExpertPosts(
  db: Database,
  authorId: string,
  options: { page: number; size: number; canReadPicks: boolean },
  now = new Date(),
): Promise<{ items: ExpertPostTeaser[]; totalItems: number }> {
  const where = and(eq(posts.authorId, authorId), eq(posts.status, "Published"), lte(posts.publishDate, now));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: posts.id,
        postType: posts.postType,
        title: posts.title,
        previewText: posts.previewText,
        publishDate: posts.publishDate,
        category: categories.name,
        likesCount: posts.likesCount,
        commentsCount: posts.commentsCount,
        selection: posts.selection,
        odds: posts.odds,
        units: posts.units,
        pickResult: posts.pickResult,
      })
      .from(posts)
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(where)
      .orderBy(desc(posts.publishDate), desc(posts.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return {
    totalItems: Number(total),
    items: rows.map((row) => ({
      id: row.id,
      postType: row.postType,
      title: row.title,
      previewText: row.previewText,
      publishDate: row.publishDate!.toISOString(),
      category: row.category,
      likesCount: row.likesCount,
      commentsCount: row.commentsCount,
      isLocked: row.postType === "Pick" && !options.canReadPicks,
      graded:
        row.postType === "Pick" && row.pickResult
          ? { selection: row.selection, odds: row.odds, units: row.units === null ? null : Number(row.units), pickResult: row.pickResult }
          : null,
    })),
  };
}
