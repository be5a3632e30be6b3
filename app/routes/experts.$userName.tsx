import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { MapPin, Pencil, PenSquare, Users } from "lucide-react";
import { InfinitePostList } from "~/components/posts/infinite-post-list";
import { forCards, PostCard } from "~/components/posts/post-card";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { getViewer } from "~/modules/accounts/gates.server";
import { findExpert, type ExpertRecord } from "~/modules/experts/experts.server";
import { publicPageHeaders } from "~/modules/http/public-page";
import { imageUrl } from "~/modules/images/image-url";
import { formatUsd } from "~/modules/money/money";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { FollowButton, SubscriptionControl } from "~/components/subscriptions/subscription-actions";
import { SendCheers } from "~/components/cheers/send-cheers";
import { findSubscription } from "~/modules/subscriptions/subscriptions.server";
import { listExpertPosts, listUpcomingPosts } from "~/modules/posts/post-lists.server";
import { appNameFrom, shareMeta, titleFor } from "~/modules/site/meta";
import { personJsonLd } from "~/modules/site/structured-data";
import { JsonLd } from "~/components/ui/json-ld";
import { GradedPicks } from "~/components/record/graded-picks";
import { RecordFiguresPanel } from "~/components/record/record-figures";
import { UnitsChart } from "~/components/record/units-chart";
import { serializePosts } from "~/modules/posts/post-serializer.server";
import { expertRecordFigures, gradedPickIds, leaderboardTop, unitsOverTime } from "~/modules/record/record.server";
import { LeaderboardAside, PageWithAside, toLeaderboardRows } from "~/components/layout/page-aside";

/** Posts per page on the expert's page. */
export const EXPERT_PAGE_POSTS = 10;
/** Graded and withdrawn picks per page of the record's list (`?graded=`). */
export const GRADED_PICKS_PAGE = 10;
/** Scheduled posts shown as teasers above the list (readers may ask notify-me). */
const UPCOMING_POSTS = 5;

/**
 * Every signed-out visitor gets the same page (isSubscribed and isFollowed are false, no owner
 * link), so the page micro-cache may keep it (decision 007).
 */
