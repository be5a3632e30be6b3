/**
 * The create/edit post form (SPEC.md sections 2, 5 and 8; decisions 017 and 018): the fields,
 * the same validation the server runs, then `POST /api/posts` or `PUT /api/posts/{id}` as JSON.
 * The server's 422 errors land on the named fields (a lone message at the root) and in a toast;
 * nothing typed is lost on a failure.
 */
import { clsx } from "clsx";
import { CalendarClock, FileText, Loader2, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type MutableRefObject } from "react";
import type { Descendant } from "slate";
import { toast } from "sonner";
import { FormError, inputClass } from "~/components/ui/form-field";
import { ApiClientError, apiFetch } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { POST_TITLE_MAX, SELECTION_MAX } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import type { EventDTO } from "~/modules/reference/reference.server";
import { CoverImageField, EditorField, EventSelect, ModalitiesSelect, PostTypeSwitch, describedBy, type Option } from "./form-controls";
import {
  hasErrors,
  initialValues,
  noErrors,
  serverErrors,
  toLocalInputValue,
  toNumber,
  toPayload,
  validatePost,
  type FormErrors,
  type FormField,
  type PostFormValues,
  type PublishChoice,
} from "./post-form-model";
import { RichTextEditor } from "./rich-text-editor";
import { PREVIEW_MAX_CHARACTERS } from "~/modules/posts/slate";

export type SaveKind = PublishChoice["kind"];

const buttonBase =
  "inline-flex items-center justify-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold disabled:cursor-progress disabled:opacity-60";
const primaryClass = `${buttonBase} bg-ink text-white hover:bg-slate-800`;
const secondaryClass = `${buttonBase} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`;

/** A post already out (live): it is edited in place and keeps its date. */
export const isLivePost = (post: Pick<PostDTO, "status" | "publishDate"> | null, now = Date.now()) =>
  Boolean(post && post.status === "Published" && post.publishDate && new Date(post.publishDate).getTime() <= now);

