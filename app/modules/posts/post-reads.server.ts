/**
 * Reading one post (`GET /api/posts/{postId}`, the post page, the editor): what the viewer may see
 * of it, by the access module's rule, through `toPostDTO` like every answer.
 */
import type { Database } from "~/db/client.server";
import { canSeePost } from "~/modules/access/access";
import { AppError } from "~/modules/http/app-error";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { loadPostViews, toPostDTO, type PostDTO, type PostView } from "./post-serializer.server";

/**
 * The post if this viewer may see it at all: a draft only for its author, else 404. A scheduled
 * post is visible to everyone as a teaser (the serializer keeps its body and preview back) so
 * readers can ask to be notified when it goes live.
 */
export async function findVisiblePost(
  db: Database,
  viewerId: string | null,
  postId: string | undefined,
  now = new Date(),
): Promise<PostView> {
  const [view] = postId && UUID_PATTERN.test(postId) ? await loadPostViews(db, viewerId, [postId], now) : [];
  if (!view || !canSeePost(viewerId, view.record)) throw new AppError(404);
  return view;
}

/** Anyone; drafts only for their author; someone else's scheduled post as a teaser. */
export async function readPost(
  db: Database,
  viewerId: string | null,
  postId: string | undefined,
  now = new Date(),
): Promise<PostDTO> {
  const { record, access } = await findVisiblePost(db, viewerId, postId, now);
  return toPostDTO(record, access, now);
}
