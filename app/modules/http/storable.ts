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

/** Years 1 to 9999: JavaScript dates reach ±275,760, PostgreSQL's timestamps do not (a 500 otherwise). */
const EARLIEST_TIME = Date.parse("0001-01-01T00:00:00Z");
const LATEST_TIME = Date.parse("9999-12-31T23:59:59.999Z");

/** A time (milliseconds, as `Date.parse` answers) a timestamptz column can hold; NaN is not one. */
export const isStorableTime = (time: number) => time >= EARLIEST_TIME && time <= LATEST_TIME;

const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d{1,6})?(Z|[+-]\d\d(:?\d\d)?)$/;

/**
 * A timestamp written out in full that names a real moment: a real day of its month, hours below
 * 24, minutes and seconds below 60, in years 1 to 9999. PostgreSQL refuses "2026-02-30" or
 * "0000-01-01" with an error, where JavaScript rolls the first over into March.
 */
export function isCalendarTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map(Number);
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hours < 24 &&
    minutes < 60 &&
    seconds < 60
  );
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
