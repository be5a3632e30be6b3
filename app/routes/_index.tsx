import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { FeedList } from "~/components/posts/feed-list";
import { FirstHome } from "~/components/posts/first-home";
import { PostCard } from "~/components/posts/post-card";
import { forCards } from "~/modules/posts/card-post";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { getViewer } from "~/modules/accounts/gates.server";
import { listTopExperts } from "~/modules/experts/top-experts.server";
import { pageFromUrl } from "~/modules/http/page-param";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";
import { formatUsd } from "~/modules/money/money";
import { readFeedPage } from "~/modules/posts/feed-page.server";
import { listLatestFreePosts } from "~/modules/posts/post-lists.server";
import { readFirstHome } from "~/modules/experts/first-home.server";
import { appNameFrom, DEFAULT_DESCRIPTION, defaultMeta, shareMeta, siteUrlFrom } from "~/modules/seo/meta";
import { ButtonLink } from "~/components/ui/button";

/** A signed-in reader's home is their feed: never to be kept or shared by any cache. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/**
 * The landing is the same for every signed-out visitor, so the page micro-cache may keep it
 * (decision 007). The feed is personal: the loader marks it private, which the cache refuses to
 * store (and a request carrying a session cookie never reaches the cache in the first place).
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : PUBLIC_PAGE_HEADERS;
};

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const appName = appNameFrom(matches);
  const siteUrl = siteUrlFrom(matches);
  return [
    ...defaultMeta(appName),
    ...shareMeta({ appName, siteUrl, url: `${siteUrl}/`, title: appName, description: DEFAULT_DESCRIPTION }),
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  if (viewer) {
    const feed = await readFeedPage(context.db, viewer.user.id, pageFromUrl(new URL(request.url)));
    // Nothing in the feed yet: the first home, a way in, rather than an empty list.
    const firstHome = feed.totalPages === 0 ? await readFirstHome(context.db, viewer.user.id) : null;
    return data({ view: "feed" as const, feed, firstHome }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const [featuredExperts, latestPosts] = await Promise.all([
    listTopExperts(context.db, 6),
    listLatestFreePosts(context.db, null, 8),
  ]);
  return { view: "landing" as const, featuredExperts, latestPosts: forCards(latestPosts) };
}

export default function Home() {
  const home = useLoaderData<typeof loader>();
  if (home.view === "feed") {
    return (
      <div className="container-page py-6 lg:py-8">
        <div className="mx-auto max-w-content">
          <h1 className="mb-4 text-2xl font-extrabold tracking-tight">Feed</h1>
          {home.firstHome ? (
            <FirstHome home={home.firstHome} />
          ) : (
            <FeedList posts={home.feed.posts} page={home.feed.page} totalPages={home.feed.totalPages} />
          )}
        </div>
      </div>
    );
  }
  const { featuredExperts, latestPosts } = home;
  return (
    <div className="container-page py-8 lg:py-10">
      <section className="overflow-hidden rounded-2xl bg-ink px-6 py-10 text-white sm:px-10 lg:py-14">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-500">Professional Handicappers</p>
        <h1 className="mt-3 max-w-2xl text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">
          Picks from experts whose record you can check.
        </h1>
        <p className="mt-4 max-w-xl text-slate-300">
          Follow handicappers for free analysis, subscribe for their picks, and judge them by a record they cannot edit
          after the game.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink variant="primaryPale" size="lg" to="/discover-experts">
            Discover experts
          </ButtonLink>
          <ButtonLink variant="secondaryOnDark" size="lg" to="/become-partner">
            Become an expert
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="featured-experts" className="mt-10">
        <h2 id="featured-experts" className="text-xl font-bold">
          Featured experts
        </h2>
        {featuredExperts.length === 0 ? (
          <p className="mt-4 text-slate-600">No experts have joined yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {featuredExperts.map((expert) => (
              <li key={expert.id}>
                <Link
                  to={`/experts/${expert.userName}`}
                  className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow-md"
                >
                  <ProxiedImage src={expert.avatar} width={56} height={56} className="size-14 shrink-0 rounded-full" />
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{expert.userName}</p>
                    <p className="text-sm text-slate-500">
                      {expert.firstName} {expert.lastName} · {expert.subscribersCount} subscriber
                      {expert.subscribersCount === 1 ? "" : "s"}
                    </p>
                    {expert.expertAboutText ? (
                      <p className="mt-2 line-clamp-2 text-sm text-slate-700">{expert.expertAboutText}</p>
                    ) : null}
                    {expert.subscriptionPriceCents ? (
                      <p className="mt-2 text-sm font-semibold text-brand-700">
                        {formatUsd(expert.subscriptionPriceCents)} / month
                      </p>
                    ) : null}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="latest-posts" className="mt-10 max-w-content">
        <h2 id="latest-posts" className="text-xl font-bold">
          Latest free posts
        </h2>
        {latestPosts.length === 0 ? (
          <p className="mt-4 text-slate-600">Nothing has been posted yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {latestPosts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
