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

/**
 * Kept formatters and answers, each map bounded, dropping the least recently used first. A zone's
 * name may come in any case ("aMeRiCa/ChIcAgO" is Chicago to Intl), so anyone can send new
 * spellings, and each formatter costs tens of KB: formatters are made and kept only under a zone's
 * canonical name (some 450 zones), and a spelling of a zone met before, in any case, makes none.
 */
const MAX_KEPT = 600;

function recall<V>(map: Map<string, V>, key: string): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    // Map keeps insertion order: the last key is the most recently used.
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

function keep<V>(map: Map<string, V>, key: string, value: V, max: number): V {
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

/** A zone's name in ASCII lower case (Intl compares zone names so) → its canonical name. */
const zonesByLowerCase = new Map<string, string>();
/** Values Intl said are no zone. */
const notZones = new Map<string, true>();
const MAX_NOT_ZONES = 1_000;

/**
 * The canonical name of an IANA zone this runtime knows ("America/Chicago" for
 * "america/chicago"), or null for anything else. Every zone that comes in (a profile's, the
 * browser's cookie, a form's) goes through it before a formatter is made for it.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 64 || !/^[A-Za-z0-9/_+:-]+$/.test(value)) return null;
  const lower = value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const known = recall(zonesByLowerCase, lower);
  if (known !== undefined) return known;
  if (recall(notZones, value)) return null;
  try {
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    if (zone) return keep(zonesByLowerCase, lower, zone, MAX_KEPT);
  } catch {
    // Not a zone.
  }
  keep(notZones, value, true, MAX_NOT_ZONES);
  return null;
}

/** An IANA zone this runtime knows ("America/Chicago", in any case); anything else is no zone. */
export function isTimeZone(value: unknown): value is string {
  return canonicalTimeZone(value) !== null;
}

/**
 * The zone a viewer reads times in, by its canonical name: a chosen profile zone, else the
 * browser's, else the default.
 */
export function viewerTimeZone(profileZone: string | null | undefined, browserZone: string | null | undefined): string {
  const chosen = profileZone && profileZone !== UNSET_TIME_ZONE ? canonicalTimeZone(profileZone) : null;
  return chosen ?? canonicalTimeZone(browserZone) ?? DEFAULT_TIME_ZONE;
}

/** How many zone names and formatters the clock keeps now (each bounded). */
export function clockCacheSizes(): {
  zones: number;
  notZones: number;
  formats: number;
  partsFormats: number;
  written: number;
} {
  return {
    zones: zonesByLowerCase.size,
    notZones: notZones.size,
    formats: formats.size,
    partsFormats: partsFormats.size,
    written: written.size,
  };
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

/**
 * Times already written, by zone, style and moment: the same text for every viewer in that zone,
 * and the newest posts' dates are written on many readers' pages (Intl takes microseconds a time).
 * Bounded, the oldest dropped first.
 */
const written = new Map<string, string>();
const MAX_WRITTEN = 5_000;

/** A moment written in `timeZone`, in one of the site's styles. */
export function formatTime(moment: string | Date, timeZone: string, style: TimeStyle): string {
  const writtenKey = typeof moment === "string" ? `${timeZone}|${style}|${moment}` : null;
  const known = writtenKey === null ? undefined : written.get(writtenKey);
  if (known !== undefined) return known;
  const zone = canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  const key = `${zone}|${style}`;
  const format =
    recall(formats, key) ??
    keep(formats, key, new Intl.DateTimeFormat("en-US", { ...STYLES[style], timeZone: zone }), MAX_KEPT);
  const text = format.format(typeof moment === "string" ? new Date(moment) : moment);
  return writtenKey === null ? text : keep(written, writtenKey, text, MAX_WRITTEN);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `moment`, in ms (whole seconds). Throws a
 * RangeError for a zone the runtime does not know, as Intl does.
 */
export function zoneOffsetMs(moment: Date, timeZone: string): number {
  const zone = canonicalTimeZone(timeZone);
  if (zone === null) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  let format = recall(partsFormats, zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    keep(partsFormats, zone, format, MAX_KEPT);
  }
  const part = Object.fromEntries(format.formatToParts(moment).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(moment.getTime() / 1000) * 1000;
}

/** `YYYY-MM-DDTHH:mm` on `timeZone`'s wall clock: what a `datetime-local` input shows for `moment`. */
export function toZonedInputValue(moment: Date, timeZone: string): string {
  const zone = canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  return new Date(moment.getTime() + zoneOffsetMs(moment, zone)).toISOString().slice(0, 16);
}

/** The moment a `datetime-local` value means on `timeZone`'s wall clock, or null. */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const zone = canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  // The offset at the guess, then at the corrected guess: right across a daylight-saving change.
  let moment = wall - zoneOffsetMs(new Date(wall), zone);
  moment = wall - zoneOffsetMs(new Date(moment), zone);
  return new Date(moment);
}
