/**
 * How page actions read a form post: `readForm` for the body, `parseForm` (form-parse.ts, which
 * the page's own validation in the browser shares) for conform's submission. What a browser's form sends reads as before; what no form of ours sends is refused
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
import { readBodyBytes } from "./body.server";

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
