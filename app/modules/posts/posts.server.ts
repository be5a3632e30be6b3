import { and, desc, eq, lte } from "drizzle-orm";
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
