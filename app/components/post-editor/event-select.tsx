/**
 * The event select of the editor ("event" variant, 462 px, decision 018) and the games it lists:
 * a category's upcoming games, read once from the /editor/events loader for every select of the form.
 */
import * as Popover from "@radix-ui/react-popover";
import { clsx } from "clsx";
import { Check, ChevronDown } from "~/components/ui/icons";
import { useCallback, useState, type ReactNode } from "react";
import { useFormatTime } from "~/components/time/time-zone";
import type { EventDTO } from "~/modules/reference/reference.server";
import { describedBy, triggerClass } from "./form-controls";
import { useRouteData } from "./use-route-data";

export type EventsState = { status: "idle" | "loading" | "error" } | { status: "loaded"; items: EventDTO[] };

/**
 * The upcoming games of a category (the /editor/events loader, as `GET /api/events` lists them),
 * loaded once for every event select of the form (a Post's, each leg of a Pick's); `retry` asks
 * again after a failure.
 */
export function useCategoryEvents(categoryId: number | undefined): { events: EventsState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const answer = useRouteData<{ items: EventDTO[] }>(
    categoryId === undefined ? null : `/editor/events?categoryId=${categoryId}`,
    attempt,
  );
  const events: EventsState =
    answer.status === "loaded"
      ? { status: "loaded", items: Array.isArray(answer.data.items) ? answer.data.items : [] }
      : { status: answer.status };
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
