/**
 * Comment validation: client-safe, shared by `POST /api/posts/{postId}/comments` and
 * the comment form. The body is trimmed (readJsonBody trims; the schema trims again for callers
 * that pass raw input).
 */
import { z } from "zod";
import { COMMENT_BODY_MAX, COMMENT_MESSAGES } from "./comment-rules";

export { COMMENT_BODY_MAX, COMMENT_MESSAGES, COMMENTS_PAGE_SIZE } from "./comment-rules";

export const commentInputSchema = z.object({
  body: z
    .string({ required_error: COMMENT_MESSAGES.required, invalid_type_error: COMMENT_MESSAGES.invalid })
    .trim()
    .min(1, COMMENT_MESSAGES.required)
    .max(COMMENT_BODY_MAX, COMMENT_MESSAGES.tooLong),
  parentId: z
    .string({ invalid_type_error: COMMENT_MESSAGES.invalid })
    .nullish()
    .transform((value) => value || null),
});

/** What a caller sends: `{body, parentId?}` (parentId optional, null or empty for a top-level comment). */
export type CommentInput = z.input<typeof commentInputSchema>;
