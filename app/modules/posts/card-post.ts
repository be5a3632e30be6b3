import type { PostDTO } from "~/modules/posts/post-serializer.server";

/**
 * A post as a list's card shows it (PostCard and its like, notify and grading controls): the
 * serialized post less what only the post's own page renders (its body and preview document, the
 * pick's commitment, corrections, closing line). Lists ship only this to the browser.
 */
export type CardPost = Pick<
  PostDTO,
  | "id"
  | "postType"
  | "title"
  | "isLocked"
  | "previewText"
  | "status"
  | "publishDate"
  | "categoryInfo"
  | "eventInfo"
  | "coverImage"
  | "pickResult"
  | "selection"
  | "odds"
  | "units"
  | "market"
  | "legs"
  | "withdrawnAt"
  | "author"
  | "likesCount"
  | "commentsCount"
  | "metadata"
>;

export function toCardPost(post: PostDTO): CardPost {
  return {
    id: post.id,
    postType: post.postType,
    title: post.title,
    isLocked: post.isLocked,
    previewText: post.previewText,
    status: post.status,
    publishDate: post.publishDate,
    categoryInfo: post.categoryInfo,
    eventInfo: post.eventInfo,
    coverImage: post.coverImage,
    pickResult: post.pickResult,
    selection: post.selection,
    odds: post.odds,
    units: post.units,
    market: post.market,
    legs: post.legs,
    withdrawnAt: post.withdrawnAt,
    author: post.author,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    metadata: post.metadata,
  };
}

/**
 * What a list's loader sends: of each post as serialized, only what its card renders (never the
 * body: the reader opens the post for that), so a page's HTML does not carry its data twice over.
 */
export function forCards(posts: PostDTO[]): CardPost[] {
  return posts.map(toCardPost);
}