export function PostForm({
  post,
  categories,
  modalities,
  dirty,
  onCancel,
  onSaved,
}: {
  post: PostDTO | null;
  categories: Option[];
  modalities: Option[];
  /** Kept current for the dialog, which asks before discarding changes. */
  dirty: MutableRefObject<boolean>;
  onCancel: () => void;
  onSaved: (post: PostDTO, kind: SaveKind) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PostFormValues>(() => initialValues(post));
  const [saved, setSaved] = useState(() => JSON.stringify(initialValues(post)));
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [saving, setSaving] = useState<SaveKind | null>(null);
  const scheduledAt = post?.publishDate && !isLivePost(post) ? toLocalInputValue(new Date(post.publishDate)) : "";
  const [scheduling, setScheduling] = useState(scheduledAt !== "");
  const [scheduleAt, setScheduleAt] = useState(scheduledAt);
  const [eventInfo, setEventInfo] = useState<EventDTO | null>(post?.eventInfo ?? null);
  const scheduleInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const live = isLivePost(post);
  const onRecord = post?.postType === "Pick" && (post.pickResult !== null || (post.eventInfo !== null && new Date(post.eventInfo.startsAt).getTime() <= Date.now()));

  dirty.current = JSON.stringify(values) !== saved || (scheduling && scheduleAt !== scheduledAt);

  useEffect(() => {
    if (scheduling && !scheduledAt) scheduleInput.current?.focus();
  }, [scheduling, scheduledAt]);

  // The dialog focused its Close button while loading: a new post starts at its title.
  useEffect(() => {
    if (!post) titleInput.current?.focus();
    // Only when the form first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fieldId = (field: FormField) => `${id}-${field}`;
  const fieldErrors = (field: FormField) => errors.fields[field];

  function change<K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors.fields[field as FormField]) setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  }

  function changeCategory(categoryId: string) {
    // The event belongs to a sport: another category clears it.
    setValues((current) => ({ ...current, categoryId, eventId: current.categoryId === categoryId ? current.eventId : null }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, categoryId: undefined, eventId: undefined } }));
  }

  async function save(choice: PublishChoice) {
    if (saving) return;
    const found = validatePost(values, choice);
    if (hasErrors(found)) {
      setErrors(found);
      // Next frame: the fields have their aria-invalid by then.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setErrors(noErrors());
    setSaving(choice.kind);
    try {
      const body = toPayload(values, choice);
      const answer = post
        ? await apiFetch<{ payload: PostDTO }>(`/posts/${post.id}`, { method: "PUT", body })
        : await apiFetch<{ payload: PostDTO }>("/posts", { method: "POST", body });
      setSaved(JSON.stringify(values));
      onSaved(answer.payload, choice.kind);
    } catch (error) {
      const failure = error instanceof ApiClientError ? error : new ApiClientError({ statusCode: 500, error: ERROR_MESSAGES.default });
      setErrors(serverErrors(failure));
      // SPEC.md section 8: the server's text; a field's own message says more than the 422 default.
      const firstFieldMessage = failure.errors ? Object.values(failure.errors)[0]?.[0] : undefined;
      toast.error(firstFieldMessage ?? failure.error);
    } finally {
      setSaving(null);
    }
  }

  const categoryId = toNumber(values.categoryId);
  const isPick = values.postType === "Pick";
  const bodyLabelId = `${fieldId("body")}-label`;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => event.preventDefault()} className="flex min-h-0 flex-1 flex-col" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="sr-only">
        {post ? "Edit" : "New"} {values.postType.toLowerCase()}
      </h3>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-4 py-5 sm:px-6">
        {onRecord ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This pick is on your verified record (graded, or its game has started): it can no longer be edited.
          </p>
        ) : null}

        <PostTypeSwitch name={fieldId("postType")} value={values.postType} onChange={(value) => change("postType", value)} />

        <EditorField id={fieldId("title")} label="Title" errors={fieldErrors("title")} required>
          <input
            ref={titleInput}
            id={fieldId("title")}
            type="text"
            value={values.title}
            onChange={(event) => change("title", event.target.value)}
            maxLength={POST_TITLE_MAX}
            className={inputClass}
            placeholder={isPick ? "Lakers -4.5 tonight: here's why" : "What's on your mind?"}
            {...describedBy(fieldId("title"), fieldErrors("title"))}
          />
        </EditorField>

        <CoverImageField id={fieldId("coverImage")} value={values.coverImage} onChange={(key) => change("coverImage", key)} errors={fieldErrors("coverImage")} />

        <div>
          <span id={bodyLabelId} className="block text-sm font-medium text-slate-800">
            {isPick ? "Analysis" : "Body"}
            <span className="text-danger" aria-hidden="true">
              {" "}
              *
            </span>
          </span>
          <RichTextEditor
            initialValue={values.body}
            onChange={(body: Descendant[]) => change("body", body)}
            labelId={bodyLabelId}
            errorId={`${fieldId("body")}-error`}
            invalid={Boolean(fieldErrors("body")?.length)}
          />
          <p id={`${fieldId("body")}-error`} className="mt-1 text-sm text-danger empty:hidden">
            {fieldErrors("body")?.[0]}
          </p>
          {isPick ? (
            // The server's preview (decision 017) is what non-subscribers read: say so where it is written.
            <p className="mt-1 text-xs text-slate-500">{`Everyone sees the opening (up to ${PREVIEW_MAX_CHARACTERS} characters of text) as a preview; the rest is for subscribers.`}</p>
          ) : null}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <EditorField id={fieldId("categoryId")} label="Category" errors={fieldErrors("categoryId")} required>
            <select
              id={fieldId("categoryId")}
              value={values.categoryId}
              onChange={(event) => changeCategory(event.target.value)}
              className={inputClass}
              {...describedBy(fieldId("categoryId"), fieldErrors("categoryId"))}
            >
              <option value="">Choose a sport</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          </EditorField>
          <EditorField id={fieldId("eventId")} label="Event" errors={fieldErrors("eventId")} hint="Optional: the game this is about.">
            <EventSelect
              id={fieldId("eventId")}
              categoryId={categoryId}
              value={values.eventId}
              current={eventInfo}
              onChange={(eventId, event) => {
                change("eventId", eventId);
                if (event) setEventInfo(event);
              }}
              errors={fieldErrors("eventId")}
            />
          </EditorField>
        </div>

        <EditorField id={fieldId("modalityIds")} label="Modalities" errors={fieldErrors("modalityIds")}>
          <ModalitiesSelect
            id={fieldId("modalityIds")}
            options={modalities}
            value={values.modalityIds}
            onChange={(modalityIds) => change("modalityIds", modalityIds)}
            errors={fieldErrors("modalityIds")}
          />
        </EditorField>

        {isPick ? (
          <fieldset className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">The pick</legend>
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem_8rem]">
              <EditorField id={fieldId("selection")} label="Selection" errors={fieldErrors("selection")} required>
                <input
                  id={fieldId("selection")}
                  type="text"
                  value={values.selection}
                  maxLength={SELECTION_MAX}
                  placeholder="Lakers -4.5"
                  onChange={(event) => change("selection", event.target.value)}
                  className={inputClass}
                  {...describedBy(fieldId("selection"), fieldErrors("selection"))}
                />
              </EditorField>
              <EditorField id={fieldId("odds")} label="Odds" errors={fieldErrors("odds")} required>
                <input
                  id={fieldId("odds")}
                  type="text"
                  inputMode="numeric"
                  value={values.odds}
                  placeholder="-110"
                  onChange={(event) => change("odds", event.target.value)}
                  className={inputClass}
                  {...describedBy(fieldId("odds"), fieldErrors("odds"))}
                />
              </EditorField>
              <EditorField id={fieldId("units")} label="Units" errors={fieldErrors("units")} required>
                <input
                  id={fieldId("units")}
                  type="number"
                  inputMode="decimal"
                  min={0.1}
                  max={10}
                  step={0.1}
                  value={values.units}
                  placeholder="1"
                  onChange={(event) => change("units", event.target.value)}
                  className={inputClass}
                  {...describedBy(fieldId("units"), fieldErrors("units"))}
                />
              </EditorField>
            </div>
          </fieldset>
        ) : null}

        {scheduling && !live ? (
          <EditorField id={fieldId("publishDate")} label="Publish at" errors={fieldErrors("publishDate")} hint="Your local time. The post goes live then.">
            <input
              ref={scheduleInput}
              id={fieldId("publishDate")}
              type="datetime-local"
              value={scheduleAt}
              min={toLocalInputValue(new Date())}
              onChange={(event) => {
                setScheduleAt(event.target.value);
                if (errors.fields.publishDate) setErrors((current) => ({ ...current, fields: { ...current.fields, publishDate: undefined } }));
              }}
              className={clsx(inputClass, "sm:max-w-xs")}
              {...describedBy(fieldId("publishDate"), fieldErrors("publishDate"), true)}
            />
          </EditorField>
        ) : live && fieldErrors("publishDate") ? (
          <FormError id={`${fieldId("publishDate")}-error`} errors={fieldErrors("publishDate")} />
        ) : null}

        <FormError id={`${id}-root-error`} errors={errors.root} />
      </div>

      <div className="grid shrink-0 grid-cols-2 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:items-center sm:justify-end sm:px-6">
        {/* On a phone the dialog's X is Cancel: the three ways to save get the room. */}
        <button type="button" className={clsx(secondaryClass.replace("inline-flex", "hidden sm:inline-flex"), "sm:mr-auto")} onClick={onCancel}>
          Cancel
        </button>
        {live ? (
          <button
            type="button"
            className={clsx(primaryClass, "col-span-2")}
            disabled={onRecord || saving !== null}
            onClick={() => save({ kind: "keep", publishDate: post!.publishDate! })}
          >
            {saving === "keep" ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
            Save changes
          </button>
        ) : (
          <>
            <button type="button" className={secondaryClass} disabled={onRecord || saving !== null} onClick={() => save({ kind: "draft" })}>
              {saving === "draft" ? <Spinner /> : <FileText className="size-4" aria-hidden="true" />}
              Save draft
            </button>
            <button
              type="button"
              className={secondaryClass}
              disabled={onRecord || saving !== null}
              aria-expanded={scheduling}
              onClick={() => (scheduling ? save({ kind: "schedule", at: scheduleAt }) : setScheduling(true))}
            >
              {saving === "schedule" ? <Spinner /> : <CalendarClock className="size-4" aria-hidden="true" />}
              {scheduling ? "Schedule" : "Schedule…"}
            </button>
            <button type="button" className={clsx(primaryClass, "col-span-2")} disabled={onRecord || saving !== null} onClick={() => save({ kind: "now" })}>
              {saving === "now" ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
              Publish now
            </button>
          </>
        )}
      </div>
    </form>
  );
}

function Spinner() {
  return <Loader2 className="size-4 animate-spin" aria-label="Saving" />;
}

/** The success toast's words for each way of saving. */
export function savedMessage(post: Pick<PostDTO, "postType" | "publishDate">, kind: SaveKind): string {
  const noun = post.postType === "Pick" ? "Pick" : "Post";
  if (kind === "draft") return "Draft saved.";
  if (kind === "keep") return "Changes saved.";
  if (kind === "schedule" && post.publishDate) {
    return `${noun} scheduled for ${new Date(post.publishDate).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}.`;
  }
  return `${noun} published.`;
}
