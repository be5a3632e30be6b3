/**
 * A Pick's bet in the editor (issue 9): the market, one leg (or a parlay's 2–10), the stake, and
 * the bet in words as the server will store it. Each leg picks a game of the chosen sport, a side
 * named after its teams, a line, American odds and, for a prop, what it is on. A posted pick
 * shows its bet read-only. The state is the form's (post-form.tsx); this only renders it.
 */
import { clsx } from "clsx";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { inputClass } from "~/components/ui/form-field";
import type { EventDTO } from "~/modules/reference/reference.server";
import {
  formatOdds,
  LEG_DESCRIPTION_MAX,
  LEG_MARKETS,
  MARKET_LABELS,
  MARKET_SIDES,
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
  PICK_MARKETS,
  type LegMarket,
  type PickMarket,
} from "~/modules/record/pick-markets";
import { isPricedMarket } from "~/modules/record/market-price";
import { EditorField, EventSelect, describedBy, type EventsState } from "./form-controls";
import { LegMarketLine, useEventMarket, useMarketPrefill } from "./leg-market";
import type { ErrorKey, FormErrors } from "./post-form-model";
import {
  combinedOdds,
  isPropLeg,
  legTakesLine,
  pickSummary,
  sideLabel,
  toNumber,
  type LegFormValues,
} from "./pick-form-model";

export const POSTED_PICK_NOTE = "Posted picks keep their bet: you can still edit the write-up until the event starts.";

const smallButtonClass =
  "inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-800 shadow-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60";

const DESCRIPTION_PLACEHOLDER: Partial<Record<LegMarket, string>> = {
  PlayerProp: "LeBron James points",
  TeamProp: "Lakers first-half points",
};

const LINE_PLACEHOLDER: Partial<Record<LegMarket, string>> = { Spread: "-4.5", Total: "221.5" };

export interface PickFieldsProps {
  /** The DOM id of a field's control; its error is `${id}-error`. */
  fieldId: (key: ErrorKey) => string;
  errors: FormErrors["fields"];
  market: PickMarket | "";
  legs: LegFormValues[];
  units: string;
  categoryId: number | undefined;
  events: EventsState;
  onRetryEvents: () => void;
  /** Games by id: the category's list, the ones chosen, and the loaded pick's. */
  knownEvents: Map<number, EventDTO>;
  /** A posted pick: its bet is shown, not edited. */
  locked: boolean;
  onMarketChange: (market: PickMarket | "") => void;
  onLegChange: (index: number, patch: Partial<Omit<LegFormValues, "key">>, event?: EventDTO | null) => void;
  onAddLeg: () => void;
  onRemoveLeg: (index: number) => void;
  onUnitsChange: (units: string) => void;
}

