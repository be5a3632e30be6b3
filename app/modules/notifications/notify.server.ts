/**
 * Creating notifications (decision 024): each kind's recipients, never the actor
 * themself, in the transaction of the action that causes them, so they exist exactly when it
 * committed; the `notifications_keep_and_announce` trigger (drizzle/0018) then tells every app
 * instance (NOTIFY is delivered on commit) and each instance's stream hub sends them.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { follows, notifications, notifyRequests, posts, subscriptions } from "~/db/schema";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import type { NotificationKind } from "./notification-kinds";

/** A transaction or the database: notifications join the caller's transaction. */
export type Writer = Pick<Database, "insert" | "execute" | "select">;

/** `PostLike` to the post's author, once per liker and post however often they like it again. */
export async function notifyPostLike(tx: Writer, postId: string, likerId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${notifications} (recipient_id, data_type, actor_id, post_id)
    SELECT p.author_id, 'PostLike', ${likerId}::uuid, p.id FROM ${posts} p
    WHERE p.id = ${postId}::uuid AND p.author_id <> ${likerId}::uuid
      AND NOT EXISTS (SELECT 1 FROM ${notifications} n WHERE n.recipient_id = p.author_id AND n.data_type = 'PostLike'
        AND n.post_id = p.id AND n.actor_id = ${likerId}::uuid)`);
}

/**
 * A new comment: `ReplyComment` to the author of the comment replied to, `NewComment` to the
 * post's author (unless they are that same person, who gets the reply only).
 */
export async function notifyComment(
  tx: Writer,
  comment: { id: string; postId: string; authorId: string; repliedToAuthorId: string | null },
): Promise<void> {
  const rows: NewNotification[] = [];
  if (comment.repliedToAuthorId)
    rows.push({
      recipientId: comment.repliedToAuthorId,
      dataType: "ReplyComment",
      actorId: comment.authorId,
      postId: comment.postId,
      commentId: comment.id,
    });
  const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, comment.postId));
  if (post && post.authorId !== comment.repliedToAuthorId)
    rows.push({
      recipientId: post.authorId,
      dataType: "NewComment",
      actorId: comment.authorId,
      postId: comment.postId,
      commentId: comment.id,
    });
  await insertNotifications(tx, rows);
}

/** `NewSubscription` to the expert when a subscription starts (not on renewals). */
export async function notifyNewSubscription(tx: Writer, expertId: string, subscriberId: string): Promise<void> {
  await insertNotifications(tx, [{ recipientId: expertId, dataType: "NewSubscription", actorId: subscriberId }]);
}

/**
 * `Cheer` to the expert once a tip went through (decision 024). The notification takes the tip's
 * payment id as its own id: that is how it finds its amount and message, and the primary key
 * makes a second call for the same tip (a webhook delivered again) do nothing.
 */
export async function notifyCheer(
  tx: Writer,
  payment: { id: string; payerId: string; expertId: string },
): Promise<void> {
  if (payment.payerId === payment.expertId) return;
  await tx
    .insert(notifications)
    .values({ id: payment.id, recipientId: payment.expertId, dataType: "Cheer", actorId: payment.payerId })
    .onConflictDoNothing({ target: notifications.id });
}

/**
 * A post has gone live: `ExpertNewPost` to the author's followers and subscribers (a Pick only to
 * those whose subscription lets them read it) and `PostLive` to everyone who asked notify-me
 * (who then does not get ExpertNewPost as well).
 */
export async function notifyPostLive(tx: Writer, postId: string, now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Only a pick is e-mailed (emailNewPicks): a free post's notifications are stamped done at once,
  // which keeps them out of that job's index and its claims.
  const notMailed = sql`CASE WHEN p.post_type = 'Pick' THEN NULL ELSE ${at} END`;
  // No actor: the post's author is its expert (notificationData), and a burst's rows skip that check.
  await tx.execute(sql`
    INSERT INTO ${notifications} (recipient_id, data_type, actor_id, post_id, emailed_at)
    SELECT r.user_id, 'PostLive', NULL, p.id, ${notMailed} FROM ${notifyRequests} r JOIN ${posts} p ON p.id = r.post_id
    WHERE r.post_id = ${postId}::uuid AND r.user_id <> p.author_id`);
  await tx.execute(sql`
    INSERT INTO ${notifications} (recipient_id, data_type, actor_id, post_id, emailed_at)
    SELECT readers.id, 'ExpertNewPost', NULL, p.id, ${notMailed} FROM ${posts} p
    CROSS JOIN LATERAL (
      SELECT ${follows.followerId} AS id FROM ${follows} WHERE ${follows.expertId} = p.author_id AND p.post_type = 'Post'
      UNION
      SELECT ${subscriptions.subscriberId} FROM ${subscriptions} WHERE ${subscriptions.expertId} = p.author_id AND ${subscriptionGivesAccessSql(at)}
    ) readers
    WHERE p.id = ${postId}::uuid AND readers.id <> p.author_id
      AND NOT EXISTS (SELECT 1 FROM ${notifyRequests} r WHERE r.post_id = p.id AND r.user_id = readers.id)`);
}

/**
 * A pick was graded (its first grade, from the score or by its expert): `PickGraded` to everyone
 * who asked notify-me on it, its expert aside. The grade itself is public once given.
 */
export async function notifyPickGraded(tx: Writer, postId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${notifications} (recipient_id, data_type, actor_id, post_id)
    SELECT r.user_id, 'PickGraded', NULL, p.id FROM ${notifyRequests} r JOIN ${posts} p ON p.id = r.post_id
    WHERE r.post_id = ${postId}::uuid AND r.user_id <> p.author_id AND p.pick_result IS NOT NULL`);
}

interface NewNotification {
  recipientId: string;
  dataType: NotificationKind;
  actorId?: string;
  postId?: string;
  commentId?: string;
  eventId?: number;
}

async function insertNotifications(tx: Writer, rows: NewNotification[]): Promise<void> {
  const wanted = rows.filter((row) => row.recipientId !== row.actorId);
  if (wanted.length > 0) await tx.insert(notifications).values(wanted);
}
