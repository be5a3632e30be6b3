/**
 * The pieces every form is built from (conform + zod, native validation off, product.md "Validation"):
 * a labelled control with its hint and its first error under it, and the form-root error.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

/** The field look; Input, Textarea (input.tsx) and Select (select.tsx) wear it, so controls use them, not this. */
export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-danger";

/** conform's props carry a React key (it remounts fields on reset); React wants keys passed directly, not spread. */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** A label, the control (rendered by the caller with conform's props), a hint and the field's error. */
export function Field({
  meta,
  ...rest
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return <FieldFrame id={meta.id} errorId={meta.errorId} errors={meta.errors} {...rest} />;
}

/**
 * The same frame for a control whose state is not conform's (the post editor keeps JSON state):
 * the error's id is `${id}-error`, as conform names it, unless given.
 */
export function FieldFrame({
  id,
  errorId = `${id}-error`,
  label,
  errors,
  hint,
  required = false,
  labelId,
  children,
}: {
  id: string;
  errorId?: string;
  /** Text, or text with a screen-reader-only part ("Leg 2 " before "side"). */
  label: ReactNode;
  errors: string[] | undefined;
  hint?: string;
  required?: boolean;
  labelId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label id={labelId} htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-danger" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="mt-1 text-sm text-danger empty:hidden">
        {errors?.[0]}
      </p>
    </div>
  );
}

/** product.md "Validation": a single error goes to the form root, centred in the error colour. */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} role="alert" className="text-center text-sm font-medium text-danger">
      {errors[0]}
    </p>
  ) : null;
}
