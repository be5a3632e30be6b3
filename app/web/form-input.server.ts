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
 * - a NUL character in a field is 'Invalid input' on that field (product.md "Validation"), as in the
 *   API: text PostgreSQL cannot store;
 * - more than MAX_FORM_FIELDS fields is a 413, counted on the raw bytes before anything parses
 *   them, and one name repeated more than MAX_FIELD_REPEATS times a 400: conform's parse is
 *   quadratic in repeats of a name (40,000 repeats of one held the event loop for 9 s), while our
 *   forms have a few dozen fields at most and our longest checkbox list a box per sport (12).
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { readBodyBytes } from "./body.server";
import { INVALID_TEXT, isStorableText } from "~/modules/http/storable";

/**
 * A page form carries text only (files go straight to storage). The largest, the admin results
 * import, holds what the API takes in 1 MB of JSON, which form encoding can triple.
 */
export const MAX_FORM_BODY_BYTES = 3_000_000;

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const MAX_FORM_FIELDS = 200;
export const MAX_FIELD_REPEATS = 20;

const tooLarge = () => new Response("Payload Too Large", { status: 413, statusText: "Payload Too Large" });
const badRequest = () => new Response("Bad Request", { status: 400, statusText: "Bad Request" });

/** How many times `needle` occurs in `bytes` (a byte scan: linear, no parse). */
function occurrences(bytes: Uint8Array, needle: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(needle); at !== -1; at = buffer.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** At least how many fields the body holds: `&`-separated pairs, or multipart parts. */
function fieldCount(bytes: Uint8Array, type: string): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (/multipart\/form-data/i.test(type))
    return boundary ? Math.max(0, occurrences(bytes, Buffer.from(`--${boundary[1] ?? boundary[2]}`)) - 1) : 0;
  return occurrences(bytes, Buffer.from("&")) + 1;
}

/** The posted form; throws the page's 400, 413 or 415 for a body that is none. */
export async function readForm(request: Request): Promise<FormData> {
  const bytes = await readBodyBytes(request, MAX_FORM_BODY_BYTES);
  if (!bytes) throw tooLarge();
  if (bytes.byteLength === 0) return new FormData();
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPE.test(type))
    throw new Response("Unsupported Media Type", { status: 415, statusText: "Unsupported Media Type" });
  if (fieldCount(bytes, type) > MAX_FORM_FIELDS) throw tooLarge();
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw badRequest();
  }
  const repeats = new Map<string, number>();
  for (const name of form.keys()) {
    const seen = (repeats.get(name) ?? 0) + 1;
    if (seen > MAX_FIELD_REPEATS) throw badRequest();
    repeats.set(name, seen);
  }
  return form;
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
 * A reply echoes what was sent: a field's text is cut to this length first, so no action hands
 * turbo-stream an attacker-sized string (its encoder's advisory, docs/security.md). Every page
 * form's fields allow 1,000 characters at most: a cut value fails its check as the whole would.
 */
export const MAX_FIELD_CHARS = 10_000;

function cut(value: string): string {
  if (value.length <= MAX_FIELD_CHARS) return value;
  const end = /[\uD800-\uDBFF]/.test(value[MAX_FIELD_CHARS - 1]) ? MAX_FIELD_CHARS - 1 : MAX_FIELD_CHARS;
  return value.slice(0, end);
}

/**
 * The top-level field names an object schema knows (through refinements, transforms and pipes);
 * null when the schema is no single object (a union): then every field is kept.
 */
function knownNames(schema: z.ZodTypeAny): Set<string> | null {
  let inner: z.ZodTypeAny = schema;
  for (let depth = 0; depth < 10; depth++) {
    if (inner instanceof z.ZodObject) return new Set(Object.keys(inner.shape as object));
    if (inner instanceof z.ZodEffects) inner = inner.innerType();
    else if (inner instanceof z.ZodPipeline) inner = inner._def.in;
    else if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
      inner = inner._def.innerType;
    else return null;
  }
  return null;
}

/**
 * `parseWithZod(formData, { schema })` for a page action: the fields conform can place and the
 * schema knows (a reply echoes the submission: nothing else goes back to the browser), a NUL
 * refused on its field before the schema runs.
 */
export function parseForm<Schema extends z.ZodTypeAny>(
  formData: FormData,
  schema: Schema,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const known = knownNames(schema);
  const fields = new FormData();
  for (const [name, value] of formData) {
    // `intent` names which of a page's forms was sent (settings): kept with the known fields.
    if (isPlaceableName(name) && (!known || name === "intent" || known.has(name.split(/[.[]/, 1)[0])))
      fields.append(name, typeof value === "string" ? cut(value) : value);
  }
  const storable = z
    .unknown()
    .superRefine((payload, ctx) => {
      for (const path of unstorableFields(payload))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: INVALID_TEXT });
    })
    .pipe(schema);
  return parseWithZod(fields, { schema: storable }) as unknown as Submission<
    z.input<Schema>,
    string[],
    z.output<Schema>
  >;
}
