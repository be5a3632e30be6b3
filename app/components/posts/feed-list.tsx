import { ButtonLink } from "~/components/ui/button";
import { Rss } from "~/components/ui/icons";
import { DEFAULT_PAGE_SIZE } from "~/modules/http/page-param";
import type { CardPost } from "~/modules/posts/card-post";
import { InfinitePostList } from "./infinite-post-list";

/** Posts per page of the feed and the likes, on the server and from the list loader alike. */
export const LIST_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The signed-in reader's feed, on /feed and on /: their experts' posts, newest first. */
export function FeedList({ posts, page, totalPages }: { posts: CardPost[]; page: number; totalPages: number }) {
  return (
    <InfinitePostList
      key={`feed-${page}`}
      initialItems={posts}
      initialPage={page}
      totalPages={totalPages}
      list="/lists/feed"
      pageSize={LIST_PAGE_SIZE}
      label="Feed"
      empty={<FeedEmpty />}
    />
  );
}

function FeedEmpty() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Rss className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-semibold text-slate-900">Your feed is empty</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
        Follow or subscribe to experts and their posts and picks will show up here, newest first.
      </p>
      <ButtonLink to="/discover-experts" size="lg" className="mt-5">
        Discover experts
      </ButtonLink>
    </div>
  );
}
