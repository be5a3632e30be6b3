/**
 * The post page's reading parts (app/routes/posts.$postId.tsx): its header with the game, a
 * scheduled post's teaser, and the locked view a reader without access gets (never the body).
 */
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { CalendarClock, Lock } from "~/components/ui/icons";
import { SubscriptionControl } from "~/components/subscriptions/subscription-actions";
import { ButtonLink } from "~/components/ui/button";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { signInHref } from "~/modules/accounts/sign-in-link";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { MARKET_LABELS } from "~/modules/record/pick-basics";
import type { EventDTO } from "~/modules/reference/reference.server";
import { formatTime } from "~/modules/time/clock";
import { NotifyButton } from "./post-actions";
import { SlateRender } from "./slate-render";

const fullName = (author: PostDTO["author"]) => `${author.firstName} ${author.lastName}`.trim() || author.userName;

export function PostHeader({
  post,
  timeZone,
  isLive,
  expertHref,
  games,
}: {
  post: PostDTO;
  timeZone: string;
  isLive: boolean;
  expertHref: string;
  /** A parlay's games, once its legs are public; else the post's one game. */
  games: EventDTO[] | null;
}) {
  return (
    <header>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={
            post.postType === "Pick"
              ? "rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold text-white"
              : "rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
          }
        >
          {post.postType}
        </span>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {post.categoryInfo.name}
        </span>
        {/* A pick is labelled by its own market; a post by the bet types it talks about. */}
        {(post.postType === "Pick"
          ? post.market
            ? [MARKET_LABELS[post.market]]
            : []
          : post.modality.map((m) => m.name)
        ).map((label) => (
          <span
            key={label}
            className="rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-600"
          >
            {label}
          </span>
        ))}
        {post.isLocked && isLive ? (
          <span className="ml-auto inline-flex items-center gap-1 text-xs font-semibold text-slate-600">
            <Lock className="size-3.5" aria-hidden="true" />
            Subscribers only
          </span>
        ) : null}
      </div>

      <h1
        id="post-title"
        className="mt-3 break-words text-2xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-3xl"
      >
        {post.title}
      </h1>

      <div className="mt-4 flex items-center gap-3">
        <Link to={expertHref} className="shrink-0" tabIndex={-1} aria-hidden="true">
          <ProxiedImage
            src={post.author.avatar}
            width={44}
            height={44}
            className="size-11 rounded-full bg-slate-100 object-cover"
          />
        </Link>
        <div className="min-w-0 text-sm">
          <Link to={expertHref} className="block truncate font-semibold text-slate-900 hover:underline">
            {fullName(post.author)}
          </Link>
          <p className="flex flex-wrap items-center gap-x-1.5 text-slate-500">
            <span>{`@${post.author.userName}`}</span>
            <span aria-hidden="true">·</span>
            <PublishLine post={post} timeZone={timeZone} isLive={isLive} />
          </p>
        </div>
      </div>

      {/* Every game the pick rides on: a parlay's legs each have their own. */}
      <div className="mt-4 space-y-2 empty:hidden">
        {(games ?? (post.eventInfo ? [post.eventInfo] : [])).map((game) => (
          <EventBox key={game.id} event={game} timeZone={timeZone} />
        ))}
      </div>
    </header>
  );
}

function PublishLine({ post, timeZone, isLive }: { post: PostDTO; timeZone: string; isLive: boolean }) {
  if (!post.publishDate) return <span className="font-medium text-amber-700">Draft</span>;
  if (!isLive) {
    // Everyone sees a scheduled post's teaser; only its author reads it before it goes live.
    return (
      <span className="font-medium text-amber-700">
        <CalendarClock className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
        Scheduled for <time dateTime={post.publishDate}>{formatTime(post.publishDate, timeZone, "dateTime")}</time>
      </span>
    );
  }
  return <time dateTime={post.publishDate}>{formatTime(post.publishDate, timeZone, "day")}</time>;
}

