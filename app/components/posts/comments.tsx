/**
 * A post's discussion: top-level comments newest first, each with its replies
 * (one level), a form to comment and to reply, deleting one's own, "Load more comments" page by
 * page from the discussion's route (app/routes/posts.$postId_.comments.ts, its loader for pages
 * and its action for adding and deleting), and `?scrollTo={commentId}` bringing one comment into
 * view. The page's loader renders the first page (or the page holding `scrollTo`); afterwards
 * this component keeps the list itself from the route's answers, so a like's revalidation never
 * drops the pages loaded since.
 */
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Lock, MessageCircle, Trash2 } from "~/components/ui/icons";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ButtonLink } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { useActionDone } from "~/components/ui/use-action-done";
import { useRetryingLoad } from "~/components/ui/retrying-load";
import { moreStatus, ShowMore } from "~/components/ui/use-more-pages";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { LinkedText } from "./linked-text";
import { useConfirm } from "~/components/ui/confirm-dialog";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime } from "~/modules/time/clock";
import { COMMENT_MESSAGES, commentsPath } from "~/modules/posts/comment-rules";
import type { CommentDTO } from "~/modules/posts/comments.server";

/**
 * The comment form (conform) is a chunk of its own: a visitor, who sees no form, never
 * fetches it. It sends with JavaScript only, so the server renders none (its hooks were a tenth of
 * a post page's CPU): a signed-in reader's browser fetches it and shows it once the page hydrates.
 */
const CommentForm = lazy(() => import("./comment-form"));

/** The API's text for a locked discussion; shown before anyone asks. */
export const LOCKED_DISCUSSION = COMMENT_MESSAGES.locked;
export const SCHEDULED_DISCUSSION = "The discussion opens when this post goes live.";
export const COMMENT_DELETED = "Comment deleted.";
/** How long a `?scrollTo` comment stays highlighted. */
export const HIGHLIGHT_MS = 4000;

export interface CommentsPage {
  items: CommentDTO[];
  totalItems: number;
  page: number;
  size: number;
}

function authorName(author: CommentDTO["author"]): string {
  if (!author) return "Deleted user";
  if (author.roles.includes("Expert")) return author.userName;
  return `${author.firstName} ${author.lastName}`.trim() || author.userName;
}

/** Adds what the API answered to the list: a top-level comment first, a reply at the end of its thread. */
function withAdded(items: CommentDTO[], added: CommentDTO): CommentDTO[] {
  if (!added.parentId) return [{ ...added, replies: added.replies ?? [] }, ...items.filter((c) => c.id !== added.id)];
  return items.map((c) =>
    c.id === added.parentId ? { ...c, replies: [...c.replies.filter((r) => r.id !== added.id), added] } : c,
  );
}

/** Soft delete as the server does it: a comment with replies stays, marked deleted; others go. */
function withDeleted(items: CommentDTO[], id: string): CommentDTO[] {
  return items.flatMap((c) => {
    if (c.id === id) return c.replies.length > 0 ? [{ ...c, body: null, isDeleted: true, canDelete: false }] : [];
    const replies = c.replies.filter((r) => r.id !== id);
    // A deleted comment whose last reply went is hidden too.
    if (c.isDeleted && replies.length === 0) return [];
    return [{ ...c, replies }];
  });
}

