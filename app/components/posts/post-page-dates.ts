/** Visitors read dates in Eastern time, where most games are; signed-in readers in their own zone. */
export const DEFAULT_TIME_ZONE = "America/New_York";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (and time) in a given time zone. Fixed zones, never the machine's, so the server's HTML
 * and the browser's hydration agree.
 */
export function formatIn(iso: string, timeZone: string, withTime: boolean): string {
  const key = `${timeZone}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = withTime
      ? { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }
      : { month: "short", day: "numeric", year: "numeric" };
    try {
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      // A zone this runtime does not know: Eastern rather than an error page.
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}
