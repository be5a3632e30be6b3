/**
 * A Pick's bet in the editor: the market, one leg (or a parlay's 2–10), the stake, and
 * the bet in words as the server will store it. Each leg picks a game of the chosen sport, a side
 * named after its teams, a line, American odds and, for a prop, what it is on. A posted pick
 * shows its bet read-only. The state is the form's (post-form.tsx); this only renders it.
 */
import { clsx } from "clsx";
import { Plus } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { inputClass } from "~/components/ui/form-field";
import type { EventDTO } from "~/modules/reference/reference.server";
import {
  formatOdds,
  isSelfGradedMarket,
  MARKET_LABELS,
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
  PICK_MARKETS,
  type PickMarket,
} from "~/modules/record/pick-markets";
import { type EventsState } from "./event-select";
import { EditorField, describedBy } from "./form-controls";
import type { ErrorKey, FormErrors } from "./post-form-model";
import { combinedOdds, pickSummary, toNumber, type LegFormValues } from "./pick-form-model";
import { LegEditor, LegsError, smallButtonClass } from "./leg-editor";

export const POSTED_PICK_NOTE = "Posted picks keep their bet: you can still edit the write-up until the event starts.";
export const SELF_REPORTED_NOTE_TITLE = "This pick will be self-reported.";
export const SELF_REPORTED_NOTE =
  "Props cannot be checked against the market or graded from the final score: you grade it yourself, and it is counted apart from your verified record.";

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

      {!locked && legs.some((leg) => isSelfGradedMarket(leg.market)) ? (
        // Said before posting, not discovered on the record afterwards.
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong className="font-semibold">{SELF_REPORTED_NOTE_TITLE}</strong> {SELF_REPORTED_NOTE}
        </p>
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
