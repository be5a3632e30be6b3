/**
 * The create/edit post form (product.md "Screens and routes", "Validation" and "Error messages"; decisions 017 and 018): the fields,
 * the same validation the server runs, then `POST /api/posts` or `PUT /api/posts/{id}` as JSON.
 * The server's 422 errors land on the named fields (a lone message at the root) and in a toast;
 * nothing typed is lost on a failure.
 */
import { clsx } from "clsx";
import { CalendarClock, FileText, Loader2, Send } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MutableRefObject } from "react";
import type { Descendant } from "slate";
import { toast } from "~/components/ui/toast";
import { FormError, inputClass } from "~/components/ui/form-field";
import { ApiClientError, apiFetch } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { POST_TITLE_MAX } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import type { EventDTO } from "~/modules/reference/reference.server";
import type { PickMarket } from "~/modules/record/pick-markets";
import {
  CoverImageField,
  EditorField,
  EventSelect,
  ModalitiesSelect,
  PostTypeSwitch,
  describedBy,
  useCategoryEvents,
  type Option,
} from "./form-controls";
import { PickFields } from "./pick-fields";
import { legsForMarket, newLeg, retarget, type LegFormValues } from "./pick-form-model";
import {
  hasErrors,
  initialValues,
  isPostedPick,
  keptBetOf,
  noErrors,
  serverErrors,
  snapshot,
  toNumber,
  toPayload,
  validatePost,
  type ErrorKey,
  type FormErrors,
  type PostFormValues,
  type PublishChoice,
} from "./post-form-model";
import { RichTextEditor } from "./rich-text-editor";
import { PREVIEW_MAX_CHARACTERS } from "~/modules/posts/slate";
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime, toZonedInputValue } from "~/modules/time/clock";

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
  const [saved, setSaved] = useState(() => snapshot(initialValues(post)));
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [saving, setSaving] = useState<SaveKind | null>(null);
  // The schedule is written and read on the viewer's clock, the zone every page shows times in.
  const timeZone = useTimeZone();
  const scheduledAt =
    post?.publishDate && !isLivePost(post) ? toZonedInputValue(new Date(post.publishDate), timeZone) : "";
  const [scheduling, setScheduling] = useState(scheduledAt !== "");
  const [scheduleAt, setScheduleAt] = useState(scheduledAt);
  const [eventInfo, setEventInfo] = useState<EventDTO | null>(post?.eventInfo ?? null);
  const scheduleInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const live = isLivePost(post);
  // Posted (issue 9): the bet, sport and date are on the record; the words may still change.
  const posted = isPostedPick(post);
  const kept = useMemo(() => keptBetOf(post), [post]);
  const onRecord =
    post?.postType === "Pick" &&
    (post.pickResult !== null ||
      post.withdrawnAt !== null ||
      (post.eventInfo !== null && new Date(post.eventInfo.startsAt).getTime() <= Date.now()));

  const categoryId = toNumber(values.categoryId);
  const { events, retry: retryEvents } = useCategoryEvents(categoryId);
  // Games the legs name: the category's list, plus those chosen or loaded with the pick.
  const [extraEvents, setExtraEvents] = useState<Map<number, EventDTO>>(
    () => new Map(post?.eventInfo ? [[post.eventInfo.id, post.eventInfo]] : []),
  );
  const knownEvents = useMemo(() => {
    const map = new Map(extraEvents);
    if (events.status === "loaded") for (const event of events.items) map.set(event.id, event);
    return map;
  }, [extraEvents, events]);
  const rememberEvent = useCallback(
    (event: EventDTO) => setExtraEvents((current) => new Map(current).set(event.id, event)),
    [],
  );

  dirty.current = snapshot(values) !== saved || (scheduling && scheduleAt !== scheduledAt);

  // A loaded parlay's later games may be outside the category's list: ask for them one by one
  // (their teams name the sides), once the list has answered.
  const askedEvents = useRef(new Set<number>());
  const mounted = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => controller.abort();
  }, []);
  useEffect(() => {
    const signal = mounted.current?.signal;
    if (!signal || (events.status !== "loaded" && events.status !== "error")) return;
    for (const leg of values.legs) {
      const eventId = leg.eventId;
      if (eventId === null || knownEvents.has(eventId) || askedEvents.current.has(eventId)) continue;
      askedEvents.current.add(eventId);
      apiFetch<{ payload: EventDTO }>(`/events/${eventId}`, { signal })
        .then((answer) => {
          if (answer?.payload?.id === eventId) rememberEvent(answer.payload);
        })
        .catch(() => {
          // The sides then read Home/Away: nothing to tell the expert.
        });
    }
  }, [events.status, values.legs, knownEvents, rememberEvent]);

  useEffect(() => {
    if (scheduling && !scheduledAt) scheduleInput.current?.focus();
  }, [scheduling, scheduledAt]);

  // The dialog focused its Close button while loading: a new post starts at its title.
  useEffect(() => {
    if (!post) titleInput.current?.focus();
    // Only when the form first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fieldId = useCallback((key: ErrorKey) => `${id}-${key.replace(/\./g, "-")}`, [id]);
  const fieldErrors = (key: ErrorKey) => errors.fields[key];

  /** Drops the errors of the fields a change touched (`legs.` drops every leg's). */
  function clearErrors(...keys: string[]) {
    setErrors((current) => {
      const touched = Object.keys(current.fields).filter((key) =>
        keys.some((prefix) => (prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix)),
      );
      if (touched.length === 0) return current;
      const fields = { ...current.fields };
      for (const key of touched) delete fields[key as ErrorKey];
      return { ...current, fields };
    });
  }

  function change<K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  }

  function changeCategory(categoryId: string) {
    // Games belong to a sport: another category clears the post's event and the legs' games.
    setValues((current) =>
      current.categoryId === categoryId
        ? current
        : { ...current, categoryId, eventId: null, legs: current.legs.map((leg) => ({ ...leg, eventId: null })) },
    );
    clearErrors("categoryId", "eventId", "legs.");
  }

  function changeMarket(market: PickMarket | "") {
    setValues((current) => ({ ...current, market, legs: legsForMarket(current.market, current.legs, market) }));
    clearErrors("market", "legs", "legs.");
  }

  function changeLeg(index: number, patch: Partial<Omit<LegFormValues, "key">>, event?: EventDTO | null) {
    if (event) rememberEvent(event);
    setValues((current) => ({
      ...current,
      legs: current.legs.map((leg, i) =>
        i !== index ? leg : patch.market ? retarget(leg, patch.market) : { ...leg, ...patch },
      ),
    }));
    // A new market reshapes the leg; any other change touches its own field (and the same-bet-twice check).
    clearErrors(
      ...(patch.market ? [`legs.${index}.`] : Object.keys(patch).map((field) => `legs.${index}.${field}`)),
      `legs.${index}`,
      "legs",
    );
  }

  function addLeg() {
    setValues((current) => ({
      ...current,
      legs: [...current.legs, newLeg(current.legs.at(-1)?.market ?? "Moneyline")],
    }));
    clearErrors("legs");
  }

  function removeLeg(index: number) {
    setValues((current) => ({ ...current, legs: current.legs.filter((_, i) => i !== index) }));
    // The legs after it move up: their errors would land on the wrong leg.
    clearErrors("legs", "legs.");
  }

  async function save(choice: PublishChoice) {
    if (saving) return;
    const now = new Date();
    const found = validatePost(values, choice, now, kept);
    if (hasErrors(found)) {
      setErrors(found);
      // Next frame: the fields have their aria-invalid by then.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setErrors(noErrors());
    setSaving(choice.kind);
    try {
      const body = toPayload(values, choice, now, kept);
      const answer = post
        ? await apiFetch<{ payload: PostDTO }>(`/posts/${post.id}`, { method: "PUT", body })
        : await apiFetch<{ payload: PostDTO }>("/posts", { method: "POST", body });
      setSaved(snapshot(values));
      onSaved(answer.payload, choice.kind);
    } catch (error) {
      const failure =
        error instanceof ApiClientError
          ? error
          : new ApiClientError({ statusCode: 500, error: ERROR_MESSAGES.default });
      setErrors(serverErrors(failure, values));
      // product.md "Error messages": the server's text; a field's own message says more than the 422 default.
      const firstFieldMessage = failure.errors ? Object.values(failure.errors)[0]?.[0] : undefined;
      toast.error(firstFieldMessage ?? failure.error);
    } finally {
      setSaving(null);
    }
  }

  const isPick = values.postType === "Pick";
  const keepsDate = live || posted;
  const bodyLabelId = `${fieldId("body")}-label`;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="flex min-h-0 flex-1 flex-col"
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`} className="sr-only">
        {post ? "Edit" : "New"} {values.postType.toLowerCase()}
      </h3>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-4 py-5 sm:px-6">
        {onRecord ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This pick is on your verified record (graded, withdrawn, or its game has started): it can no longer be
            edited.
          </p>
        ) : null}

        <PostTypeSwitch
          name={fieldId("postType")}
          value={values.postType}
          disabled={posted}
          onChange={(value) => change("postType", value)}
        />

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

        <CoverImageField
          id={fieldId("coverImage")}
          value={values.coverImage}
          onChange={(key) => change("coverImage", key)}
          errors={fieldErrors("coverImage")}
        />

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
              disabled={posted}
              onChange={(event) => changeCategory(event.target.value)}
              className={clsx(inputClass, "disabled:bg-slate-50")}
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
          {!isPick ? (
            <EditorField
              id={fieldId("eventId")}
              label="Event"
              errors={fieldErrors("eventId")}
              hint="Optional: the game this is about."
            >
              <EventSelect
                id={fieldId("eventId")}
                categoryId={categoryId}
                events={events}
                onRetry={retryEvents}
                value={values.eventId}
                current={eventInfo}
                onChange={(eventId, event) => {
                  change("eventId", eventId);
                  if (event) setEventInfo(event);
                }}
                errors={fieldErrors("eventId")}
              />
            </EditorField>
          ) : null}
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
          <PickFields
            fieldId={fieldId}
            errors={errors.fields}
            market={values.market}
            legs={values.legs}
            units={values.units}
            categoryId={categoryId}
            events={events}
            onRetryEvents={retryEvents}
            knownEvents={knownEvents}
            locked={posted}
            onMarketChange={changeMarket}
            onLegChange={changeLeg}
            onAddLeg={addLeg}
            onRemoveLeg={removeLeg}
            onUnitsChange={(units) => change("units", units)}
          />
        ) : null}

        {scheduling && !keepsDate ? (
          <EditorField
            id={fieldId("publishDate")}
            label="Publish at"
            errors={fieldErrors("publishDate")}
            hint={`Your time zone: ${timeZone.replace(/_/g, " ")}. The post goes live then.`}
          >
            <input
              ref={scheduleInput}
              id={fieldId("publishDate")}
              type="datetime-local"
              value={scheduleAt}
              min={toZonedInputValue(new Date(), timeZone)}
              onChange={(event) => {
                setScheduleAt(event.target.value);
                if (errors.fields.publishDate)
                  setErrors((current) => ({ ...current, fields: { ...current.fields, publishDate: undefined } }));
              }}
              className={clsx(inputClass, "sm:max-w-xs")}
              {...describedBy(fieldId("publishDate"), fieldErrors("publishDate"), true)}
            />
          </EditorField>
        ) : keepsDate && fieldErrors("publishDate") ? (
          <FormError id={`${fieldId("publishDate")}-error`} errors={fieldErrors("publishDate")} />
        ) : null}

        <FormError id={`${id}-root-error`} errors={errors.root} />
      </div>

      <div className="grid shrink-0 grid-cols-2 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:items-center sm:justify-end sm:px-6">
        {/* On a phone the dialog's X is Cancel: the three ways to save get the room. */}
        <button
          type="button"
          className={clsx(secondaryClass.replace("inline-flex", "hidden sm:inline-flex"), "sm:mr-auto")}
          onClick={onCancel}
        >
          Cancel
        </button>
        {keepsDate ? (
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
            <button
              type="button"
              className={secondaryClass}
              disabled={onRecord || saving !== null}
              onClick={() => save({ kind: "draft" })}
            >
              {saving === "draft" ? <Spinner /> : <FileText className="size-4" aria-hidden="true" />}
              Save draft
            </button>
            <button
              type="button"
              className={secondaryClass}
              disabled={onRecord || saving !== null}
              aria-expanded={scheduling}
              onClick={() => (scheduling ? save({ kind: "schedule", at: scheduleAt, timeZone }) : setScheduling(true))}
            >
              {saving === "schedule" ? <Spinner /> : <CalendarClock className="size-4" aria-hidden="true" />}
              {scheduling ? "Schedule" : "Schedule…"}
            </button>
            <button
              type="button"
              className={clsx(primaryClass, "col-span-2")}
              disabled={onRecord || saving !== null}
              onClick={() => save({ kind: "now" })}
            >
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
