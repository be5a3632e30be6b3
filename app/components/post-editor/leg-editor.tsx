/** One leg of a pick in the editor: its game, market, side, line, odds and description, with the game's market beside it. */
import { clsx } from "clsx";
import { Trash2 } from "~/components/ui/icons";
import { type ReactNode } from "react";
import { inputClass } from "~/components/ui/form-field";
import {
  LEG_DESCRIPTION_MAX,
  LEG_MARKETS,
  MARKET_LABELS,
  PARLAY_MIN_LEGS,
  sidesFor,
  type LegMarket,
} from "~/modules/record/pick-markets";
import { isPricedMarket } from "~/modules/record/market-price";
import { EventSelect } from "./event-select";
import { EditorField, describedBy } from "./form-controls";
import { LegMarketLine, useEventMarket, useMarketPrefill } from "./leg-market";
import type { PickFieldsProps } from "./pick-fields";
import type { ErrorKey } from "./post-form-model";
import { isPropLeg, legTakesLine, sideLabel, type LegFormValues } from "./pick-form-model";

export const smallButtonClass =
  "inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-800 shadow-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60";
const DESCRIPTION_PLACEHOLDER: Partial<Record<LegMarket, string>> = {
  PlayerProp: "LeBron James points",
  TeamProp: "Lakers first-half points",
};
const LINE_PLACEHOLDER: Partial<Record<LegMarket, string>> = { Spread: "-4.5", Total: "221.5" };

export function LegsError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="text-sm text-danger empty:hidden">
      {errors?.[0]}
    </p>
  );
}

export function LegEditor({
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
  // The game's market: said beside the leg, its consensus filling an untyped line and odds.
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
        {/* A side is a team of the game: none to choose before the game is. */}
        <select
          id={idOf("side")}
          value={leg.side}
          disabled={locked || (!prop && event === null)}
          onChange={(change) => onLegChange(index, { side: change.target.value as LegFormValues["side"] })}
          className={controlClass}
          {...describedBy(idOf("side"), errorsOf("side"))}
        >
          <option value="">
            {prop ? "No over/under" : event === null ? "Choose the event first" : "Choose a side"}
          </option>
          {event === null && !prop
            ? null
            : sidesFor(leg.market, event?.categoryInfo.name ?? null).map((side) => (
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
