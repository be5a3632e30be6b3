import { clsx } from "clsx";
import { chipClass } from "~/components/ui/button";
import { useState } from "react";
import { formatRecord, formatUnits, RECORD_WINDOWS, WINDOW_LABELS, type RecordFigures } from "~/modules/record/figures";
import { formatOdds } from "~/modules/record/pick-basics";
import type { ExpertRecordFigures, WindowFigures } from "~/modules/record/record.server";
import { SkillOrLuck } from "./skill-or-luck";

const signed = (value: number | null, digits: number, suffix = "") =>
  value === null ? "—" : `${value > 0 ? "+" : ""}${value.toFixed(digits)}${suffix}`;
const tone = (value: number | null) =>
  value === null || value === 0 ? "text-slate-900" : value > 0 ? "text-brand-700" : "text-danger";

const COLUMNS = ["W-L-P", "Withdrawn", "Win %", "Units", "ROI", "Avg odds", "CLV", "Streak", "Picks"] as const;

/**
 * One figure. On a phone the row is a card and each cell names its figure itself (the column
 * headers are for screen readers there, so the name is hidden from them); a figure never wraps.
 */
function Figure({
  column,
  className,
  children,
}: {
  column: (typeof COLUMNS)[number];
  className?: string;
  children: string | number;
}) {
  return (
    <td className={clsx("whitespace-nowrap px-1 py-2 tabular-nums max-sm:p-0", className)}>
      <span aria-hidden="true" className="block text-xs font-semibold uppercase tracking-wide text-slate-500 sm:hidden">
        {column}
      </span>
      {children}
    </td>
  );
}

/** One row of figures: record, withdrawals, win rate, units, ROI, average odds, CLV, streak, sample. */
function FiguresRow({ label, figures }: { label: string; figures: RecordFigures }) {
  return (
    <tr className="border-t border-slate-100 max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:p-3">
      <th
        scope="row"
        className="whitespace-nowrap py-2 pr-3 text-left font-semibold text-slate-700 max-sm:col-span-3 max-sm:p-0 max-sm:text-slate-900"
      >
        {label}
      </th>
      <Figure column="W-L-P">{formatRecord(figures)}</Figure>
      <Figure column="Withdrawn">{figures.withdrawn}</Figure>
      <Figure column="Win %">{figures.winRate === null ? "—" : `${figures.winRate.toFixed(1)}%`}</Figure>
      <Figure column="Units" className={clsx("font-semibold", tone(figures.units))}>
        {figures.sample ? formatUnits(figures.units) : "—"}
      </Figure>
      <Figure column="ROI" className={tone(figures.roi)}>
        {signed(figures.roi, 1, "%")}
      </Figure>
      <Figure column="Avg odds">{figures.averageOdds === null ? "—" : formatOdds(figures.averageOdds)}</Figure>
      <Figure column="CLV" className={tone(figures.clv)}>
        {signed(figures.clv, 2)}
      </Figure>
      <Figure column="Streak">{figures.streak ?? "—"}</Figure>
      <Figure column="Picks">{figures.sample}</Figure>
    </tr>
  );
}

function FiguresTable({ windows, caption }: { windows: WindowFigures; caption: string }) {
  return (
    // From the small breakpoint up it is a table, which may still be a little wider than its box:
    // a keyboard user scrolls it with the arrow keys once it has the focus (axe:
    // scrollable-region-focusable), so it is a named region in the Tab order. Below it each window
    // is a card of named figures, as narrow as a phone.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling container is the intended exception
    <div className="sm:overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm max-sm:block sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="text-left text-xs uppercase text-slate-500">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Window
            </th>
            {COLUMNS.map((heading) => (
              <th key={heading} scope="col" className="whitespace-nowrap px-1 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:grid max-sm:gap-3">
          {RECORD_WINDOWS.map((window) => (
            <FiguresRow key={window} label={WINDOW_LABELS[window]} figures={windows[window]} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Props the expert graded themselves: their own line, apart from the verified figures and the leaderboard. */
function SelfReported({ tally }: { tally: ExpertRecordFigures["selfReported"] }) {
  const graded = tally.wins + tally.losses + tally.pushes + tally.voids;
  if (graded === 0) return null;
  return (
    <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-700">
      <span className="font-semibold">{"Self-reported (not verified): "}</span>
      {`${formatRecord(tally)}, ${formatUnits(tally.units)} over ${graded} prop${graded === 1 ? "" : "s"} the expert graded. `}
      <span className="text-slate-500">
        No score grades a prop, so these count in none of the figures above nor on the leaderboard.
      </span>
    </p>
  );
}

/**
 * The expert's figures per window, for all sports or one: sport buttons switch the table in the
 * page (every sport's figures came with it, a few rows each).
 */
export function RecordFiguresPanel({ figures }: { figures: ExpertRecordFigures }) {
  const [sport, setSport] = useState<number>(0);
  const chosen = figures.categories.find((entry) => entry.category.id === sport);
  const windows = chosen ? chosen.windows : figures.overall;
  const button = (active: boolean) => chipClass(active);
  return (
    <div>
      {figures.categories.length > 1 ? (
        <div role="group" aria-label="Sport" className="mb-3 flex flex-wrap gap-2">
          <button type="button" aria-pressed={sport === 0} className={button(sport === 0)} onClick={() => setSport(0)}>
            All sports
          </button>
          {figures.categories.map((entry) => (
            <button
              key={entry.category.id}
              type="button"
              aria-pressed={sport === entry.category.id}
              className={button(sport === entry.category.id)}
              onClick={() => setSport(entry.category.id)}
            >
              {entry.category.name}
            </button>
          ))}
        </div>
      ) : null}
      <SkillOrLuck confidence={windows.all.confidence} scope={chosen ? chosen.category.name : "all sports"} />
      <FiguresTable
        windows={windows}
        caption={`Verified record, ${chosen ? chosen.category.name : "all sports"}, by window`}
      />
      <p className="mt-2 text-xs text-slate-500">
        Units are risk-based (a one-unit loss is −1, a one-unit win at −110 is +0.91). CLV: percentage points of implied
        probability gained on the closing line. Pushes count in the sample; voids and withdrawn picks do not.
      </p>
      <SelfReported tally={figures.selfReported} />
    </div>
  );
}
