import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  formatTime,
  fromZonedInputValue,
  isTimeZone,
  toZonedInputValue,
  viewerTimeZone,
} from "~/modules/time/clock";

describe("the viewer's zone", () => {
  it("is a chosen profile zone, else the browser's, else Eastern; a zone no runtime knows is none", () => {
    expect(viewerTimeZone("Europe/Berlin", "Asia/Tokyo")).toBe("Europe/Berlin");
    // UTC is what a profile holds before its owner chooses.
    expect(viewerTimeZone("UTC", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(viewerTimeZone(null, "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(viewerTimeZone(null, "Mars/Olympus")).toBe(DEFAULT_TIME_ZONE);
    expect(viewerTimeZone("Nowhere/Else", null)).toBe(DEFAULT_TIME_ZONE);
    expect(isTimeZone("x".repeat(65))).toBe(false);
  });
});

describe("formatTime", () => {
  it("writes one moment in each zone, labelling times", () => {
    const moment = "2026-11-27T00:30:00.000Z";
    expect(formatTime(moment, "America/New_York", "game")).toBe("Thu, Nov 26, 7:30 PM EST");
    expect(formatTime(moment, "Europe/London", "game")).toBe("Fri, Nov 27, 12:30 AM GMT");
    expect(formatTime(moment, "America/Los_Angeles", "day")).toBe("Nov 26, 2026");
    expect(formatTime(moment, "Asia/Tokyo", "dateTime")).toBe("Nov 27, 2026, 9:30 AM GMT+9");
    expect(formatTime(moment, "Not/AZone", "day")).toBe("Nov 26, 2026");
  });

  it("writes a moment asked again the same, per zone and style, as written from a Date", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("America/New_York", "Asia/Tokyo", "america/chicago", "Not/AZone"),
        fc.constantFrom("day", "dateTime", "game", "shortDay" as const),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (zone, style, ms) => {
          const moment = new Date(ms);
          const fresh = formatTime(moment, zone, style);
          expect(formatTime(moment.toISOString(), zone, style)).toBe(fresh);
          expect(formatTime(moment.toISOString(), zone, style)).toBe(fresh);
        },
      ),
    );
    const moment = "2026-11-27T00:30:00.000Z";
    expect(formatTime(moment, "Asia/Tokyo", "day")).toBe("Nov 27, 2026");
    expect(formatTime(moment, "America/New_York", "day")).toBe("Nov 26, 2026");
    expect(formatTime(moment, "America/New_York", "dateTime")).toBe("Nov 26, 2026, 7:30 PM EST");
  });
});

describe("a datetime-local value on a zone's wall clock", () => {
  it("means the same moment it was written from, in any zone, across daylight-saving changes", () => {
    const zones = ["America/New_York", "Europe/London", "Asia/Tokyo", "Australia/Lord_Howe", "America/St_Johns", "UTC"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (zone, ms) => {
          const moment = new Date(Math.floor(ms / 60_000) * 60_000);
          const value = toZonedInputValue(moment, zone);
          expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
          // An hour that happens twice (clocks back) may come back as its other instance.
          const back = fromZonedInputValue(value, zone)!;
          expect(toZonedInputValue(back, zone)).toBe(value);
        },
      ),
      { numRuns: 500 },
    );
    // 9:00 on March 10, 2030 in New York is after the clocks went forward: 13:00 UTC.
    expect(fromZonedInputValue("2030-03-10T09:00", "America/New_York")!.toISOString()).toBe("2030-03-10T13:00:00.000Z");
    expect(fromZonedInputValue("2030-01-10T09:00", "America/New_York")!.toISOString()).toBe("2030-01-10T14:00:00.000Z");
    expect(toZonedInputValue(new Date("2026-11-27T00:30:00Z"), "Asia/Tokyo")).toBe("2026-11-27T09:30");
    expect(fromZonedInputValue("not a date", "UTC")).toBeNull();
  });
});

describe("a month on an expert's clock (the business page's 'this month')", () => {
  it("starts at midnight of the first in the expert's zone, across a daylight-saving change", async () => {
    const { monthStart } = await import("~/modules/experts/business.server");
    // 11 PM on Oct 31 in New York is still October there.
    expect(monthStart(new Date("2026-11-01T03:00:00Z"), "America/New_York")).toEqual({
      start: new Date("2026-10-01T04:00:00Z"),
      label: "October 2026",
    });
    expect(monthStart(new Date("2026-11-15T12:00:00Z"), "America/New_York")).toEqual({
      start: new Date("2026-11-01T04:00:00Z"),
      label: "November 2026",
    });
    expect(monthStart(new Date("2026-11-15T12:00:00Z"), "Not/AZone").start).toEqual(new Date("2026-11-01T00:00:00Z"));
  });
});
