import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LeaderboardAside, PageWithAside } from "~/components/layout/page-aside";
import { toLeaderboardRows } from "~/modules/record/leaderboard-rows";
import { FeedList, LIST_PAGE_SIZE } from "~/components/posts/feed-list";
import { FirstHome } from "~/components/posts/first-home";
import { forCards } from "~/modules/posts/card-post";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { listFeed } from "~/modules/posts/post-lists.server";
import { leaderboardTop } from "~/modules/record/leaderboard-lists.server";
import { pageMeta } from "~/modules/seo/meta";
import { readFirstHome } from "~/modules/experts/first-home.server";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Feed");

/** Signed-in with a confirmed e-mail (others verify first): the posts of the experts the viewer follows or subscribes to (no page cache: it is personal). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const page = pageFromUrl(new URL(request.url));
  const [feed, leaders] = await Promise.all([
    listFeed(context.db, viewer.user.id, { page, size: LIST_PAGE_SIZE }),
    leaderboardTop(context.db),
  ]);
  return {
    posts: forCards(feed.items),
    page,
    totalPages: totalPagesOf(feed.totalItems, LIST_PAGE_SIZE),
    leaders: toLeaderboardRows(leaders),
    // Nothing in the feed yet: the first home, a way in, rather than an empty list.
    firstHome: feed.totalItems === 0 ? await readFirstHome(context.db, viewer.user.id) : null,
  };
}

export default function FeedPage() {
  const { posts, page, totalPages, leaders, firstHome } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 lg:py-8">
      <PageWithAside label="Top experts" aside={<LeaderboardAside rows={leaders} />}>
        <div className="mx-auto max-w-content">
          <h1 className="mb-4 text-2xl font-extrabold tracking-tight">Feed</h1>
          {firstHome ? <FirstHome home={firstHome} /> : <FeedList posts={posts} page={page} totalPages={totalPages} />}
        </div>
      </PageWithAside>
    </div>
  );
}
