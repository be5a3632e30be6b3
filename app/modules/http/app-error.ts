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

/** zod issues → `{ "field.path": ["message", …] }`; form-level issues go under "". */
export function fieldErrorsFromZod(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
