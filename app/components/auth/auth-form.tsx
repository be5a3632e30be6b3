/**
 * The pieces every accounts screen is built from: a narrow centred card, labelled fields with
 * their error under them, the form-root error and the submit button. The forms follow the
 * request-a-call form: conform + zod, native validation off, server errors mapped onto fields.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormError, withoutKey } from "~/components/ui/form-field";
import { Link } from "~/components/ui/link";

export { Field, FormError, withoutKey } from "~/components/ui/form-field";

export const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";

export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
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

/** The sign-up forms' close: the newsletter choice, the form's error, the submit button and the terms. */
export function SignUpFinish({
  newsletter,
  form,
  submitting,
  label,
}: {
  newsletter: FieldMetadata<unknown>;
  form: { errorId: string; errors?: string[] };
  submitting: boolean;
  label: string;
}) {
  return (
    <>
      <label className="flex items-start gap-2.5 text-sm text-slate-700">
        <input
          {...withoutKey(getInputProps(newsletter as FieldMetadata<boolean>, { type: "checkbox" }))}
          key={newsletter.key}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
        />
        <span>Send me news, tips and offers by e-mail</span>
      </label>
      <FormError id={form.errorId} errors={form.errors} />
      <Button variant="ink" size="xl" block pending type="submit" disabled={submitting}>
        {submitting ? "Creating account…" : label}
      </Button>
      <p className="text-center text-xs text-slate-500">
        By signing up you agree to our{" "}
        <Link to="/terms" className={linkClass}>
          Terms
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className={linkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </>
  );
}
