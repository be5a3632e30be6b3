import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Heart } from "~/components/ui/icons";
import { LIST_PAGE_SIZE } from "~/components/posts/feed-list";
import { InfinitePostList } from "~/components/posts/infinite-post-list";
import { forCards } from "~/modules/posts/card-post";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { listLikedPosts } from "~/modules/posts/post-lists.server";
import { pageMeta } from "~/modules/seo/meta";
import { ButtonLink } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Likes");

/** Signed-in with a confirmed e-mail (others verify first): the posts the viewer liked, the newest like first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const page = pageFromUrl(new URL(request.url));
  const liked = await listLikedPosts(context.db, viewer.user.id, { page, size: LIST_PAGE_SIZE });
  return { posts: forCards(liked.items), page, totalPages: totalPagesOf(liked.totalItems, LIST_PAGE_SIZE) };
}

export default function LikedPostsPage() {
  const { posts, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="mb-4 text-2xl font-extrabold tracking-tight">Likes</h1>
        <InfinitePostList
          key={`liked-${page}`}
          initialItems={posts}
          initialPage={page}
          totalPages={totalPages}
          list="/lists/liked"
          pageSize={LIST_PAGE_SIZE}
          label="Liked posts"
          empty={<LikedEmpty />}
        />
      </div>
    </div>
  );
}

function LikedEmpty() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Heart className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-semibold text-slate-900">No liked posts yet</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
        Like a post or a pick and it is kept here, the latest like first.
      </p>
      <ButtonLink size="lg" className="mt-5 inline-block" to="/feed">
        Go to your feed
      </ButtonLink>
    </div>
  );
}
