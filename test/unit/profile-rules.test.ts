import { describe, expect, it } from "vitest";
import { nudgeCrop, nudgeStep, outputSize } from "~/components/profile/crop";
import { describeRejection } from "~/components/profile/photo-files";
import {
  birthYears,
  isValidBirthDate,
  joinBirthDate,
  profileInputFromForm,
  profileInputSchema,
  splitBirthDate,
  userNameSchema,
} from "~/modules/profiles/profile-schema";
import { isUsStateCode, US_STATES } from "~/modules/profiles/us-states";
import { timezoneSchema } from "~/modules/accounts/account-schemas";

const now = new Date("2026-11-23T12:00:00Z");

describe("birth date (product.md 'Validation' and 'Limits')", () => {
  it("offers 1950 to the current year minus 15", () => {
    const years = birthYears(now);
    expect(years[0]).toBe(1950);
    expect(years.at(-1)).toBe(2011);
    expect(years).toHaveLength(62);
  });

  it.each([
    ["1950-01-01", true],
    ["2011-12-31", true],
    ["2012-01-01", false],
    ["1949-12-31", false],
    ["2000-02-29", true],
    ["2001-02-29", false],
    ["1990-13-01", false],
    ["1990-4-7", false],
    ["", false],
  ])("%j is valid: %s", (value, valid) => expect(isValidBirthDate(value, now)).toBe(valid));

  it("is sent as year-month-day text and read back split on dashes", () => {
    expect(joinBirthDate({ year: "1990", month: "4", day: "7" })).toBe("1990-04-07");
    expect(joinBirthDate({})).toBeNull();
    expect(joinBirthDate({ year: "1990" })).toBe("");
    expect(splitBirthDate("1990-04-07")).toEqual({ year: "1990", month: "04", day: "07" });
    expect(splitBirthDate(null)).toEqual({ year: "", month: "", day: "" });
  });
});

describe("US states and territories", () => {
  it("lists the 50 states, DC and 5 territories by two-letter code", () => {
    expect(US_STATES).toHaveLength(56);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(56);
    expect(US_STATES.every((s) => /^[A-Z]{2}$/.test(s.code))).toBe(true);
    expect(isUsStateCode("PR")).toBe(true);
    expect(isUsStateCode("ON")).toBe(false);
  });
});

describe("the form's value becomes the API's input", () => {
  it("replaces the whole profile: empty photos clear, the country is USA", () => {
    expect(
      profileInputFromForm({
        firstName: "Sam",
        location: { state: "tx", city: "Austin" },
        dateOfBirth: { year: "1988", month: "07", day: "04" },
      }),
    ).toEqual({
      avatar: null,
      cover: null,
      firstName: "Sam",
      location: { country: "USA", state: "TX", city: "Austin" },
      dateOfBirth: "1988-07-04",
      timezone: undefined,
      expertAboutText: null,
    });
  });
});

describe("username rule (product.md)", () => {
  it.each(["abc", "Sharp.Shooter_7", "a".repeat(30)])("takes %j", (name) =>
    expect(userNameSchema.safeParse(name).success).toBe(true),
  );
  it.each(["ab", "a".repeat(31), "has space", "dash-name", "émile"])("refuses %j", (name) =>
    expect(userNameSchema.safeParse(name).success).toBe(false),
  );
});

describe("photo editor", () => {
  it("nudges 1, 10 and 100 px (arrow, Shift, Alt/Ctrl/⌘)", () => {
    expect(nudgeStep({})).toBe(1);
    expect(nudgeStep({ shiftKey: true })).toBe(10);
    expect(nudgeStep({ altKey: true })).toBe(100);
    expect(nudgeStep({ ctrlKey: true, shiftKey: true })).toBe(100);
    expect(nudgeStep({ metaKey: true })).toBe(100);
  });

  it("keeps the photo covering the crop area", () => {
    const sizes = { media: { width: 400, height: 300 }, crop: { width: 300, height: 300 }, zoom: 1 };
    expect(nudgeCrop({ x: 0, y: 0 }, { key: "ArrowRight" }, sizes)).toEqual({ x: 1, y: 0 });
    expect(nudgeCrop({ x: 0, y: 0 }, { key: "ArrowLeft", shiftKey: true }, sizes)).toEqual({ x: -10, y: 0 });
    // (400 - 300) / 2 = 50 px of room sideways, none vertically at zoom 1.
    expect(nudgeCrop({ x: 0, y: 0 }, { key: "ArrowRight", altKey: true }, sizes)).toEqual({ x: 50, y: 0 });
    expect(nudgeCrop({ x: 0, y: 0 }, { key: "ArrowDown" }, sizes)).toEqual({ x: 0, y: 0 });
    expect(nudgeCrop({ x: 0, y: 0 }, { key: "ArrowDown", ctrlKey: true }, { ...sizes, zoom: 2 })).toEqual({
      x: 0,
      y: 100,
    });
    expect(nudgeCrop({ x: 0, y: 0 }, { key: "Enter" }, sizes)).toBeNull();
  });

  it("scales the output down to fit, never up", () => {
    expect(outputSize({ width: 2000, height: 2000 }, { width: 800, height: 800 })).toEqual({ width: 800, height: 800 });
    expect(outputSize({ width: 300, height: 300 }, { width: 800, height: 800 })).toEqual({ width: 300, height: 300 });
    expect(outputSize({ width: 3000, height: 1000 }, { width: 1800, height: 600 })).toEqual({
      width: 1800,
      height: 600,
    });
  });

  it("explains a refused file by name and reasons, sizes in bytes", () => {
    const file = new File(["x"], "big.gif", { type: "image/gif" });
    expect(
      describeRejection({
        file,
        errors: [
          { code: "file-invalid-type", message: "File type must be one of …" },
          { code: "file-too-large", message: "File is larger than 4.77 MB" },
        ],
      }),
    ).toEqual({
      title: "big.gif",
      description:
        "File type must be one of image/png, image/jpeg, image/webp, image/avif. File is larger than 5000000 bytes",
    });
  });
});

describe("a time zone is stored by its canonical name", () => {
  it("takes any case of a zone and keeps the one spelling; refuses what is no zone", () => {
    expect(profileInputSchema.partial().parse({ timezone: "aMeRiCa/cHiCaGo" }).timezone).toBe("America/Chicago");
    expect(profileInputSchema.partial().safeParse({ timezone: "Mars/Olympus" }).success).toBe(false);
    expect(timezoneSchema.parse("europe/LONDON")).toBe("Europe/London");
    expect(timezoneSchema.safeParse("not a zone").success).toBe(false);
  });
});
