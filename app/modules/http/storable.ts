/**
 * Values PostgreSQL can hold, checked before they reach a query (where they would be a database
 * error, a 500): never valid input, from the API (a 422 or 400 on the field) or from a page form
 * (conform's 'Invalid input' on it). Client-safe: the shared schemas use it.
 */
export const INVALID_TEXT = "Invalid input";

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL character and no half of a surrogate pair: text and jsonb refuse both. */
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/** The largest `integer` (the serial ids of categories, modalities and events). */
export const MAX_INTEGER_ID = 2_147_483_647;
