import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { CalendarClock, Newspaper } from "~/components/ui/icons";
import { PostCard } from "~/components/posts/post-card";
import { forCards } from "~/modules/posts/card-post";
import { useTimeZone } from "~/components/time/time-zone";
import { DEFAULT_TIME_ZONE, formatTime } from "~/modules/time/clock";
import { getViewer } from "~/modules/accounts/gates.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";
import { listEventPosts } from "~/modules/posts/post-lists.server";
import type { ResultCorrectionDTO } from "~/modules/record/correction-schema";
import { listCorrections } from "~/modules/record/corrections.server";
import { getEvent, type EventDTO } from "~/modules/reference/reference.server";
import { appNameFrom, shareMeta, siteUrlFrom, titleFor } from "~/modules/seo/meta";

/** Posts per page on a game's page. */
export const EVENT_PAGE_POSTS = 10;

/** A signed-in reader's copy carries their likes and access: never kept by any cache. */
const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** Signed-out visitors all get the same page, so the page micro-cache may keep it (decision 007). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : PUBLIC_PAGE_HEADERS;
};

const MAX_ID = 2_147_483_647;

/** `/events/{id}`: the game and the live posts and picks about it, newest first, through the serializer. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = Number(params.eventId);
  if (!/^\d+$/.test(params.eventId ?? "") || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  const [viewer, event] = await Promise.all([getViewer(request, context), getEvent(context.db, id)]);
  if (!event) throw new Response(null, { status: 404, statusText: "Not Found" });
  const page = pageFromUrl(new URL(request.url));
  const [posts, corrections] = await Promise.all([
    listEventPosts(context.db, viewer?.user.id ?? null, event.id, { page, size: EVENT_PAGE_POSTS }),
    // Public, as the record it corrects: anyone may see what changed, when and why.
    listCorrections(context.db, event.id),
  ]);
  const payload = {
    event,
    corrections,
    posts: forCards(posts.items),
    page,
    totalPages: totalPagesOf(posts.totalItems, EVENT_PAGE_POSTS),
    totalItems: posts.totalItems,
    canonicalUrl: `${context.env.APP_URL}/events/${event.id}${page > 1 ? `?page=${page}` : ""}`,
  };
  return viewer ? data(payload, { headers: PRIVATE_PAGE_HEADERS }) : payload;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const appName = appNameFrom(matches);
  if (!loaded) return [{ title: titleFor(appName, "Not found") }];
  const { event, canonicalUrl } = loaded;
  const when = formatTime(event.startsAt, DEFAULT_TIME_ZONE, "day");
  const description = `${event.title}, ${event.categoryInfo.name}, ${when}: posts and picks from ${appName} experts.`;
  return [
    { title: titleFor(appName, event.title) },
    { name: "description", content: description },
    ...shareMeta({ appName, siteUrl: siteUrlFrom(matches), url: canonicalUrl, title: event.title, description }),
  ];
};

const STATUS_STYLES: Record<EventDTO["status"], string> = {
  Scheduled: "bg-slate-100 text-slate-700",
  Live: "bg-red-100 text-red-700",
  Final: "bg-ink text-white",
  Canceled: "bg-amber-100 text-amber-800",
};

export default function EventPage() {
  const { event, corrections, posts, page, totalPages, totalItems } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  const hasScore = event.homeScore !== null && event.awayScore !== null;
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <header className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              {event.categoryInfo.name}
            </span>
            <span className={clsx("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLES[event.status])}>
              {event.status}
            </span>
          </div>
          <h1 className="mt-3 text-2xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-3xl">
            {event.title}
          </h1>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <Team label="Away" name={event.awayTeam} score={hasScore ? event.awayScore : null} />
            <Team label="Home" name={event.homeTeam} score={hasScore ? event.homeScore : null} />
          </dl>
          <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarClock className="size-4" aria-hidden="true" />
            <span>{event.status === "Scheduled" ? "Starts" : "Started"}</span>
            <time dateTime={event.startsAt}>{formatTime(event.startsAt, timeZone, "game")}</time>
          </p>
        </header>

        {corrections.length > 0 ? <CorrectionTrail corrections={corrections} timeZone={timeZone} /> : null}

        <section aria-labelledby="event-posts-heading" className="mt-8">
          <h2 id="event-posts-heading" className="text-xl font-bold text-slate-900">
            Posts and picks
            {totalItems > 0 ? (
              <span className="ml-2 text-base font-semibold text-slate-500">({totalItems})</span>
            ) : null}
          </h2>
          {posts.length === 0 ? (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
              <Newspaper className="mx-auto size-8 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-semibold text-slate-900">
                {page > 1 ? "There are no more posts." : "No posts on this game yet"}
              </p>
              <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
                Experts' posts and picks about this game will show up here.
              </p>
            </div>
          ) : (
            <ul className="mt-4 space-y-4" aria-label={`Posts about ${event.title}`}>
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )}
          {totalPages > 1 ? (
            <nav aria-label="Pages of posts" className="mt-6 flex items-center justify-between text-sm font-semibold">
              {page > 1 ? (
                <Link to={page === 2 ? "." : `?page=${page - 1}`} rel="prev" className="text-brand-700 hover:underline">
                  ← Newer posts
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-500">
                Page {page} of {totalPages}
              </span>
              {page < totalPages ? (
                <Link to={`?page=${page + 1}`} rel="next" className="text-brand-700 hover:underline">
                  Older posts →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function Team({ label, name, score }: { label: string; name: string; score: number | null }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 flex items-baseline justify-between gap-2">
        <span className="min-w-0 break-words font-semibold text-slate-900">{name}</span>
        {score !== null ? <span className="text-2xl font-extrabold text-slate-900">{score}</span> : null}
      </dd>
    </div>
  );
}

/** A result in words: "Final, 101-98" (away first, as the title reads), "Canceled", "no result". */
function resultText(result: { status: string | null; homeScore: number | null; awayScore: number | null }): string {
  if (!result.status || result.status === "Scheduled" || result.status === "Live") return "no result";
  const score =
    result.homeScore !== null && result.awayScore !== null ? `, ${result.awayScore}-${result.homeScore}` : "";
  return `${result.status}${score}`;
}

/** Every correction of the game's result, newest first: when, the result it replaced, the new one, and why. */
function CorrectionTrail({ corrections, timeZone }: { corrections: ResultCorrectionDTO[]; timeZone: string }) {
  return (
    <section aria-labelledby="corrections-heading" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="corrections-heading" className="text-base font-bold text-slate-900">
        Result corrected
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The picks on this game were regraded from the corrected result. Each correction is kept, with the result it
        replaced.
      </p>
      <ol className="mt-3 space-y-3">
        {corrections.map((correction) => (
          <li key={correction.id} className="rounded-xl bg-white px-4 py-3 text-sm">
            <p className="font-semibold text-slate-900">
              <time dateTime={correction.correctedAt}>{formatTime(correction.correctedAt, timeZone, "dateTime")}</time>
            </p>
            <p className="mt-1 text-slate-700">{`${resultText(correction.previous)} → ${resultText(correction)}`}</p>
            <p className="mt-1 text-slate-600">{`Reason: ${correction.reason}`}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