export const headers = publicPageHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wanted = params.userName ?? "";
  const viewer = await getViewer(request, context);
  const expert = await findExpert(context.db, wanted, viewer?.user.id ?? null);
  if (!expert) throw new Response(null, { status: 404, statusText: "Not Found" });
  const url = new URL(request.url);
  // One address per expert: an id or another spelling of the name goes to the canonical one.
  if (wanted !== expert.userName) throw redirect(`/experts/${encodeURIComponent(expert.userName)}${url.search}`);

  const page = pageFromUrl(url);
  const isOwner = viewer?.user.id === expert.id;
  const gradedPage = pageFromUrl(url, 10_000, "graded");
  const [posts, upcoming, subscription, figures, chart, graded, leaders] = await Promise.all([
    listExpertPosts(context.db, viewer?.user.id ?? null, expert.id, { page, size: EXPERT_PAGE_POSTS }),
    page === 1
      ? listUpcomingPosts(context.db, viewer?.user.id ?? null, expert.id, UPCOMING_POSTS)
      : Promise.resolve([]),
    viewer && !isOwner ? findSubscription(context.db, viewer.user.id, expert.id) : Promise.resolve(null),
    expertRecordFigures(context.db, expert.id),
    unitsOverTime(context.db, expert.id),
    gradedPickIds(context.db, expert.id, gradedPage, GRADED_PICKS_PAGE),
    leaderboardTop(context.db),
  ]);
  // The graded picks through the one serializer: their bets are public, their analysis is not.
  const gradedPicks = forCards(await serializePosts(context.db, viewer?.user.id ?? null, graded.ids));
  return {
    expert,
    isOwner,
    signedIn: viewer !== null,
    subscription,
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
    /** The card form's key for Send Cheers (decision 027); null while payments are off. */
    stripePublishableKey: context.env.PAYMENTS_ENABLED ? (context.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    posts: forCards(posts.items),
    upcoming: forCards(upcoming),
    page,
    totalPages: totalPagesOf(posts.totalItems, EXPERT_PAGE_POSTS),
    figures,
    chart,
    gradedPicks,
    gradedPage,
    gradedPages: totalPagesOf(graded.totalItems, GRADED_PICKS_PAGE),
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
  if (!about) return `${fullName(expert)}: free posts, subscriber picks and a verified record on ${appName}.`;
  if (about.length <= DESCRIPTION_MAX) return about;
  const cut = about.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

const fullName = (expert: { firstName: string; lastName: string }) => `${expert.firstName} ${expert.lastName}`.trim();

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = appNameFrom(matches);
  if (!data) return [{ title: titleFor(appName, "Not found") }];
  const { expert, canonicalUrl, siteUrl } = data;
  const page = `${fullName(expert)} (@${expert.userName})`;
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

const signed = (value: number, digits: number) => `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;

export default function ExpertPage() {
  const {
    expert,
    isOwner,
    signedIn,
    subscription,
    paymentsEnabled,
    stripePublishableKey,
    posts,
    upcoming,
    page,
    totalPages,
    figures,
    chart,
    gradedPicks,
    gradedPage,
    gradedPages,
    canonicalUrl,
    siteUrl,
    leaders,
  } = useLoaderData<typeof loader>();
  const location = [expert.location.city, expert.location.state].filter(Boolean).join(", ");
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
        <article className="mx-auto max-w-content" aria-labelledby="expert-name">
          <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="relative aspect-[3/1] w-full bg-gradient-to-br from-ink via-slate-800 to-brand-800">
              {expert.cover ? (
                <ProxiedImage
                  src={expert.cover}
                  width={704}
                  height={235}
                  className="absolute inset-0 size-full object-cover"
                />
              ) : null}
            </div>
            <div className="px-5 pb-5 sm:px-6">
              <div className="-mt-12 flex items-end justify-between gap-3">
                <ProxiedImage
                  src={expert.avatar}
                  width={96}
                  height={96}
                  alt={`${expert.userName}'s profile photo`}
                  className="relative size-24 shrink-0 rounded-full border-4 border-white bg-white object-cover"
                />
                {isOwner ? (
                  <Link
                    to="/settings"
                    className="mb-1 inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit profile
                  </Link>
                ) : null}
              </div>
              <h1 id="expert-name" className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900">
                {fullName(expert)}
              </h1>
              <p className="text-slate-500">{`@${expert.userName}`}</p>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                {location ? (
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="size-4" aria-hidden="true" />
                    {location}
                  </span>
                ) : null}
                <span className="inline-flex items-center gap-1">
                  <Users className="size-4" aria-hidden="true" />
                  {`${expert.subscribersCount} subscriber${expert.subscribersCount === 1 ? "" : "s"}`}
                </span>
              </div>
              {expert.expertAboutText ? (
                <p className="mt-4 whitespace-pre-line text-slate-800">{expert.expertAboutText}</p>
              ) : null}
            </div>
          </header>

          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <RecordCard record={expert.record} />
            <section
              aria-labelledby="subscription-heading"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="subscription-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                Subscription
              </h2>
              {expert.subscriptionPrice ? (
                <>
                  <p className="mt-2 text-2xl font-extrabold text-slate-900">{`${formatUsd(expert.subscriptionPrice.price)}/month`}</p>
                  {expert.subscriptionPrice.description ? (
                    <p className="mt-1 text-sm text-slate-600">{expert.subscriptionPrice.description}</p>
                  ) : null}
                </>
              ) : (
                <p className="mt-2 text-slate-600">No subscription price set yet.</p>
              )}
              {isOwner ? (
                // The owner sees the way forward where readers see the price.
                <div className="mt-4">
                  {expert.subscriptionPrice ? (
                    <Link
                      to="/business#price-heading"
                      className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
                    >
                      Change your price on Business
                    </Link>
                  ) : (
                    <>
                      <p className="text-sm text-slate-600">Readers cannot subscribe until you set a monthly price.</p>
                      <Link to="/business#price-heading" className={`mt-3 ${ownerActionClass}`}>
                        Set your price
                      </Link>
                    </>
                  )}
                </div>
              ) : (
                <div className="mt-4 flex flex-wrap items-start gap-2">
                  <SubscriptionControl expert={expert} signedIn={signedIn} subscription={subscription} />
                  <FollowButton expert={expert} signedIn={signedIn} isFollowed={expert.isFollowed} />
                  <SendCheers
                    expert={expert}
                    signedIn={signedIn}
                    canCheer={expert.isFollowed || Boolean(subscription?.isActive)}
                    paymentsEnabled={paymentsEnabled}
                    publishableKey={stripePublishableKey}
                  />
                  {paymentsEnabled || subscription?.isActive ? null : (
                    <p className="w-full text-xs text-slate-500">
                      Card payments are switched off for now: subscribing is free.
                    </p>
                  )}
                </div>
              )}
            </section>
          </div>

          <section
            aria-labelledby="verified-record-heading"
            className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="verified-record-heading" className="text-xl font-bold">
                Record and figures
              </h2>
              <Link to="/verify" className="text-sm font-semibold text-brand-700 underline">
                How every pick is verified
              </Link>
            </div>
            <div className="mt-4">
              <RecordFiguresPanel figures={figures} />
            </div>
            <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">Units over time</h3>
            <div className="mt-2">
              <UnitsChart points={chart} label={`Units won by ${expert.userName}, running total`} />
            </div>
            <h3 id="graded-picks-heading" className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">
              Graded picks
            </h3>
            <GradedPicks
              picks={gradedPicks}
              page={gradedPage}
              totalPages={gradedPages}
              labelledBy="graded-picks-heading"
            />
          </section>

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
                endpoint="/api/posts"
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

const ownerActionClass =
  "inline-flex items-center gap-1.5 rounded-full bg-brand-500 px-4 py-2 text-sm font-semibold text-ink hover:bg-brand-600";

/** The expert's own empty page: the first post is the next step, in the editor this page opens. */
function OwnerNoPosts() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("createEditPost", "NEW");
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
      <p className="font-semibold text-slate-900">You have not posted yet</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
        A free post introduces you to readers; subscriber-only picks are what they pay for.
      </p>
      <Link to={`${location.pathname}?${params}`} className={`mt-4 ${ownerActionClass}`}>
        <PenSquare className="size-4" aria-hidden="true" />
        Write your first post
      </Link>
    </div>
  );
}

function RecordCard({ record }: { record: ExpertRecord }) {
  const graded = record.wins + record.losses + record.pushes;
  return (
    <section aria-labelledby="record-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="record-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Verified record
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-slate-500">W-L-P</dt>
          <dd className="text-xl font-extrabold text-slate-900">
            {`${record.wins}-${record.losses}-${record.pushes}`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Units</dt>
          <dd
            className={clsx(
              "text-xl font-extrabold",
              record.units > 0 ? "text-brand-700" : record.units < 0 ? "text-danger" : "text-slate-900",
            )}
          >
            {signed(record.units, 2)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">ROI</dt>
          <dd
            className={clsx(
              "text-xl font-extrabold",
              record.roi > 0 ? "text-brand-700" : record.roi < 0 ? "text-danger" : "text-slate-900",
            )}
          >
            {`${signed(record.roi, 1)}%`}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {graded === 0
          ? "No graded picks yet."
          : `From ${graded} graded pick${graded === 1 ? "" : "s"}; picks cannot be edited once graded.`}
      </p>
    </section>
  );
}
