/**
 * What a reader (or the author) does to a post from any view of it: like, notify-me and grading
 * a pick (product.md "States": optimistic; section 8: a failure shows the server's text).
 *
 * Each control submits through a fetcher keyed by the post (`like:{id}`, `notify:{id}`,
 * `pick-result:{id}`), so every mounted view of the same post (its page, a card in a list) reads
 * the same pending value at once. The submissions go to the post route's `clientAction`
 * (`postClientAction` below), which calls the JSON API with `apiFetch` (session renewal on a 401
 * included); the loaders on screen revalidate afterwards, and until they have, the answer the API
 * gave is what the views show. On an error the optimistic value simply ends (the views fall back
 * to the post's data) and a toast says why.
 */
import { Link, useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { clsx } from "clsx";
import { Bell, BellRing, Heart } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useMemo, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { signInHref } from "~/modules/accounts/sign-in-link";
import { apiFetch, ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import type { PickResult, PostDTO } from "~/modules/posts/post-serializer.server";
import { isSelfGradedMarket } from "~/modules/record/pick-basics";
import type { RootLoaderData } from "~/root";

export const PICK_RESULTS: readonly PickResult[] = ["Win", "Loss", "Push", "Void"];

export type PostActionIntent = "like" | "notify" | "pick-result";

export type PostActionResult =
  | { ok: true; intent: "like"; liked: boolean; likesCount: number }
  | { ok: true; intent: "notify"; isNotifyRequested: boolean }
  | { ok: true; intent: "pick-result"; pickResult: PickResult }
  | { ok: false; intent: PostActionIntent | null; error: string; statusCode: number };

export const likeFetcherKey = (postId: string) => `like:${postId}`;
export const notifyFetcherKey = (postId: string) => `notify:${postId}`;
export const pickResultFetcherKey = (postId: string) => `pick-result:${postId}`;

/** Where the controls submit: the post's own route, whose clientAction is `postClientAction`. */
export const postActionPath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;

const isPickResult = (value: unknown): value is PickResult =>
  typeof value === "string" && (PICK_RESULTS as readonly string[]).includes(value);

function failure(intent: PostActionIntent | null, error: unknown): PostActionResult {
  if (error instanceof ApiClientError) return { ok: false, intent, error: error.error, statusCode: error.statusCode };
  return { ok: false, intent, error: ERROR_MESSAGES.default, statusCode: 500 };
}

/**
 * The browser side of the controls: one call to the JSON API per submission. Never throws, so a
 * failed call stays with the control that made it instead of reaching the route's error page.
 */
export async function postClientAction(request: Request, postId: string): Promise<PostActionResult> {
  const form = await request.formData();
  const intent = form.get("intent");
  const base = `/posts/${encodeURIComponent(postId)}`;
  try {
    if (intent === "like") {
      const on = form.get("liked") === "true";
      const { payload } = await apiFetch<{ payload: { liked: boolean; likesCount: number } }>(`${base}/like`, {
        method: on ? "POST" : "DELETE",
      });
      return { ok: true, intent, liked: payload.liked, likesCount: payload.likesCount };
    }
    if (intent === "notify") {
      const on = form.get("notify") === "true";
      const { payload } = await apiFetch<{ payload: { isNotifyRequested: boolean } }>(`${base}/notify`, {
        method: on ? "POST" : "DELETE",
      });
      return { ok: true, intent, isNotifyRequested: payload.isNotifyRequested };
    }
    if (intent === "pick-result") {
      const pickResult = form.get("pickResult");
      if (!isPickResult(pickResult)) return { ok: false, intent, error: ERROR_MESSAGES.default, statusCode: 400 };
      const { payload } = await apiFetch<{ payload: PostDTO }>(`${base}/pick-result`, {
        method: "PUT",
        query: { pickResult },
      });
      return { ok: true, intent, pickResult: payload.pickResult ?? pickResult };
    }
  } catch (error) {
    return failure(intent as PostActionIntent, error);
  }
  return { ok: false, intent: null, error: ERROR_MESSAGES.default, statusCode: 400 };
}

type ActionFetcher = ReturnType<typeof useFetcher<PostActionResult>>;

/** The pending submission's form data, while it is in flight or its revalidation follows a success. */
function pendingForm(fetcher: ActionFetcher): FormData | undefined {
  if (!fetcher.formData) return undefined;
  if (fetcher.state === "submitting") return fetcher.formData;
  if (fetcher.state === "loading" && fetcher.data?.ok) return fetcher.formData;
  return undefined;
}

/**
 * A failed call's toast, once: every view of the post runs this, so the toast is keyed by the
 * fetcher (sonner replaces a toast with the same id), and a view mounted later does not repeat it.
 */
function useFailureToast(fetcher: ActionFetcher, key: string) {
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    if (fetcher.data && !fetcher.data.ok) toast.error(fetcher.data.error, { id: key });
  }, [fetcher.data, key]);
}

function useViewer() {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}

/** /sign-in, coming back to this page afterwards (product.md "Screens and routes"). */
function useSignInHref() {
  const location = useLocation();
  return signInHref(location.pathname, location.search);
}

