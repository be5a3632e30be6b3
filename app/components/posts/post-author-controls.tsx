/**
 * The bar under a post: like, notify-me and the comment count for readers; grading, editing and
 * deleting (or withdrawing a posted pick) for its author, through the post page's own action.
 */
import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { MessageCircle, Pencil, Trash2, Undo2 } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { isExpert } from "~/modules/accounts/current-user";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { useViewer } from "~/components/layout/root-data";
import { LikeButton, NotifyButton, PickResultControl } from "./post-actions";

export const POST_DELETED = "Post deleted.";
export const PICK_WITHDRAWN = "Pick withdrawn. It stays on your record as withdrawn.";

/** Until when a posted pick may still be withdrawn, and whether it could when the page was read. */
export interface WithdrawWindow {
  open: boolean;
  until: string | null;
}

export function PostActionsBar({
  post,
  changeable,
  isAuthor,
  isLive,
  withdraw = { open: false, until: null },
}: {
  post: PostDTO;
  changeable: boolean;
  isAuthor: boolean;
  isLive: boolean;
  withdraw?: WithdrawWindow;
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
          {changeable ? <AuthorControls post={post} withdraw={withdraw} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Open while the page's answer said so, and closed by a timer when the grace ends (no reload needed). */
function useWithdrawOpen({ open, until }: WithdrawWindow): boolean {
  const [stillOpen, setStillOpen] = useState(open);
  useEffect(() => {
    setStillOpen(open);
    if (!open || until === null) return;
    const timer = setTimeout(() => setStillOpen(false), Math.max(0, Date.parse(until) - Date.now()));
    return () => clearTimeout(timer);
  }, [open, until]);
  return stillOpen;
}

function AuthorControls({ post, withdraw }: { post: PostDTO; withdraw: WithdrawWindow }) {
  const withdrawOpen = useWithdrawOpen(withdraw);
  const confirm = useConfirm();
  const navigate = useNavigate();
  const viewer = useViewer();
  const fetcher = useActionFetcher<{ intent: "delete" | "withdraw" }>({ key: `author:${post.id}` });
  const noun = post.postType === "Pick" ? "pick" : "post";
  const done = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.intent : null;
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;

  // The answer, once: a deleted post's page is left for the author's own (the page does not reload it).
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === seen.current || !done) return;
    seen.current = fetcher.data;
    if (done === "delete") {
      toast.success(POST_DELETED);
      navigate(isExpert(viewer) ? "/profile" : "/", { replace: true });
    } else toast.success(PICK_WITHDRAWN);
  }, [done, fetcher.data, navigate, viewer]);

  async function submit(intent: "delete" | "withdraw") {
    const sure = await confirm(
      intent === "delete"
        ? {
            title: `Delete this ${noun}?`,
            description: "It is removed for everyone, with its comments and likes. This cannot be undone.",
            confirmLabel: "Delete",
            destructive: true,
          }
        : {
            title: "Withdraw this pick?",
            description:
              "It stays on your verified record, marked withdrawn, and is never graded. This cannot be undone.",
            confirmLabel: "Withdraw",
            destructive: true,
          },
    );
    if (sure) fetcher.submit({ intent }, { method: "post", action: `/posts/${encodeURIComponent(post.id)}` });
  }

  const button =
    "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";
  // A deleted post stays "Deleting…" until the page has gone.
  const deleting = busy === "delete" || done === "delete";
  const withdrawing = busy === "withdraw";
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
        // A posted pick is never deleted: in the minutes after posting its author may withdraw it
        // (kept, shown and counted as withdrawn); after that it stands.
        withdrawOpen ? (
          <button
            type="button"
            onClick={() => void submit("withdraw")}
            disabled={withdrawing}
            className={`${button} border-red-200 bg-white text-danger hover:bg-red-50`}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            {withdrawing ? "Withdrawing…" : "Withdraw pick"}
          </button>
        ) : null
      ) : (
        <button
          type="button"
          onClick={() => void submit("delete")}
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
