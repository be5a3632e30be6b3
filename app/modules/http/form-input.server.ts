/**
 * How page actions read a form post: `readForm` for the body, `parseForm` for conform's
 * submission. What a browser's form sends reads as before; what no form of ours sends is refused
 * the way a page refuses (a thrown Response shows the error page; a field error shows on the
 * form), never an error thrown from a parser (a 500):
 * - a body that is no form (JSON, text, malformed multipart) is a 415 or a 400, one over
 *   MAX_FORM_BODY_BYTES a 413, an empty one a form with every field missing;
 * - conform's control fields (`__intent__`, `__state__`: JSON it would parse, and our forms send
 *   none) and field names conform cannot place cheaply (nested deeper than any form, a list index
 *   far past any list: a stack overflow or a reply of 100 million entries) are dropped;
 * - a NUL character in a field is 'Invalid input' on that field (SPEC.md section 5), as in the
 *   API: text PostgreSQL cannot store.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { readBodyBytes } from "./body.server";
import { INVALID_TEXT, isStorableText } from "./storable";

/**
 * A page form carries text only (files go straight to storage). The largest, the admin results
 * import, holds what the API takes in 1 MB of JSON, which form encoding can triple.
 */
export const MAX_FORM_BODY_BYTES = 3_000_000;

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** The posted form; throws the page's 400, 413 or 415 for a body that is none. */
export async function readForm(request: Request): Promise<FormData> {
  const bytes = await readBodyBytes(request, MAX_FORM_BODY_BYTES);
  if (!bytes) throw new Response("Payload Too Large", { status: 413, statusText: "Payload Too Large" });
  if (bytes.byteLength === 0) return new FormData();
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPE.test(type)) throw new Response("Unsupported Media Type", { status: 415, statusText: "Unsupported Media Type" });
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  }
}

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
