/**
 * One result of the /search page per tab: a picture, a name and a line of context, the whole row
 * one link. A post comes as `SearchPostHit`, which has no body field at all: a result shows the
 * preview text the serializer allowed, never what a lock hides.
 */
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Lock } from "~/components/ui/icons";
import { Time } from "~/components/time/time-zone";
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { CategoryHit, ExpertHit } from "~/modules/search/search.server";

/** A post as the search page lists it: what a result row shows, and nothing of the body. */
export interface SearchPostHit {
  id: string;
  postType: "Post" | "Pick";
  title: string;
  previewText: string;
  isLocked: boolean;
  coverImage: string | null;
  publishDate: string | null;
  categoryName: string;
  author: { userName: string; firstName: string; lastName: string; avatar: string };
}

// The row is one target for the mouse; for the keyboard and screen readers its link is the name
// alone (stretched over the row), so the link's name stays short.
const row =
  "relative flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50/40 focus-within:border-brand-600 sm:gap-4 sm:p-4";
const stretched =
  "after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600";

const fullName = (person: { firstName: string; lastName: string; userName: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.userName;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function ExpertResult({ expert }: { expert: ExpertHit }) {
  const about = expert.expertAboutText
    ?.split("\n")
    .find((line) => line.trim())
    ?.trim();
  return (
    <div className={row}>
      <ProxiedImage
        src={expert.avatar}
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={`/experts/${encodeURIComponent(expert.userName)}`}
            className={clsx("truncate font-semibold text-slate-900", stretched)}
          >
            {fullName(expert)}
          </Link>
          <span className="truncate text-sm text-slate-500">{`@${expert.userName}`}</span>
        </span>
        <span className="block truncate text-sm text-slate-600">
          {about ?? plural(expert.subscribersCount, "subscriber")}
        </span>
      </span>
      {about ? (
        <span className="hidden shrink-0 text-sm text-slate-500 sm:block">
          {plural(expert.subscribersCount, "subscriber")}
        </span>
      ) : null}
    </div>
  );
}

// Tailwind sees whole class names only: the badge colours are spelled out.
const BADGE_COLOURS = [
  "bg-brand-100 text-brand-800",
  "bg-sky-100 text-sky-800",
  "bg-amber-100 text-amber-800",
  "bg-rose-100 text-rose-800",
  "bg-violet-100 text-violet-800",
  "bg-slate-200 text-slate-800",
];

/** A sport's badge text: an acronym whole (NFL, NCAAB), any other name by its first letter. */
export function sportBadge(name: string): string {
  return /^[A-Z0-9]{2,5}$/.test(name) ? name : name.slice(0, 1).toUpperCase();
}

export function CategoryResult({ category }: { category: CategoryHit }) {
  return (
    <div className={row}>
      <span
        aria-hidden="true"
        className={clsx(
          "flex size-12 shrink-0 items-center justify-center rounded-xl text-xs font-extrabold tracking-tight",
          BADGE_COLOURS[category.id % BADGE_COLOURS.length],
          sportBadge(category.name).length === 1 && "text-lg",
          sportBadge(category.name).length >= 5 && "text-[10px]",
        )}
      >
        {sportBadge(category.name)}
      </span>
      <span className="min-w-0 flex-1">
        <Link
          to={`/sports/${category.slug}`}
          className={clsx("block truncate font-semibold text-slate-900", stretched)}
        >
          {category.name}
        </Link>
        <span className="block text-sm text-slate-600">{plural(category.postsCount, "post")}</span>
      </span>
      <span aria-hidden="true" className="hidden shrink-0 text-sm font-medium text-brand-700 sm:block">
        Experts and games
      </span>
    </div>
  );
}

// UTC on the server and in the browser alike, so the date never differs between the two renders.

export function PostResult({ post }: { post: SearchPostHit }) {
  return (
    <div className={clsx(row, "items-start sm:items-center")}>
      {post.coverImage ? (
        <ProxiedImage
          src={post.coverImage}
          width={80}
          height={60}
          loading="lazy"
          className="h-12 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-[60px] sm:w-20"
        />
      ) : (
        <ProxiedImage
          src={post.author.avatar}
          width={48}
          height={48}
          loading="lazy"
          className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
        />
      )}
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={`/posts/${post.id}`}
            className={clsx("line-clamp-2 min-w-0 font-semibold leading-snug text-slate-900", stretched)}
          >
            {post.title}
          </Link>
          {post.isLocked ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              <Lock className="size-3" aria-hidden="true" />
              Subscribers only
            </span>
          ) : null}
        </span>
        {post.previewText ? (
          <span className="mt-0.5 block truncate text-sm text-slate-600">{post.previewText}</span>
        ) : null}
        <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
          <span className="font-medium text-slate-700">{post.author.userName}</span>
          <span aria-hidden="true">·</span>
          {post.publishDate ? <Time dateTime={post.publishDate} style="day" /> : <span>Draft</span>}
          <span aria-hidden="true">·</span>
          <span>{`${post.categoryName} ${post.postType === "Pick" ? "pick" : "post"}`}</span>
        </span>
      </span>
    </div>
  );
}