/** The like state every view of the post shows: pending value, else the API's last answer, else the post's. */
export function useLikeState(post: Pick<PostDTO, "id" | "likesCount" | "metadata">) {
  const fetcher = useFetcher<PostActionResult>({ key: likeFetcherKey(post.id) });
  let liked = post.metadata.isLiked;
  let likesCount = post.likesCount;
  if (fetcher.data?.ok && fetcher.data.intent === "like") {
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

const pillClass =
  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

export function LikeButton({ post, className }: { post: PostDTO; className?: string }) {
  const viewer = useViewer();
  const signInHref = useSignInHref();
  const key = likeFetcherKey(post.id);
  const { liked, likesCount, fetcher } = useLikeState(post);
  useFailureToast(fetcher, key);
  const label = `Like (${likesCount} ${likesCount === 1 ? "like" : "likes"})`;
  const look = clsx(
    pillClass,
    liked
      ? "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100"
      : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
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
        fetcher.submit({ intent: "like", liked: String(!liked) }, { method: "post", action: postActionPath(post.id) })
      }
    >
      {content}
    </button>
  );
}

export function useNotifyState(post: Pick<PostDTO, "id" | "metadata">) {
  const fetcher = useFetcher<PostActionResult>({ key: notifyFetcherKey(post.id) });
  let requested = post.metadata.isNotifyRequested;
  if (fetcher.data?.ok && fetcher.data.intent === "notify") requested = fetcher.data.isNotifyRequested;
  const pending = pendingForm(fetcher);
  if (pending) requested = pending.get("notify") === "true";
  return { requested, fetcher };
}

/**
 * What notify-me does for this post, in the words its button and toast use: a scheduled post
 * brings a notification when it goes live; a live post has nothing left to announce (no
 * notification follows a grade or an edit), so asking keeps it on the Watchlist only. Both kinds
 * are listed on /watchlist.
 */
export function notifyTexts(post: Pick<PostDTO, "status" | "publishDate">, now = new Date()) {
  const upcoming =
    post.status === "Published" && post.publishDate !== null && new Date(post.publishDate).getTime() > now.getTime();
  return upcoming
    ? {
        offHint: "Get a notification when this post goes live.",
        onHint: "You will get a notification when this post goes live. Choose again to cancel it.",
        turnedOn: "We will notify you when this post goes live.",
        turnedOnDetail: "It waits on your Watchlist until then.",
        turnedOff: "You will not be notified when this post goes live.",
      }
    : {
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
function useNotifiedToast(fetcher: ActionFetcher, key: string, texts: ReturnType<typeof notifyTexts>) {
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    if (!fetcher.data?.ok || fetcher.data.intent !== "notify") return;
    if (fetcher.data.isNotifyRequested) toast.success(texts.turnedOn, { id: key, description: texts.turnedOnDetail });
    else toast.success(texts.turnedOff, { id: key });
  }, [fetcher.data, key, texts]);
}

/**
 * Notify-me: toggles `metadata.isNotifyRequested`, optimistically. Its hint (a tooltip, and the
 * button's description for screen readers) and the toast after a change say what it does here.
 */
export function NotifyButton({ post, className }: { post: PostDTO; className?: string }) {
  const viewer = useViewer();
  const signInHref = useSignInHref();
  const key = notifyFetcherKey(post.id);
  const { requested, fetcher } = useNotifyState(post);
  const texts = useMemo(() => notifyTexts(post), [post]);
  const hintId = useId();
  useFailureToast(fetcher, key);
  useNotifiedToast(fetcher, key, texts);
  const Icon = requested ? BellRing : Bell;
  const look = clsx(
    pillClass,
    requested
      ? "border-brand-100 bg-brand-50 text-brand-800 hover:bg-brand-100"
      : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
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
          fetcher.submit(
            { intent: "notify", notify: String(!requested) },
            { method: "post", action: postActionPath(post.id) },
          )
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

/**
 * The pick's result as every view shows it (product.md "States": set optimistically on the post and
 * in lists): a graded pick's own result; else the pending grade; else the API's answer to it.
 */
export function usePickResult(post: Pick<PostDTO, "id" | "pickResult">): PickResult | null {
  const fetcher = useFetcher<PostActionResult>({ key: pickResultFetcherKey(post.id) });
  if (post.pickResult) return post.pickResult;
  const pending = pendingForm(fetcher)?.get("pickResult");
  if (isPickResult(pending)) return pending;
  if (fetcher.data?.ok && fetcher.data.intent === "pick-result") return fetcher.data.pickResult;
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
  // Self-reported grades wait for the game's final result (decision 035).
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

/** The grading menu (Radix DropdownMenu) is a chunk of its own, fetched only where the author sees it (issue 10). */
const PickResultMenu = lazy(() => import("./pick-result-menu"));

/** The author grades their live pick once: a menu of results, then a confirmation (grading is final). */
export function PickResultControl({ post, className }: { post: PostDTO; className?: string }) {
  const viewer = useViewer();
  const confirm = useConfirm();
  const key = pickResultFetcherKey(post.id);
  const fetcher = useFetcher<PostActionResult>({ key });
  const pickResult = usePickResult(post);
  useFailureToast(fetcher, key);
  if (!viewer || viewer.id !== post.author.id || !isGradable(post, pickResult)) return null;

  async function grade(result: PickResult) {
    const sure = await confirm({
      title: `Grade this pick as ${result}?`,
      description:
        "A graded pick goes on your verified record, flagged as graded by you: it can no longer be edited or graded again.",
      confirmLabel: `Grade ${result}`,
    });
    if (sure)
      fetcher.submit(
        { intent: "pick-result", pickResult: result },
        { method: "post", action: postActionPath(post.id) },
      );
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