export function PickFields(props: PickFieldsProps) {
  const { fieldId, errors, market, legs, units, locked, knownEvents } = props;
  const parlay = market === "Parlay";
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding a leg its first control takes the focus; after removing one, "Add leg" does.
  const focusNext = useRef<"added" | "removed" | null>(null);
  const legCount = legs.length;

  useEffect(() => {
    if (focusNext.current === "added") document.getElementById(fieldId(`legs.${legCount - 1}.market`))?.focus();
    if (focusNext.current === "removed") addButton.current?.focus();
    focusNext.current = null;
  }, [legCount, fieldId]);

  const removeLeg = (index: number) => {
    focusNext.current = "removed";
    props.onRemoveLeg(index);
  };
  const marketErrors = [...(errors.market ?? []), ...(!parlay ? (errors["legs.0.market"] ?? []) : [])];
  const summary = pickSummary(market, legs, toNumber(units), knownEvents);
  const odds = parlay ? combinedOdds(legs) : null;

  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">The pick</legend>
      {locked ? (
        <p role="note" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {POSTED_PICK_NOTE}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_8rem]">
        <EditorField id={fieldId("market")} label="Market" errors={marketErrors} required>
          <select
            id={fieldId("market")}
            value={market}
            disabled={locked}
            onChange={(event) => props.onMarketChange(event.target.value as PickMarket | "")}
            className={clsx(inputClass, "disabled:bg-slate-50")}
            {...describedBy(fieldId("market"), marketErrors)}
          >
            <option value="">Choose a market</option>
            {PICK_MARKETS.map((value) => (
              <option key={value} value={value}>
                {MARKET_LABELS[value]}
              </option>
            ))}
          </select>
        </EditorField>
        <EditorField id={fieldId("units")} label="Units" errors={errors.units} required>
          <input
            id={fieldId("units")}
            type="number"
            inputMode="decimal"
            min={0.1}
            max={10}
            step={0.1}
            value={units}
            placeholder="1"
            disabled={locked}
            onChange={(event) => props.onUnitsChange(event.target.value)}
            className={clsx(inputClass, "disabled:bg-slate-50")}
            {...describedBy(fieldId("units"), errors.units)}
          />
        </EditorField>
      </div>

      {market === "" ? (
        <p className="text-sm text-slate-500">Choose a market, then the game and your side.</p>
      ) : parlay ? (
        <section aria-labelledby={`${fieldId("legs")}-heading`} className="space-y-3">
          <h4 id={`${fieldId("legs")}-heading`} className="text-sm font-semibold text-slate-900">
            Legs
          </h4>
          <ol className="space-y-3">
            {legs.map((leg, index) => (
              <li key={leg.key}>
                <LegEditor {...props} onRemoveLeg={removeLeg} index={index} leg={leg} parlay />
              </li>
            ))}
          </ol>
          <LegsError id={`${fieldId("legs")}-error`} errors={errors.legs} />
          {!locked ? (
            <div className="flex flex-wrap items-center gap-3">
              <button
                ref={addButton}
                type="button"
                className={smallButtonClass}
                disabled={legs.length >= PARLAY_MAX_LEGS}
                aria-describedby={`${fieldId("legs")}-hint ${fieldId("legs")}-error`}
                onClick={() => {
                  focusNext.current = "added";
                  props.onAddLeg();
                }}
              >
                <Plus className="size-3.5" aria-hidden="true" />
                Add leg
              </button>
              <span id={`${fieldId("legs")}-hint`} className="text-xs text-slate-500">
                {`${PARLAY_MIN_LEGS} to ${PARLAY_MAX_LEGS} legs.`}
              </span>
            </div>
          ) : null}
          <p className="text-sm text-slate-700">
            Combined odds:{" "}
            <span className="font-semibold">{odds === null ? "enter every leg's odds" : formatOdds(odds)}</span>
          </p>
        </section>
      ) : legs[0] ? (
        <>
          <LegEditor {...props} index={0} leg={legs[0]} parlay={false} />
          <LegsError id={`${fieldId("legs")}-error`} errors={errors.legs} />
        </>
      ) : null}

      <div className="rounded-lg bg-slate-50 px-3 py-2">
        <span
          id={`${fieldId("market")}-summary-label`}
          className="block text-xs font-semibold uppercase tracking-wide text-slate-500"
        >
          Your pick
        </span>
        <output
          aria-labelledby={`${fieldId("market")}-summary-label`}
          aria-live="polite"
          className={clsx("block text-sm", summary ? "font-semibold text-slate-900" : "text-slate-500")}
        >
          {summary ?? "Complete the bet to see it here."}
        </output>
      </div>
    </fieldset>
  );
}

/** An error about the legs as a whole (how many; the same bet twice is on its leg). */
function LegsError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="text-sm text-danger empty:hidden">
      {errors?.[0]}
    </p>
  );
}

