import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { PageLinks } from "~/components/ui/page-links";
import type { GradedPickRow } from "~/modules/posts/record-panel.server";
import { formatOdds, unitsWon } from "~/modules/record/pick-basics";

const RESULT_TONE = {
  Win: "text-brand-700",
  Loss: "text-danger",
  Push: "text-slate-600",
  Void: "text-slate-500",
} as const;

/**
 * The expert's graded and withdrawn picks, newest first: each bet, its odds and stake, result and
 * units, self-grading flagged. Paged by `?graded=N`, the page's other parameters kept.
 */
export function GradedPicks({
  picks,
  page,
  totalPages,
  labelledBy,
}: {
  picks: GradedPickRow[];
  page: number;
  totalPages: number;
  labelledBy: string;
}) {
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("graded", String(target));
    return `${location.pathname}?${params}#${labelledBy}`;
  };
  if (picks.length === 0) return <p className="mt-2 text-sm text-slate-600">No graded picks yet.</p>;
  return (
    <>
      <ul aria-labelledby={labelledBy} className="mt-2 divide-y divide-slate-100">
        {picks.map((pick) => {
          const odds = pick.settledOdds ?? pick.odds;
          const units =
            pick.pickResult && odds !== null && pick.units !== null
              ? unitsWon(pick.pickResult, odds, pick.units)
              : null;
          return (
            <li key={pick.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <Link
                to={`/posts/${pick.id}`}
                className="min-w-0 flex-1 basis-full font-semibold text-slate-900 hover:underline sm:basis-0"
              >
                {pick.selection ?? pick.title}
              </Link>
              <span className="tabular-nums text-slate-600">{pick.odds !== null ? formatOdds(pick.odds) : ""}</span>
              <span className="tabular-nums text-slate-600">{pick.units !== null ? `${pick.units}u` : ""}</span>
              {pick.selfGraded ? (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
                  Self-reported
                </span>
              ) : null}
              <span
                className={clsx(
                  "w-20 text-right font-bold",
                  pick.pickResult ? RESULT_TONE[pick.pickResult] : "text-slate-500",
                )}
              >
                {pick.pickResult ?? "Withdrawn"}
              </span>
              <span
                className={clsx(
                  "w-16 text-right tabular-nums",
                  units === null
                    ? "text-slate-400"
                    : units > 0
                      ? "text-brand-700"
                      : units < 0
                        ? "text-danger"
                        : "text-slate-600",
                )}
              >
                {units === null ? "—" : `${units > 0 ? "+" : ""}${units.toFixed(2)}u`}
              </span>
            </li>
          );
        })}
      </ul>
      <PageLinks page={page} totalPages={totalPages} hrefFor={hrefFor} label="Graded picks pages" />
    </>
  );
}
