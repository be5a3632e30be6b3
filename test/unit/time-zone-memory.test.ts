import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { readCookie } from "~/modules/http/cookies";
import { PageCache, visitorCookies } from "../../server/page-cache";
import {
  canonicalTimeZone,
  clockCacheSizes,
  DEFAULT_TIME_ZONE,
  formatTime,
  fromZonedInputValue,
  TIME_ZONE_COOKIE,
  toZonedInputValue,
  viewerTimeZone,
  zoneOffsetMs,
} from "~/modules/time/clock";

/** `global.gc`, exposed at run time: the vitest workers are not started with --expose-gc. */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** The `n`th spelling of `zone` in upper and lower case (n's bits pick which letters are upper). */
function spelling(zone: string, n: number): string {
  let bit = 0;
  return [...zone]
    .map((char) => {
      if (!/[a-z]/i.test(char)) return char;
      const upper = (n >> bit++) & 1;
      return upper ? char.toUpperCase() : char.toLowerCase();
    })
    .join("");
}

/** Real zones with at least 12 letters: 4,096 spellings each or more. */
const ZONES = ["America/Chicago", "Europe/London", "Australia/Sydney", "America/Los_Angeles", "Pacific/Auckland"];

const cookieHeader = (zone: string) => `timeZone=${encodeURIComponent(zone)}; sidebar=closed`;

describe("a zone's spellings", () => {
  it("are read as the zone's canonical name", () => {
    expect(canonicalTimeZone("aMeRiCa/ChIcAgO")).toBe("America/Chicago");
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone(42)).toBeNull();
    expect(viewerTimeZone(null, "aSiA/tOkYo")).toBe("Asia/Tokyo");
    expect(viewerTimeZone("eUrOpE/bErLiN", "Asia/Tokyo")).toBe("Europe/Berlin");
    // A profile still on UTC has not chosen: the browser's zone, canonical, is the viewer's.
    expect(viewerTimeZone("UTC", "asia/tokyo")).toBe("Asia/Tokyo");
    const moment = "2026-11-27T00:30:00.000Z";
    expect(formatTime(moment, "aMeRiCa/nEw_YoRk", "game")).toBe(formatTime(moment, "America/New_York", "game"));
    expect(toZonedInputValue(new Date(moment), "ASIA/TOKYO")).toBe("2026-11-27T09:30");
    expect(fromZonedInputValue("2026-11-27T09:30", "asia/tokyo")?.toISOString()).toBe(moment);
    expect(zoneOffsetMs(new Date(moment), "asia/TOKYO")).toBe(9 * 3_600_000);
    expect(() => zoneOffsetMs(new Date(moment), "Mars/Olympus")).toThrow(RangeError);
  });

  it("share one page-cache key, and the default zone, no zone and a garbage one share another", () => {
    const cache = new PageCache({ ttlMs: 1_000 });
    const keyFor = (cookie: string | undefined) =>
      cache.keyFor({ method: "GET", path: "/leaderboard", originalUrl: "/leaderboard", headers: { cookie } });
    const chicago = keyFor(cookieHeader("America/Chicago"));
    expect(chicago).toBe("/leaderboard|sidebar=closed;timeZone=America/Chicago");
    expect(keyFor(cookieHeader("aMeRiCa/ChIcAgO"))).toBe(chicago);
    expect(keyFor("timeZone=america%2Fchicago; sidebar=closed")).toBe(chicago);
    expect(keyFor(cookieHeader("Asia/Tokyo"))).not.toBe(chicago);
    const eastern = keyFor("sidebar=closed");
    expect(keyFor(cookieHeader(DEFAULT_TIME_ZONE))).toBe(eastern);
    expect(keyFor(cookieHeader("america/new_york"))).toBe(eastern);
    expect(keyFor(cookieHeader("Mars/Olympus"))).toBe(eastern);
    expect(keyFor("timeZone=%E0%A4%A; sidebar=closed")).toBe(eastern);
    expect(visitorCookies(cookieHeader("eUrOpE/lOnDoN")).publicKey).toBe("sidebar=closed;timeZone=Europe/London");
  });
});

describe("memory a visitor's zone spellings keep", () => {
  it("keeps at most 1,000 values that are no zone, which all share the default zone's page copy", () => {
    const cache = new PageCache({ ttlMs: 1_000 });
    const keys = new Set<string>();
    for (let n = 0; n < 5_000; n++) {
      const cookie = cookieHeader(`Mars/Olympus_${n}`);
      keys.add(cache.keyFor({ method: "GET", path: "/", originalUrl: "/", headers: { cookie } })!);
      expect(viewerTimeZone(null, readCookie(cookie, TIME_ZONE_COOKIE))).toBe(DEFAULT_TIME_ZONE);
    }
    expect([...keys]).toEqual(["/|sidebar=closed"]);
    expect(clockCacheSizes().notZones).toBeLessThanOrEqual(1_000);
  });

  it("stays bounded over 10,000 spellings of real zones", () => {
    const gc = collector();
    const moment = new Date("2026-11-27T00:30:00.000Z");
    const cache = new PageCache({ ttlMs: 1_000 });
    const keys = new Set<string>();
    const spellings = new Set<string>();
    // What one visitor's request does with its cookie: the page-cache key, the root loader's zone,
    // the page's times and the editor's schedule input.
    const request = (cookie: string) => {
      keys.add(cache.keyFor({ method: "GET", path: "/", originalUrl: "/", headers: { cookie } })!);
      const zone = viewerTimeZone(null, readCookie(cookie, TIME_ZONE_COOKIE));
      for (const style of ["day", "dateTime", "game", "shortDay"] as const) formatTime(moment, zone, style);
      zoneOffsetMs(moment, zone);
      toZonedInputValue(moment, zone);
    };
    // Warm up (the real zones' formatters, the code itself, the heap's sizes) with other zones.
    for (const zone of ZONES) request(cookieHeader(zone));
    for (let n = 1; n <= 2_000; n++) request(cookieHeader(spelling("Europe/Amsterdam", n)));
    keys.clear();
    gc();
    const before = process.memoryUsage();

    let sent = 0;
    for (let n = 1; sent < 10_000; n++) {
      for (const zone of ZONES) {
        spellings.add(spelling(zone, n));
        request(cookieHeader(spelling(zone, n)));
        sent++;
      }
    }
    gc();
    gc();
    const after = process.memoryUsage();
    const grewMb = (after.rss - before.rss) / 1024 / 1024;
    const heapMb = (after.heapTotal - before.heapTotal) / 1024 / 1024;
    console.log(
      `10,000 spellings: rss +${grewMb.toFixed(1)} MB, heap +${heapMb.toFixed(1)} MB, kept ${JSON.stringify(clockCacheSizes())}`,
    );

    expect(spellings.size).toBe(10_000);
    expect(grewMb).toBeLessThan(20);
    const kept = clockCacheSizes();
    expect(kept.formats).toBeLessThanOrEqual(600);
    expect(kept.partsFormats).toBeLessThanOrEqual(600);
    expect(kept.zones).toBeLessThanOrEqual(600);
    expect(kept.notZones).toBeLessThanOrEqual(1_000);
    expect(kept.written).toBeLessThanOrEqual(5_000);
    // Every spelling of the five zones shares its zone's page copy.
    expect(keys.size).toBe(ZONES.length);
  }, 120_000);
});
