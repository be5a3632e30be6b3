/**
 * Comments: one reply level, newest top-level comments first with their replies oldest
 * first. The discussion of a post is part of what the paywall guards: on a Pick the viewer may
 * not read, comments are neither readable nor writable (403). Deleting is soft: a deleted
 * comment shows as deleted while it has replies and is hidden otherwise. `posts.comments_count`
 * counts comments not deleted and moves in the same transaction as the row.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notifyComment } from "~/modules/notifications/notify.server";
import { comments, posts, profiles, users } from "~/db/schema";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { AppError, fieldErrorsFromZod } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { commentInputSchema, COMMENT_MESSAGES, type CommentInput } from "./comment-schema";
import { canReadBody } from "~/modules/access/access";
import { findReachablePost, type ReachablePost } from "./post-interactions.server";
import { hasActiveSubscription, type PostDTO } from "./post-serializer.server";
import { UUID_PATTERN } from "~/modules/http/uuid";

export interface CommentAuthor {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  roles: string[];
}

export interface CommentDTO {
  id: string;
  postId: string;
  parentId: string | null;
  /** null once deleted. */
  body: string | null;
  isDeleted: boolean;
  createdAt: string;
  /** null once deleted. */
  author: CommentAuthor | null;
  canDelete: boolean;
  /** Only on top-level comments, oldest first. */
  replies: CommentDTO[];
}

/** Shown: not deleted, or a deleted top-level comment that still has a reply shown. */
const shownTopLevel = (postId: string): SQL =>
  and(
    eq(comments.postId, postId),
    isNull(comments.parentId),
    or(
      isNull(comments.deletedAt),
      // "replies" aliases the table, so "comments" below is the outer row (comments_parent_id_idx).
      sql`EXISTS (SELECT 1 FROM ${comments} AS replies WHERE replies.parent_id = ${comments.id} AND replies.deleted_at IS NULL)`,
    ),
  )!;

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  body: comments.body,
  createdAt: comments.createdAt,
  deletedAt: comments.deletedAt,
  authorId: comments.authorId,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  avatar: profiles.avatar,
};

type CommentRow = {
  id: string;
  postId: string;
  parentId: string | null;
  body: string;
  createdAt: Date;
  deletedAt: Date | null;
  authorId: string;
  userName: string;
  firstName: string;
  lastName: string;
  roles: string[];
  avatar: string | null;
};

function toCommentDTO(
  row: CommentRow,
  viewerId: string | null,
  postAuthorId: string,
  replyRows: CommentRow[] = [],
): CommentDTO {
  const isDeleted = row.deletedAt !== null;
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    body: isDeleted ? null : row.body,
    isDeleted,
    createdAt: row.createdAt.toISOString(),
    author: isDeleted
      ? null
      : {
          id: row.authorId,
          userName: row.userName,
          firstName: row.firstName,
          lastName: row.lastName,
          avatar: avatarOrDefault(row.avatar, row.userName),
          roles: row.roles,
        },
    canDelete: !isDeleted && viewerId !== null && (viewerId === row.authorId || viewerId === postAuthorId),
    replies: replyRows.map((reply) => toCommentDTO(reply, viewerId, postAuthorId)),
  };
}

/**
 * The post whose discussion the viewer may join: it must be reachable (else 404) and its body
 * readable by them (else 403 with the subscribe message: a locked Pick's comments are locked too;
 * 401 for a visitor, who must sign in first).
 */
export async function findDiscussion(
  db: Database,
  viewerId: string | null,
  postId: string | undefined,
  now = new Date(),
): Promise<ReachablePost> {
  const post = await findReachablePost(db, viewerId, postId, now);
  const needsSubscription = post.postType === "Pick" && post.authorId !== viewerId && viewerId !== null;
  const subscriptionActive = needsSubscription ? await hasActiveSubscription(db, viewerId, post.authorId, now) : false;
  if (!canReadBody({ viewerId, post, subscriptionActive, now })) {
    // Not signed in (or an expired access cookie) is a 401: the client refreshes and asks again.
    if (viewerId === null) throw new AppError(401);
    throw new AppError(403, COMMENT_MESSAGES.locked);
  }
  return post;
}

type CommentPage = { items: CommentDTO[]; totalItems: number };

/** A page of top-level comments (newest first), each with all its shown replies (oldest first). */
export async function listComments(
  db: Database,
  viewerId: string | null,
  postId: string | undefined,
  options: { page: number; size: number },
  now = new Date(),
): Promise<CommentPage> {
  return pageOfComments(db, viewerId, await findDiscussion(db, viewerId, postId, now), options);
}

/**
 * The same for a post the viewer has just read through the serializer (the post page): its
 * verdict is the gate, so the discussion is not looked up again. A locked post has none to show.
 */
export async function listCommentsOfReadPost(
  db: Database,
  viewerId: string | null,
  post: Pick<PostDTO, "id" | "isLocked" | "author" | "commentsCount">,
  options: { page: number; size: number },
): Promise<CommentPage> {
  if (post.isLocked) throw new AppError(403, COMMENT_MESSAGES.locked);
  // The post's count (comments not deleted, replies too) says when there is nothing to show.
  if (post.commentsCount === 0) return { items: [], totalItems: 0 };
  return pageOfComments(db, viewerId, { id: post.id, authorId: post.author.id }, options);
}

