/**
 * A fetcher's small form (a like, a comment) read as the API reads its JSON: the body through
 * `readForm` (a body that is no form is the page's 400, 413 or 415), then each field the schema
 * names, its first value, checked by the schema. A mistake is an AppError, which
 * `actionResult` turns into the answer the fetcher shows.
 */
import type { z } from "zod";
import { AppError, fieldErrorsFromZod } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { readForm } from "./form-input.server";
import { INVALID_TEXT, isStorableText } from "~/modules/http/storable";

export async function readFormFields<S extends z.AnyZodObject>(request: Request, schema: S): Promise<z.output<S>> {
  return formFields(await readForm(request), schema);
}

/** The schema's fields of a form already read (an action that looks at its intent first). */
export function formFields<S extends z.AnyZodObject>(form: FormData, schema: S): z.output<S> {
  const values: Record<string, unknown> = {};
  const unstorable: Record<string, string[]> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = form.get(name);
    if (value === null) continue;
    // A file where text goes is the schema's to refuse (not a string).
    if (typeof value === "string" && !isStorableText(value)) unstorable[name] = [INVALID_TEXT];
    values[name] = typeof value === "string" ? value.trim() : value;
  }
  if (Object.keys(unstorable).length > 0) throw new AppError(422, defaultErrorMessage(422), unstorable);
  const result = schema.safeParse(values);
  if (!result.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(result.error));
  return result.data;
}
