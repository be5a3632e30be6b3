/**
 * A new reader's first home (docs/product.md "Home"): until their feed has a post, the home shows
 * experts to follow with their verified records, the leaderboard's top and the best free posts,
 * rather than an empty list.
 */
import type { Database } from "~/db/client.server";
import { listExperts } from "~/modules/experts/experts.server";
import { forCards } from "~/modules/posts/card-post";
import { listBestFreePosts } from "~/modules/posts/post-lists.server";
import { toLeaderboardRows } from "~/modules/record/leaderboard-rows";
import { leaderboardTop } from "~/modules/record/leaderboard-lists.server";

const EXPERTS_SHOWN = 6;
const FREE_POSTS_SHOWN = 5;

export async function readFirstHome(db: Database, viewerId: string) {
  const [experts, freePosts, leaders] = await Promise.all([
    // A few more than shown: the ones the reader already follows or subscribes to are left out.
    listExperts(db, { page: 1, size: EXPERTS_SHOWN * 2, sort: "subscribers" }, viewerId),
    listBestFreePosts(db, viewerId, FREE_POSTS_SHOWN),
    leaderboardTop(db),
  ]);
  return {
    experts: experts.items
      .filter((expert) => expert.id !== viewerId && !expert.isFollowed && !expert.isSubscribed)
      .slice(0, EXPERTS_SHOWN),
    freePosts: forCards(freePosts),
    leaders: toLeaderboardRows(leaders),
  };
}

export type FirstHome = Awaited<ReturnType<typeof readFirstHome>>;
