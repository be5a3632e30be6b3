import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { and, desc, eq, isNull, lte } from "drizzle-orm";
import { categories, events } from "~/db/schema";
import { requireRoles } from "~/modules/accounts/gates.server";
import { AppError, recordRuleError } from "~/modules/http/app-error";
import { importResults } from "~/modules/record/results.server";
import { eventResultSchema, resultsImportSchema } from "~/modules/record/results-schema";
import { pageMeta } from "~/modules/site/meta";
import { readForm } from "~/modules/http/form-input.server";

export const ADMIN_EVENTS_TITLE = "Results";
/** Games awaiting their result shown at once, the longest-started first. */
const AWAITING = 50;

export const meta: MetaFunction = ({ matches, location }) => [...pageMeta({ matches, location }, ADMIN_EVENTS_TITLE, "Enter final scores and import results."), { name: "robots", content: "noindex" }];

/** Admins only: the games that have started and have no result yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRoles(request, context, ["Admin"]);
  const awaiting = await context.db
    .select({ id: events.id, homeTeam: events.homeTeam, awayTeam: events.awayTeam, startsAt: events.startsAt, category: categories.name })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(and(lte(events.startsAt, new Date()), isNull(events.resultedAt)))
    .orderBy(desc(events.startsAt))
    .limit(AWAITING);
  return data({ awaiting: awaiting.map((event) => ({ ...event, startsAt: event.startsAt.toISOString() })) }, { headers: { "Cache-Control": "private, no-store" } });
}

type ActionResult = { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string[]>; eventId?: number };

const numberOrNull = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === "" ? null : Number(value));

/** One game's result from its row's form, or a JSON list pasted in the import box: the same import either way. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRoles(request, context, ["Admin"]);
  const form = await readForm(request);
  let input: unknown;
  let eventId: number | undefined;
  if (form.get("intent") === "import") {
    try {
      input = JSON.parse(String(form.get("results") ?? ""));
    } catch {
      return data<ActionResult>({ ok: false, message: "The import is not valid JSON." }, { status: 400 });
    }
  } else {
    eventId = Number(form.get("eventId"));
    input = [{ eventId, status: form.get("status"), homeScore: numberOrNull(form.get("homeScore")), awayScore: numberOrNull(form.get("awayScore")) }];
  }
  const schema = eventId === undefined ? resultsImportSchema : eventResultSchema.array();
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
    return data<ActionResult>({ ok: false, message: "Some results are not valid.", errors, eventId }, { status: 422 });
  }
  try {
    const summary = await importResults(context.db, parsed.data);
    return data<ActionResult>({ ok: true, message: `${summary.eventsUpdated} result${summary.eventsUpdated === 1 ? "" : "s"} recorded, ${summary.picksGraded} pick${summary.picksGraded === 1 ? "" : "s"} graded.` });
  } catch (error) {
    const known = error instanceof AppError ? error : recordRuleError(error);
    if (!known) throw error;
    return data<ActionResult>({ ok: false, message: known.message, errors: known.fieldErrors, eventId }, { status: known.status });
  }
}

const input = "w-20 rounded-lg border border-slate-300 px-2 py-1.5 text-sm";

export default function AdminEventsPage() {
  const { awaiting } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errorsFor = (id: number) => (result && !result.ok && result.eventId === id ? Object.values(result.errors ?? {}).flat().concat(result.errors ? [] : [result.message]) : []);
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight">{ADMIN_EVENTS_TITLE}</h1>
        <p className="mt-2 text-slate-600">A result is final: the picks on the game are graded from it at once (props wait for their expert).</p>
        <p role="status" className={result ? (result.ok ? "mt-3 font-semibold text-brand-700" : "mt-3 font-semibold text-danger") : "sr-only"}>
          {result?.message ?? ""}
        </p>

        <section aria-labelledby="awaiting-heading" className="mt-6">
          <h2 id="awaiting-heading" className="text-lg font-bold">
            Games awaiting a result
          </h2>
          {awaiting.length === 0 ? <p className="mt-2 text-slate-600">Every game that has started has its result.</p> : null}
          <ul className="mt-3 space-y-3">
            {awaiting.map((event) => {
              const errors = errorsFor(event.id);
              return (
                <li key={event.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={`Result of ${event.awayTeam} at ${event.homeTeam}`}>
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
                    <button name="status" value="Final" disabled={busy} className="rounded-full bg-ink px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60">
                      Final
                    </button>
                    <button name="status" value="Canceled" disabled={busy} className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 disabled:opacity-60">
                      Cancelled
                    </button>
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

        <section aria-labelledby="import-heading" className="mt-8">
          <h2 id="import-heading" className="text-lg font-bold">
            Import results
          </h2>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="import" />
            <label htmlFor="results" className="block text-sm text-slate-700">
              {'A JSON list, as POST /api/events/results takes: [{"eventId": 12, "status": "Final", "homeScore": 24, "awayScore": 20, "closingLines": [{"market": "Spread", "side": "Home", "line": -3.5, "odds": -115}]}]'}
            </label>
            <textarea id="results" name="results" rows={8} required className="w-full rounded-lg border border-slate-300 p-2 font-mono text-xs" />
            {result && !result.ok && result.eventId === undefined && result.errors ? (
              <ul role="alert" className="list-disc pl-5 text-sm text-danger">
                {Object.entries(result.errors).map(([field, messages]) => (
                  <li key={field}>{`${field}: ${messages.join(" ")}`}</li>
                ))}
              </ul>
            ) : null}
            <button type="submit" disabled={busy} className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60">
              Import
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
