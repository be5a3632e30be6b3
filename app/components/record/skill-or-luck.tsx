/**
 * Skill or luck, as a reader sees it: the verdict, the chance that a bettor with no edge would
 * have done as well, the ROI with its 95 % interval and the share of picks that beat the closing
 * line (docs/product.md "Skill or luck").
 */
import clsx from "clsx";
import type { Confidence, Verdict } from "~/modules/record/confidence";

const VERDICT_TONE: Record<Verdict, string> = {
  "Too few picks to tell": "bg-slate-100 text-slate-700",
  "Could be luck": "bg-amber-50 text-amber-800",
  "Likely skill": "bg-brand-50 text-brand-800",
  "Strong evidence of skill": "bg-brand-100 text-brand-900 ring-1 ring-brand-300",
};

/** The verdict as a small badge (leaderboard rows, a pick's record line). */
export function VerdictBadge({ verdict, className }: { verdict: Verdict; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
        VERDICT_TONE[verdict],
        className ?? "whitespace-nowrap",
      )}
    >
      {verdict}
    </span>
  );
}

const percent = (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(1)}%`;

/** The chance by luck in words: "1 in 250" reads better than "0.4 %" for the rare ones. */
export function chanceText(chance: number): string {
  if (chance >= 10) return `${Math.round(chance)}%`;
  if (chance > 0) return `${chance.toFixed(1)}%`;
  return "under 0.1%";
}

export function SkillOrLuck({ confidence, scope }: { confidence: Confidence; scope: string }) {
  const { gradedPicks, roi, roiLow, roiHigh, chanceByLuck, beatCloseShare, averageClv, verdict } = confidence;
  return (
    <section
      aria-labelledby="skill-or-luck-heading"
      className="mb-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="skill-or-luck-heading" className="text-sm font-semibold text-slate-900">
          Skill or luck? <span className="font-normal text-slate-500">({scope}, all time)</span>
        </h3>
        <VerdictBadge verdict={verdict} />
      </div>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        <li>
          {gradedPicks} graded verified pick{gradedPicks === 1 ? "" : "s"}
          {roi !== null ? (
            <>
              {`, ROI ${percent(roi)}`}
              {roiLow !== null && roiHigh !== null ? (
                <span className="text-slate-500">{` (95% range ${percent(roiLow)} to ${percent(roiHigh)})`}</span>
              ) : null}
            </>
          ) : null}
        </li>
        {chanceByLuck !== null ? (
          <li>
            A bettor with no edge, taking the same picks at fair prices, would do at least this well{" "}
            <strong>{chanceText(chanceByLuck)}</strong> of the time.
          </li>
        ) : null}
        {beatCloseShare !== null ? (
          <li>
            Beat the closing line on {beatCloseShare.toFixed(1)}% of picks
            {averageClv !== null ? ` (average ${averageClv > 0 ? "+" : ""}${averageClv.toFixed(2)} points)` : ""}.
          </li>
        ) : null}
      </ul>
    </section>
  );
}
