import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { BellRing, Eye } from "~/components/ui/icons";
import { useRef, type ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { LIST_PAGE_SIZE } from "~/components/posts/feed-list";
import { InfinitePostList } from "~/components/posts/infinite-post-list";
import { forCards } from "~/modules/posts/card-post";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { ShowMore, useMorePages } from "~/components/ui/use-more-pages";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { listNotifyRequestedPosts } from "~/modules/posts/post-lists.server";
import { pageMeta } from "~/modules/seo/meta";
import type { ExpertSummary } from "~/modules/profiles/expert-summary.server";
import { listFollowedExperts } from "~/modules/follows/follows.server";

export const WATCHLIST_TITLE = "Watchlist";
/** Followed experts per page, on the server and from the list's loader alike. */
export const FOLLOWS_PAGE_SIZE = 24;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, WATCHLIST_TITLE, "The experts you follow and the posts you asked to be told about.");

/**
 * Signed-in with a confirmed e-mail (others verify first): the followed experts (first page) and the posts the viewer asked notify-me for,
 * the coming ones first; `?page=N` is the posts list's link before JavaScript runs.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const page = pageFromUrl(new URL(request.url));
  const [followed, waiting] = await Promise.all([
    listFollowedExperts(context.db, viewer.user.id, { page: 1, size: FOLLOWS_PAGE_SIZE }),
    listNotifyRequestedPosts(context.db, viewer.user.id, { page, size: LIST_PAGE_SIZE }),
  ]);
  return {
    experts: followed.items,
    expertsTotalPages: totalPagesOf(followed.totalItems, FOLLOWS_PAGE_SIZE),
    posts: forCards(waiting.items),
    page,
    totalPages: totalPagesOf(waiting.totalItems, LIST_PAGE_SIZE),
  };
}

export default function Watchlist() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{WATCHLIST_TITLE}</h1>

        <section aria-labelledby="followed-experts" className="mt-6">
          <FollowedExperts initialItems={data.experts} totalPages={data.expertsTotalPages} />
        </section>

        <section aria-labelledby="waiting-posts" className="mt-10">
          <h2 id="waiting-posts" className="mb-1 text-lg font-bold">
            Posts you are waiting for
          </h2>
          <p className="mb-4 text-sm text-slate-600">
            Posts you asked to be notified about, the ones still to come first.
          </p>
          <InfinitePostList
            key={`notify-${data.page}`}
            initialItems={data.posts}
            initialPage={data.page}
            totalPages={data.totalPages}
            list="/lists/watchlist"
            pageSize={LIST_PAGE_SIZE}
            label="Posts you are waiting for"
            empty={
              <EmptyState
                icon={<BellRing className="mx-auto size-8 text-slate-400" aria-hidden="true" />}
                title="No posts on your watchlist yet"
              >
                Open an expert&apos;s upcoming post and choose &ldquo;Notify me&rdquo;: it waits here until it goes
                live.
              </EmptyState>
            }
          />
        </section>
      </div>
    </div>
  );
}

const displayName = (expert: ExpertSummary) => `${expert.firstName} ${expert.lastName}`.trim() || expert.userName;

function FollowedExperts({ initialItems, totalPages }: { initialItems: ExpertSummary[]; totalPages: number }) {
  const more = useMorePages({ initialItems, totalPages, list: "/lists/follows", pageSize: FOLLOWS_PAGE_SIZE });
  // The Follow button's own action (app/routes/experts.$expertId.follow.ts); its failure toasts.
  const unfollowing = useActionFetcher<{ isFollowed: boolean }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const gone = useRef<ExpertSummary | null>(null);
  const busy = unfollowing.state === "submitting" ? (gone.current?.id ?? null) : null;

  useActionDone(unfollowing, () => {
    const expert = gone.current;
    if (!expert) return;
    more.remove(expert.id);
    toast.success(`You no longer follow ${expert.userName}.`);
    // The button is gone with its row: the keyboard carries on from the section's heading.
    heading.current?.focus();
  });

  function unfollow(expert: ExpertSummary) {
    gone.current = expert;
    unfollowing.submit(
      { intent: "unfollow" },
      { method: "post", action: `/experts/${encodeURIComponent(expert.id)}/follow` },
    );
  }

  return (
    <>
      <h2 id="followed-experts" ref={heading} tabIndex={-1} className="mb-4 text-lg font-bold">
        Experts you follow
      </h2>
      {more.items.length === 0 ? (
        <EmptyState
          icon={<Eye className="mx-auto size-8 text-slate-400" aria-hidden="true" />}
          title="You are not following anyone yet"
        >
          Follow experts to keep them here and see their free posts in your feed.
        </EmptyState>
      ) : (
        <>
          <ul ref={more.listRef} className="grid gap-3 sm:grid-cols-2">
            {more.items.map((expert) => {
              const href = `/experts/${encodeURIComponent(expert.userName)}`;
              return (
                <li
                  key={expert.id}
                  data-item-id={expert.id}
                  tabIndex={-1}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
                >
                  <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
                    <ProxiedImage
                      src={expert.avatar}
                      width={48}
                      height={48}
                      className="size-12 rounded-full bg-slate-100 object-cover"
                      loading="lazy"
                    />
                  </Link>
                  <div className="min-w-0 flex-1">
                    <Link to={href} className="block truncate font-semibold text-slate-900 hover:underline">
                      {expert.userName}
                    </Link>
                    <p className="truncate text-sm text-slate-500">{displayName(expert)}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="custom"
                    className="shrink-0 px-3 py-1.5 text-sm"
                    pending
                    onClick={() => unfollow(expert)}
                    disabled={busy !== null}
                    aria-label={`Unfollow ${expert.userName}`}
                  >
                    {busy === expert.id ? "Unfollowing…" : "Unfollow"}
                  </Button>
                </li>
              );
            })}
          </ul>
          <ShowMore {...more.showMore} label="Show more experts" />
        </>
      )}
    </>
  );
}

function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      {icon}
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">{children}</p>
      <ButtonLink to="/discover-experts" size="lg" className="mt-5">
        Discover experts
      </ButtonLink>
    </div>
  );
}
