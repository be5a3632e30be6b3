/**
 * The dialog's own controls (decision 018): a labelled field with its error, the Post/Pick
 * radio group, the modalities multi-select, the event select ("event" variant, 462 px) with the
 * games it lists, and the cover image uploader.
 */
import * as Popover from "@radix-ui/react-popover";
import { clsx } from "clsx";
import { Check, ChevronDown, ImagePlus, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import { FieldFrame } from "~/components/ui/form-field";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { apiFetch } from "~/modules/http/api-client";
import type { EventDTO } from "~/modules/reference/reference.server";
import { uploadErrorMessage, uploadFile } from "~/modules/uploads/upload-client";
import { IMAGE_MIME_TYPES } from "~/modules/uploads/upload-types";
import { useFormatTime } from "~/components/time/time-zone";
import { imageFileProblem } from "./image-uploads";
import type { PostType } from "./post-form-model";

export interface Option {
  id: number;
  name: string;
}

/** A label, the control, a hint and the first error; this form keeps its values as JSON state (decision 018). */
export const EditorField = FieldFrame;

/** aria attributes of a control whose error is shown by EditorField. */
export const describedBy = (id: string, errors: string[] | undefined, hint = false) => ({
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" "),
});

// ---- Post / Pick ---------------------------------------------------------------------------

const TYPE_OPTIONS: { value: PostType; label: string; hint: string }[] = [
  { value: "Post", label: "Post", hint: "Free for everyone" },
  { value: "Pick", label: "Pick", hint: "For subscribers, graded on your record" },
];

