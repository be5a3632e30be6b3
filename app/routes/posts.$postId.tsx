import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type MetaFunction,
} from "@remix-run/node";
import { SubscriptionControl } from "~/components/subscriptions/subscription-actions";
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteLoaderData,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { CalendarClock, Lock, MessageCircle, Pencil, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { Comments } from "~/components/posts/comments";
import {
  LikeButton,
  NotifyButton,
  PickResultControl,
  postClientAction,
  usePickResult,
} from "~/components/posts/post-actions";
import { PostPickBox } from "~/components/posts/post-page-pick";
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime } from "~/modules/time/clock";
import { SlateRender } from "~/components/posts/slate-render";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { isLive as postIsLive } from "~/modules/access/access";
import { isExpert } from "~/modules/accounts/current-user";
import { getViewer } from "~/modules/accounts/gates.server";
import { signInHref } from "~/modules/accounts/sign-in-link";
import { apiFetch, ApiClientError } from "~/modules/http/api-client";
import { AppError } from "~/modules/http/app-error";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { PUBLIC_PAGE_HEADERS } from "~/modules/http/public-page";
import { imageUrl } from "~/modules/images/image-url";
import { COMMENTS_PAGE_SIZE } from "~/modules/posts/comment-rules";
import { findCommentPage, listCommentsOfReadPost } from "~/modules/posts/comments.server";
import { readPost } from "~/modules/posts/post-reads.server";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { appNameFrom, shareMeta, titleFor } from "~/modules/site/meta";
import { articleJsonLd, PAYWALLED_CLASS } from "~/modules/site/structured-data";
import { JsonLd } from "~/components/ui/json-ld";
import { ExpertAside, PageWithAside } from "~/components/layout/page-aside";
import { recordSummary } from "~/modules/record/record.server";
import type { RootLoaderData } from "~/root";

export const POST_DELETED = "Post deleted.";
export const PICK_WITHDRAWN = "Pick withdrawn. It stays on your record as withdrawn.";

/** A reader's copy may hold a paid body: never kept by any cache. */
const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/**
 * Every signed-out visitor gets the same page (the paywall's locked view for picks), so the page
 * micro-cache may keep it (decision 007); a signed-in reader's page is marked private.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : PUBLIC_PAGE_HEADERS;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The post through the one serializer (`readPost` → `toPostDTO` with the viewer's access,
 * decision 017): a locked reader gets `body: null` and the preview, nothing else of the body.
 * Comments only where the body may be read (the API answers 403 on a locked post's discussion);
 * `?scrollTo` opens the comments on the page that holds that comment.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  const viewerId = viewer?.user.id ?? null;
  const now = new Date();
  let post: PostDTO;
  try {
    post = await readPost(context.db, viewerId, params.postId, now);
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw new Response(null, { status: 404, statusText: "Not Found" });
    throw error;
  }

  const url = new URL(request.url);
  const wanted = url.searchParams.get("scrollTo");
  const readComments = async () => {
    if (post.isLocked) return { comments: null, scrollTo: null };
    // Only a comment shown on this post: anything else opens the newest page, scrolled nowhere.
    const found =
      wanted && UUID.test(wanted) ? await findCommentPage(context.db, post.id, wanted, COMMENTS_PAGE_SIZE) : null;
    const page = found ?? 1;
    const list = await listCommentsOfReadPost(context.db, viewerId, post, { page, size: COMMENTS_PAGE_SIZE });
    return {
      comments: { items: list.items, totalItems: list.totalItems, page, size: COMMENTS_PAGE_SIZE },
      scrollTo: found !== null ? wanted : null,
    };
  };
  // The author's record (the wide screen's column) beside the comments.
  const [{ comments, scrollTo }, authorRecord] = await Promise.all([
    readComments(),
    recordSummary(context.db, post.author.id),
  ]);

  const isAuthor = viewerId === post.author.id;
  // Record integrity (decision 017): a Pick whose event has started can be neither edited nor deleted.
  const eventStarted =
    post.postType === "Pick" && post.eventInfo !== null && new Date(post.eventInfo.startsAt).getTime() <= now.getTime();
  const isLive = postIsLive(post, now);
  const payload = {
    post,
    authorRecord,
    comments,
    scrollTo,
    isAuthor,
    eventStarted,
    isLive,
    siteUrl: context.env.APP_URL,
    canonicalUrl: `${context.env.APP_URL}/posts/${post.id}`,
  };
  return viewer ? data(payload, { headers: PRIVATE_PAGE_HEADERS }) : payload;
}

/** Like, notify-me and grading from any view of the post (app/components/posts/post-actions.tsx). */
export const clientAction = ({ request, params }: ClientActionFunctionArgs) =>
  postClientAction(request, params.postId ?? "");

const DESCRIPTION_MAX = 160;

