/**
 * One clock: every date and time a person sees is written by these functions, in the viewer's
 * time zone: the profile's, else the browser's once it has told us (a cookie), else the site's
 * default. The zone comes from the root loader, so the server's HTML and the browser's hydration
 * write the same text. Client-safe.
 */

/** Where most games are played and watched: the zone of visitors whose browser has not told us yet. */
export const DEFAULT_TIME_ZONE = "America/New_York";
/** The browser's own zone, remembered for the server (`RememberTimeZone`). */
export const TIME_ZONE_COOKIE = "timeZone";
/** What a profile holds before its owner picks a zone: read as "not chosen". */
export const UNSET_TIME_ZONE = "UTC";

const known = new Map<string, boolean>();

/** An IANA zone this runtime knows ("America/Chicago"); anything else is no zone. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  let valid = known.get(value);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      valid = true;
    } catch {
      valid = false;
    }
    if (known.size < 1_000) known.set(value, valid);
  }
  return valid;
}

/** The zone a viewer reads times in: a chosen profile zone, else the browser's, else the default. */
export function viewerTimeZone(profileZone: string | null | undefined, browserZone: string | null | undefined): string {
  if (profileZone && profileZone !== UNSET_TIME_ZONE && isTimeZone(profileZone)) return profileZone;
  if (isTimeZone(browserZone)) return browserZone;
  return DEFAULT_TIME_ZONE;
}

const STYLES = {
  /** "Nov 26, 2026" */
  day: { month: "short", day: "numeric", year: "numeric" },
  /** "Nov 26, 2026, 7:30 PM EST" */
  dateTime: {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  },
  /** "Thu, Nov 26, 7:30 PM EST": a game's start, always with its zone. */
  game: { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  /** "Nov 26" */
  shortDay: { month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type TimeStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment written in `timeZone`, in one of the site's styles. */
export function formatTime(moment: string | Date, timeZone: string, style: TimeStyle): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const key = `${zone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...STYLES[style], timeZone: zone });
    formats.set(key, format);
  }
  return format.format(typeof moment === "string" ? new Date(moment) : moment);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `moment`, in ms (whole seconds). */
export function zoneOffsetMs(moment: Date, timeZone: string): number {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(moment).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(moment.getTime() / 1000) * 1000;
}

/** `YYYY-MM-DDTHH:mm` on `timeZone`'s wall clock: what a `datetime-local` input shows for `moment`. */
export function toZonedInputValue(moment: Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return new Date(moment.getTime() + zoneOffsetMs(moment, zone)).toISOString().slice(0, 16);
}

/** The moment a `datetime-local` value means on `timeZone`'s wall clock, or null. */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  // The offset at the guess, then at the corrected guess: right across a daylight-saving change.
  let moment = wall - zoneOffsetMs(new Date(wall), zone);
  moment = wall - zoneOffsetMs(new Date(moment), zone);
  return new Date(moment);
}
