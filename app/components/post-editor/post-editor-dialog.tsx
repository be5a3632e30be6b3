/**
 * The create/edit post dialog (product.md "Screens and routes" and "Limits"; decision 018), loaded on demand by
 * `PostEditorHost`: 700 px wide, full screen on a phone, focus kept inside, Escape or a click
 * outside closes after asking to discard unsaved changes. Loads the sports and bet types, and
 * in edit mode the post, from the /editor route loader.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import { Loader2, X } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorPanel } from "~/components/ui/error-panel";
import { toast } from "~/components/ui/toast";
import { useConfirm } from "~/components/ui/confirm-dialog";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { NEW_POST } from "./editor-param";
import { useTimeZone } from "~/components/time/time-zone";
import type { Option } from "./form-controls";
import { PostForm } from "./post-form";
import { savedMessage, type SaveKind } from "./save-bar";
import { useRouteData } from "./use-route-data";
import { IconTip } from "~/components/ui/icon-tip";

type Loaded =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; post: PostDTO | null; categories: Option[]; modalities: Option[] };

export const EDIT_OWN_ONLY = "You can only edit your own posts.";

export default function PostEditorDialog({
  postId,
  viewerId,
  onClose,
  onPostIdChange,
}: {
  /** `NEW` or the id of the post to edit. */
  postId: string;
  viewerId: string;
  onClose: () => void;
  /** A first draft was saved: the URL now names it, so the next save edits it. */
  onPostIdChange: (postId: string) => void;
}) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const timeZone = useTimeZone();
  const dirty = useRef(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Opened by the URL rather than a Radix trigger: remember what had the focus (the header's
  // New Post/Pick, an Edit button) to give it back on closing.
  const [openedFrom] = useState(() => document.activeElement);
  const loadedId = loaded.status === "ready" ? (loaded.post?.id ?? NEW_POST) : null;

  // A draft just saved is already here: the URL catching up must not reload it.
  const [wanted, setWanted] = useState(postId);
  if (postId !== wanted && postId !== loadedId) setWanted(postId);
  const answer = useRouteData<{ categories: Option[]; modalities: Option[]; post: PostDTO | null }>(
    `/editor${wanted === NEW_POST ? "" : `?post=${encodeURIComponent(wanted)}`}`,
    attempt,
  );
  const answered = answer.status === "loaded" ? answer.data : answer.status === "error" ? answer.message : null;
  useEffect(() => {
    if (answer.status === "loading") setLoaded({ status: "loading" });
    else if (answer.status === "error") setLoaded({ status: "error", message: answer.message });
    else if (answer.status === "loaded") {
      const { post, categories, modalities } = answer.data;
      if (post && post.author.id !== viewerId) setLoaded({ status: "error", message: EDIT_OWN_ONLY });
      else setLoaded({ status: "ready", post, categories, modalities });
    }
    // A new answer (or a new request) speaks; the same one again does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer.status, answered, viewerId]);

  const requestClose = useCallback(async () => {
    if (dirty.current) {
      const discard = await confirm({
        title: "Discard changes?",
        description: "What you have written in this post will be lost.",
        confirmLabel: "Discard",
        cancelLabel: "Keep editing",
        destructive: true,
      });
      if (!discard) return;
    }
    dirty.current = false;
    onClose();
  }, [confirm, onClose]);

  function onSaved(post: PostDTO, kind: SaveKind) {
    toast.success(savedMessage(post, kind, timeZone));
    if (kind === "draft") {
      // Stay in the dialog: the draft is now this post, edited by the next save.
      setLoaded((current) => (current.status === "ready" ? { ...current, post } : current));
      if (postId !== post.id) onPostIdChange(post.id);
      return;
    }
    dirty.current = false;
    navigate(`/posts/${post.id}`);
  }

  const isEdit = postId !== NEW_POST;
  // The header's button says New Post/Pick; an edit names what it edits.
  const editing = loaded.status === "ready" ? loaded.post : null;
  const title = isEdit ? `Edit ${editing?.postType === "Pick" ? "pick" : "post"}` : "New Post/Pick";

  return (
    <Dialog.Root open onOpenChange={(open) => !open && void requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            void requestClose();
          }}
          onCloseAutoFocus={(event) => {
            if (openedFrom instanceof HTMLElement && openedFrom.isConnected && openedFrom !== document.body) {
              event.preventDefault();
              openedFrom.focus();
            }
          }}
          onPointerDownOutside={(event) => {
            event.preventDefault();
            // A toast's close button is outside the dialog but no reason to leave it.
            const target = event.target as HTMLElement | null;
            if (!target?.closest("[data-sonner-toaster]")) void requestClose();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[calc(100vh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-modal sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="flex shrink-0 items-center justify-between border-b border-slate-200 px-4 py-3 sm:px-6">
            <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
            <button
              type="button"
              onClick={() => void requestClose()}
              className="relative rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
              <IconTip label="Close" />
            </button>
          </div>
          {loaded.status === "loading" ? (
            <div role="status" className="flex flex-1 items-center justify-center gap-2 p-10 text-sm text-slate-600">
              <Loader2 className="size-5 animate-spin" aria-hidden="true" />
              Loading…
            </div>
          ) : loaded.status === "error" ? (
            <div className="flex flex-1 items-center justify-center p-10">
              <ErrorPanel
                className="max-w-sm"
                message={loaded.message}
                onRetry={loaded.message !== EDIT_OWN_ONLY ? () => setAttempt((n) => n + 1) : undefined}
              />
            </div>
          ) : (
            <PostForm
              post={loaded.post}
              categories={loaded.categories}
              modalities={loaded.modalities}
              dirty={dirty}
              onCancel={() => void requestClose()}
              onSaved={onSaved}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
