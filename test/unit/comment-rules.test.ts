import { describe, expect, it } from "vitest";
import { checkCommentBody, COMMENT_BODY_MAX } from "~/modules/posts/comment-rules";
import { commentInputSchema } from "~/modules/posts/comment-schema";

/** The comment form checks without zod; it must answer as the server's schema does. */
describe("checkCommentBody agrees with commentInputSchema", () => {
  const cases: unknown[] = [
    undefined,
    null,
    "",
    "   ",
    "\n\t",
    "ok",
    "  padded  ",
    "x".repeat(COMMENT_BODY_MAX),
    ` ${"x".repeat(COMMENT_BODY_MAX)} `,
    "x".repeat(COMMENT_BODY_MAX + 1),
    42,
  ];
  it.each(cases.map((value) => [JSON.stringify(value) ?? "undefined", value]))("%s", (_label, value) => {
    const schema = commentInputSchema.safeParse({ body: value });
    const checked = checkCommentBody(value);
    if (schema.success) expect(checked).toEqual({ body: schema.data.body });
    else expect(checked).toEqual({ error: schema.error.issues.find((issue) => issue.path[0] === "body")?.message });
  });
});
