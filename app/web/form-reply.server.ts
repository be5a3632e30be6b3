/**
 * How page actions answer: a conform reply carrying a module's AppError, and a redirect that
 * sets cookies. Kept apart from the API helpers because pages answer HTML forms, not JSON.
 */
import type { Submission } from "@conform-to/react";
import { redirect } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";

/** A redirect that also sets each cookie (one Set-Cookie header per cookie, never joined). */
export function redirectWithCookies(url: string, setCookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}

/** Never sent back in a reply: every password field of our forms (a wrong current password included). */
const PASSWORD_FIELDS = ["password", "passwordConfirmation", "confirmPassword", "currentPassword"];

/**
 * Turns an AppError into the form's result and the response's status (and Retry-After on a 429).
 * Field errors whose name is a field of the form go under it; with `formRootOnly`, or when no
 * field matches, the message goes to the form root (product.md "Validation"). Anything else is a bug
 * and is rethrown so the error page shows.
 */
export function appErrorReply<Output>(
  submission: Submission<Output>,
  error: unknown,
  options: { fields?: readonly string[]; formRootOnly?: boolean } = {},
) {
  if (!(error instanceof AppError)) throw error;
  const fields = options.fields ?? [];
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors ?? {}).filter(([name]) => fields.includes(name)),
  );
  const result =
    options.formRootOnly || Object.keys(fieldErrors).length === 0
      ? submission.reply({ formErrors: [firstMessage(error)], hideFields: PASSWORD_FIELDS })
      : submission.reply({ fieldErrors, hideFields: PASSWORD_FIELDS });
  return { result, init: { status: error.status, headers: error.headers } satisfies ResponseInit };
}

/** product.md "Error messages": the server's own message; for field errors, the first field message. */
function firstMessage(error: AppError): string {
  const first = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
  return error.fieldErrors && first ? first : error.message;
}
