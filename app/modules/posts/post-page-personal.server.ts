/**
 * What a post's page shows of its reader (decision 047): their like and notify-me on the post, and
 * which of the comments shown are theirs to delete. Everything else on the page is the same for
 * every reader of one audience (the pick unlocked for the author's subscribers, locked for
 * everyone else; a free post alike for all), so a page rendered once for the audience gets this
 * beside it.
 */
import type { Database } from "~/db/client.server";
import { readReaderStates } from "~/modules/experts/expert-page-personal.server";

/** What the page shows: its post, the post's author and type, and the comments of its first page. */
export interface PostPageSubject {
  postId: string;
  authorId: string;
  postType: "Post" | "Pick";
  /** Each comment shown (replies too) with its author; a deleted one has none. */
  comments: { id: string; authorId: string | null }[];
}

export interface PostPagePersonal {
  post: { isLiked: boolean; isNotifyRequested: boolean };
  /** The comments shown that the reader wrote (a reader may delete their own). */
  deletableComments: string[];
}

export async function readPostPagePersonal(
  db: Database,
  readerId: string,
  subject: PostPageSubject,
): Promise<PostPagePersonal> {
  const states = await readReaderStates(db, readerId, subject.authorId, [subject.postId]);
  return {
    post: states.posts[subject.postId] ?? { isLiked: false, isNotifyRequested: false },
    deletableComments: subject.comments.filter((comment) => comment.authorId === readerId).map((comment) => comment.id),
  };
}
