/**
 * What a reader (or the author) does to a post from any view of it: like, notify-me and grading
 * a pick (product.md "States": optimistic; "Error messages": a failure shows the server's text).
 *
 * Each control submits to its own route action (`/posts/{id}/like`, `/notify`, `/pick-result`:
 * app/routes/posts.$postId_.*.ts) through a fetcher keyed by the post (`like:{id}`…), so every
 * mounted view of the same post (its page, a card in a list) reads the same pending value at
 * once. The loaders on screen revalidate afterwards, and until they have, the action's answer is
 * what the views show. On an error the optimistic value simply ends (the views fall back to the
 * post's data) and a toast says why.
 */
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Bell, BellRing, Heart } from "~/components/ui/icons";
import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { signInHref } from "~/modules/accounts/sign-in-link";
import type { PickResult, PostDTO } from "~/modules/posts/post-serializer.server";
import type { CardPost } from "~/modules/posts/card-post";
import { isSelfGradedMarket, PICK_RESULTS } from "~/modules/record/pick-basics";
import { useViewer } from "~/components/layout/root-data";

export const likeFetcherKey = (postId: string) => `like:${postId}`;
export const notifyFetcherKey = (postId: string) => `notify:${postId}`;
export const pickResultFetcherKey = (postId: string) => `pick-result:${postId}`;

/** Where each control submits: the post's action routes. */
export const postActionPath = (postId: string, control: "like" | "notify" | "pick-result") =>
  `/posts/${encodeURIComponent(postId)}/${control}`;

const isPickResult = (value: unknown): value is PickResult =>
  typeof value === "string" && (PICK_RESULTS as readonly string[]).includes(value);

type ActionFetcher = { state: string; formData?: FormData; data?: { ok: boolean } };

/** The pending submission's form data, while it is in flight or its revalidation follows a success. */
function pendingForm(fetcher: ActionFetcher): FormData | undefined {
  if (!fetcher.formData) return undefined;
  if (fetcher.state === "submitting") return fetcher.formData;
  if (fetcher.state === "loading" && fetcher.data?.ok) return fetcher.formData;
  return undefined;
}

/** /sign-in, coming back to this page afterwards (product.md "Screens and routes"). */
function useSignInHref() {
  const location = useLocation();
  return signInHref(location.pathname, location.search);
}

/** The like state every view of the post shows: pending value, else the API's last answer, else the post's. */
export function useLikeState(post: Pick<PostDTO, "id" | "likesCount" | "metadata">) {
  const fetcher = useActionFetcher<{ liked: boolean; likesCount: number }>({ key: likeFetcherKey(post.id) });
  let liked = post.metadata.isLiked;
  let likesCount = post.likesCount;
  if (fetcher.data?.ok) {
    liked = fetcher.data.liked;
    likesCount = fetcher.data.likesCount;
  }
  const pending = pendingForm(fetcher);
  if (pending) {
    const next = pending.get("liked") === "true";
    if (next !== liked) likesCount = Math.max(0, likesCount + (next ? 1 : -1));
    liked = next;
  }
  return { liked, likesCount, fetcher };
}

// A component class (app/styles/app.css): every card repeats it.
const pillClass = "action-pill";

