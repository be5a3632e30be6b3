import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { WelcomeNote } from "~/components/subscriptions/welcome-note";
import { takeWelcome } from "~/modules/subscriptions/subscriber-welcome.server";
import { useLoaderData } from "@remix-run/react";
import { InfinitePostList } from "~/components/posts/infinite-post-list";
import { PostCard } from "~/components/posts/post-card";
import { forCards } from "~/modules/posts/card-post";
import {
  ExpertHeader,
  expertFullName,
  OwnerNoPosts,
  RecordCard,
  SubscriptionCard,
} from "~/components/experts/expert-profile";
import { getViewer } from "~/modules/accounts/gates.server";
import { findExpertOfPage } from "~/modules/experts/experts.server";
import { publicPageHeaders } from "~/web/public-page";
import { imageUrl } from "~/modules/image-url";
import { DEFAULT_PAGE_SIZE, pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { findReaderStanding } from "~/modules/subscriptions/subscriptions.server";
import { listExpertPosts, listUpcomingPosts } from "~/modules/posts/expert-page-posts.server";
import { appNameFrom, shareMeta, titleFor } from "~/modules/seo/meta";
import { personJsonLd } from "~/modules/seo/structured-data";
import { JsonLd } from "~/components/ui/json-ld";
import { RecordPanel } from "~/components/record/record-panel";
import { loadRecordPanel } from "~/modules/posts/record-panel.server";
import { leaderboardTop } from "~/modules/record/leaderboard-lists.server";
import { LeaderboardAside, PageWithAside } from "~/components/layout/page-aside";
import { toLeaderboardRows } from "~/modules/record/leaderboard-rows";

/** Posts per page on the expert's page (the rest load on scroll). */
export const EXPERT_PAGE_POSTS = DEFAULT_PAGE_SIZE;
/** Scheduled posts shown as teasers above the list (readers may ask notify-me). */
const UPCOMING_POSTS = 5;

/**
 * Every signed-out visitor gets the same page (isSubscribed and isFollowed are false, no owner
 * link), so the page micro-cache may keep it (decision 007).
 */
export const headers = publicPageHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wanted = params.userName ?? "";
  const now = new Date();
  // The expert as everyone sees it, beside the viewer: the reader's standing comes with the lists.
  const [viewer, found] = await Promise.all([getViewer(request, context), findExpertOfPage(context.db, wanted, now)]);
  if (!found) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { expert } = found;
  const url = new URL(request.url);
  // One address per expert: an id or another spelling of the name goes to the canonical one.
  if (wanted !== expert.userName) throw redirect(`/experts/${encodeURIComponent(expert.userName)}${url.search}`);

  const page = pageFromUrl(url);
  const isOwner = viewer?.user.id === expert.id;
  const viewerId = viewer?.user.id ?? null;
  // The expert's row told how many live posts it has and whether any is scheduled: no count, and
  // no "Coming up" read for the many experts with nothing scheduled. The record panel is read
  // here only when the address asks for a page of it; otherwise the browser loads it on scroll.
  const [posts, upcoming, standing, recordPanel, leaders, welcome] = await Promise.all([
    listExpertPosts(context.db, viewerId, expert.id, { page, size: EXPERT_PAGE_POSTS }, now, found.livePosts),
    page === 1 && found.hasScheduledPosts
      ? listUpcomingPosts(context.db, viewerId, expert.id, UPCOMING_POSTS, now)
      : Promise.resolve([]),
    viewer && !isOwner ? findReaderStanding(context.db, viewer.user.id, expert.id, now) : Promise.resolve(null),
    url.searchParams.has("graded")
      ? loadRecordPanel(context.db, expert.id, viewerId, pageFromUrl(url, 10_000, "graded"), now)
      : Promise.resolve(null),
    leaderboardTop(context.db),
    viewer && !isOwner ? takeWelcome(context.db, viewer, expert.id) : null,
  ]);
  return {
    expert: { ...expert, isSubscribed: standing?.isSubscribed ?? false, isFollowed: standing?.isFollowed ?? false },
    isOwner,
    welcome,
    signedIn: viewer !== null,
    subscription: standing?.subscription ?? null,
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
    /** The card form's key for Send Cheers (decision 024); null while payments are off. */
    stripePublishableKey: context.env.PAYMENTS_ENABLED ? (context.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    posts: forCards(posts.items),
    upcoming: forCards(upcoming),
    page,
    totalPages: totalPagesOf(posts.totalItems, EXPERT_PAGE_POSTS),
    totalPosts: posts.totalItems,
    recordPanel,
    leaders: toLeaderboardRows(leaders),
    canonicalUrl: `${context.env.APP_URL}/experts/${encodeURIComponent(expert.userName)}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl: context.env.APP_URL,
  };
}

const DESCRIPTION_MAX = 160;

/** The about text, shortened on a word boundary for search results and link previews. */
export function describeExpert(
  expert: { firstName: string; lastName: string; expertAboutText: string | null },
  appName: string,
): string {
  const about = expert.expertAboutText?.replace(/\s+/g, " ").trim();
  if (!about) return `${expertFullName(expert)}: free posts, subscriber picks and a verified record on ${appName}.`;
  if (about.length <= DESCRIPTION_MAX) return about;
  const cut = about.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = appNameFrom(matches);
  if (!data) return [{ title: titleFor(appName, "Not found") }];
  const { expert, canonicalUrl, siteUrl } = data;
  const page = `${expertFullName(expert)} (@${expert.userName})`;
  const description = describeExpert(expert, appName);
  // The cover, when the expert has one, is the wide card; otherwise the avatar.
  const image = expert.cover
    ? { src: expert.cover, alt: `${page}'s cover`, wide: true }
    : { src: expert.avatar, alt: `${page}'s photo`, wide: false };
  return [
    { title: titleFor(appName, page) },
    { name: "description", content: description },
    ...shareMeta({ appName, siteUrl, url: canonicalUrl, title: page, description, type: "profile", image }),
    { property: "profile:username", content: expert.userName },
  ];
};

export default function ExpertPage() {
  const {
    expert,
    isOwner,
    welcome,
    signedIn,
    subscription,
    paymentsEnabled,
    stripePublishableKey,
    posts,
    upcoming,
    page,
    totalPages,
    totalPosts,
    recordPanel,
    canonicalUrl,
    siteUrl,
    leaders,
  } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 lg:py-8">
      <JsonLd
        data={personJsonLd({
          expert,
          url: canonicalUrl.replace(/\?.*$/, ""),
          imageUrl: imageUrl(expert.avatar, 320),
          siteUrl,
        })}
      />
      <PageWithAside label="Top experts" aside={<LeaderboardAside rows={leaders} />}>
        {/* Keyed by expert: a welcome shown on one expert's page stays there. */}
        <WelcomeNote key={expert.id} welcome={welcome} />
        <article className="mx-auto max-w-content" aria-labelledby="expert-name">
          <ExpertHeader expert={expert} isOwner={isOwner} />

          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <RecordCard record={expert.record} />
            <SubscriptionCard
              expert={expert}
              isOwner={isOwner}
              signedIn={signedIn}
              subscription={subscription}
              paymentsEnabled={paymentsEnabled}
              stripePublishableKey={stripePublishableKey}
            />
          </div>

          <RecordPanel
            key={expert.id}
            expertId={expert.id}
            userName={expert.userName}
            hasGradedPicks={expert.record.wins + expert.record.losses + expert.record.pushes > 0}
            data={recordPanel}
          />

          {upcoming.length > 0 ? (
            <section aria-labelledby="upcoming-heading" className="mt-8">
              <h2 id="upcoming-heading" className="text-xl font-bold">
                Coming up
              </h2>
              <ul className="mt-4 space-y-4">
                {upcoming.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="posts-heading" className="mt-8">
            <h2 id="posts-heading" className="text-xl font-bold">
              Posts and picks
            </h2>
            <div className="mt-4">
              <InfinitePostList
                key={`${expert.id}-${page}`}
                initialItems={posts}
                initialPage={page}
                totalPages={totalPages}
                totalItems={totalPosts}
                list="/lists/posts"
                query={{ expertId: expert.id }}
                pageSize={EXPERT_PAGE_POSTS}
                label={`Posts and picks by ${expert.userName}`}
                empty={
                  page > 1 ? (
                    <p className="text-slate-600">There are no more posts.</p>
                  ) : isOwner ? (
                    <OwnerNoPosts />
                  ) : (
                    <p className="text-slate-600">{`${expert.userName} has not posted yet.`}</p>
                  )
                }
              />
            </div>
          </section>
        </article>
      </PageWithAside>
    </div>
  );
}
