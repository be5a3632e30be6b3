import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LeaderboardAside, PageWithAside, toLeaderboardRows } from "~/components/layout/page-aside";
import { FeedList, LIST_PAGE_SIZE } from "~/components/posts/feed-list";
import { forCards } from "~/modules/posts/card-post";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { listFeed } from "~/modules/posts/post-lists.server";
import { leaderboardTop } from "~/modules/record/record.server";
import { pageMeta } from "~/modules/site/meta";

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
  };
}

export default function FeedPage() {
  const { posts, page, totalPages, leaders } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 lg:py-8">
      <PageWithAside label="Top experts" aside={<LeaderboardAside rows={leaders} />}>
        <div className="mx-auto max-w-content">
          <h1 className="mb-4 text-2xl font-extrabold tracking-tight">Feed</h1>
          <FeedList posts={posts} page={page} totalPages={totalPages} />
        </div>
      </PageWithAside>
    </div>
  );
}
