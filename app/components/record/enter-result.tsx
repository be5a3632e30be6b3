import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";

const input = "w-24 rounded-lg border border-slate-300 px-2 py-2 text-sm";

/**
 * Any game's result by its number (the one in its address, /events/12): final scores, or
 * cancelled. The same import as a row's form and the JSON box; `errors` are this form's, by field.
 */
export function EnterResultSection({ errors }: { errors: Record<string, string[]> | null }) {
  const busy = useNavigation().state === "submitting";
  const fieldProps = (name: string) =>
    errors?.[name] ? { "aria-invalid": true as const, "aria-describedby": `enter-${name}-error` } : {};
  const fieldError = (name: string) =>
    errors?.[name] ? (
      <span id={`enter-${name}-error`} className="block text-xs text-danger">
        {errors[name].join(" ")}
      </span>
    ) : null;
  return (
    <section aria-labelledby="enter-heading" className="mt-8">
      <h2 id="enter-heading" className="text-lg font-bold">
        Enter a result
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Any game by its number: the one in its address (/events/12) and beside it in the lists on this page.
      </p>
      <Form
        method="post"
        className="mt-3 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
        aria-labelledby="enter-heading"
      >
        <input type="hidden" name="intent" value="enter" />
        <label className="text-sm">
          <span className="block text-xs text-slate-600">Game</span>
          <input
            name="eventId"
            type="number"
            min={1}
            required
            inputMode="numeric"
            className={input}
            {...fieldProps("eventId")}
          />
          {fieldError("eventId")}
        </label>
        <label className="text-sm">
          <span className="block text-xs text-slate-600">Status</span>
          <select
            name="status"
            required
            defaultValue="Final"
            className="rounded-lg border border-slate-300 px-2 py-2 text-sm"
            {...fieldProps("status")}
          >
            <option value="Final">Final</option>
            <option value="Canceled">Cancelled</option>
          </select>
          {fieldError("status")}
        </label>
        <label className="text-sm">
          <span className="block text-xs text-slate-600">Away score</span>
          <input
            name="awayScore"
            type="number"
            min={0}
            max={999}
            inputMode="numeric"
            className={input}
            {...fieldProps("awayScore")}
          />
          {fieldError("awayScore")}
        </label>
        <label className="text-sm">
          <span className="block text-xs text-slate-600">Home score</span>
          <input
            name="homeScore"
            type="number"
            min={0}
            max={999}
            inputMode="numeric"
            className={input}
            {...fieldProps("homeScore")}
          />
          {fieldError("homeScore")}
        </label>
        {errors?.[""] ? (
          <p role="alert" className="w-full text-sm text-danger">
            {errors[""].join(" ")}
          </p>
        ) : null}
        <Button variant="ink" size="lg" type="submit" disabled={busy}>
          Record result
        </Button>
      </Form>
    </section>
  );
}
