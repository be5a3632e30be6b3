/**
 * Query strings of the post and comment lists (product.md "API conventions": page from 1, size 5
 * by default and at most 100). A malformed value is a 400 through `readQuery`.
 */
import { z } from "zod";
import { idParam, pageQuery, wholeNumber } from "~/modules/http/search-params";
import { COMMENTS_PAGE_SIZE } from "./comment-schema";

const uuid = z.string().uuid("Must be an id");

/** `GET /api/posts?size&page&expertId&categoryId` */
export const postListQuerySchema = z.object({
  ...pageQuery,
  expertId: uuid.optional(),
  categoryId: idParam.optional(),
});

/** `GET /api/posts/my?size&page&status` (Published by default: live and scheduled). */
export const myPostsQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(["Published", "Draft"]).default("Published"),
});

/** `GET /api/posts/my/feed` and `/my/liked`. */
export const pageOnlyQuerySchema = z.object(pageQuery);

/** `GET /api/posts/{postId}/comments?page&size` (ten a page by default). */
export const commentListQuerySchema = z.object({ page: pageQuery.page, size: wholeNumber(1, 100, COMMENTS_PAGE_SIZE) });
