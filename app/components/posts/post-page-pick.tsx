import { clsx } from "clsx";
import { Lock } from "lucide-react";
import type { PickResult, PostDTO } from "~/modules/posts/post-serializer.server";
import { formatOdds } from "./post-card";

const RESULT_STYLES: Record<PickResult, string> = {
  Win: "bg-brand-100 text-brand-800",
  Loss: "bg-red-100 text-red-800",
  Push: "bg-slate-200 text-slate-700",
  Void: "bg-slate-200 text-slate-500",
};

const formatUnits = (units: number) => `${units} ${units === 1 ? "unit" : "units"}`;

/**
 * A pick's box on its page: selection, odds and units, and its result. The serializer decides
 * what is here: for a locked reader the record stays null until the pick is graded, when it
 * becomes public (the verified record); the result badge is always shown.
 */
export function PostPickBox({ post, pickResult }: { post: PostDTO; pickResult: PickResult | null }) {
  const hidden = post.selection === null && post.odds === null && post.units === null;
  return (
    <section aria-labelledby="pick-heading" className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="pick-heading" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          The pick
        </h2>
        <span className={clsx("rounded-full px-2.5 py-0.5 text-xs font-bold", pickResult ? RESULT_STYLES[pickResult] : "bg-amber-100 text-amber-800")}>
          <span className="sr-only">Result: </span>
          {pickResult ?? "Pending"}
        </span>
      </div>
      {hidden ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          The selection, odds and units are for subscribers until the pick is graded.
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-slate-500">Selection</dt>
            <dd className="break-words text-lg font-bold text-slate-900">{post.selection ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Odds</dt>
            <dd className="text-lg font-bold text-slate-900">{post.odds !== null ? formatOdds(post.odds) : "—"}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Stake</dt>
            <dd className="text-lg font-bold text-slate-900">{post.units !== null ? formatUnits(post.units) : "—"}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
