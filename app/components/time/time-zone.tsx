/**
 * The viewer's time zone in components (from the root loader, handed down by AppShell, so the
 * server and the browser write the same times), and the small effect that tells the server the
 * browser's own zone.
 */
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { preferenceCookie, readCookie } from "~/modules/http/cookies";
import { browserOnly } from "~/components/ui/browser-only";
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, formatTime, type TimeStyle } from "~/modules/time/clock";

export const TimeZoneContext = createContext(DEFAULT_TIME_ZONE);

/** Around the whole app (AppShell), with the zone the root loader worked out. */
export function TimeZoneProvider({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone ?? DEFAULT_TIME_ZONE}>{children}</TimeZoneContext.Provider>;
}

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/** `(moment, style) => text` in the viewer's zone. */
export function useFormatTime(): (moment: string | Date, style: TimeStyle) => string {
  const timeZone = useTimeZone();
  return (moment, style) => formatTime(moment, timeZone, style);
}

/** A `<time>` in the viewer's zone. */
export function Time({ dateTime, style, className }: { dateTime: string; style: TimeStyle; className?: string }) {
  const timeZone = useTimeZone();
  return (
    <time dateTime={dateTime} className={className}>
      {formatTime(dateTime, timeZone, style)}
    </time>
  );
}

/**
 * Remembers the browser's zone in a cookie, so the next page the server renders uses it (for a
 * visitor, or a profile without a chosen zone). The page already shown keeps its times: changing
 * them under the reader after hydration would be the flip this avoids.
 */
export const RememberTimeZone = browserOnly(function RememberTimeZone() {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || readCookie(document.cookie, TIME_ZONE_COOKIE) === zone) return;
    document.cookie = preferenceCookie(TIME_ZONE_COOKIE, zone);
  }, []);
  return null;
});
