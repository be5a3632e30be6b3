/** The editor's footer: Cancel, and the ways to save (draft, schedule, publish now; a live post's Save changes). */
import { CalendarClock, FileText, Loader2, Send } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { formatTime } from "~/modules/time/clock";
import type { PublishChoice } from "./post-form-model";

export type SaveKind = PublishChoice["kind"];

export function SaveBar({
  keepsDate,
  disabled,
  saving,
  scheduling,
  onCancel,
  onSave,
  onSchedule,
}: {
  /** A live post or a posted pick keeps its date: one Save changes. */
  keepsDate: boolean;
  /** On the record: nothing can be saved. */
  disabled: boolean;
  saving: SaveKind | null;
  scheduling: boolean;
  onCancel: () => void;
  onSave: (kind: SaveKind) => void;
  /** Schedule… opens the date field; the next click schedules. */
  onSchedule: () => void;
}) {
  return (
    <div className="grid shrink-0 grid-cols-2 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:items-center sm:justify-end sm:px-6">
      {/* On a phone the dialog's X is Cancel: the three ways to save get the room. */}
      <Button variant="secondary" className="hidden sm:inline-flex sm:mr-auto" onClick={onCancel}>
        Cancel
      </Button>
      {keepsDate ? (
        <Button
          variant="ink"
          pending
          className="col-span-2"
          disabled={disabled || saving !== null}
          onClick={() => onSave("keep")}
        >
          {saving === "keep" ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
          Save changes
        </Button>
      ) : (
        <>
          <Button variant="secondary" pending disabled={disabled || saving !== null} onClick={() => onSave("draft")}>
            {saving === "draft" ? <Spinner /> : <FileText className="size-4" aria-hidden="true" />}
            Save draft
          </Button>
          <Button
            variant="secondary"
            pending
            disabled={disabled || saving !== null}
            aria-expanded={scheduling}
            onClick={() => (scheduling ? onSave("schedule") : onSchedule())}
          >
            {saving === "schedule" ? <Spinner /> : <CalendarClock className="size-4" aria-hidden="true" />}
            {scheduling ? "Schedule" : "Schedule…"}
          </Button>
          <Button
            variant="ink"
            pending
            className="col-span-2"
            disabled={disabled || saving !== null}
            onClick={() => onSave("now")}
          >
            {saving === "now" ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
            Publish now
          </Button>
        </>
      )}
    </div>
  );
}

function Spinner() {
  return <Loader2 className="size-4 animate-spin" aria-label="Saving" />;
}

/** The success toast's words for each way of saving. */
export function savedMessage(
  post: Pick<PostDTO, "postType" | "publishDate">,
  kind: SaveKind,
  timeZone: string,
): string {
  const noun = post.postType === "Pick" ? "Pick" : "Post";
  if (kind === "draft") return "Draft saved.";
  if (kind === "keep") return "Changes saved.";
  if (kind === "schedule" && post.publishDate)
    return `${noun} scheduled for ${formatTime(post.publishDate, timeZone, "dateTime")}.`;
  return `${noun} published.`;
}
