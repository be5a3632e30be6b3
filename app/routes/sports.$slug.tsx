import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { clsx } from "clsx";
import { PostCard } from "~/components/posts/post-card";
import { useTimeZone } from "~/components/time/time-zone";
import { CalendarClock, Trophy } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { getViewer } from "~/modules/accounts/gates.server";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";
import { forCards } from "~/modules/posts/card-post";
import { listPosts } from "~/modules/posts/post-lists.server";
import type { Verdict } from "~/modules/record/confidence";
import { formatRecord, formatUnits, LEADERBOARD_MIN_SAMPLE } from "~/modules/record/figures";
import { readUnranked } from "~/modules/record/leaderboard-lists.server";
import { readLeaderboard } from "~/modules/record/record.server";
import { keptCategories, listEvents } from "~/modules/reference/reference.server";
import { appNameFrom, shareMeta, siteUrlFrom, titleFor } from "~/modules/seo/meta";
import { formatTime } from "~/modules/time/clock";
import { leaderboardHref } from "./leaderboard";

/** How many of each list the page shows; the leaderboard and the game list have the rest. */
const EXPERTS_SHOWN = 10;
const POSTS_SHOWN = 6;
const GAMES_SHOWN = 8;

/** A signed-in reader's copy carries their likes and access: never kept by any cache. */
const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : PUBLIC_PAGE_HEADERS;
};

/**
 * `/sports/{slug}`: one sport's experts with their all-time record in it (ranked, then those not
 * ranked yet), its latest posts and its coming games. An unknown sport is the 404 page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sport = (await keptCategories(context.db)).find((category) => category.slug === params.slug);
  if (!sport) throw new Response(null, { status: 404, statusText: "Not Found" });
  const viewer = await getViewer(request, context);
  const now = new Date();
  const [ranked, unranked, posts, games] = await Promise.all([
    readLeaderboard(context.db, { window: "all", categoryId: sport.id, page: 1, size: EXPERTS_SHOWN }, now),
    readUnranked(context.db, { window: "all", categoryId: sport.id }, EXPERTS_SHOWN),
    listPosts(context.db, viewer?.user.id ?? null, { page: 1, size: POSTS_SHOWN, categoryId: sport.id }, now),
    listEvents(context.db, { categoryId: sport.id, from: now, page: 1, size: GAMES_SHOWN }, now),
  ]);
  const payload = {
    sport: { id: sport.id, name: sport.name, slug: sport.slug },
    ranked: ranked.items,
    rankedTotal: ranked.totalItems,
    unranked,
    posts: forCards(posts.items),
    games: games.items,
    canonicalUrl: `${context.env.APP_URL}/sports/${sport.slug}`,
  };
  return viewer ? data(payload, { headers: PRIVATE_PAGE_HEADERS }) : payload;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const appName = appNameFrom(matches);
  if (!loaded) return [{ title: titleFor(appName, "Not found") }];
  const title = `${loaded.sport.name} experts, picks and games`;
  const description = `${loaded.sport.name} handicappers ranked by a verified record, their latest posts and picks, and the coming games, on ${appName}.`;
  return [
    { title: titleFor(appName, title) },
    { name: "description", content: description },
    ...shareMeta({ appName, siteUrl: siteUrlFrom(matches), url: loaded.canonicalUrl, title, description }),
  ];
};

export default function SportPage() {
  const { sport, ranked, rankedTotal, unranked, posts, games } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const none = ranked.length === 0 && unranked.length === 0;
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{sport.name}</h1>
        <p className="mt-1 text-slate-600">
          {`Experts who bet ${sport.name}, by their verified record in it; their latest posts and picks; the games coming up.`}
        </p>

        <section aria-labelledby="sport-experts" className="mt-6">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="sport-experts" className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Trophy className="size-5 text-amber-500" aria-hidden="true" />
              Experts
            </h2>
            <Link
              to={leaderboardHref({ window: "all", categoryId: sport.id })}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {rankedTotal > ranked.length ? `All ${rankedTotal} on the leaderboard` : "The leaderboard"}
            </Link>
          </div>
          {none ? (
            <p className="mt-3 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600">
              {`No expert has a graded ${sport.name} pick yet.`}{" "}
              <Link to={`/discover-experts?categoryIds=${sport.id}`} className="font-semibold text-brand-700 underline">
                {`Experts who post about ${sport.name}`}
              </Link>
            </p>
          ) : (
            <ol className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {ranked.map((entry) => (
                <ExpertRow key={entry.expert.id} expert={entry.expert} figures={entry.figures} rank={entry.rank} />
              ))}
              {unranked.map((entry) => (
                <ExpertRow key={entry.expert.id} expert={entry.expert} figures={entry.figures} rank={null} />
              ))}
            </ol>
          )}
        </section>

        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="sport-posts">
            <h2 id="sport-posts" className="text-lg font-bold text-slate-900">
              Latest posts and picks
            </h2>
            {posts.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{`Nothing posted about ${sport.name} yet.`}</p>
            ) : (
              <ul className="mt-3 space-y-4">
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="sport-games">
            <h2 id="sport-games" className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <CalendarClock className="size-5 text-slate-500" aria-hidden="true" />
              Coming games
            </h2>
            {games.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No games scheduled.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
                {games.map((game) => (
                  <li key={game.id}>
                    <Link to={`/events/${game.id}`} className="block min-h-11 px-4 py-3 text-sm hover:bg-slate-50">
                      <span className="block font-semibold text-slate-900">{game.title}</span>
                      <time dateTime={game.startsAt} className="text-slate-600">
                        {formatTime(game.startsAt, timeZone, "game")}
                      </time>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

function ExpertRow({
  expert,
  figures,
  rank,
}: {
  expert: { id: string; userName: string; firstName: string; lastName: string; avatar: string };
  figures: {
    wins: number;
    losses: number;
    pushes: number;
    units: number;
    sample: number;
    /** Skill or luck (ranked experts: the unranked are too few to tell). */
    confidence?: { verdict: Verdict };
  };
  /** null: not ranked yet (fewer graded picks than the leaderboard's sample). */
  rank: number | null;
}) {
  return (
    <li>
      <Link
        to={`/experts/${encodeURIComponent(expert.userName)}`}
        className="flex min-h-11 items-center gap-3 px-4 py-2.5 hover:bg-slate-50"
      >
        <span className="w-6 shrink-0 text-center font-bold tabular-nums text-slate-900">{rank ?? "–"}</span>
        <ProxiedImage
          src={expert.avatar}
          width={32}
          height={32}
          loading="lazy"
          className="size-8 shrink-0 rounded-full bg-slate-100 object-cover"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900">{`@${expert.userName}`}</span>
          <span className="block text-xs text-slate-500">
            {rank === null
              ? `Not ranked yet: ${figures.sample} of ${LEADERBOARD_MIN_SAMPLE} graded picks`
              : `${figures.sample} graded picks${figures.confidence ? ` · ${figures.confidence.verdict}` : ""}`}
          </span>
        </span>
        <span className="shrink-0 text-right text-sm tabular-nums">
          <span className="block font-semibold text-slate-900">{formatRecord(figures)}</span>
          <span className={clsx("block text-xs font-semibold", figures.units >= 0 ? "text-brand-700" : "text-danger")}>
            {formatUnits(figures.units)}
          </span>
        </span>
      </Link>
    </li>
  );
}
