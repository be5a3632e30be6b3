/**
 * The pieces every accounts screen is built from: a narrow centred card, labelled fields with
 * their error under them, the form-root error and the submit button. The forms follow the
 * request-a-call form: conform + zod, native validation off, server errors mapped onto fields.
 */
import type { ReactNode } from "react";

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
