import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ResultFields } from "./result-fields";

/**
 * Any game's result by its number (the one in its address, /events/12): final scores, or
 * cancelled. The same import as a row's form and the JSON box; `errors` are this form's, by field.
 */
export function EnterResultSection({ errors }: { errors: Record<string, string[]> | null }) {
  const busy = useNavigation().state === "submitting";
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
        <ResultFields form="enter" errors={errors ?? {}} />
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
