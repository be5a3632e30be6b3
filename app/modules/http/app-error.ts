import type { ZodError } from "zod";
import { defaultErrorMessage } from "./error-messages";

/**
 * A failure a user caused or may fix (bad input, a rule, a missing thing). Domain modules throw
 * it; the API turns it into its error shape and page actions into form errors.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string = defaultErrorMessage(status),
    public readonly fieldErrors?: Record<string, string[]>,
    public readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** At most this many fields are named in one error answer (no form of ours has half as many). */
export const MAX_FIELD_ERRORS = 100;

/** zod issues → `{ "field.path": ["message", …] }`; form-level issues go under "". */
export function fieldErrorsFromZod(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  let fields = 0;
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!(key in errors)) {
      // A body of thousands of bad items answers the first ones: the reply stays small.
      if (fields === MAX_FIELD_ERRORS) break;
      fields++;
      errors[key] = [];
    }
    errors[key].push(issue.message);
  }
  return errors;
}

/**
 * The verified record's triggers (migration 0011) refuse a change with SQLSTATE SR001 and a
 * message in users' words: such a refusal is a 422 like any broken rule, never a 500.
 */
export function recordRuleError(error: unknown): AppError | null {
  for (
    let cause: unknown = error, depth = 0;
    cause && depth < 4;
    cause = (cause as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === "SR001" && typeof message === "string") return new AppError(422, message);
  }
  return null;
}
