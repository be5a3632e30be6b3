import type { UnitsPoint } from "~/modules/record/record.server";

const WIDTH = 640;
const HEIGHT = 200;
/** Two labels of the value axis closer than this share of its height would overlap: the one at zero stays. */
const MIN_LABEL_GAP = 0.12;

/**
 * Units won over time, as an SVG drawn on the server (no chart script shipped): the running total
 * by the day picks were graded, with zero marked. The plot stretches to its box; the axis labels are
 * HTML beside it, so they keep their size on a phone instead of shrinking with the drawing.
 */
export function UnitsChart({ points, label }: { points: UnitsPoint[]; label: string }) {
  if (points.length === 0)
    return <p className="text-sm text-slate-600">The chart starts with the first graded pick.</p>;
  const series = [{ day: points[0].day, total: 0 }, ...points];
  const totals = series.map((point) => point.total);
  const max = Math.max(0, ...totals);
  const min = Math.min(0, ...totals);
  const span = max - min || 1;
  /** Distance from the top, as a share of the plot's height. */
  const share = (value: number) => (max - value) / span;
  const x = (index: number) => (index / Math.max(1, series.length - 1)) * WIDTH;
  const y = (value: number) => share(value) * HEIGHT;
  const line = series
    .map((point, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${y(point.total).toFixed(1)}`)
    .join(" ");
  const last = series[series.length - 1];
  const summary = `${label}: ${last.total >= 0 ? "+" : ""}${last.total.toFixed(2)} units over ${points.length} day${points.length === 1 ? "" : "s"} with graded picks, from ${points[0].day} to ${last.day}; highest ${max.toFixed(2)}, lowest ${min.toFixed(2)}.`;
  const ticks = [
    { value: 0, text: "0" },
    ...(max > 0 && share(0) >= MIN_LABEL_GAP ? [{ value: max, text: `+${max.toFixed(1)}u` }] : []),
    ...(min < 0 && 1 - share(0) >= MIN_LABEL_GAP ? [{ value: min, text: `${min.toFixed(1)}u` }] : []),
  ];
  return (
    <figure>
      <div className="flex py-2">
        {/* The labels repeat what the description says, for sighted readers. */}
        <div aria-hidden="true" className="relative w-14 shrink-0 text-xs tabular-nums text-slate-600">
          {ticks.map((tick) => (
            <span
              key={tick.text}
              className="absolute right-2 -translate-y-1/2 whitespace-nowrap leading-none"
              style={{ top: `${(share(tick.value) * 100).toFixed(2)}%` }}
            >
              {tick.text}
            </span>
          ))}
        </div>
        <div className="relative h-40 min-w-0 flex-1 sm:h-48">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            overflow="visible"
            role="img"
            aria-labelledby="units-chart-title"
            aria-describedby="units-chart-desc"
            className="absolute inset-0 size-full"
          >
            <title id="units-chart-title">{label}</title>
            <desc id="units-chart-desc">{summary}</desc>
            {/* Strokes keep their width however the plot is stretched. */}
            <line
              x1={0}
              x2={WIDTH}
              y1={y(0)}
              y2={y(0)}
              stroke="#94a3b8"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
            <path
              d={line}
              fill="none"
              className={last.total >= 0 ? "stroke-brand-700" : "stroke-danger"}
              strokeWidth="2.5"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
      </div>
      <div aria-hidden="true" className="ml-14 mt-1 flex justify-between gap-4 text-xs tabular-nums text-slate-600">
        <span>{points[0].day}</span>
        <span>{last.day}</span>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
