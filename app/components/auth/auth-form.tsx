/**
 * The pieces every accounts screen is built from: a narrow centred card, labelled fields with
 * their error under them, the form-root error and the submit button. The forms follow the
 * request-a-call form: conform + zod, native validation off, server errors mapped onto fields.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-danger";

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-full bg-ink px-6 py-2.5 text-sm font-semibold text-white hover:bg-slate-800 disabled:cursor-progress disabled:opacity-70";

export const secondaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-full border border-slate-300 bg-white px-6 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-progress disabled:opacity-70";

export const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";

export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-8 sm:py-14">
      <section aria-labelledby="auth-title" className="w-full max-w-narrow">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 id="auth-title" className="text-center text-2xl font-extrabold tracking-tight">
            {title}
          </h1>
          {description ? <div className="mt-2 text-center text-sm text-slate-600">{description}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-5 text-center text-sm text-slate-600">{footer}</div> : null}
      </section>
    </div>
  );
}

/** conform's props carry a React key (it remounts fields on reset); React wants keys passed directly, not spread. */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** A label, the control (rendered by the caller with conform's props), a hint and the field's error. */
export function Field({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <p id={meta.errorId} className="mt-1 text-sm text-danger empty:hidden">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}

/** SPEC.md section 5: a single error goes to the form root, centred in the error colour. */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} role="alert" className="text-center text-sm font-medium text-danger">
      {errors[0]}
    </p>
  ) : null;
}