export function LikeButton({ post, className }: { post: CardPost; className?: string }) {
  const viewer = useViewer();
  const signInHref = useSignInHref();
  const { liked, likesCount, fetcher } = useLikeState(post);
  const label = `Like (${likesCount} ${likesCount === 1 ? "like" : "likes"})`;
  const look = clsx(
    pillClass,
    liked ? "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100" : "action-pill-idle",
    className,
  );
  const content = (
    <>
      <Heart className={clsx("size-4", liked && "fill-current")} aria-hidden="true" />
      <span aria-hidden="true">{likesCount}</span>
    </>
  );
  if (!viewer) {
    return (
      <Link to={signInHref} className={look} aria-label={`${label}: sign in to like`}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={look}
      aria-pressed={liked}
      aria-label={label}
      onClick={() =>
        fetcher.submit({ liked: String(!liked) }, { method: "post", action: postActionPath(post.id, "like") })
      }
    >
      {content}
    </button>
  );
}

type NotifyAnswer = { isNotifyRequested: boolean };

export function useNotifyState(post: Pick<PostDTO, "id" | "metadata">) {
  const fetcher = useActionFetcher<NotifyAnswer>({ key: notifyFetcherKey(post.id) });
  let requested = post.metadata.isNotifyRequested;
  if (fetcher.data?.ok) requested = fetcher.data.isNotifyRequested;
  const pending = pendingForm(fetcher);
  if (pending) requested = pending.get("notify") === "true";
  return { requested, fetcher };
}

/**
 * What notify-me does for this post, in the words its button and toast use: a scheduled post
 * brings a notification when it goes live; a live pick not graded yet brings its result when it
 * is graded; anything else has nothing left to announce, so asking keeps it on the Watchlist only.
 * All are listed on /watchlist.
 */
export function notifyTexts(
  post: Pick<PostDTO, "status" | "publishDate" | "postType" | "pickResult">,
  now = new Date(),
) {
  const upcoming =
    post.status === "Published" && post.publishDate !== null && new Date(post.publishDate).getTime() > now.getTime();
  if (upcoming)
    return {
      offHint: "Get a notification when this post goes live.",
      onHint: "You will get a notification when this post goes live. Choose again to cancel it.",
      turnedOn: "We will notify you when this post goes live.",
      turnedOnDetail: "It waits on your Watchlist until then.",
      turnedOff: "You will not be notified when this post goes live.",
    };
  if (post.postType === "Pick" && post.pickResult === null)
    return {
      offHint: "Get a notification with this pick's result when it is graded.",
      onHint: "You will get this pick's result when it is graded. Choose again to cancel it.",
      turnedOn: "We will notify you when this pick is graded.",
      turnedOnDetail: "It waits on your Watchlist until then.",
      turnedOff: "You will not be notified when this pick is graded.",
    };
  return {
    offHint: "This post is already live: Notify me keeps it on your Watchlist. No further notification follows.",
    onHint: "This post is on your Watchlist. Choose again to take it off.",
    turnedOn: "Saved to your Watchlist.",
    turnedOnDetail:
      "This post is already live, so there is no notification to wait for: find it again on your Watchlist.",
    turnedOff: "Removed from your Watchlist.",
  };
}

/**
 * The toast that says what a notify-me change did, once for all the views of the post (keyed by
 * the fetcher, like a failure's) and only for a change made here, not a view mounted later.
 */
function useNotifiedToast(
  fetcher: ReturnType<typeof useNotifyState>["fetcher"],
  key: string,
  texts: ReturnType<typeof notifyTexts>,
) {
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    if (!fetcher.data?.ok) return;
    if (fetcher.data.isNotifyRequested) toast.success(texts.turnedOn, { id: key, description: texts.turnedOnDetail });
    else toast.info(texts.turnedOff, { id: key });
  }, [fetcher.data, key, texts]);
}

/**
 * Notify-me: toggles `metadata.isNotifyRequested`, optimistically. Its hint (a tooltip, and the
 * button's description for screen readers) and the toast after a change say what it does here.
 */
