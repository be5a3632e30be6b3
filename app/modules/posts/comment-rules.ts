/**
 * The comment rules the page needs, without zod (which the post page's first load leaves out): the
 * length limit, the messages and the page size. comment-schema.ts builds the validation on them.
 */
export const COMMENT_BODY_MAX = 2000;

export const COMMENT_MESSAGES = {
  required: "Required",
  invalid: "Invalid input",
  tooLong: `Must contain at most ${COMMENT_BODY_MAX} character(s)`,
  unknownParent: "Unknown comment",
  locked: "Subscribe to this expert to read and join the discussion.",
} as const;

/** `GET /api/posts/{postId}/comments`: page-number list, ten a page by default. */
export const COMMENTS_PAGE_SIZE = 10;

/**
 * The comment form's check before sending, without zod: the same rule and messages as
 * commentInputSchema's `body` (trimmed, required, at most COMMENT_BODY_MAX characters), which the
 * server applies in any case. test/unit/comment-rules.test.ts holds the two together.
 */
export function checkCommentBody(value: unknown): { body: string; error?: undefined } | { error: string } {
  if (value === undefined) return { error: COMMENT_MESSAGES.required };
  if (typeof value !== "string") return { error: COMMENT_MESSAGES.invalid };
  const body = value.trim();
  if (body.length < 1) return { error: COMMENT_MESSAGES.required };
  if (body.length > COMMENT_BODY_MAX) return { error: COMMENT_MESSAGES.tooLong };
  return { body };
}

/** Where a post's discussion pages come from and its changes go (the page route of the comments). */
export const commentsPath = (postId: string) => `/posts/${encodeURIComponent(postId)}/comments`;
