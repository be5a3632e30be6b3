import { Form, useNavigation } from "@remix-run/react";
import { CORRECTION_REASON_MAX } from "~/modules/record/correction-schema";
import type { correctionScreen } from "~/modules/record/corrections.server";
import { Button } from "~/components/ui/button";
import { ResultFields } from "./result-fields";

type CorrectionScreen = Awaited<ReturnType<typeof correctionScreen>>;
/** The correct intent's answer, as far as the form shows it. */
export interface CorrectionAnswer {
  ok: boolean;
  correctionErrors?: Record<string, string[]>;
}

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const resultText = (status: string, homeScore: number | null, awayScore: number | null) =>
  status === "Final" ? `Final ${awayScore}–${homeScore}` : status === "Canceled" ? "Cancelled" : status;

/** Correct a result already in: the form (prefilled from a recent result's link), the recent results and corrections. */
export function CorrectResultSection({
  correcting,
  result,
}: {
  correcting: CorrectionScreen;
  result: CorrectionAnswer | null;
}) {
  const busy = useNavigation().state === "submitting";
  const errors = (result && !result.ok ? result.correctionErrors : undefined) ?? {};
  const { recentResults, corrections, prefill } = correcting;
  return (
    <section aria-labelledby="correct-heading" className="mt-8">
      <h2 id="correct-heading" className="text-lg font-bold">
        Correct a result
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        A result already in changes only by a correction with its reason. The correction is kept on the game&apos;s
        public trail beside the result it replaces; the picks on the game are regraded from it and say so, and the
        figures are recomputed.
      </p>
      <Form
        key={prefill?.id ?? "blank"}
        method="post"
        className="mt-3 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
        aria-labelledby="correct-heading"
      >
        <input type="hidden" name="intent" value="correct" />
        <ResultFields form="correct" errors={errors} prefill={prefill} />
        <label className="w-full text-sm">
          <span className="block text-xs text-slate-600">Reason (shown on the picks it regrades)</span>
          <textarea
            name="reason"
            rows={2}
            required
            maxLength={CORRECTION_REASON_MAX}
            className="w-full rounded-lg border border-slate-300 p-2 text-sm"
            {...(errors.reason ? { "aria-invalid": true, "aria-describedby": "correct-reason-error" } : {})}
          />
          {errors.reason ? (
            <span id="correct-reason-error" className="block text-xs text-danger">
              {errors.reason.join(" ")}
            </span>
          ) : null}
        </label>
        {errors[""] ? (
          <p role="alert" className="w-full text-sm text-danger">
            {errors[""].join(" ")}
          </p>
        ) : null}
        <Button variant="ink" size="lg" type="submit" disabled={busy}>
          Correct result
        </Button>
      </Form>

      <h3 className="mt-6 font-bold">Recent results</h3>
      {recentResults.length === 0 ? <p className="mt-2 text-sm text-slate-600">No game has its result yet.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {recentResults.map((game) => (
          <li key={game.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold text-slate-900">{`${game.awayTeam} at ${game.homeTeam}`}</span>
              <span className="block text-xs text-slate-500">{`game ${game.id} · ${resultText(game.status, game.homeScore, game.awayScore)} (away–home) · in ${utc(game.resultedAt)}`}</span>
            </span>
            <a
              href={`?correct=${game.id}#correct-heading`}
              className="font-semibold text-brand-700 underline"
              aria-label={`Correct the result of ${game.awayTeam} at ${game.homeTeam}`}
            >
              Correct
            </a>
          </li>
        ))}
      </ul>

      <h3 className="mt-6 font-bold">Recent corrections</h3>
      {corrections.length === 0 ? <p className="mt-2 text-sm text-slate-600">No result has been corrected.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {corrections.map((correction) => (
          <li key={correction.id} className="py-2">
            <span className="font-semibold text-slate-900">{`${correction.awayTeam} at ${correction.homeTeam}`}</span>
            <span className="block text-xs text-slate-500">
              {`game ${correction.eventId} · ${utc(correction.correctedAt)} · ${resultText(correction.previous.status ?? "", correction.previous.homeScore, correction.previous.awayScore)} → ${resultText(correction.status, correction.homeScore, correction.awayScore)}`}
            </span>
            <span className="block text-slate-700">{correction.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
