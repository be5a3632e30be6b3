import type { UnitsPoint } from "~/modules/record/record.server";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 24, left: 44 };

/**
 * Units won over time, as an SVG drawn on the server (no chart script shipped): the running total
 * by the day picks were graded, with zero marked.
 */
export function UnitsChart({ points, label }: { points: UnitsPoint[]; label: string }) {
  if (points.length === 0) return <p className="text-sm text-slate-600">The chart starts with the first graded pick.</p>;
  const series = [{ day: points[0].day, total: 0 }, ...points];
  const totals = series.map((point) => point.total);
  const max = Math.max(0, ...totals);
  const min = Math.min(0, ...totals);
  const span = max - min || 1;
  const x = (index: number) => PAD.left + (index / Math.max(1, series.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + ((max - value) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const line = series.map((point, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${y(point.total).toFixed(1)}`).join(" ");
  const last = series[series.length - 1];
  const summary = `${label}: ${last.total >= 0 ? "+" : ""}${last.total.toFixed(2)} units over ${points.length} day${points.length === 1 ? "" : "s"} with graded picks, from ${points[0].day} to ${last.day}; highest ${max.toFixed(2)}, lowest ${min.toFixed(2)}.`;
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="units-chart-title" aria-describedby="units-chart-desc" className="h-auto w-full">
        <title id="units-chart-title">{label}</title>
        <desc id="units-chart-desc">{summary}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" strokeDasharray="4 4" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11" fill="#475569">{`${max > 0 ? "+" : ""}${max.toFixed(1)}u`}</text>
        {min < 0 ? <text x={PAD.left - 6} y={y(min) + 4} textAnchor="end" fontSize="11" fill="#475569">{`${min.toFixed(1)}u`}</text> : null}
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11" fill="#475569">0</text>
        <text x={PAD.left} y={HEIGHT - 6} fontSize="11" fill="#475569">{points[0].day}</text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize="11" fill="#475569">{last.day}</text>
        <path d={line} fill="none" className={last.total >= 0 ? "stroke-brand-700" : "stroke-danger"} strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