function EventBox({ event, timeZone }: { event: NonNullable<PostDTO["eventInfo"]>; timeZone: string }) {
  const score = event.homeScore !== null && event.awayScore !== null ? `${event.awayScore}-${event.homeScore}` : null;
  return (
    <Link
      to={`/events/${event.id}`}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm hover:border-slate-300 hover:bg-slate-100"
    >
      <span className="font-semibold text-slate-900">{event.title}</span>
      <span className="text-slate-600">
        {event.status === "Scheduled" ? (
          <time dateTime={event.startsAt}>{formatTime(event.startsAt, timeZone, "game")}</time>
        ) : (
          `${event.status}${score ? ` · ${score}` : ""}`
        )}
      </span>
      <span className="ml-auto text-xs font-semibold text-brand-700">All posts on this game →</span>
    </Link>
  );
}

/** Someone else's scheduled post: its title and when it goes live, and notify-me (nothing of its text). */
export function ScheduledTeaser({ post, timeZone }: { post: PostDTO; timeZone: string }) {
  return (
    <section
      aria-labelledby="scheduled-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-center sm:p-6"
    >
      <CalendarClock className="mx-auto size-6 text-amber-700" aria-hidden="true" />
      <h2 id="scheduled-heading" className="mt-2 text-lg font-bold text-slate-900">
        {`This ${post.postType === "Pick" ? "pick" : "post"} is not live yet`}
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-700">
        {post.publishDate ? (
          <>
            {`${post.author.userName} publishes it on `}
            <time dateTime={post.publishDate}>{formatTime(post.publishDate, timeZone, "dateTime")}</time>. Ask to be
            notified when it goes live.
          </>
        ) : (
          "Ask to be notified when it goes live."
        )}
      </p>
      <div className="mt-4 flex justify-center">
        <NotifyButton post={post} />
      </div>
    </section>
  );
}

/** What a reader without access sees: the preview fading out and the way in (never the body). */
export function LockedBody({ post, siteUrl, signedIn }: { post: PostDTO; siteUrl: string; signedIn: boolean }) {
  const location = useLocation();
  // Once the game has started (or the pick is graded) the bet is public; only the write-up stays locked.
  const betPublic = post.selection !== null;
  return (
    <div>
      <SlateRender nodes={post.preview} siteOrigin={siteUrl} />
      {/* The rest of the text, suggested: blurred lines fading out (nothing of the body is here). */}
      <div aria-hidden="true" className="relative mt-4 space-y-3 overflow-hidden blur-[2px]">
        <div className="h-3.5 w-11/12 rounded bg-slate-300" />
        <div className="h-3.5 w-full rounded bg-slate-300" />
        <div className="h-3.5 w-4/5 rounded bg-slate-300" />
        <div className="h-3.5 w-full rounded bg-slate-300" />
        <div className="absolute inset-0 bg-gradient-to-b from-white/10 to-white" />
      </div>
      <section
        aria-labelledby="locked-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 text-center sm:p-6"
      >
        <Lock className="mx-auto size-6 text-slate-500" aria-hidden="true" />
        <h2 id="locked-heading" className="mt-2 text-lg font-bold text-slate-900">
          {betPublic ? "The analysis is for subscribers" : "This pick is for subscribers"}
        </h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
          {betPublic
            ? `The pick above is public now that its game has started. Subscribe to ${post.author.userName} to read why, get the next picks before their games and join the discussion.`
            : `Subscribe to ${post.author.userName} to see the pick (side, line and stake) before the game, read the full analysis and join the discussion.`}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <SubscriptionControl
            expert={post.author}
            subscription={null}
            label={`Subscribe to ${post.author.userName}`}
          />
          {signedIn ? null : (
            <ButtonLink to={signInHref(location.pathname, location.search)} variant="secondary" size="lg">
              Sign in
            </ButtonLink>
          )}
        </div>
      </section>
    </div>
  );
}
