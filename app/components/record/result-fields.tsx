/** A game's result already in, as a form starts from it (the correction form's link). */
export interface ResultPrefill {
  id: number;
  status: string;
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
}

const scoreInput = "w-24 rounded-lg border border-slate-300 px-2 py-2 text-sm";

/**
 * A result's fields: the game by its number, Final or Cancelled, and both scores, each with its
 * refusal beside it. `form` keeps the error ids of two forms on one page apart.
 */
export function ResultFields({
  form,
  errors,
  prefill,
}: {
  form: string;
  errors: Record<string, string[]>;
  prefill?: ResultPrefill | null;
}) {
  const field = (name: string, label: string, control: (props: object) => JSX.Element) => (
    <label className="text-sm">
      <span className="block text-xs text-slate-600">{label}</span>
      {control(errors[name] ? { "aria-invalid": true, "aria-describedby": `${form}-${name}-error` } : {})}
      {errors[name] ? (
        <span id={`${form}-${name}-error`} className="block text-xs text-danger">
          {errors[name].join(" ")}
        </span>
      ) : null}
    </label>
  );
  const score = (name: "awayScore" | "homeScore", label: string) =>
    field(name, label, (props) => (
      <input
        name={name}
        type="number"
        min={0}
        max={999}
        inputMode="numeric"
        defaultValue={prefill?.[name] ?? undefined}
        className={scoreInput}
        {...props}
      />
    ));
  return (
    <>
      {field("eventId", "Game", (props) => (
        <input
          name="eventId"
          type="number"
          min={1}
          required
          inputMode="numeric"
          defaultValue={prefill?.id}
          className={scoreInput}
          {...props}
        />
      ))}
      {field("status", "Status", (props) => (
        <select
          name="status"
          required
          defaultValue={prefill?.status === "Canceled" ? "Canceled" : "Final"}
          className="rounded-lg border border-slate-300 px-2 py-2 text-sm"
          {...props}
        >
          <option value="Final">Final</option>
          <option value="Canceled">Cancelled</option>
        </select>
      ))}
      {score("awayScore", prefill ? `${prefill.awayTeam} (away)` : "Away score")}
      {score("homeScore", prefill ? `${prefill.homeTeam} (home)` : "Home score")}
    </>
  );
}