export function Comments({
  postId,
  locked,
  initial,
  commentsCount,
  scrollTo,
  viewer,
  signInHref,
  subscribeHref,
  siteOrigin = "",
}: {
  postId: string;
  /** Why the discussion is closed to this viewer, if it is: a locked pick, or a post not live yet. */
  locked: "subscribers" | "scheduled" | null;
  initial: CommentsPage | null;
  commentsCount: number;
  scrollTo: string | null;
  viewer: CurrentUser | null;
  signInHref: string;
  subscribeHref: string;
  /** The site's own origin: links to it in comments open in place (LinkedText). */
  siteOrigin?: string;
}) {
  const [items, setItems] = useState<CommentDTO[]>(initial?.items ?? []);
  const [totalItems, setTotalItems] = useState(initial?.totalItems ?? 0);
  const [lastPage, setLastPage] = useState(initial?.page ?? 1);
  const [count, setCount] = useState(commentsCount);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const confirm = useConfirm();
  const pages = useRetryingLoad<{ items: CommentDTO[]; totalItems: number }>();
  const [pageError, setPageError] = useState<string | null>(null);
  const deletion = useActionFetcher<{ commentId: string }>();
  // The post's count, once the page's data is fresh again after a comment came or went.
  useEffect(() => setCount(commentsCount), [commentsCount]);
  const size = initial?.size ?? 10;
  const firstPage = initial?.page ?? 1;
  const totalPages = Math.ceil(totalItems / size);
  const timeZone = useTimeZone();
  const hydrated = useHydrated();

  // After hydration: bring the linked comment into view and mark it for a moment.
  useEffect(() => {
    if (!scrollTo) return;
    const element = document.getElementById(`comment-${scrollTo}`);
    if (!element) return;
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
    setHighlighted(scrollTo);
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [scrollTo]);

  // A further page: new comments since the first page shift the pages, so each comment shows once.
  const requestedPage = useRef(lastPage);
  useActionDone(
    pages,
    (answer) => {
      setItems((current) => [...current, ...answer.items.filter((c) => !current.some((known) => known.id === c.id))]);
      setTotalItems(answer.totalItems);
      setLastPage(requestedPage.current);
    },
    (failure) => setPageError(failure.error),
  );

  function loadMore() {
    requestedPage.current = lastPage + 1;
    setPageError(null);
    pages.load(`${commentsPath(postId)}?${new URLSearchParams({ page: String(lastPage + 1), size: String(size) })}`);
  }

  function added(comment: CommentDTO) {
    setItems((current) => withAdded(current, comment));
    if (!comment.parentId) setTotalItems((total) => total + 1);
    setCount((value) => value + 1);
    setReplyingTo(null);
  }

  // A deletion's answer: the list and the count follow at once, the page's data after revalidation.
  const seenDeletion = useRef(deletion.data);
  useEffect(() => {
    if (deletion.state !== "idle" || deletion.data === seenDeletion.current) return;
    seenDeletion.current = deletion.data;
    if (!deletion.data?.ok) return;
    const { commentId } = deletion.data;
    setItems((current) => withDeleted(current, commentId));
    setCount((value) => Math.max(0, value - 1));
    toast.success(COMMENT_DELETED);
  }, [deletion.state, deletion.data]);

  async function remove(comment: CommentDTO) {
    const sure = await confirm({
      title: "Delete this comment?",
      description: "This cannot be undone.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (sure)
      deletion.submit({ intent: "delete", commentId: comment.id }, { method: "post", action: commentsPath(postId) });
  }

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-10 scroll-mt-20">
      <h2 id="comments-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <MessageCircle className="size-5" aria-hidden="true" />
        Comments <span className="text-base font-semibold text-slate-500">({count})</span>
      </h2>

      {locked === "scheduled" ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">{SCHEDULED_DISCUSSION}</p>
      ) : locked ? (
        <div className="mt-4 flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center">
          <Lock className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p className="flex-1 text-slate-700">{LOCKED_DISCUSSION}</p>
          <ButtonLink to={subscribeHref} size="lg">
            Subscribe
          </ButtonLink>
        </div>
      ) : (
        <>
          {viewer ? (
            // The form sends with the page's JavaScript only: it comes with hydration, in a space
            // kept for it (its height), so nothing below it moves.
            <div className="mt-4 min-h-[9.375rem]" data-testid="comment-form-slot">
              {hydrated ? (
                <Suspense fallback={null}>
                  <CommentForm
                    postId={postId}
                    parentId={null}
                    label="Add a comment"
                    submitLabel="Post comment"
                    onAdded={added}
                  />
                </Suspense>
              ) : null}
            </div>
          ) : (
            <p className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
              <Link to={signInHref} className="font-semibold text-brand-700 hover:underline">
                Sign in
              </Link>{" "}
              to join the discussion.
            </p>
          )}

          {firstPage > 1 ? (
            <p className="mt-6 text-sm">
              <Link
                to={`/posts/${encodeURIComponent(postId)}#comments`}
                className="font-semibold text-brand-700 hover:underline"
              >
                Show the newest comments
              </Link>
            </p>
          ) : null}

          {items.length === 0 ? (
            <p className="mt-6 text-slate-600">No comments yet. Start the discussion.</p>
          ) : (
            <ol className="mt-6 space-y-4" aria-label="Comments">
              {items.map((comment) => (
                <li key={comment.id}>
                  <CommentItem
                    comment={comment}
                    timeZone={timeZone}
                    highlighted={highlighted}
                    siteOrigin={siteOrigin}
                    onDelete={remove}
                    onReply={viewer ? () => setReplyingTo(comment.id) : undefined}
                  />
                  {comment.replies.length > 0 || replyingTo === comment.id ? (
                    <div className="ml-6 mt-3 space-y-3 border-l-2 border-slate-200 pl-4 sm:ml-12">
                      {comment.replies.length > 0 ? (
                        <ol className="space-y-3" aria-label={`Replies to ${authorName(comment.author)}`}>
                          {comment.replies.map((reply) => (
                            <li key={reply.id}>
                              <CommentItem
                                comment={reply}
                                timeZone={timeZone}
                                highlighted={highlighted}
                                siteOrigin={siteOrigin}
                                onDelete={remove}
                                // One level of replies: answering a reply continues its thread.
                                onReply={viewer ? () => setReplyingTo(comment.id) : undefined}
                              />
                            </li>
                          ))}
                        </ol>
                      ) : null}
                      {replyingTo === comment.id ? (
                        <Suspense fallback={null}>
                          <CommentForm
                            postId={postId}
                            parentId={comment.id}
                            label={`Reply to ${authorName(comment.author)}`}
                            submitLabel="Reply"
                            focusOnOpen
                            onAdded={added}
                            onCancel={() => setReplyingTo(null)}
                          />
                        </Suspense>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          )}

          {lastPage < totalPages ? (
            <ShowMore
              hasMore
              status={moreStatus(pages, pageError)}
              retrying={pages.retrying}
              error={pageError}
              onClick={loadMore}
              label="Load more comments"
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  timeZone,
  highlighted,
  siteOrigin,
  onDelete,
  onReply,
}: {
  comment: CommentDTO;
  timeZone: string;
  highlighted: string | null;
  siteOrigin: string;
  onDelete: (comment: CommentDTO) => void;
  onReply?: () => void;
}) {
  const name = authorName(comment.author);
  const isExpertAuthor = comment.author?.roles.includes("Expert") ?? false;
  return (
    <article
      id={`comment-${comment.id}`}
      tabIndex={-1}
      aria-label={`Comment by ${name}`}
      data-highlighted={highlighted === comment.id ? "true" : undefined}
      className={clsx(
        "scroll-mt-24 rounded-xl border bg-white p-4 outline-none transition-colors duration-700",
        highlighted === comment.id ? "border-brand-500 bg-brand-50 ring-2 ring-brand-500/40" : "border-slate-200",
      )}
    >
      <header className="flex items-center gap-3">
        {comment.author ? (
          <ProxiedImage
            src={comment.author.avatar}
            width={32}
            height={32}
            loading="lazy"
            className="size-8 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <span className="size-8 shrink-0 rounded-full bg-slate-200" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 text-sm">
          {comment.author && isExpertAuthor ? (
            <Link
              to={`/experts/${encodeURIComponent(comment.author.userName)}`}
              className="font-semibold text-slate-900 hover:underline"
            >
              {name}
            </Link>
          ) : (
            <span className="font-semibold text-slate-900">{name}</span>
          )}
          {isExpertAuthor ? (
            <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-white">Expert</span>
          ) : null}
          <p className="text-slate-500">
            <time dateTime={comment.createdAt}>{formatTime(comment.createdAt, timeZone, "dateTime")}</time>
          </p>
        </div>
      </header>
      {comment.isDeleted ? (
        <p className="mt-2 text-sm italic text-slate-500">This comment was deleted.</p>
      ) : (
        <p className="mt-2 whitespace-pre-line break-words text-slate-800">
          <LinkedText text={comment.body ?? ""} siteOrigin={siteOrigin} />
        </p>
      )}
      {!comment.isDeleted && (onReply || comment.canDelete) ? (
        <div className="mt-2 flex gap-3 text-sm">
          {onReply ? (
            <button
              type="button"
              onClick={onReply}
              aria-label={`Reply to ${name}`}
              className="font-semibold text-slate-600 hover:text-slate-900"
            >
              Reply
            </button>
          ) : null}
          {comment.canDelete ? (
            <button
              type="button"
              onClick={() => onDelete(comment)}
              aria-label={`Delete comment by ${name}`}
              className="inline-flex items-center gap-1 font-semibold text-slate-600 hover:text-danger"
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
