/**
 * The first page of a signed-in reader's feed as the home and /feed render it: their experts'
 * posts as cards, newest first.
 */
import type { Database } from "~/db/client.server";
import { DEFAULT_PAGE_SIZE, totalPagesOf } from "~/modules/http/page-param";
import { forCards, type CardPost } from "./card-post";
import { listFeed } from "./post-lists.server";

export interface FeedPage {
  posts: CardPost[];
  page: number;
  totalPages: number;
}

export async function readFeedPage(db: Database, viewerId: string, page: number): Promise<FeedPage> {
  const feed = await listFeed(db, viewerId, { page, size: DEFAULT_PAGE_SIZE });
  return { posts: forCards(feed.items), page, totalPages: totalPagesOf(feed.totalItems, DEFAULT_PAGE_SIZE) };
}
