/**
 * The create/edit post form (product.md "Screens and routes", "Validation" and "Error messages"; decisions 017 and 018): the fields,
 * the same validation the server runs, then the /editor route action with the post as JSON (what
 * `POST /api/posts` or `PUT /api/posts/{id}` take). The server's 422 errors land on the named
 * fields (a lone message at the root) and in a toast; nothing typed is lost on a failure.
 */
import { clsx } from "clsx";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MutableRefObject } from "react";
import type { Descendant } from "slate";
import { toast } from "~/components/ui/toast";
import { FormError, inputClass } from "~/components/ui/form-field";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { POST_TITLE_MAX } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import type { EventDTO } from "~/modules/reference/reference.server";
import type { PickMarket } from "~/modules/record/pick-markets";
import { EventSelect, useCategoryEvents } from "./event-select";
import {
  CoverImageField,
  EditorField,
  ModalitiesSelect,
  PostTypeSwitch,
  describedBy,
  type Option,
} from "./form-controls";
import { PickFields } from "./pick-fields";
import { legsForMarket, newLeg, retarget, type LegFormValues } from "./pick-form-model";
import {
  hasErrors,
  initialValues,
  isLivePost,
  isOnRecord,
  isPostedPick,
  keptBetOf,
  noErrors,
  serverErrors,
  snapshot,
  toNumber,
  toPayload,
  validatePost,
  withoutErrors,
  type ErrorKey,
  type FormErrors,
  type PostFormValues,
  type PublishChoice,
} from "./post-form-model";
import { RichTextEditor } from "./rich-text-editor";
import { SaveBar, type SaveKind } from "./save-bar";
import { useKnownEvents } from "./known-events";
import { PREVIEW_MAX_CHARACTERS } from "~/modules/posts/slate";
import { useTimeZone } from "~/components/time/time-zone";
import { toZonedInputValue } from "~/modules/time/clock";
import { Input } from "~/components/ui/input";

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
  const saver = useActionFetcher<{ post: PostDTO }>({ toastErrors: false });
  const [sent, setSent] = useState<{ kind: SaveKind; values: PostFormValues } | null>(null);
  const saving = saver.state !== "idle" && sent ? sent.kind : null;
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
  // Posted: the bet, sport and date are on the record; the words may still change.
  const posted = isPostedPick(post);
  const kept = useMemo(() => keptBetOf(post), [post]);
  const onRecord = isOnRecord(post);

  const categoryId = toNumber(values.categoryId);
  const { events, retry: retryEvents } = useCategoryEvents(categoryId);
  const { knownEvents, rememberEvent } = useKnownEvents(post, events, values.legs);

  dirty.current = snapshot(values) !== saved || (scheduling && scheduleAt !== scheduledAt);

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
    setErrors((current) => withoutErrors(current, keys));
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

  function save(choice: PublishChoice) {
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
    setSent({ kind: choice.kind, values });
    const body = toPayload(values, choice, now, kept);
    saver.submit(
      { ...(post ? { postId: post.id } : {}), post: JSON.stringify(body) },
      { method: "post", action: "/editor" },
    );
  }

  useActionDone(
    saver,
    (answer) => {
      if (!sent) return;
      setSaved(snapshot(sent.values));
      onSaved(answer.post, sent.kind);
    },
    (failure) => {
      setErrors(serverErrors(failure, sent?.values ?? values));
      // product.md "Error messages": the server's text; a field's own message says more than the 422 default.
      const firstFieldMessage = failure.errors ? Object.values(failure.errors)[0]?.[0] : undefined;
      toast.error(firstFieldMessage ?? failure.error);
    },
  );

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
          <Input
            ref={titleInput}
            id={fieldId("title")}
            type="text"
            value={values.title}
            onChange={(event) => change("title", event.target.value)}
            maxLength={POST_TITLE_MAX}
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

        <EditorField id={fieldId("modalityIds")} label="Bet types" errors={fieldErrors("modalityIds")}>
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

      <SaveBar
        keepsDate={keepsDate}
        disabled={onRecord}
        saving={saving}
        scheduling={scheduling}
        onCancel={onCancel}
        onSave={(kind) =>
          save(
            kind === "keep"
              ? { kind, publishDate: post!.publishDate! }
              : kind === "schedule"
                ? { kind, at: scheduleAt, timeZone }
                : { kind },
          )
        }
        onSchedule={() => setScheduling(true)}
      />
    </form>
  );
}