/** Native radios in a fieldset: arrow keys move between them, screen readers name the group. */
export function PostTypeSwitch({
  value,
  onChange,
  name,
  disabled = false,
}: {
  value: PostType;
  onChange: (value: PostType) => void;
  name: string;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Type</legend>
      <div className="mt-1 grid grid-cols-2 gap-1 rounded-full bg-slate-100 p-1">
        {TYPE_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "flex cursor-pointer flex-col items-center rounded-full px-3 py-1.5 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed",
              value === option.value ? "bg-white shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-label={option.label}
              aria-describedby={`${name}-${option.value}-hint`}
              className="sr-only"
            />
            <span className="text-sm font-semibold" aria-hidden="true">
              {option.label}
            </span>
            <span id={`${name}-${option.value}-hint`} className="text-xs text-slate-600">
              {option.hint}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- modalities ----------------------------------------------------------------------------

const triggerClass =
  "mt-1 flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-sm text-slate-900 shadow-sm hover:border-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-danger";

export function ModalitiesSelect({
  id,
  options,
  value,
  onChange,
  errors,
}: {
  id: string;
  options: Option[];
  value: number[];
  onChange: (value: number[]) => void;
  errors: string[] | undefined;
}) {
  const chosen = options.filter((option) => value.includes(option.id));
  const summary = chosen.length === 0 ? "Choose bet types" : chosen.map((option) => option.name).join(", ");
  return (
    <Popover.Root>
      <Popover.Trigger id={id} type="button" className={triggerClass} {...describedBy(id, errors)}>
        <span className={clsx("truncate", chosen.length === 0 && "text-slate-500")}>{summary}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-[60] max-h-dropdown w-[var(--radix-popover-trigger-width)] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <fieldset>
            <legend className="sr-only">Modalities</legend>
            {options.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={value.includes(option.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? [...value, option.id] : value.filter((idValue) => idValue !== option.id),
                    )
                  }
                />
                {option.name}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

// ---- event ---------------------------------------------------------------------------------

export type EventsState = { status: "idle" | "loading" | "error" } | { status: "loaded"; items: EventDTO[] };

/**
 * The upcoming games of a category (`GET /api/events`), loaded once for every event select of
 * the form (a Post's, each leg of a Pick's); `retry` asks again after a failure.
 */
export function useCategoryEvents(categoryId: number | undefined): { events: EventsState; retry: () => void } {
  const [events, setEvents] = useState<EventsState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (categoryId === undefined) {
      setEvents({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setEvents({ status: "loading" });
    apiFetch<{ items: EventDTO[] }>("/events", { query: { categoryId, size: 100 }, signal: controller.signal })
      .then((answer) => setEvents({ status: "loaded", items: Array.isArray(answer?.items) ? answer.items : [] }))
      .catch(() => {
        if (!controller.signal.aborted) setEvents({ status: "error" });
      });
    return () => controller.abort();
  }, [categoryId, attempt]);

  return { events, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

/** Not started yet: what a pick can still be made on. */
export const isUpcoming = (event: Pick<EventDTO, "startsAt">, now = Date.now()) =>
  new Date(event.startsAt).getTime() > now;

/**
 * The event select ("event" variant, product.md "Screens and routes" and "Limits"): the games of the chosen category
 * (`useCategoryEvents`) with teams and start time, in a 462 px dropdown. Optional for a Post
 * ("No event" first); a pick's leg needs one and lists only games not started.
 */
export function EventSelect({
  id,
  categoryId,
  events,
  onRetry,
  value,
  current,
  onChange,
  errors,
  legend = "Event",
  optional = true,
  upcomingOnly = false,
  disabled = false,
  hasHint = true,
}: {
  id: string;
  categoryId: number | undefined;
  events: EventsState;
  onRetry: () => void;
  value: number | null;
  /** The chosen event as loaded, shown even when it is no longer in the list. */
  current: EventDTO | null;
  onChange: (eventId: number | null, event: EventDTO | null) => void;
  errors: string[] | undefined;
  /** The options' group name, for screen readers ("Leg 2 event"). */
  legend?: string;
  optional?: boolean;
  upcomingOnly?: boolean;
  disabled?: boolean;
  /** Its field shows a hint (`${id}-hint`) the control is described by. */
  hasHint?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const formatTime = useFormatTime();
  // A game's start as every page writes it: the viewer's zone, labelled.
  const formatEventTime = (startsAt: string) => formatTime(startsAt, "game");

  const loaded = events.status === "loaded" ? events.items : [];
  const items = upcomingOnly ? loaded.filter((event) => isUpcoming(event)) : loaded;
  const list =
    current && current.id === value && !items.some((event) => event.id === current.id) ? [current, ...items] : items;
  const selected = list.find((event) => event.id === value) ?? null;
  const noCategory = categoryId === undefined;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        type="button"
        className={clsx(triggerClass, "disabled:cursor-not-allowed disabled:bg-slate-50")}
        disabled={disabled || noCategory}
        {...describedBy(id, errors, hasHint)}
      >
        {selected ? (
          <span className="min-w-0 truncate">
            {selected.awayTeam} at {selected.homeTeam} ·{" "}
            <span className="text-slate-500">{formatEventTime(selected.startsAt)}</span>
          </span>
        ) : (
          <span className="text-slate-500">
            {noCategory ? "Choose a category first" : optional ? "No event" : "Choose a game"}
          </span>
        )}
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-[60] max-h-dropdown w-event-dropdown max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <fieldset>
            <legend className="sr-only">{legend}</legend>
            {optional ? (
              <EventOption name={`${id}-option`} checked={value === null} onChange={() => pick(null)}>
                <span className="font-medium">No event</span>
              </EventOption>
            ) : null}
            {list.map((event) => (
              <EventOption
                key={event.id}
                name={`${id}-option`}
                checked={value === event.id}
                onChange={() => pick(event)}
              >
                <span className="block font-medium">
                  {event.awayTeam} <span className="text-slate-500">at</span> {event.homeTeam}
                </span>
                <span className="block text-xs text-slate-500">
                  {formatEventTime(event.startsAt)}
                  {event.status === "Live" ? " · Live" : ""}
                </span>
              </EventOption>
            ))}
          </fieldset>
          {events.status === "loading" ? (
            <p role="status" className="px-2 py-2 text-sm text-slate-500">
              Loading games…
            </p>
          ) : null}
          {events.status === "loaded" && items.length === 0 ? (
            <p className="px-2 py-2 text-sm text-slate-500">No upcoming games in this category.</p>
          ) : null}
          {events.status === "error" ? (
            <div role="alert" className="flex items-center justify-between gap-2 px-2 py-2 text-sm text-danger">
              Could not load the games.
              <button type="button" className="font-semibold underline" onClick={onRetry}>
                Retry
              </button>
            </div>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );

  function pick(event: EventDTO | null) {
    onChange(event?.id ?? null, event);
    setOpen(false);
  }
}

function EventOption({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={clsx(
        "flex cursor-pointer items-start gap-2 rounded-md px-2 py-2 text-sm text-slate-800 hover:bg-slate-50",
        checked && "bg-brand-50",
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 accent-brand-600"
      />
      <span className="min-w-0 flex-1">{children}</span>
      {checked ? <Check className="size-4 text-brand-700" aria-hidden="true" /> : null}
    </label>
  );
}

// ---- cover image ---------------------------------------------------------------------------

const coverButtonClass =
  "inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-800 shadow-sm hover:bg-slate-100";

/** Pick an image, watch it upload, Retry on failure; the stored key is the field's value. */
export function CoverImageField({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: string;
  onChange: (key: string) => void;
  errors: string[] | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<{ file: File; progress: number; error: string | null } | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  function start(file: File) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ file, progress: 0, error: null });
    uploadFile(file, {
      signal: current.signal,
      onProgress: (progress) => setState((s) => (s ? { ...s, progress } : s)),
    })
      .then((stored) => {
        if (current.signal.aborted) return;
        setState(null);
        onChange(stored.key);
      })
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        setState((s) => (s ? { ...s, error: uploadErrorMessage(error) } : s));
      });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) toast.error(file.name, { description: problem });
    else start(file);
  }

  const uploading = state !== null && state.error === null;
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        Cover image
      </span>
      <div
        className={clsx(
          "relative mt-1 overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50",
          value ? "aspect-[3/1]" : "flex h-20 items-center px-4",
        )}
      >
        {value ? (
          <ProxiedImage src={value} width={700} height={234} alt="Cover image" className="size-full object-cover" />
        ) : null}
        {!value && !state ? <p className="text-sm text-slate-500">No cover image</p> : null}
        {uploading ? (
          <div className={clsx(value ? "absolute inset-x-4 top-1/2 -translate-y-1/2" : "mr-4 flex-1")}>
            <div
              role="progressbar"
              aria-label={`Uploading ${state.file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-slate-300"
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${state.progress}%` }} />
            </div>
          </div>
        ) : null}
        <div className={clsx("flex gap-2", value ? "absolute bottom-2 right-2" : "ml-auto")}>
          {value && !state ? (
            <button type="button" className={coverButtonClass} onClick={() => onChange("")}>
              Remove cover
            </button>
          ) : null}
          <button
            id={id}
            type="button"
            className={coverButtonClass}
            disabled={uploading}
            aria-describedby={`${id}-error`}
            onClick={() => input.current?.click()}
          >
            <ImagePlus className="size-3.5" aria-hidden="true" />
            {value ? "Change cover" : "Add cover image"}
          </button>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        hidden
        onChange={onFile}
        aria-hidden="true"
        tabIndex={-1}
      />
      {state?.error ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-danger">
          <span>{state.error}</span>
          <button type="button" className={coverButtonClass} onClick={() => start(state.file)}>
            <RotateCcw className="size-3.5" aria-hidden="true" />
            Retry
          </button>
          <button type="button" className={coverButtonClass} onClick={() => setState(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      <p id={`${id}-error`} className="mt-1 text-sm text-danger empty:hidden">
        {errors?.[0]}
      </p>
    </div>
  );
}
