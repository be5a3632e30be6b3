import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, uploads } from "~/db/schema";
import { MESSAGES } from "~/modules/profiles/profile-schema";
import * as sessionRoute from "~/routes/api.session";
import * as meRoute from "~/routes/api.user.me";
import * as profileRoute from "~/routes/api.user.profile";
import * as userNameRoute from "~/routes/api.user.profile.username";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { accountWithSession } from "../support/signed-in";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { RATE_LIMIT_SIGN_IN_IP: "1000/60" });
});
afterAll(() => database.close());

const PASSWORD = "correct horse 42";
let counter = 0;

/** A new account, signed in; `expert` gives it the Expert role. */
async function signedIn({
  expert = false,
  confirmed = true,
  fullName,
}: { expert?: boolean; confirmed?: boolean; fullName?: string } = {}) {
  counter += 1;
  const email = `profile${counter}@example.com`;
  return accountWithSession(database.db, context.env, {
    email,
    fullName: fullName ?? `Casey Profile${counter}`,
    password: PASSWORD,
    expert,
    confirmed,
  });
}

async function completeUpload(ownerId: string, key: string, overrides: Partial<typeof uploads.$inferInsert> = {}) {
  await database.db.insert(uploads).values({
    ownerId,
    key,
    status: "Complete",
    mimeType: "image/jpeg",
    size: 1234,
    filename: "me.jpg",
    width: 512,
    height: 512,
    ...overrides,
  });
}

const validProfile = (overrides: Record<string, unknown> = {}) => ({
  avatar: null,
  cover: null,
  firstName: "Casey",
  location: { country: "USA", state: "NY", city: "Buffalo" },
  dateOfBirth: "1990-04-17",
  timezone: "America/New_York",
  expertAboutText: null,
  ...overrides,
});

const put = (jar: CookieJar, body: unknown) =>
  callRoute(profileRoute, context, { method: "PUT", path: "/api/user/profile", body, jar });
const get = (jar?: CookieJar) => callRoute(profileRoute, context, { path: "/api/user/profile", jar });

describe(`GET /api/user/profile (${testDatabaseEngine()})`, () => {
  it("answers 401 to a visitor", async () => {
    const { status, body } = await get();
    expect(status).toBe(401);
    expect(body).toMatchObject({ statusCode: 401 });
  });

  it("answers the signed-in user's profile with empty fields for a new account", async () => {
    const { jar } = await signedIn({ fullName: "Robin Reyes" });
    const { status, body, headers } = await get(jar);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body.payload).toEqual({
      avatar: null,
      cover: null,
      firstName: "Robin",
      location: { country: "USA", state: null, city: null },
      dateOfBirth: null,
      timezone: "UTC",
      expertAboutText: null,
    });
  });

  it("answers for a user whose e-mail is not confirmed yet", async () => {
    const { jar } = await signedIn({ confirmed: false });
    expect((await get(jar)).status).toBe(200);
  });
});

