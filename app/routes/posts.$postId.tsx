import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useLocation, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ExpertAside, PageWithAside } from "~/components/layout/page-aside";
import { useRootData, useViewer } from "~/components/layout/root-data";
import { Comments } from "~/components/posts/comments";
import { usePickResult } from "~/components/posts/post-actions";
import { PostActionsBar } from "~/components/posts/post-author-controls";
import { LockedBody, PostHeader, ScheduledTeaser } from "~/components/posts/post-page-parts";
import { PostPickBox } from "~/components/posts/post-page-pick";
import { SlateRender } from "~/components/posts/slate-render";
import { useTimeZone } from "~/components/time/time-zone";
import { JsonLd } from "~/components/ui/json-ld";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { isLive as postIsLive } from "~/modules/access/access";
import { getViewer } from "~/modules/accounts/gates.server";
import { signInHref } from "~/modules/accounts/sign-in-link";
import { countPostView } from "~/modules/posts/post-views.server";
import { takeWelcome } from "~/modules/subscriptions/subscriber-welcome.server";
import { WelcomeNote } from "~/components/subscriptions/welcome-note";
import { subscribeHref } from "~/modules/subscriptions/subscribe-link";
import { byIntent, pageCommand } from "~/web/commands.server";
import { AppError } from "~/modules/http/app-error";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";
import { imageUrl } from "~/modules/image-url";
import { COMMENTS_PAGE_SIZE } from "~/modules/posts/comment-rules";
import { findCommentPage, listCommentsOfReadPost } from "~/modules/posts/comments.server";
import { deletePostCommand, withdrawPickCommand } from "~/modules/posts/commands.server";
import { recordRules } from "~/modules/record/record-rules";
import { readPost } from "~/modules/posts/post-reads.server";
import { getEvents } from "~/modules/reference/reference.server";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { postAuthorRecord } from "~/modules/record/record.server";
import { appNameFrom, shareMeta, titleFor } from "~/modules/seo/meta";
import { articleJsonLd, PAYWALLED_CLASS } from "~/modules/seo/structured-data";
import type { RootLoaderData } from "~/root";
import { UUID_PATTERN } from "~/modules/http/uuid";

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

/**
 * The post through the one serializer (`readPost` → `toPostDTO` with the viewer's access,
 * decision 017): a locked reader gets `body: null` and the preview, nothing else of the body.
 * Comments only where the body may be read (the API answers 403 on a locked post's discussion);
 * `?scrollTo` opens the comments on the page that holds that comment.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The author's record (the wide screen's column) is public: asked beside the viewer, not after the post.
  const authorRecord = postAuthorRecord(context.db, params.postId ?? "");
  // Awaited below; should the page fail first (404, database down), its failure is not unhandled.
  authorRecord.catch(() => undefined);
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
      wanted && UUID_PATTERN.test(wanted)
        ? await findCommentPage(context.db, post.id, wanted, COMMENTS_PAGE_SIZE)
        : null;
    const page = found ?? 1;
    const list = await listCommentsOfReadPost(context.db, viewerId, post, { page, size: COMMENTS_PAGE_SIZE });
    return {
      comments: { items: list.items, totalItems: list.totalItems, page, size: COMMENTS_PAGE_SIZE },
      scrollTo: found !== null ? wanted : null,
    };
  };
  // A parlay's games, each leg named with its own (only once the legs are public: the serializer's rule).
  const parlayLegs = post.market === "Parlay" ? post.legs : null;
  const isAuthor = viewerId === post.author.id;
  // Counted a moment later, with other views, in one statement.
  if (!isAuthor) countPostView(context.db, context.log, post.id, viewerId ? "reader" : "visitor");
  const [{ comments, scrollTo }, legGames, welcome] = await Promise.all([
    readComments(),
    parlayLegs
      ? getEvents(
          context.db,
          parlayLegs.map((leg) => leg.eventId),
        )
      : null,
    viewer && !isAuthor ? takeWelcome(context.db, viewer, post.author.id) : null,
  ]);

  // Record integrity (decision 017): a Pick whose event has started can be neither edited nor deleted.
  const eventStarted =
    post.postType === "Pick" && post.eventInfo !== null && new Date(post.eventInfo.startsAt).getTime() <= now.getTime();
  const isLive = postIsLive(post, now);
  // The author's Withdraw, while the grace after posting lasts (decision 026).
  const withdrawUntil =
    isAuthor && post.postType === "Pick" && post.postedAt && !post.withdrawnAt && !post.pickResult
      ? new Date(Date.parse(post.postedAt) + recordRules(context.env).withdrawGraceMinutes * 60_000)
      : null;
  const withdraw = {
    open: withdrawUntil !== null && withdrawUntil > now && !eventStarted,
    until: withdrawUntil?.toISOString() ?? null,
  };
  const payload = {
    post,
    authorRecord: await authorRecord,
    comments,
    scrollTo,
    legGames,
    isAuthor,
    eventStarted,
    isLive,
    withdraw,
    welcome,
    siteUrl: context.env.APP_URL,
    canonicalUrl: `${context.env.APP_URL}/posts/${post.id}`,
  };
  return viewer ? data(payload, { headers: PRIVATE_PAGE_HEADERS }) : payload;
}

/**
 * The author's delete and withdraw (app/components/posts/post-author-controls.tsx). Like, notify-me and grading from
 * any view of a post have action routes of their own (posts.$postId_.like.ts…).
 */
