/**
 * When the demo's games start: each sport at the local (US Eastern) times its games really start,
 * so a coming NBA game tips off in the evening, the NFL plays Sunday at 1:00, 4:25 and 8:20 PM,
 * and European football kicks off in the American morning. Pure: the seed passes its `now`.
 */
export const DEMO_TIME_ZONE = "America/New_York";

/** Weekdays (0 Sunday … 6 Saturday) and Eastern start times ("HH:MM") of a sport's games. */
type Slots = { days: number[]; times: string[] }[];

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const SLOTS: Record<string, Slots> = {
  NBA: [{ days: EVERY_DAY, times: ["19:00", "19:30", "20:00", "21:00", "22:00", "22:30"] }],
  NCAAB: [{ days: EVERY_DAY, times: ["12:00", "14:00", "19:00", "21:00"] }],
  NFL: [
    { days: [0], times: ["13:00", "16:25", "20:20"] },
    { days: [1, 4], times: ["20:15"] },
  ],
  NCAAF: [
    { days: [6], times: ["12:00", "15:30", "19:30"] },
    { days: [5], times: ["19:00"] },
  ],
  MLB: [{ days: EVERY_DAY, times: ["13:05", "19:05", "19:10", "22:10"] }],
  NHL: [{ days: EVERY_DAY, times: ["19:00", "19:30", "22:00"] }],
  // Premier League mornings at the weekend, European nights midweek (afternoon in New York).
  Soccer: [
    { days: [0, 6], times: ["07:30", "10:00", "12:30"] },
    { days: [2, 3], times: ["15:00"] },
  ],
  // Fight cards: Friday and Saturday nights, bout after bout.
  MMA: [{ days: [5, 6], times: ["20:00", "21:00", "22:00", "23:00"] }],
  Boxing: [{ days: [5, 6], times: ["20:00", "21:30", "23:00"] }],
  Tennis: [{ days: EVERY_DAY, times: ["06:00", "09:00", "13:00"] }],
  Golf: [{ days: [4, 5, 6, 0], times: ["07:45", "09:10", "13:25"] }],
  Esports: [{ days: EVERY_DAY, times: ["11:00", "14:00"] }],
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatter = new Intl.DateTimeFormat("en-US", {
  timeZone: DEMO_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  weekday: "short",
});
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The Eastern calendar day and wall-clock time of an instant. */
function easternParts(instant: number) {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** The instant of an Eastern wall-clock time (daylight saving time included). */
export function easternInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  // Two rounds settle the offset, even on the days the clocks change.
  for (let i = 0; i < 2; i++) {
    const seen = easternParts(guess);
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += wall - seenWall;
  }
  return new Date(guess);
}

/** A sport's start times on one Eastern day, remembered (the history asks for the same days again and again). */
const dayStarts = new Map<string, number[]>();

function startsOnDay(sport: string, { year, month, day, weekday }: ReturnType<typeof easternParts>): number[] {
  const id = `${sport}:${year}-${month}-${day}`;
  let starts = dayStarts.get(id);
  if (!starts) {
    starts = (SLOTS[sport] ?? SLOTS.Esports)
      .filter((slot) => slot.days.includes(weekday))
      .flatMap((slot) => slot.times.map((time) => time.split(":").map(Number)))
      .map(([hour, minute]) => easternInstant(year, month, day, hour, minute).getTime());
    dayStarts.set(id, starts);
  }
  return starts;
}

/** Every start time of `sport` from `from` (inclusive) to `to` (exclusive), in order. */
export function startTimesBetween(sport: string, from: Date, to: Date): Date[] {
  const found = new Set<number>();
  // From the Eastern day before `from` (a time zone away) to the day after `to`.
  for (let at = from.getTime() - DAY; at < to.getTime() + DAY; at += DAY) {
    for (const start of startsOnDay(sport, easternParts(at)))
      if (start >= from.getTime() && start < to.getTime()) found.add(start);
  }
  return [...found].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * `count` coming start times of `sport`, at least `leadHours` ahead and within a week, spread over
 * the week (two games may share a time on a busy day).
 */
export function comingStartTimes(sport: string, now: Date, count: number, leadHours = 4): Date[] {
  const times = startTimesBetween(
    sport,
    new Date(now.getTime() + leadHours * HOUR),
    new Date(now.getTime() + 7 * DAY - 60_000),
  );
  return Array.from(
    { length: count },
    (_, i) => times[Math.min(times.length - 1, Math.floor(((i + 0.5) * times.length) / count))],
  );
}

/** The latest start time of `sport` at or before `instant` (within the week before it). */
export function latestStartTimeBefore(sport: string, instant: Date): Date {
  // Day by day backwards: most sports play every day, so one or two days answer.
  for (let back = 1; back <= 8; back++) {
    const times = startTimesBetween(sport, new Date(instant.getTime() - back * DAY), new Date(instant.getTime() + 1));
    if (times.length) return times[times.length - 1];
  }
  throw new Error(`${sport} has no start time in the week before ${instant.toISOString()}`);
}

/** "Sunday 1:00 PM ET": how the demo's posts name a game's start. */
export function easternStartLabel(start: Date): string {
  return `${start.toLocaleString("en-US", { timeZone: DEMO_TIME_ZONE, weekday: "long", hour: "numeric", minute: "2-digit" }).replace(/ at /, " ")} ET`;
}