export function NotifyButton({ post, className }: { post: CardPost; className?: string }) {
  const viewer = useViewer();
  const signInHref = useSignInHref();
  const key = notifyFetcherKey(post.id);
  const { requested, fetcher } = useNotifyState(post);
  const texts = useMemo(() => notifyTexts(post), [post]);
  const hintId = `notify-hint-${post.id}`;
  useNotifiedToast(fetcher, key, texts);
  const Icon = requested ? BellRing : Bell;
  const look = clsx(
    pillClass,
    requested ? "border-brand-100 bg-brand-50 text-brand-800 hover:bg-brand-100" : "action-pill-idle",
    className,
  );
  const content = (
    <>
      <Icon className={clsx("size-4", requested && "fill-current")} aria-hidden="true" />
      <span>Notify me</span>
    </>
  );
  if (!viewer) {
    return (
      <Link to={signInHref} className={look} aria-label="Notify me: sign in to be notified" title={texts.offHint}>
        {content}
      </Link>
    );
  }
  const hint = requested ? texts.onHint : texts.offHint;
  return (
    <>
      <button
        type="button"
        className={look}
        aria-pressed={requested}
        aria-describedby={hintId}
        title={hint}
        onClick={() =>
          fetcher.submit({ notify: String(!requested) }, { method: "post", action: postActionPath(post.id, "notify") })
        }
      >
        {content}
      </button>
      <span id={hintId} className="sr-only">
        {hint}
      </span>
    </>
  );
}

/** Every view's grading fetcher; each failure toasts once, whichever view reads it. */
const usePickResultFetcher = (postId: string) =>
  useActionFetcher<{ pickResult: PickResult }>({ key: pickResultFetcherKey(postId) });

/**
 * The pick's result as every view shows it (product.md "States": set optimistically on the post and
 * in lists): a graded pick's own result; else the pending grade; else the API's answer to it.
 */
export function usePickResult(post: Pick<PostDTO, "id" | "pickResult">): PickResult | null {
  const fetcher = usePickResultFetcher(post.id);
  if (post.pickResult) return post.pickResult;
  const pending = pendingForm(fetcher)?.get("pickResult");
  if (isPickResult(pending)) return pending;
  if (fetcher.data?.ok) return fetcher.data.pickResult;
  return null;
}

/**
 * Can its author grade this pick now: a live, ungraded, not withdrawn pick that the score cannot
 * grade (a prop, or one from before structured picks), once its game has its final result. The server's
 * rule (decision 026); it decides in the end.
 */
export function isGradable(
  post: Pick<PostDTO, "postType" | "status" | "publishDate" | "market" | "legs" | "withdrawnAt" | "eventInfo">,
  pickResult: PickResult | null,
  now = new Date(),
): boolean {
  const selfGraded = post.market === null || (post.legs ?? []).some((leg) => isSelfGradedMarket(leg.market));
  // Self-reported grades wait for the game's final result (decision 026).
  const started =
    post.eventInfo !== null &&
    new Date(post.eventInfo.startsAt).getTime() <= now.getTime() &&
    (post.eventInfo.status === "Final" || post.eventInfo.status === "Canceled");
  return (
    post.postType === "Pick" &&
    pickResult === null &&
    post.withdrawnAt === null &&
    selfGraded &&
    started &&
    post.status === "Published" &&
    post.publishDate !== null &&
    new Date(post.publishDate).getTime() <= now.getTime()
  );
}

/** The grading menu (Radix DropdownMenu) is a chunk of its own, fetched only where the author sees it. */
const PickResultMenu = lazy(() => import("./pick-result-menu"));

/** The author grades their live pick once: a menu of results, then a confirmation (grading is final). */
export function PickResultControl({ post, className }: { post: CardPost; className?: string }) {
  const viewer = useViewer();
  const confirm = useConfirm();
  const fetcher = usePickResultFetcher(post.id);
  const pickResult = usePickResult(post);
  if (!viewer || viewer.id !== post.author.id || !isGradable(post, pickResult)) return null;

  async function grade(result: PickResult) {
    const sure = await confirm({
      title: `Grade this pick as ${result}?`,
      description:
        "A graded pick goes on your verified record, flagged as graded by you: it can no longer be edited or graded again.",
      confirmLabel: `Grade ${result}`,
    });
    if (sure)
      fetcher.submit({ pickResult: result }, { method: "post", action: postActionPath(post.id, "pick-result") });
  }

  return (
    <Suspense fallback={null}>
      <PickResultMenu
        onGrade={(result) => void grade(result)}
        className={clsx(pillClass, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50", className)}
      />
    </Suspense>
  );
}
