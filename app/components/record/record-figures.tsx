import { clsx } from "clsx";
import { useState } from "react";
import { formatRecord, formatUnits, RECORD_WINDOWS, WINDOW_LABELS, type RecordFigures } from "~/modules/record/figures";
import { formatOdds } from "~/modules/record/pick-basics";
import type { ExpertRecordFigures, WindowFigures } from "~/modules/record/record.server";

const signed = (value: number | null, digits: number, suffix = "") => (value === null ? "—" : `${value > 0 ? "+" : ""}${value.toFixed(digits)}${suffix}`);
const tone = (value: number | null) => (value === null || value === 0 ? "text-slate-900" : value > 0 ? "text-brand-700" : "text-danger");

/** One row of figures: record, win rate, units, ROI, average odds, CLV, streak, sample. */
function FiguresRow({ label, figures }: { label: string; figures: RecordFigures }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-3 text-left font-semibold text-slate-700">
        {label}
      </th>
      <td className="px-2 py-2 tabular-nums">{formatRecord(figures)}</td>
      <td className="px-2 py-2 tabular-nums">{figures.winRate === null ? "—" : `${figures.winRate.toFixed(1)}%`}</td>
      <td className={clsx("px-2 py-2 font-semibold tabular-nums", tone(figures.units))}>{figures.sample ? formatUnits(figures.units) : "—"}</td>
      <td className={clsx("px-2 py-2 tabular-nums", tone(figures.roi))}>{signed(figures.roi, 1, "%")}</td>
      <td className="px-2 py-2 tabular-nums">{figures.averageOdds === null ? "—" : formatOdds(figures.averageOdds)}</td>
      <td className={clsx("px-2 py-2 tabular-nums", tone(figures.clv))}>{signed(figures.clv, 2)}</td>
      <td className="px-2 py-2 tabular-nums">{figures.streak ?? "—"}</td>
      <td className="py-2 pl-2 tabular-nums">{figures.sample}</td>
    </tr>
  );
}

function FiguresTable({ windows, caption }: { windows: WindowFigures; caption: string }) {
  return (
    // Wider than a phone, it scrolls sideways: a keyboard user scrolls it with the arrow keys once it
    // has the focus (axe: scrollable-region-focusable), so it is a named region in the Tab order.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling container is the intended exception
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Window
            </th>
            {["W-L-P", "Win %", "Units", "ROI", "Avg odds", "CLV", "Streak", "Picks"].map((heading) => (
              <th key={heading} scope="col" className="px-2 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
      <span className="text-slate-500">No score grades a prop, so these count in none of the figures above nor on the leaderboard.</span>
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
  const button = (active: boolean) =>
    clsx("rounded-full border px-3 py-1 text-sm font-semibold", active ? "border-ink bg-ink text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50");
  return (
    <div>
      {figures.categories.length > 1 ? (
        <div role="group" aria-label="Sport" className="mb-3 flex flex-wrap gap-2">
          <button type="button" aria-pressed={sport === 0} className={button(sport === 0)} onClick={() => setSport(0)}>
            All sports
          </button>
          {figures.categories.map((entry) => (
            <button key={entry.category.id} type="button" aria-pressed={sport === entry.category.id} className={button(sport === entry.category.id)} onClick={() => setSport(entry.category.id)}>
              {entry.category.name}
            </button>
          ))}
        </div>
      ) : null}
      <FiguresTable windows={windows} caption={`Verified record, ${chosen ? chosen.category.name : "all sports"}, by window`} />
      <p className="mt-2 text-xs text-slate-500">
        Units are risk-based (a one-unit loss is −1, a one-unit win at −110 is +0.91). CLV: percentage points of implied probability gained on the closing line. Pushes count in the sample; voids and withdrawn picks do not.
      </p>
      <SelfReported tally={figures.selfReported} />
    </div>
  );
}
