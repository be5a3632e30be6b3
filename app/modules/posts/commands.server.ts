/**
 * The changes a reader or an author makes to posts, each written once (app/modules/command.server.ts):
 * the post page's fetchers and the /api routes both run these.
 */
import { z } from "zod";
import { defineCommand, flagField, noInput } from "~/modules/command.server";
import { recordRules } from "~/modules/record/record-rules";
import { commentInputSchema } from "./comment-schema";
import { addComment, deleteComment, findDiscussion } from "./comments.server";
import { cancelNotify, likePost, requestNotify, unlikePost } from "./post-interactions.server";
import { pickResultQuerySchema, postInputSchema } from "./post-schema";
import { createPost, deletePost, gradePick, updatePost, withdrawPick } from "./post-writes.server";

/** Like (`liked: true`) or unlike a post the viewer may read → `{liked, likesCount}`; both idempotent. */
export const likeCommand = defineCommand({
  who: "confirmed",
  input: z.object({ liked: flagField }),
  rateLimit: (env) => ({ name: "like", ...env.RATE_LIMIT_LIKE }),
  run: ({ context, viewer, params, input }) =>
    (input.liked ? likePost : unlikePost)(context.db, viewer.user.id, params.postId),
});

/** Ask to be told when a scheduled post goes live (`notify: true`), or stop → `{isNotifyRequested}`. */
export const notifyCommand = defineCommand({
  who: "confirmed",
  input: z.object({ notify: flagField }),
  run: ({ context, viewer, params, input }) =>
    (input.notify ? requestNotify : cancelNotify)(context.db, viewer.user.id, params.postId),
});

/** The author grades their pick Win, Loss, Push or Void → the post. */
export const gradePickCommand = defineCommand({
  who: "confirmed",
  input: pickResultQuerySchema,
  run: ({ context, viewer, params, input }) => gradePick(context.db, viewer.user.id, params.postId, input.pickResult),
});

/** The author withdraws a posted pick within the grace minutes, before its event starts → the post. */
export const withdrawPickCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: ({ context, viewer, params }) =>
    withdrawPick(context.db, viewer.user.id, params.postId, { rules: recordRules(context.env) }),
});

/** The author deletes their post → `{deleted: true}`. */
export const deletePostCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: async ({ context, viewer, params }) => {
    await deletePost(context.db, viewer.user.id, params.postId);
    return { deleted: true as const };
  },
});

/** An expert writes a post → the post. */
export const createPostCommand = defineCommand({
  who: "expert",
  input: postInputSchema,
  rateLimit: (env) => ({ name: "post", ...env.RATE_LIMIT_POST }),
  run: ({ context, viewer, input }) =>
    createPost(context.db, viewer.user.id, input, { rules: recordRules(context.env) }),
});

/** The author edits their post (what the record has fixed stays fixed) → the post. */
export const updatePostCommand = defineCommand({
  who: "confirmed",
  input: postInputSchema,
  run: ({ context, viewer, params, input }) =>
    updatePost(context.db, viewer.user.id, params.postId, input, { rules: recordRules(context.env) }),
});

/** A comment or a reply (`parentId`) on a post the viewer may read → the comment. */
export const addCommentCommand = defineCommand({
  who: "confirmed",
  input: commentInputSchema,
  // 404/403 before the body is checked: nothing about a post the viewer may not join is answered.
  allows: ({ context, viewer, params }) => findDiscussion(context.db, viewer.user.id, params.postId),
  rateLimit: (env) => ({ name: "comment", ...env.RATE_LIMIT_COMMENT }),
  run: ({ context, viewer, params, input }) => addComment(context.db, viewer.user.id, params.postId, input),
});

/** The comment's author or the post's deletes a comment (its replies with it) → `{deleted: true}`. */
export const deleteCommentCommand = defineCommand({
  who: "confirmed",
  input: z.object({ commentId: z.string().min(1).max(100) }),
  run: async ({ context, viewer, input }) => {
    await deleteComment(context.db, viewer.user.id, input.commentId);
    return { deleted: true as const };
  },
});