export const action = (args: ActionFunctionArgs) =>
  byIntent(args.request, {
    delete: (form) => pageCommand(args, deletePostCommand, { form, reply: () => ({ intent: "delete" as const }) }),
    withdraw: (form) =>
      pageCommand(args, withdrawPickCommand, { form, reply: () => ({ intent: "withdraw" as const }) }),
  });

/** A deleted post has nothing left to load: its page makes way for the author's own. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === "delete" && (actionResult as { ok?: boolean } | undefined)?.ok
    ? false
    : defaultShouldRevalidate;

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

export default function PostPage() {
  const {
    post,
    authorRecord,
    comments,
    scrollTo,
    legGames,
    isAuthor,
    eventStarted,
    isLive,
    withdraw,
    welcome,
    siteUrl,
    canonicalUrl,
  } = useLoaderData<typeof loader>();
  const appName = useRouteLoaderData<RootLoaderData>("root")?.appName ?? "Sharpside";
  const viewer = useViewer();
  // The reader's subscriptions as the frame lists them (the sidebar's): the aside agrees with it.
  const subscriptions = useRootData()?.subscriptions ?? [];
  const location = useLocation();
  const pickResult = usePickResult(post);
  const timeZone = useTimeZone();
  const expertHref = `/experts/${encodeURIComponent(post.author.userName)}`;
  const signInLink = signInHref(location.pathname, location.search);
  const subscribeLink = subscribeHref(post.author.userName, `${location.pathname}${location.search}`);
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
        aside={
          <ExpertAside
            expert={post.author}
            record={authorRecord}
            isOwn={isAuthor}
            subscribed={subscriptions.some((subscription) => subscription.expertId === post.author.id)}
          />
        }
      >
        <WelcomeNote key={post.author.id} welcome={welcome} />
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
              <PostHeader post={post} timeZone={timeZone} isLive={isLive} expertHref={expertHref} games={legGames} />

              {post.postType === "Pick" ? (
                <PostPickBox post={post} pickResult={pickResult} timeZone={timeZone} legGames={legGames} />
              ) : null}

              <div className="mt-6">
                {post.isLocked && !isLive ? (
                  <ScheduledTeaser post={post} timeZone={timeZone} />
                ) : post.isLocked ? (
                  <LockedBody post={post} siteUrl={siteUrl} signedIn={viewer !== null} />
                ) : (
                  <div className={post.postType === "Pick" ? PAYWALLED_CLASS : undefined}>
                    <SlateRender nodes={post.body} siteOrigin={siteUrl} />
                  </div>
                )}
              </div>

              <PostActionsBar
                post={post}
                changeable={changeable}
                isAuthor={isAuthor}
                isLive={isLive}
                withdraw={withdraw}
              />
            </div>
          </div>

          <Comments
            // Its state starts from `initial`.
            key={`${post.id}:${comments?.page ?? 0}`}
            postId={post.id}
            locked={post.isLocked ? (isLive ? "subscribers" : "scheduled") : null}
            initial={comments}
            commentsCount={post.commentsCount}
            scrollTo={scrollTo}
            viewer={viewer}
            signInHref={signInLink}
            subscribeHref={subscribeLink}
            siteOrigin={siteUrl}
          />
        </article>
      </PageWithAside>
    </div>
  );
}
