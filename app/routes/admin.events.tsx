import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRoles } from "~/modules/accounts/gates.server";
import { AppError, recordRuleError } from "~/modules/http/app-error";
import { importResults } from "~/modules/record/results.server";
import { eventResultSchema, resultsImportSchema } from "~/modules/record/results-schema";
import { pageMeta } from "~/modules/seo/meta";
import { importProviderEvents } from "~/modules/sports-data/provider-import.server";
import { describeSummary, type ProviderImportSummary } from "~/modules/sports-data/summary";
import { looksLikeProviderJson, providerImportSchema } from "~/modules/sports-data/provider-schema";
import { readSyncState } from "~/modules/sports-data/sync.server";
import { gamesAwaitingResult } from "~/modules/sports-data/awaiting-results.server";
import { CorrectResultSection } from "~/components/record/result-correction";
import { EnterResultSection } from "~/components/record/enter-result";
import { Button } from "~/components/ui/button";
import { readForm } from "~/web/form-input.server";
import { pathId } from "~/modules/http/search-params";
import { CORRECTION_MESSAGES, correctionSchema } from "~/modules/record/correction-schema";
import { correctionScreen, correctResult } from "~/modules/record/corrections.server";
import type { Database } from "~/db/client.server";

export const ADMIN_EVENTS_TITLE = "Results";
/** Games awaiting their result shown at once, the longest-started first. */
const AWAITING = 50;

export const meta: MetaFunction = ({ matches, location }) => [
  ...pageMeta({ matches, location }, ADMIN_EVENTS_TITLE, "Enter final scores and import results."),
  { name: "robots", content: "noindex" },
];

/** Admins only: the games that have started and have no result yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRoles(request, context, ["Admin"]);
  const awaiting = await gamesAwaitingResult(context.db, AWAITING);
  // The provider sync's last run, when it is on (ODDS_API_KEY).
  const sportsSync = context.env.ODDS_API_KEY ? await readSyncState(context.db) : null;
  const correcting = await correctionScreen(context.db, gameId(new URL(request.url).searchParams.get("correct")));
  return data(
    {
      awaiting,
      correcting,
      sportsSync,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * `form` names which form sent it: a game's row ("row", with its eventId), the result form
 * ("enter") or the import ("import"); each shows its own errors.
 */
type ActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: Record<string, string[]>; eventId?: number; form: ResultForm };
type ResultForm = "row" | "enter" | "import";

const numberOrNull = (value: FormDataEntryValue | null) =>
  value === null || String(value).trim() === "" ? null : Number(value);

/**
 * One game's result from its row's form or the result form, or a JSON list pasted in the import
 * box: the same import either way.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, ["Admin"]);
  const form = await readForm(request);
  if (form.get("intent") === "correct") return correctAction(context.db, viewer.user.id, form);
  const source: ResultForm =
    form.get("intent") === "import" ? "import" : form.get("intent") === "enter" ? "enter" : "row";
  let input: unknown;
  let eventId: number | undefined;
  if (source === "import") {
    try {
      input = JSON.parse(String(form.get("results") ?? ""));
    } catch {
      return data<ActionResult>({ ok: false, message: "The import is not valid JSON.", form: source }, { status: 400 });
    }
    // The Odds API's own JSON (odds or scores, objects naming a sport_key): the sync's import, by hand.
    if (looksLikeProviderJson(input)) return providerImportAction(context.db, input);
  } else {
    const rawId = String(form.get("eventId") ?? "").trim();
    eventId = gameId(rawId) ?? 0;
    input = [
      {
        eventId: rawId === "" ? undefined : Number(rawId),
        status: form.get("status"),
        homeScore: numberOrNull(form.get("homeScore")),
        awayScore: numberOrNull(form.get("awayScore")),
      },
    ];
  }
  const schema = source === "import" ? resultsImportSchema : eventResultSchema.array();
  const parsed = schema.safeParse(input);
  // One game's form names its fields without the list's "0.".
  const fieldsOf = (errors: Record<string, string[]>) =>
    source === "import"
      ? errors
      : Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field.replace(/^0\./, ""), messages]));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
    return data<ActionResult>(
      { ok: false, message: "Some results are not valid.", errors: fieldsOf(errors), eventId, form: source },
      { status: 422 },
    );
  }
  try {
    const summary = await importResults(context.db, parsed.data);
    return data<ActionResult>({
      ok: true,
      message: `${summary.eventsUpdated} result${summary.eventsUpdated === 1 ? "" : "s"} recorded, ${summary.picksGraded} pick${summary.picksGraded === 1 ? "" : "s"} graded.`,
    });
  } catch (error) {
    const known = error instanceof AppError ? error : recordRuleError(error);
    if (!known) throw error;
    // A rule broken by one of the results is named with it, not the API's general message.
    return data<ActionResult>(
      {
        ok: false,
        message: known.fieldErrors ? "Some results are not valid." : known.message,
        errors: known.fieldErrors && fieldsOf(known.fieldErrors),
        eventId,
        form: source,
      },
      { status: known.status },
    );
  }
}

/** Provider JSON pasted in the import box: games, lines and results as the sync would import them. */
async function providerImportAction(db: Database, input: unknown) {
  const parsed = providerImportSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
    return data<ActionResult>(
      { ok: false, message: "Some games are not valid provider data.", errors, form: "import" },
      { status: 422 },
    );
  }
  const summary = await importProviderEvents(db, parsed.data);
  return data<ActionResult>({ ok: true, message: describeSummary(summary) });
}

