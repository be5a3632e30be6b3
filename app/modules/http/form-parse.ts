/**
 * conform's submission for a page form, on the server (the action) and in the browser (the
 * form's own validation) alike: see form-input.server.ts for what is dropped or refused and why.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { INVALID_TEXT, isStorableText } from "./storable";

/** Conform's reserved names: a control intent and list state, each JSON conform parses. */
const CONFORM_CONTROLS = new Set(["__intent__", "__state__"]);
/** Our forms nest two levels ("location.city") and hold no lists; these leave room for more. */
const MAX_NAME_SEGMENTS = 16;
const MAX_LIST_INDEX = 1_000;
/** A field name's path segments as conform reads them: `a.b[2]` is a, b, 2. */
const SEGMENT = /[^.[\]]+|\[(\d*)\]/g;

function isPlaceableName(name: string): boolean {
  if (CONFORM_CONTROLS.has(name)) return false;
  let segments = 0;
  for (const [, index] of name.matchAll(SEGMENT)) {
    if (++segments > MAX_NAME_SEGMENTS) return false;
    if (index && Number(index) > MAX_LIST_INDEX) return false;
  }
  return true;
}

/** The paths of the strings in a submission's payload that are no storable text. */
function unstorableFields(payload: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: payload, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === "object" && !(value instanceof Blob)) {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
    }
  }
  return found;
}

/**
 * `parseWithZod(formData, { schema })` for a page action: the fields conform can place, a NUL
 * refused on its field before the schema runs.
 */
export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const fields = new FormData();
  for (const [name, value] of formData) if (isPlaceableName(name)) fields.append(name, value);
  const storable = z
    .unknown()
    .superRefine((payload, ctx) => {
      for (const path of unstorableFields(payload)) ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: INVALID_TEXT });
    })
    .pipe(schema);
  return parseWithZod(fields, { schema: storable }) as unknown as Submission<z.input<Schema>, string[], z.output<Schema>>;
}
