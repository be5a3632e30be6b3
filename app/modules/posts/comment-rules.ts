/**
 * The comment rules the page needs without zod (issue 10: the post page's first load): the
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