/** The preview's text, cut on a word: the only words of a post that reach meta tags (a locked body never does). */
export function describePost(previewText: string): string {
  const text = previewText.replace(/\s+/g, " ").trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${cut.slice(0, space > 80 ? space : cut.length)}…`;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const appName = appNameFrom(matches);
  if (!loaded) return [{ title: titleFor(appName, "Not found") }];
  const { post, canonicalUrl, siteUrl, isLive } = loaded;
  const description = describePost(post.previewText) || `${post.postType} by ${post.author.userName} on ${appName}.`;
  // The cover is the wide card; without one, the author's photo.
  const image = post.coverImage
    ? { src: post.coverImage, alt: post.title, wide: true }
    : { src: post.author.avatar, alt: `${post.author.userName}'s photo`, wide: false };
  const tags: MetaDescriptor[] = [
    { title: titleFor(appName, post.title) },
    { name: "description", content: description },
    ...shareMeta({ appName, siteUrl, url: canonicalUrl, title: post.title, description, type: "article", image }),
  ];
  if (post.publishDate) tags.push({ property: "article:published_time", content: post.publishDate });
  // Drafts and scheduled posts are their author's alone.
  if (!isLive) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

const fullName = (author: PostDTO["author"]) => `${author.firstName} ${author.lastName}`.trim() || author.userName;

export default function PostPage() {
  const { post, authorRecord, comments, scrollTo, isAuthor, eventStarted, isLive, siteUrl, canonicalUrl } =
    useLoaderData<typeof loader>();
  const appName = useRouteLoaderData<RootLoaderData>("root")?.appName ?? "Sharpside";
  const viewer = useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
  const location = useLocation();
  const pickResult = usePickResult(post);
  const timeZone = useTimeZone();
  const expertHref = `/experts/${encodeURIComponent(post.author.userName)}`;
  const signInLink = signInHref(location.pathname, location.search);
  // The verified record (decision 026): a graded, started or withdrawn pick is no longer the author's to change.
  const changeable =
    isAuthor && !(post.postType === "Pick" && (pickResult !== null || eventStarted || post.withdrawnAt !== null));

  return (
    <div className="container-page py-6 lg:py-8">
      {isLive ? (
        <JsonLd
          data={articleJsonLd({
            post,
            description: describePost(post.previewText) || `${post.postType} by ${post.author.userName} on ${appName}.`,
            url: canonicalUrl,
            imageUrl: post.coverImage ? imageUrl(post.coverImage, 1200) : null,
            siteUrl,
            appName,
          })}
        />
      ) : null}
      <PageWithAside
        label="About the expert"
        aside={<ExpertAside expert={post.author} record={authorRecord} isOwn={isAuthor} />}
      >
        <article className="mx-auto max-w-content" aria-labelledby="post-title">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {post.coverImage ? (
              <ProxiedImage
                src={post.coverImage}
                width={704}
                height={396}
                alt=""
                className="aspect-video w-full bg-slate-100 object-cover"
              />
            ) : null}
            <div className="p-5 sm:p-8">
              <PostHeader post={post} timeZone={timeZone} isLive={isLive} expertHref={expertHref} />

              {post.postType === "Pick" ? (
                <PostPickBox post={post} pickResult={pickResult} timeZone={timeZone} />
              ) : null}

              <div className="mt-6">
                {post.isLocked && !isLive ? (
                  <ScheduledTeaser post={post} timeZone={timeZone} />
                ) : post.isLocked ? (
                  <LockedBody
                    post={post}
                    siteUrl={siteUrl}
                    expertHref={expertHref}
                    signInHref={signInLink}
                    signedIn={viewer !== null}
                  />
                ) : (
                  <div className={post.postType === "Pick" ? PAYWALLED_CLASS : undefined}>
                    <SlateRender nodes={post.body} siteOrigin={siteUrl} />
                  </div>
                )}
              </div>

              <PostActionsBar post={post} changeable={changeable} isAuthor={isAuthor} isLive={isLive} />
            </div>
          </div>

          <Comments
            key={`${post.id}:${comments?.page ?? 0}`}
            postId={post.id}
            locked={post.isLocked ? (isLive ? "subscribers" : "scheduled") : null}
            initial={comments}
            commentsCount={post.commentsCount}
            scrollTo={scrollTo}
            viewer={viewer}
            signInHref={signInLink}
            subscribeHref={expertHref}
            siteOrigin={siteUrl}
          />
        </article>
      </PageWithAside>
    </div>
  );
}

function PostHeader({
  post,
  timeZone,
  isLive,
  expertHref,
}: {
  post: PostDTO;
  timeZone: string;
  isLive: boolean;
  expertHref: string;
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
        {post.modality.map((modality) => (
          <span
            key={modality.id}
            className="rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-600"
          >
            {modality.name}
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

      {post.eventInfo ? <EventBox event={post.eventInfo} timeZone={timeZone} /> : null}
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
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm hover:border-slate-300 hover:bg-slate-100"
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
function ScheduledTeaser({ post, timeZone }: { post: PostDTO; timeZone: string }) {
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
function LockedBody({
  post,
  siteUrl,
  expertHref,
  signInHref,
  signedIn,
}: {
  post: PostDTO;
  siteUrl: string;
  expertHref: string;
  signInHref: string;
  signedIn: boolean;
}) {
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
          This pick is for subscribers
        </h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
          {`Subscribe to ${post.author.userName} to read the full analysis, see every pick as it is posted and join the discussion.`}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {signedIn ? (
            <SubscriptionControl
              expert={post.author}
              signedIn
              subscription={null}
              label={`Subscribe to ${post.author.userName}`}
            />
          ) : (
            <Link
              to={expertHref}
              className="rounded-full bg-brand-500 px-5 py-2.5 text-sm font-semibold text-ink hover:bg-brand-600"
            >
              {`Subscribe to ${post.author.userName}`}
            </Link>
          )}
          {signedIn ? null : (
            <>
              <Link
                to={signInHref}
                className="rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                Sign in
              </Link>
              <Link
                to="/sign-up"
                className="rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                Sign up
              </Link>
            </>
          )}
        </div>
      </section>
    </div>
  );
}

function PostActionsBar({
  post,
  changeable,
  isAuthor,
  isLive,
}: {
  post: PostDTO;
  changeable: boolean;
  isAuthor: boolean;
  isLive: boolean;
}) {
  // Likes and comments begin when the post goes live; until then its teaser carries notify-me.
  if (!isLive && !isAuthor) return null;
  return (
    <div className="mt-8 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-5">
      {isLive ? <LikeButton post={post} /> : null}
      {isLive ? <NotifyButton post={post} /> : null}
      <a
        href="#comments"
        className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
      >
        <MessageCircle className="size-4" aria-hidden="true" />
        <span>{post.commentsCount}</span>
        <span className="sr-only">{post.commentsCount === 1 ? " comment" : " comments"}</span>
      </a>
      {isAuthor ? (
        <div className="flex w-full flex-wrap items-center gap-2 sm:ml-auto sm:w-auto">
          <PickResultControl post={post} />
          {changeable ? <AuthorControls post={post} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function AuthorControls({ post }: { post: PostDTO }) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const viewer = useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
  const [deleting, setDeleting] = useState(false);
  const noun = post.postType === "Pick" ? "pick" : "post";

  async function remove() {
    const sure = await confirm({
      title: `Delete this ${noun}?`,
      description: "It is removed for everyone, with its comments and likes. This cannot be undone.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!sure) return;
    setDeleting(true);
    try {
      await apiFetch(`/posts/${encodeURIComponent(post.id)}`, { method: "DELETE" });
      toast.success(POST_DELETED);
      navigate(isExpert(viewer) ? "/profile" : "/", { replace: true });
    } catch (error) {
      toast.error(error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);
      setDeleting(false);
    }
  }

  const button =
    "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";
  return (
    <>
      <Link
        to={`?createEditPost=${encodeURIComponent(post.id)}`}
        aria-label={`Edit ${noun}`}
        className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
      >
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Link>
      {post.postType === "Pick" && post.postedAt !== null ? (
        <WithdrawButton post={post} />
      ) : (
        <button
          type="button"
          onClick={remove}
          disabled={deleting}
          aria-label={deleting ? `Deleting ${noun}` : `Delete ${noun}`}
          className={`${button} border-red-200 bg-white text-danger hover:bg-red-50`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {deleting ? "Deleting…" : "Delete"}
        </button>
      )}
    </>
  );
}

/** A posted pick is never deleted: before its game starts its author may withdraw it (kept, shown as withdrawn). */
function WithdrawButton({ post }: { post: PostDTO }) {
  const confirm = useConfirm();
  const revalidator = useRevalidator();
  const [withdrawing, setWithdrawing] = useState(false);

  async function withdraw() {
    const sure = await confirm({
      title: "Withdraw this pick?",
      description: "It stays on your verified record, marked withdrawn, and is never graded. This cannot be undone.",
      confirmLabel: "Withdraw",
      destructive: true,
    });
    if (!sure) return;
    setWithdrawing(true);
    try {
      await apiFetch(`/posts/${encodeURIComponent(post.id)}/withdraw`, { method: "POST" });
      toast.success(PICK_WITHDRAWN);
      revalidator.revalidate();
    } catch (error) {
      toast.error(error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);
    } finally {
      setWithdrawing(false);
    }
  }

  return (
    <button
      type="button"
      onClick={withdraw}
      disabled={withdrawing}
      className="inline-flex items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-danger hover:bg-red-50 disabled:opacity-60"
    >
      <Undo2 className="size-4" aria-hidden="true" />
      {withdrawing ? "Withdrawing…" : "Withdraw pick"}
    </button>
  );
}