describe(`PUT /api/user/profile (${testDatabaseEngine()})`, () => {
  it("saves a valid profile and answers it; the current user shows the new name and avatar", async () => {
    const { user, jar } = await signedIn();
    await completeUpload(user.id, `uploads/${user.id}/avatar-1.jpg`);
    await completeUpload(user.id, `uploads/${user.id}/cover-1.jpg`);
    const profile = validProfile({
      firstName: "  Casey  ",
      avatar: `uploads/${user.id}/avatar-1.jpg`,
      cover: `uploads/${user.id}/cover-1.jpg`,
      location: { country: "USA", state: "ny", city: "Buffalo" },
    });
    const { status, body } = await put(jar, profile);
    expect(status).toBe(200);
    expect(body.payload).toEqual({
      ...profile,
      firstName: "Casey",
      location: { country: "USA", state: "NY", city: "Buffalo" },
    });
    expect((await get(jar)).body.payload).toEqual(body.payload);
    const me = await callRoute(meRoute, context, { path: "/api/user/me", jar });
    expect(me.body.payload.user).toMatchObject({
      firstName: "Casey",
      timezone: "America/New_York",
      avatar: `uploads/${user.id}/avatar-1.jpg`,
    });
  });

  it("creates the profile row when the account has none", async () => {
    const { user, jar } = await signedIn();
    await database.db.delete(profiles).where(eq(profiles.userId, user.id));
    const { status, body } = await put(jar, validProfile());
    expect(status).toBe(200);
    expect(body.payload.location).toEqual({ country: "USA", state: "NY", city: "Buffalo" });
  });

  it("answers 'Required' for first name, state and city", async () => {
    const { jar } = await signedIn();
    const { status, body } = await put(
      jar,
      validProfile({ firstName: "   ", location: { country: "USA", state: "", city: "" } }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      firstName: ["Required"],
      "location.state": ["Required"],
      "location.city": ["Required"],
    });
  });

  it("answers 'Required' for a missing location", async () => {
    const { jar } = await signedIn();
    const { location: _location, ...withoutLocation } = validProfile();
    const { status, body } = await put(jar, withoutLocation);
    expect(status).toBe(422);
    expect(body.errors).toEqual({ "location.state": ["Required"], "location.city": ["Required"] });
  });

  it("refuses a state that is not a US state or territory, and another country", async () => {
    const { jar } = await signedIn();
    const { status, body } = await put(
      jar,
      validProfile({ location: { country: "Canada", state: "ON", city: "Toronto" } }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({ "location.country": [MESSAGES.country], "location.state": [MESSAGES.state] });
    expect((await put(jar, validProfile({ location: { state: "PR", city: "San Juan" } }))).status).toBe(200);
  });

  it.each([
    ["not a date", "17/04/1990"],
    ["an impossible day", "1990-02-30"],
    ["a year before 1950", "1949-12-31"],
    ["a year after the current year minus 15", `${new Date().getFullYear() - 14}-01-01`],
    ["a number", 19900417],
  ])("answers 'Should be a valid date' for %s", async (_name, dateOfBirth) => {
    const { jar } = await signedIn();
    const { status, body } = await put(jar, validProfile({ dateOfBirth }));
    expect(status).toBe(422);
    expect(body.errors.dateOfBirth[0]).toBe(
      typeof dateOfBirth === "number" ? "Invalid input" : "Should be a valid date",
    );
  });

  it("accepts the first and last birth years and clears the date with null", async () => {
    const { jar } = await signedIn();
    expect((await put(jar, validProfile({ dateOfBirth: "1950-01-01" }))).body.payload.dateOfBirth).toBe("1950-01-01");
    const last = `${new Date().getFullYear() - 15}-12-31`;
    expect((await put(jar, validProfile({ dateOfBirth: last }))).body.payload.dateOfBirth).toBe(last);
    expect((await put(jar, validProfile({ dateOfBirth: null }))).body.payload.dateOfBirth).toBeNull();
  });

  it("refuses an unknown time zone and keeps the stored one when it is left out", async () => {
    const { jar } = await signedIn();
    const bad = await put(jar, validProfile({ timezone: "Mars/Olympus_Mons" }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ timezone: [MESSAGES.timezone] });
    await put(jar, validProfile({ timezone: "America/Chicago" }));
    const { timezone: _timezone, ...withoutTimezone } = validProfile();
    expect((await put(jar, withoutTimezone)).body.payload.timezone).toBe("America/Chicago");
  });

  it("keeps an expert's about text (up to 1000 characters) and ignores a plain user's", async () => {
    const expert = await signedIn({ expert: true });
    const about = "Ten years of NBA totals. ".repeat(40).slice(0, 1000);
    expect((await put(expert.jar, validProfile({ expertAboutText: about }))).body.payload.expertAboutText).toBe(
      about.trim(),
    );
    const tooLong = await put(expert.jar, validProfile({ expertAboutText: "x".repeat(1001) }));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({ expertAboutText: ["Maximum 1000 characters allowed"] });

    const fan = await signedIn();
    expect(
      (await put(fan.jar, validProfile({ expertAboutText: "I am not an expert" }))).body.payload.expertAboutText,
    ).toBeNull();
  });

  it("refuses an avatar key the user does not own, one still pending, and a made-up one (422 on the field)", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await completeUpload(owner.user.id, `uploads/${owner.user.id}/mine.jpg`);
    await completeUpload(other.user.id, `uploads/${other.user.id}/pending.jpg`, { status: "Pending" });
    await completeUpload(other.user.id, `uploads/${other.user.id}/clip.mp4`, { mimeType: "video/mp4" });

    const foreign = await put(
      other.jar,
      validProfile({ avatar: `uploads/${owner.user.id}/mine.jpg`, cover: "uploads/nobody/none.jpg" }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ avatar: [MESSAGES.image], cover: [MESSAGES.image] });
    for (const key of [
      `uploads/${other.user.id}/pending.jpg`,
      `uploads/${other.user.id}/clip.mp4`,
      "https://evil.example/a.jpg",
    ]) {
      const answer = await put(other.jar, validProfile({ avatar: key }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ avatar: [MESSAGES.image] });
    }
    const [row] = await database.db.select().from(profiles).where(eq(profiles.userId, other.user.id));
    expect(row.avatar).toBeNull();
  });

  it("keeps a stored avatar that is not an upload (the demo's generated one), and clears it with an empty value", async () => {
    const { user, jar } = await signedIn();
    await database.db.update(profiles).set({ avatar: "/avatars/Demo.svg" }).where(eq(profiles.userId, user.id));
    expect((await put(jar, validProfile({ avatar: "/avatars/Demo.svg" }))).body.payload.avatar).toBe(
      "/avatars/Demo.svg",
    );
    const { avatar: _avatar, ...withoutAvatar } = validProfile();
    expect((await put(jar, withoutAvatar)).body.payload.avatar).toBe("/avatars/Demo.svg");
    expect((await put(jar, validProfile({ avatar: "" }))).body.payload.avatar).toBeNull();
  });

  it("answers 401 to a visitor, 403 to an unconfirmed user, 400 to malformed JSON and 405 to POST", async () => {
    expect((await put(new CookieJar(), validProfile())).status).toBe(401);
    const unconfirmed = await signedIn({ confirmed: false });
    expect((await put(unconfirmed.jar, validProfile())).status).toBe(403);
    const { jar } = await signedIn();
    expect((await put(jar, "{not json")).status).toBe(400);
    expect(
      (await callRoute(profileRoute, context, { method: "POST", path: "/api/user/profile", body: validProfile(), jar }))
        .status,
    ).toBe(405);
  });
});

describe(`username (${testDatabaseEngine()})`, () => {
  const check = (jar: CookieJar, userName: string) =>
    callRoute(userNameRoute, context, {
      path: `/api/user/profile/username?userName=${encodeURIComponent(userName)}`,
      jar,
    });
  const change = (jar: CookieJar, body: unknown) =>
    callRoute(userNameRoute, context, { method: "PUT", path: "/api/user/profile/username", body, jar });

  it("changes the username; the new one signs in and shows as the current user's", async () => {
    const { jar, user } = await signedIn();
    const { status, body } = await change(jar, { userName: " Sharp.Shooter_7 " });
    expect(status).toBe(200);
    expect(body.payload).toEqual({ userName: "Sharp.Shooter_7" });
    expect((await callRoute(meRoute, context, { path: "/api/user/me", jar })).body.payload.user.userName).toBe(
      "Sharp.Shooter_7",
    );
    const again = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: "sharp.shooter_7", password: PASSWORD } },
    });
    expect(again.body.payload.user.id).toBe(user.id);
  });

  it.each([
    ["", "Required"],
    ["ab", "Must contain at least 3 character(s)"],
    ["a".repeat(31), "Maximum 30 characters allowed"],
    ["bad name!", MESSAGES.userNameChars],
    ["émile", MESSAGES.userNameChars],
  ])("refuses %j with %j", async (userName, message) => {
    const { jar } = await signedIn();
    const { status, body } = await change(jar, { userName });
    expect(status).toBe(422);
    expect(body.errors.userName[0]).toBe(message);
  });

  it("refuses a name taken in any letter case, but lets users re-case their own", async () => {
    const first = await signedIn();
    await change(first.jar, { userName: "TakenName" });
    const second = await signedIn();
    const taken = await change(second.jar, { userName: "takenNAME" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ userName: [MESSAGES.userNameTaken] });
    expect((await change(first.jar, { userName: "takenname" })).body.payload).toEqual({ userName: "takenname" });
  });

  it("checks availability: taken by another, free, and the user's own name", async () => {
    const owner = await signedIn();
    await change(owner.jar, { userName: "Avail_Check" });
    const other = await signedIn();
    expect((await check(other.jar, "avail_check")).body.payload).toEqual({ userName: "avail_check", available: false });
    expect((await check(other.jar, "Nobody.Has.This")).body.payload).toEqual({
      userName: "Nobody.Has.This",
      available: true,
    });
    expect((await check(owner.jar, "AVAIL_CHECK")).body.payload.available).toBe(true);
    const malformed = await check(other.jar, "no");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ userName: ["Must contain at least 3 character(s)"] });
  });

  it("answers 401 to visitors (check and change) and 403 to an unconfirmed user's change", async () => {
    expect((await check(new CookieJar(), "Anything")).status).toBe(401);
    expect((await change(new CookieJar(), { userName: "Anything" })).status).toBe(401);
    const unconfirmed = await signedIn({ confirmed: false });
    expect((await change(unconfirmed.jar, { userName: "Anything" })).status).toBe(403);
  });
});
