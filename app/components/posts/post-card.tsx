import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { CalendarClock, Lock, MessageCircle } from "~/components/ui/icons";
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { PickResult } from "~/modules/posts/post-serializer.server";
import type { CardPost } from "~/modules/posts/card-post";
import { formatOdds } from "~/modules/record/pick-basics";
import { useViewer } from "~/components/layout/root-data";
import { LikeButton, NotifyButton, PickResultControl, usePickResult } from "./post-actions";
import { Time } from "~/components/time/time-zone";

/**
 * One post in a list (feed, likes, home, an expert's page, an event): who wrote it, what it is,
 * its preview and, for a pick, its record. Never the body: the list links to the post, where the
 * paywall's serializer decides what the reader gets.
 */
export function PostCard({ post, now }: { post: CardPost; now?: Date }) {
  const pickResult = usePickResult(post);
  const viewerId = useViewer()?.id ?? null;
  const href = `/posts/${post.id}`;
  const titleId = `post-${post.id}-title`;
  const isPick = post.postType === "Pick";
  // A locked pick whose record is not public yet shows the lock; a graded one shows the record.
  const lockedPick = isPick && post.isLocked;
  const hasRecord = isPick && (post.selection !== null || post.odds !== null || post.units !== null);
  // Someone else's scheduled post is a teaser: readers may ask to be notified when it goes live.
  const upcoming = post.publishDate !== null && new Date(post.publishDate) > (now ?? new Date());
  const isAuthor = viewerId === post.author.id;
  return (
    <article aria-labelledby={titleId} className="post-card">
      <header className="flex items-center gap-3">
        <Link
          to={`/experts/${encodeURIComponent(post.author.userName)}`}
          className="shrink-0"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ProxiedImage src={post.author.avatar} width={40} height={40} className="post-card-avatar" loading="lazy" />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={`/experts/${encodeURIComponent(post.author.userName)}`} className="post-card-author">
            {post.author.userName}
          </Link>
          <p className="post-card-byline">
            <PublishDate publishDate={post.publishDate} now={now} />
            <span aria-hidden="true">·</span>
            <span>{post.categoryInfo.name}</span>
          </p>
        </div>
        <span className={clsx("post-card-type", isPick ? "bg-ink text-white" : "bg-slate-100 text-slate-700")}>
          {post.postType}
        </span>
      </header>

      {post.eventInfo ? <EventLine event={post.eventInfo} /> : null}

      <div className="mt-3 flex gap-4">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="post-card-title">
            <Link to={href} className="hover:text-brand-700">
              {post.title}
            </Link>
          </h3>
          {post.previewText ? <p className="post-card-preview">{post.previewText}</p> : null}
        </div>
        {post.coverImage ? (
          // The title is the link for assistive technology; the picture is a second target for the mouse.
          <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <ProxiedImage src={post.coverImage} width={112} height={84} loading="lazy" className="post-card-cover" />
          </Link>
        ) : null}
      </div>

      {lockedPick && pickResult === null ? (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
          <Lock className="size-4" aria-hidden="true" />
          {/* What is still locked: the whole pick before its game, the write-up after. */}
          {hasRecord ? "Analysis for subscribers" : "Pick for subscribers"}
        </p>
      ) : null}

      {isPick && (hasRecord || pickResult !== null) ? (
        <PickRecord
          selection={post.selection}
          odds={post.odds}
          units={post.units}
          pickResult={pickResult}
          withdrawn={post.withdrawnAt !== null}
        />
      ) : null}

      <footer className="post-card-footer">
        {upcoming && !isAuthor ? (
          <NotifyButton post={post} />
        ) : (
          <>
            <LikeButton post={post} />
            <Link
              to={`${href}#comments`}
              aria-label={`${post.commentsCount} ${post.commentsCount === 1 ? "comment" : "comments"}`}
              className="post-card-comments"
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              <span aria-hidden="true">{post.commentsCount}</span>
            </Link>
          </>
        )}
        {/* Only the author grades; other readers' cards do not mount the control at all. */}
        {isPick && isAuthor ? (
          <div className="ml-auto">
            <PickResultControl post={post} />
          </div>
        ) : null}
      </footer>
    </article>
  );
}

function PublishDate({ publishDate, now = new Date() }: { publishDate: string | null; now?: Date }) {
  if (!publishDate) return <span>Draft</span>;
  const date = new Date(publishDate);
  if (date > now) {
    return (
      // On a phone the date drops under "Goes live" rather than splitting either.
      <span className="inline-flex flex-wrap items-center gap-x-1 font-medium text-amber-700">
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <CalendarClock className="size-3.5" aria-hidden="true" />
          Goes live
        </span>{" "}
        <Time dateTime={publishDate} style="dateTime" className="whitespace-nowrap" />
      </span>
    );
  }
  return <Time dateTime={publishDate} style="day" />;
}

function EventLine({ event }: { event: NonNullable<CardPost["eventInfo"]> }) {
  const score = event.homeScore !== null && event.awayScore !== null ? ` · ${event.awayScore}-${event.homeScore}` : "";
  return (
    <p className="mt-3 truncate text-sm text-slate-600">
      <span className="font-medium text-slate-800">{event.title}</span>
      <span aria-hidden="true"> · </span>
      {event.status === "Scheduled" ? (
        <Time dateTime={event.startsAt} style="game" />
      ) : (
        <span>{`${event.status}${score}`}</span>
      )}
    </p>
  );
}

export { formatOdds };

const RESULT_STYLES: Record<PickResult, string> = {
  Win: "bg-brand-100 text-brand-800",
  Loss: "bg-red-100 text-red-800",
  Push: "bg-slate-100 text-slate-700",
  Void: "bg-slate-100 text-slate-500",
};

function PickRecord({
  selection,
  odds,
  units,
  pickResult,
  withdrawn,
}: {
  selection: string | null;
  odds: number | null;
  units: number | null;
  pickResult: PickResult | null;
  withdrawn: boolean;
}) {
  return (
    <p className="post-card-record">
      {selection ? <span className="font-semibold text-slate-900">{selection}</span> : null}
      {odds !== null ? (
        <span className="text-slate-700">
          <span className="sr-only">Odds </span>
          {formatOdds(odds)}
        </span>
      ) : null}
      {units !== null ? <span className="text-slate-700">{`${units}u`}</span> : null}
      <span
        className={clsx(
          "ml-auto rounded-full px-2 py-0.5 text-xs font-bold",
          pickResult
            ? RESULT_STYLES[pickResult]
            : withdrawn
              ? "bg-slate-100 text-slate-600"
              : "bg-amber-50 text-amber-800",
        )}
      >
        <span className="sr-only">Result: </span>
        {pickResult ?? (withdrawn ? "Withdrawn" : "Pending")}
      </span>
    </p>
  );
}
