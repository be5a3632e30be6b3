/**
 * The viewer's time zone in components (from the root loader, so the server and the browser write
 * the same times), and the small effect that tells the server the browser's own zone.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { readCookie } from "~/modules/http/cookies";
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, formatTime, type TimeStyle } from "~/modules/time/clock";

export function useTimeZone(): string {
  return useRouteLoaderData<{ timeZone?: string }>("root")?.timeZone ?? DEFAULT_TIME_ZONE;
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
export function RememberTimeZone() {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || readCookie(document.cookie, TIME_ZONE_COOKIE) === zone) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, []);
  return null;
}
