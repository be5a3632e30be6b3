import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heart } from "lucide-react";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { listTopExperts } from "~/modules/experts/experts.server";
import { formatUsd } from "~/modules/money/money";
import { listLatestFreePosts } from "~/modules/posts/posts.server";
import { appNameFrom, defaultMeta } from "~/modules/site/meta";
import { publicPageHeaders } from "~/modules/http/public-page";

/** The same for every signed-out visitor: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches }) => defaultMeta(appNameFrom(matches));

export async function loader({ context }: LoaderFunctionArgs) {
  const [featuredExperts, latestPosts] = await Promise.all([listTopExperts(context.db, 6), listLatestFreePosts(context.db, 8)]);
  return { featuredExperts, latestPosts };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export default function Home() {
  const { featuredExperts, latestPosts } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8 lg:py-10">
      <section className="overflow-hidden rounded-2xl bg-ink px-6 py-10 text-white sm:px-10 lg:py-14">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-500">Professional Handicappers</p>
        <h1 className="mt-3 max-w-2xl text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">
          Picks from experts whose record you can check.
        </h1>
        <p className="mt-4 max-w-xl text-slate-300">
          Follow handicappers for free analysis, subscribe for their picks, and judge them by a record they cannot edit after the game.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/discover-experts" className="rounded-full bg-brand-500 px-5 py-2.5 text-sm font-semibold text-ink hover:bg-brand-100">
            Discover experts
          </Link>
          <Link to="/become-partner" className="rounded-full border border-white/30 px-5 py-2.5 text-sm font-semibold hover:bg-white/10">
            Become an expert
          </Link>
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
                      {expert.firstName} {expert.lastName} · {expert.subscribersCount} subscriber{expert.subscribersCount === 1 ? "" : "s"}
                    </p>
                    {expert.expertAboutText ? <p className="mt-2 line-clamp-2 text-sm text-slate-700">{expert.expertAboutText}</p> : null}
                    {expert.subscriptionPriceCents ? (
                      <p className="mt-2 text-sm font-semibold text-brand-700">{formatUsd(expert.subscriptionPriceCents)} / month</p>
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
                <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <div className="flex items-center gap-2 text-sm text-slate-500">
                    <ProxiedImage src={post.author.avatar} width={28} height={28} className="size-7 rounded-full" />
                    <Link to={`/experts/${post.author.userName}`} className="font-semibold text-slate-800 hover:underline">
                      {post.author.userName}
                    </Link>
                    <span aria-hidden="true">·</span>
                    <span>{post.category}</span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={post.publishDate}>{dateFormat.format(new Date(post.publishDate))}</time>
                  </div>
                  <h3 className="mt-3 text-lg font-semibold leading-snug">
                    <Link to={`/posts/${post.id}`} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-2 line-clamp-3 text-slate-700">{post.previewText}</p>
                  <p className="mt-3 flex items-center gap-1 text-sm text-slate-500">
                    <Heart className="size-4" aria-hidden="true" />
                    <span>
                      {post.likesCount} like{post.likesCount === 1 ? "" : "s"}
                    </span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
