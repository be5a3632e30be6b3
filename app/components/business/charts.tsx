/**
 * The business page's charts: plain SVG drawn on the server, so they show before any script and
 * weigh nothing. Each is a figure whose caption names it, whose picture says its gist to a screen
 * reader (`role="img"` and a label), and whose numbers open as a table for anyone.
 */
import type { ReactNode } from "react";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 4, right: 0, bottom: 2, left: 0 };

export interface ChartPoint {
  /** What the table and the axis call the point: a date, a week, a month. */
  label: string;
  value: number;
}

function ChartFrame({
  title,
  summary,
  table,
  top,
  ends,
  children,
}: {
  title: string;
  summary: string;
  table: ReactNode;
  /** The scale's top value, written above the plot. */
  top: string;
  /** The first and last periods, written under the plot's two ends. */
  ends: [string, string];
  children: ReactNode;
}) {
  return (
    <figure className="min-w-0">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="text-xs text-slate-500" aria-hidden="true">
          {top}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}: ${summary}`}
        className="mt-2 h-36 w-full"
        preserveAspectRatio="none"
      >
        {children}
      </svg>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{ends[0]}</span>
        <span>{ends[1]}</span>
      </div>
      <details className="mt-1 text-xs text-slate-600">
        <summary className="cursor-pointer rounded hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
          Show as a table
        </summary>
        <div className="mt-2 max-h-56 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

function DataTable({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <table className="w-full text-left tabular-nums">
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col" className="py-1 pr-4 font-semibold">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]} className="border-t border-slate-100">
            {row.map((cell, i) => (
              <td key={i} className="py-1 pr-4">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const plotWidth = WIDTH - PAD.left - PAD.right;
const plotHeight = HEIGHT - PAD.top - PAD.bottom;

/** A line over time with the area under it shaded, from zero up to the highest point. */
export function LineChart({
  title,
  points,
  format,
  valueName,
}: {
  title: string;
  points: ChartPoint[];
  format: (value: number) => string;
  valueName: string;
}) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const x = (i: number) => PAD.left + (points.length > 1 ? (i / (points.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join("");
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${format(first.value)} on ${first.label}, ${format(last.value)} on ${last.label}, highest ${format(max)}`
      : "no data";
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={<DataTable head={["Day", valueName]} rows={points.map((p) => [p.label, format(p.value)])} />}
      top={`Highest ${format(max)}`}
      ends={[first?.label ?? "", last?.label ?? ""]}
    >
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={y(max)}
        y2={y(max)}
        className="stroke-slate-200"
        strokeDasharray="4 4"
      />
      {points.length > 0 ? (
        <>
          <path
            d={`${line}L${x(points.length - 1).toFixed(1)},${PAD.top + plotHeight}L${x(0).toFixed(1)},${PAD.top + plotHeight}Z`}
            className="fill-brand-500/10"
          />
          <path d={line} className="fill-none stroke-brand-600" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        </>
      ) : null}
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotHeight}
        y2={PAD.top + plotHeight}
        className="stroke-slate-300"
      />
    </ChartFrame>
  );
}

export interface PairedBar {
  label: string;
  up: number;
  down: number;
}

/**
 * Bars above and below one line: what came (up) and what went (down) in each period, as new and
 * cancelled subscriptions per week.
 */
export function UpDownBars({
  title,
  bars,
  upName,
  downName,
}: {
  title: string;
  bars: PairedBar[];
  upName: string;
  downName: string;
}) {
  const max = Math.max(1, ...bars.flatMap((b) => [b.up, b.down]));
  const middle = PAD.top + plotHeight / 2;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (value: number) => (value / max) * (plotHeight / 2);
  const ups = bars.reduce((sum, b) => sum + b.up, 0);
  const downs = bars.reduce((sum, b) => sum + b.down, 0);
  return (
    <ChartFrame
      title={title}
      summary={`${ups} ${upName.toLowerCase()} and ${downs} ${downName.toLowerCase()} over ${bars.length} ${bars.length === 1 ? "week" : "weeks"}`}
      table={
        <DataTable
          head={["Week of", upName, downName]}
          rows={bars.map((b) => [b.label, String(b.up), String(b.down)])}
        />
      }
      top={`${upName} above, ${downName.toLowerCase()} below`}
      ends={[bars[0]?.label ?? "", bars.at(-1)?.label ?? ""]}
    >
      {bars.map((b, i) => {
        const left = PAD.left + i * slot + (slot - barWidth) / 2;
        return (
          <g key={b.label}>
            <title>{`Week of ${b.label}: ${b.up} ${upName.toLowerCase()}, ${b.down} ${downName.toLowerCase()}`}</title>
            <rect x={left} y={middle - scale(b.up)} width={barWidth} height={scale(b.up)} className="fill-brand-500" />
            <rect x={left} y={middle} width={barWidth} height={scale(b.down)} className="fill-rose-400" />
          </g>
        );
      })}
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={middle} y2={middle} className="stroke-slate-300" />
    </ChartFrame>
  );
}

/** One bar per period from zero, as revenue per month. */
export function Bars({
  title,
  bars,
  format,
  valueName,
  periodName,
}: {
  title: string;
  bars: ChartPoint[];
  format: (value: number) => string;
  valueName: string;
  periodName: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  return (
    <ChartFrame
      title={title}
      summary={`${format(total)} in ${bars.length} ${bars.length === 1 ? "month" : "months"}, highest ${format(max)}`}
      table={<DataTable head={[periodName, valueName]} rows={bars.map((b) => [b.label, format(b.value)])} />}
      top={`Highest ${format(max)}`}
      ends={[bars[0]?.label ?? "", bars.at(-1)?.label ?? ""]}
    >
      {bars.map((b, i) => {
        const height = (Math.max(0, b.value) / max) * plotHeight;
        return (
          <g key={b.label}>
            <title>{`${b.label}: ${format(b.value)}`}</title>
            <rect
              x={PAD.left + i * slot + (slot - barWidth) / 2}
              y={PAD.top + plotHeight - height}
              width={barWidth}
              height={height}
              rx={2}
              className="fill-brand-500"
            />
          </g>
        );
      })}
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotHeight}
        y2={PAD.top + plotHeight}
        className="stroke-slate-300"
      />
    </ChartFrame>
  );
}