async function pageOfComments(
  db: Database,
  viewerId: string | null,
  post: { id: string; authorId: string },
  options: { page: number; size: number },
): Promise<CommentPage> {
  const where = shownTopLevel(post.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .leftJoin(profiles, eq(profiles.userId, comments.authorId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(comments).where(where),
  ]);
  const replyRows =
    rows.length === 0
      ? []
      : await db
          .select(commentColumns)
          .from(comments)
          .innerJoin(users, eq(users.id, comments.authorId))
          .leftJoin(profiles, eq(profiles.userId, comments.authorId))
          .where(
            and(
              inArray(
                comments.parentId,
                rows.map((row) => row.id),
              ),
              isNull(comments.deletedAt),
            ),
          )
          .orderBy(asc(comments.createdAt), asc(comments.id));
  const repliesByParent = new Map<string, CommentRow[]>();
  for (const reply of replyRows) {
    const list = repliesByParent.get(reply.parentId!) ?? [];
    list.push(reply);
    repliesByParent.set(reply.parentId!, list);
  }
  return {
    items: rows.map((row) => toCommentDTO(row, viewerId, post.authorId, repliesByParent.get(row.id))),
    totalItems: Number(total),
  };
}

/**
 * The page (of `size` top-level comments) holding the comment, or its parent for a reply: for
 * `?scrollTo={commentId}`. null when the comment is not on this post or not shown.
 */
export async function findCommentPage(
  db: Database,
  postId: string,
  commentId: string,
  size: number,
): Promise<number | null> {
  if (!UUID_PATTERN.test(postId) || !UUID_PATTERN.test(commentId)) return null;
  const [found] = await db
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
  if (!found) return null;
  const targetId = found.parentId ?? found.id;
  const [target] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.id, targetId), shownTopLevel(postId)));
  if (!target) return null;
  // Compared in SQL: created_at has microseconds a JS Date would lose.
  const [{ newer }] = await db
    .select({ newer: count() })
    .from(comments)
    .where(
      and(
        shownTopLevel(postId),
        sql`(${comments.createdAt}, ${comments.id}) > (SELECT t.created_at, t.id FROM ${comments} AS t WHERE t.id = ${target.id}::uuid)`,
      ),
    );
  return Math.floor(Number(newer) / size) + 1;
}

function invalid(field: string, message: string): AppError {
  return new AppError(422, defaultErrorMessage(422), { [field]: [message] });
}

/** Adds a comment or a reply; a reply to a reply joins its top-level comment (one reply level). */
export async function addComment(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  input: CommentInput,
  now = new Date(),
): Promise<CommentDTO> {
  // The route validated already; other callers (a page action) pass what the form sent.
  const post = await findDiscussion(db, viewerId, postId, now);
  const parsed = commentInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(parsed.error));
  const { body, parentId } = parsed.data;
  let topLevelId: string | null = null;
  let repliedToAuthorId: string | null = null;
  if (parentId !== null) {
    const [parent] = UUID_PATTERN.test(parentId)
      ? await db
          .select({
            id: comments.id,
            parentId: comments.parentId,
            authorId: comments.authorId,
            deletedAt: comments.deletedAt,
          })
          .from(comments)
          .where(and(eq(comments.id, parentId), eq(comments.postId, post.id)))
      : [];
    if (!parent || parent.deletedAt !== null) throw invalid("parentId", COMMENT_MESSAGES.unknownParent);
    topLevelId = parent.parentId ?? parent.id;
    repliedToAuthorId = parent.authorId;
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ postId: post.id, authorId: viewerId, parentId: topLevelId, body })
      .returning({ id: comments.id });
    await tx
      .update(posts)
      .set({ commentsCount: sql`${posts.commentsCount} + 1` })
      .where(eq(posts.id, post.id));
    await notifyComment(tx, { id: row.id, postId: post.id, authorId: viewerId, repliedToAuthorId });
    return row.id;
  });
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(profiles, eq(profiles.userId, comments.authorId))
    .where(eq(comments.id, created));
  return toCommentDTO(row, viewerId, post.authorId);
}

/** Soft-deletes a comment: its author or the post's author; anyone else 403, an unknown or deleted one 404. */
export async function deleteComment(db: Database, viewerId: string, commentId: string | undefined): Promise<void> {
  if (!commentId || !UUID_PATTERN.test(commentId)) throw new AppError(404);
  const [found] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorId: comments.authorId,
      deletedAt: comments.deletedAt,
      postAuthorId: posts.authorId,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId));
  if (!found || found.deletedAt !== null) throw new AppError(404);
  if (viewerId !== found.authorId && viewerId !== found.postAuthorId) throw new AppError(403);
  await db.transaction(async (tx) => {
    // Conditional, so two deletes at once take one off the counter.
    const deleted = await tx
      .update(comments)
      .set({ deletedAt: new Date() })
      .where(and(eq(comments.id, found.id), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (deleted.length === 0) return;
    await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(${posts.commentsCount} - 1, 0)` })
      .where(eq(posts.id, found.postId));
  });
}