/** The provider sync's last run (shown only when ODDS_API_KEY is set). */
function SportsSyncState() {
  const { sportsSync } = useLoaderData<typeof loader>();
  if (!sportsSync) return null;
  const summary = sportsSync.summary as ProviderImportSummary | null;
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h3 className="font-semibold text-slate-900">The Odds API sync</h3>
      <p className="mt-1 text-slate-600">
        {sportsSync.finishedAt
          ? `Last run ${sportsSync.finishedAt.slice(0, 16).replace("T", " ")} UTC`
          : sportsSync.startedAt
            ? "Running for the first time…"
            : "Not run yet."}
      </p>
      {summary ? <p className="mt-1 text-slate-700">{describeSummary(summary)}</p> : null}
      {sportsSync.error ? <p className="mt-1 text-danger">{sportsSync.error}</p> : null}
    </div>
  );
}

const input = "w-20 rounded-lg border border-slate-300 px-2 py-1.5 text-sm";

/** "0.status" → "Result 1, status": which line of the import a message is about, in words. */
export function importLine(field: string): string {
  const match = /^(\d+)(?:\.(.+))?$/.exec(field);
  return match ? `Result ${Number(match[1]) + 1}${match[2] ? `, ${match[2]}` : ""}` : field;
}

export default function AdminEventsPage() {
  const { awaiting, correcting } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // A result form's refusal (the correction form reads its own).
  const refused = result && !result.ok && "form" in result ? result : null;
  const errorsFor = (id: number) =>
    refused?.form === "row" && refused.eventId === id
      ? Object.values(refused.errors ?? {})
          .flat()
          .concat(refused.errors ? [] : [refused.message])
      : [];
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight">{ADMIN_EVENTS_TITLE}</h1>
        <p className="mt-2 text-slate-600">
          The picks on a game are graded from its result at once (props wait for their expert). Once in, a result
          changes only by a correction with its reason, below.
        </p>
        <p
          role="status"
          className={
            result ? (result.ok ? "mt-3 font-semibold text-brand-700" : "mt-3 font-semibold text-danger") : "sr-only"
          }
        >
          {result?.message ?? ""}
        </p>

        <section aria-labelledby="awaiting-heading" className="mt-6">
          <h2 id="awaiting-heading" className="text-lg font-bold">
            Games awaiting a result
          </h2>
          {awaiting.length === 0 ? (
            <p className="mt-2 text-slate-600">Every game that has started has its result.</p>
          ) : null}
          <ul className="mt-3 space-y-3">
            {awaiting.map((event) => {
              const errors = errorsFor(event.id);
              return (
                <li key={event.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  <Form
                    method="post"
                    className="flex flex-wrap items-end gap-3"
                    aria-label={`Result of ${event.awayTeam} at ${event.homeTeam}`}
                  >
                    <input type="hidden" name="eventId" value={event.id} />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-slate-900">{`${event.awayTeam} at ${event.homeTeam}`}</p>
                      <p className="text-xs text-slate-500">{`${event.category} · game ${event.id} · started ${event.startsAt.slice(0, 16).replace("T", " ")} UTC`}</p>
                    </div>
                    <label className="text-sm">
                      <span className="block text-xs text-slate-600">{`${event.awayTeam} (away)`}</span>
                      <input name="awayScore" type="number" min={0} max={999} inputMode="numeric" className={input} />
                    </label>
                    <label className="text-sm">
                      <span className="block text-xs text-slate-600">{`${event.homeTeam} (home)`}</span>
                      <input name="homeScore" type="number" min={0} max={999} inputMode="numeric" className={input} />
                    </label>
                    <Button type="submit" variant="ink" size="lg" name="status" value="Final" disabled={busy}>
                      Final
                    </Button>
                    <Button type="submit" variant="secondary" size="lg" name="status" value="Canceled" disabled={busy}>
                      Cancelled
                    </Button>
                    {errors.length > 0 ? (
                      <p role="alert" className="w-full text-sm text-danger">
                        {errors.join(" ")}
                      </p>
                    ) : null}
                  </Form>
                </li>
              );
            })}
          </ul>
        </section>

        <EnterResultSection errors={refused?.form === "enter" ? (refused.errors ?? { "": [refused.message] }) : null} />

        <section aria-labelledby="import-heading" className="mt-8">
          <h2 id="import-heading" className="text-lg font-bold">
            Import results
          </h2>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="import" />
            <label htmlFor="results" className="block text-sm text-slate-700">
              {
                'A JSON list, as POST /api/events/results takes: [{"eventId": 12, "status": "Final", "homeScore": 24, "awayScore": 20, "closingLines": [{"market": "Spread", "side": "Home", "line": -3.5, "odds": -115}]}]'
              }
              {
                " Or The Odds API's own JSON (its odds or scores answers, one list): its games, lines and final scores are imported as the sync would."
              }
            </label>
            <textarea
              id="results"
              name="results"
              rows={8}
              required
              className="w-full rounded-lg border border-slate-300 p-2 font-mono text-xs"
            />
            {refused?.form === "import" && refused.errors ? (
              <ul role="alert" className="list-disc pl-5 text-sm text-danger">
                {Object.entries(refused.errors).map(([field, messages]) => (
                  <li key={field}>{`${importLine(field)}: ${messages.join(" ")}`}</li>
                ))}
              </ul>
            ) : null}
            <Button type="submit" variant="ink" size="lg" disabled={busy}>
              Import
            </Button>
          </Form>
          <SportsSyncState />
        </section>

        <CorrectResultSection correcting={correcting} result={isCorrection(result) ? result : null} />
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Correct a result (decision 026): a result already in, replaced with a reason
// ---------------------------------------------------------------------------------------------
type CorrectionActionResult = {
  ok: boolean;
  message: string;
  correction: true;
  correctionErrors?: Record<string, string[]>;
};

const gameId = (raw: FormDataEntryValue | null) => pathId(typeof raw === "string" ? raw.trim() : undefined);

/** The "correct" intent: the correction appended, the game's picks regraded, the figures rebuilt. */
async function correctAction(db: Database, adminId: string, form: FormData) {
  const eventId = gameId(form.get("eventId"));
  const reason = form.get("reason");
  const parsed = correctionSchema.safeParse({
    status: form.get("status") ?? undefined,
    homeScore: numberOrNull(form.get("homeScore")),
    awayScore: numberOrNull(form.get("awayScore")),
    reason: reason === null ? undefined : reason,
  });
  const errors: Record<string, string[]> = {};
  if (eventId === null)
    errors.eventId = [
      String(form.get("eventId") ?? "").trim() === "" ? CORRECTION_MESSAGES.required : CORRECTION_MESSAGES.invalid,
    ];
  if (!parsed.success)
    for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  const failed = (status: number, message: string, fieldErrors: Record<string, string[]>) =>
    data<CorrectionActionResult>({ ok: false, message, correction: true, correctionErrors: fieldErrors }, { status });
  if (eventId === null || !parsed.success) return failed(422, "The correction is not valid.", errors);
  try {
    const { picksRegraded, picksGraded } = await correctResult(db, adminId, eventId, parsed.data);
    const graded = picksGraded > 0 ? ` ${picksGraded} pick${picksGraded === 1 ? "" : "s"} graded.` : "";
    return data<CorrectionActionResult>({
      ok: true,
      message: `Result corrected: ${picksRegraded} pick${picksRegraded === 1 ? "" : "s"} regraded.${graded}`,
      correction: true,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      return failed(422, "The correction is not valid.", { eventId: [CORRECTION_MESSAGES.unknownEvent] });
    const known = error instanceof AppError ? error : recordRuleError(error);
    if (!known) throw error;
    return failed(
      known.status,
      known.fieldErrors ? "The correction is not valid." : known.message,
      known.fieldErrors ?? { "": [known.message] },
    );
  }
}

/** The correction form's answer (its members are the action's others and more, so TypeScript folds them in: told apart here). */
const isCorrection = (answer: unknown): answer is CorrectionActionResult =>
  typeof answer === "object" && answer !== null && "correction" in answer;
