/**
 * Likes and notify-me. Both act only on a post the viewer can see: a live post, or their
 * own draft or scheduled post; anything else is a 404 like the post itself. Likes keep
 * `posts.likes_count` in the same transaction, so the counter matches the rows under concurrency.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notifyPostLike } from "~/modules/notifications/notify.server";
import { likes, notifyRequests, posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { canReadPreview, canSeePost } from "~/modules/access/access";
import { UUID_PATTERN } from "~/modules/http/uuid";

export interface ReachablePost {
  id: string;
  authorId: string;
  postType: "Post" | "Pick";
  status: "Published" | "Draft";
  publishDate: Date | null;
}

export const NOT_LIVE_MESSAGE = "This post is not live yet.";

/**
 * The post if this viewer may act on it (live, or their own), else 404 for drafts and unknown ids.
 * Someone else's scheduled post is visible as a teaser: notify-me takes it (`scheduled: "allow"`);
 * likes and comments wait until it is live (422).
 */
export async function findReachablePost(
  db: Database,
  viewerId: string | null,
  postId: string | undefined,
  now = new Date(),
  scheduled: "allow" | "reject" = "reject",
): Promise<ReachablePost> {
  if (!postId || !UUID_PATTERN.test(postId)) throw new AppError(404);
  const [post] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      postType: posts.postType,
      status: posts.status,
      publishDate: posts.publishDate,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw new AppError(404);
  if (canReadPreview(viewerId, post, now)) return post;
  if (!canSeePost(viewerId, post)) throw new AppError(404);
  if (scheduled === "reject") throw new AppError(422, NOT_LIVE_MESSAGE);
  return post;
}

export interface LikeState {
  liked: boolean;
  likesCount: number;
}

/** Likes the post; liking it again changes nothing. */
export async function likePost(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  now = new Date(),
): Promise<LikeState> {
  const post = await findReachablePost(db, viewerId, postId, now);
  return db.transaction(async (tx) => {
    // A second like by the same viewer waits on the primary key, then inserts nothing.
    const inserted = await tx
      .insert(likes)
      .values({ userId: viewerId, postId: post.id })
      .onConflictDoNothing()
      .returning({ postId: likes.postId });
    if (inserted.length > 0) await notifyPostLike(tx, post.id, viewerId);
    return { liked: true, likesCount: await bumpLikes(tx, post.id, inserted.length) };
  });
}

/** Takes the like back; unliking a post not liked changes nothing. */
export async function unlikePost(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  now = new Date(),
): Promise<LikeState> {
  const post = await findReachablePost(db, viewerId, postId, now);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(likes)
      .where(and(eq(likes.userId, viewerId), eq(likes.postId, post.id)))
      .returning({ postId: likes.postId });
    return { liked: false, likesCount: await bumpLikes(tx, post.id, -deleted.length) };
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Adds `delta` to the post's counter (relative, so concurrent likes of others all count) and answers it. */
async function bumpLikes(tx: Tx, postId: string, delta: number): Promise<number> {
  if (delta === 0) {
    const [row] = await tx.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, postId));
    return row?.likesCount ?? 0;
  }
  const [row] = await tx
    .update(posts)
    .set({ likesCount: sql`greatest(${posts.likesCount} + ${delta}, 0)` })
    .where(eq(posts.id, postId))
    .returning({ likesCount: posts.likesCount });
  return row?.likesCount ?? 0;
}

/** "Notify me" when the post goes live (product.md "Posts and picks"); asking twice is one request. */
export async function requestNotify(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  now = new Date(),
): Promise<{ isNotifyRequested: boolean }> {
  const post = await findReachablePost(db, viewerId, postId, now, "allow");
  await db.insert(notifyRequests).values({ userId: viewerId, postId: post.id }).onConflictDoNothing();
  return { isNotifyRequested: true };
}

export async function cancelNotify(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  now = new Date(),
): Promise<{ isNotifyRequested: boolean }> {
  const post = await findReachablePost(db, viewerId, postId, now, "allow");
  await db.delete(notifyRequests).where(and(eq(notifyRequests.userId, viewerId), eq(notifyRequests.postId, post.id)));
  return { isNotifyRequested: false };
}