function LegEditor({
  index,
  leg,
  parlay,
  fieldId,
  errors,
  market,
  legs,
  categoryId,
  events,
  onRetryEvents,
  knownEvents,
  locked,
  onLegChange,
  onRemoveLeg,
}: PickFieldsProps & { index: number; leg: LegFormValues; parlay: boolean }) {
  const key = <F extends string>(field: F) => `legs.${index}.${field}` as ErrorKey;
  const idOf = (field: "market" | "eventId" | "side" | "line" | "odds" | "description") => fieldId(key(field));
  const errorsOf = (field: "market" | "eventId" | "side" | "line" | "odds" | "description") => errors[key(field)];
  // A parlay's controls say which leg they are ("Leg 2 side"); a single bet's need not.
  const name = parlay ? `Leg ${index + 1}` : "";
  const label = (text: string): ReactNode =>
    parlay ? (
      <>
        <span className="sr-only">{name}</span> {text}
      </>
    ) : (
      text
    );
  const event = leg.eventId === null ? null : (knownEvents.get(leg.eventId) ?? null);
  const prop = isPropLeg(leg);
  const legErrorId = `${fieldId(`legs.${index}`)}-error`;
  const legErrors = errors[`legs.${index}`];
  const controlClass = clsx(inputClass, "disabled:bg-slate-50");
  // The game's market (issue 24): said beside the leg, its consensus filling an untyped line and odds.
  const priced = isPricedMarket(leg.market) && !locked;
  const marketState = useEventMarket(leg.eventId, priced);
  useMarketPrefill(marketState, leg, legTakesLine(leg), locked, (patch) => onLegChange(index, patch));

  const body = (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {parlay ? (
        <div className="sm:col-span-3">
          <EditorField id={idOf("market")} label={label("Market")} errors={errorsOf("market")} required>
            <select
              id={idOf("market")}
              value={leg.market}
              disabled={locked}
              onChange={(change) => onLegChange(index, { market: change.target.value as LegMarket })}
              className={controlClass}
              {...describedBy(idOf("market"), errorsOf("market"))}
            >
              {LEG_MARKETS.map((value) => (
                <option key={value} value={value}>
                  {MARKET_LABELS[value]}
                </option>
              ))}
            </select>
          </EditorField>
        </div>
      ) : null}
      <div className="sm:col-span-3">
        <EditorField id={idOf("eventId")} label={label("Event")} errors={errorsOf("eventId")} required>
          <EventSelect
            id={idOf("eventId")}
            categoryId={categoryId}
            events={events}
            onRetry={onRetryEvents}
            value={leg.eventId}
            current={event}
            onChange={(eventId, chosen) => onLegChange(index, { eventId }, chosen)}
            errors={errorsOf("eventId")}
            legend={parlay ? `${name} event` : "Event"}
            optional={false}
            upcomingOnly
            disabled={locked}
            hasHint={false}
          />
        </EditorField>
      </div>
      <EditorField
        id={idOf("side")}
        label={label(prop ? "Over/under" : "Side")}
        errors={errorsOf("side")}
        required={!prop}
      >
        <select
          id={idOf("side")}
          value={leg.side}
          disabled={locked}
          onChange={(change) => onLegChange(index, { side: change.target.value as LegFormValues["side"] })}
          className={controlClass}
          {...describedBy(idOf("side"), errorsOf("side"))}
        >
          <option value="">{prop ? "No over/under" : "Choose a side"}</option>
          {MARKET_SIDES[leg.market].map((side) => (
            <option key={side} value={side}>
              {sideLabel(side, event)}
            </option>
          ))}
        </select>
      </EditorField>
      {legTakesLine(leg) ? (
        <EditorField id={idOf("line")} label={label("Line")} errors={errorsOf("line")} required>
          <input
            id={idOf("line")}
            type="number"
            inputMode="decimal"
            step={0.5}
            value={leg.line}
            placeholder={LINE_PLACEHOLDER[leg.market] ?? "27.5"}
            disabled={locked}
            onChange={(change) => onLegChange(index, { line: change.target.value })}
            className={controlClass}
            {...describedBy(idOf("line"), errorsOf("line"))}
          />
        </EditorField>
      ) : null}
      <EditorField id={idOf("odds")} label={label("Odds")} errors={errorsOf("odds")} required>
        <input
          id={idOf("odds")}
          type="text"
          inputMode="numeric"
          value={leg.odds}
          placeholder="-110"
          disabled={locked}
          onChange={(change) => onLegChange(index, { odds: change.target.value })}
          className={controlClass}
          {...describedBy(idOf("odds"), errorsOf("odds"))}
        />
      </EditorField>
      {prop ? (
        <div className="sm:col-span-3">
          <EditorField
            id={idOf("description")}
            label={label("Description")}
            errors={errorsOf("description")}
            hint="What the prop is on, in a few words."
            required
          >
            <input
              id={idOf("description")}
              type="text"
              value={leg.description}
              maxLength={LEG_DESCRIPTION_MAX}
              placeholder={DESCRIPTION_PLACEHOLDER[leg.market]}
              disabled={locked}
              onChange={(change) => onLegChange(index, { description: change.target.value })}
              className={controlClass}
              {...describedBy(idOf("description"), errorsOf("description"), true)}
            />
          </EditorField>
        </div>
      ) : null}
      {priced ? (
        <div className="sm:col-span-3">
          <LegMarketLine
            id={`${fieldId(`legs.${index}`)}-market`}
            state={marketState}
            legMarket={leg.market}
            event={event}
          />
        </div>
      ) : null}
    </div>
  );

  if (!parlay) {
    return (
      <div className="space-y-2">
        {body}
        <p id={legErrorId} className="text-sm text-danger empty:hidden">
          {legErrors?.[0]}
        </p>
      </div>
    );
  }
  const removable = !locked && legs.length > PARLAY_MIN_LEGS && market === "Parlay";
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3" aria-describedby={legErrorId}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{name}</legend>
      {body}
      <div className="mt-3 flex items-center justify-between gap-2">
        <p id={legErrorId} className="text-sm text-danger empty:hidden">
          {legErrors?.[0]}
        </p>
        {removable ? (
          <button
            type="button"
            className={clsx(smallButtonClass, "ml-auto")}
            aria-label={`Remove leg ${index + 1}`}
            onClick={() => onRemoveLeg(index)}
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
            Remove leg
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
