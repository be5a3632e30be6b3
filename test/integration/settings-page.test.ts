import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, uploads } from "~/db/schema";
import { MESSAGES } from "~/modules/profiles/profile-schema";
import * as sessionRoute from "~/routes/api.session";
import * as settingsRoute from "~/routes/settings";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { accountWithSession } from "../support/signed-in";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { RATE_LIMIT_SIGN_IN_IP: "1000/60" });
});
afterAll(() => database.close());

const PASSWORD = "correct horse 42";
let counter = 0;

async function signedIn({ expert = false, confirmed = true } = {}) {
  counter += 1;
  const email = `settings${counter}@example.com`;
  const { user, jar } = await accountWithSession(database.db, context.env, {
    email,
    fullName: `Sam Settings${counter}`,
    password: PASSWORD,
    expert,
    confirmed,
  });
  return { user, jar, email };
}

/** Runs the route's loader or action like Remix would; a thrown Response is answered. */
async function run(kind: "loader" | "action", jar: CookieJar | null, form?: Record<string, string>) {
  const headers = new Headers();
  if (jar) headers.set("Cookie", jar.header());
  const request = new Request("http://localhost/settings", {
    method: kind === "action" ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  const handler = kind === "loader" ? settingsRoute.loader : settingsRoute.action;
  try {
    const result = await handler({ request, params: {}, context });
    // `data(...)` answers carry their status in `init`; plain objects are a 200.
    if (
      result &&
      typeof result === "object" &&
      "type" in result &&
      (result as { type: string }).type === "DataWithResponseInit"
    ) {
      const wrapped = result as unknown as { data: unknown; init: ResponseInit | null };
      return {
        status: wrapped.init?.status ?? 200,
        data: wrapped.data as Record<string, unknown> & { result?: { error?: Record<string, string[]> } },
      };
    }
    return { status: 200, data: result as Record<string, unknown> & { result?: { error?: Record<string, string[]> } } };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    throw thrown;
  }
}

const profileForm = (overrides: Record<string, string> = {}) => ({
  intent: "profile",
  avatar: "",
  cover: "",
  firstName: "Sam",
  "location.country": "USA",
  "location.state": "TX",
  "location.city": "Austin",
  "dateOfBirth.year": "1988",
  "dateOfBirth.month": "07",
  "dateOfBirth.day": "04",
  timezone: "America/Chicago",
  expertAboutText: "",
  ...overrides,
});

describe(`/settings gate (${testDatabaseEngine()})`, () => {
  it("sends a visitor to sign in and back, and an unconfirmed user to the verification page", async () => {
    const visitor = await run("loader", null);
    expect(visitor).toMatchObject({ status: 302, location: "/sign-in?callbackUrl=%2Fsettings" });
    const unconfirmed = await signedIn({ confirmed: false });
    expect(await run("loader", unconfirmed.jar)).toMatchObject({
      status: 302,
      location: "/email-verification?callbackUrl=%2Fsettings",
    });
    expect(await run("action", null, profileForm())).toMatchObject({ status: 302 });
  });

  it("loads the profile, the account and the time zones", async () => {
    const { jar, user } = await signedIn({ expert: true });
    const { status, data } = await run("loader", jar);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      profile: { firstName: "Sam", location: { country: "USA", state: null, city: null }, dateOfBirth: null },
      account: { userName: user.userName, isExpert: true, hasPassword: true },
    });
    expect(data?.timeZones).toContain("America/New_York");
  });
});

describe(`/settings profile form (${testDatabaseEngine()})`, () => {
  it("saves the profile from the form's fields", async () => {
    const { jar, user } = await signedIn();
    await database.db
      .insert(uploads)
      .values({ ownerId: user.id, key: `uploads/${user.id}/a.jpg`, status: "Complete", mimeType: "image/jpeg" });
    const saved = await run("action", jar, profileForm({ avatar: `uploads/${user.id}/a.jpg` }));
    expect(saved).toMatchObject({ status: 200, data: { intent: "profile", ok: true } });
    const { data } = await run("loader", jar);
    expect(data?.profile).toEqual({
      avatar: `uploads/${user.id}/a.jpg`,
      cover: null,
      firstName: "Sam",
      location: { country: "USA", state: "TX", city: "Austin" },
      dateOfBirth: "1988-07-04",
      timezone: "America/Chicago",
      expertAboutText: null,
    });
  });

  it("puts 'Required' and 'Should be a valid date' on the named fields", async () => {
    const { jar } = await signedIn();
    const { status, data } = await run(
      "action",
      jar,
      profileForm({
        firstName: " ",
        "location.state": "",
        "location.city": "",
        "dateOfBirth.year": "1990",
        "dateOfBirth.month": "02",
        "dateOfBirth.day": "30",
      }),
    );
    expect(status).toBe(422);
    expect(data?.result?.error).toMatchObject({
      firstName: ["Required"],
      "location.state": ["Required"],
      "location.city": ["Required"],
      dateOfBirth: [MESSAGES.dateOfBirth],
    });
    const partial = await run("action", jar, profileForm({ "dateOfBirth.day": "" }));
    expect(partial.data?.result?.error).toEqual({ dateOfBirth: [MESSAGES.dateOfBirth] });
  });

  it("answers a foreign photo key on the avatar field", async () => {
    const owner = await signedIn();
    await database.db.insert(uploads).values({
      ownerId: owner.user.id,
      key: `uploads/${owner.user.id}/b.jpg`,
      status: "Complete",
      mimeType: "image/jpeg",
    });
    const other = await signedIn();
    const { status, data } = await run("action", other.jar, profileForm({ avatar: `uploads/${owner.user.id}/b.jpg` }));
    expect(status).toBe(422);
    expect(data?.result?.error).toEqual({ avatar: [MESSAGES.image] });
  });
});

describe(`/settings username and password forms (${testDatabaseEngine()})`, () => {
  it("changes the username, and refuses a taken one on the field", async () => {
    const first = await signedIn();
    expect(await run("action", first.jar, { intent: "username", userName: "Settings.Taken" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    const second = await signedIn();
    const taken = await run("action", second.jar, { intent: "username", userName: "settings.taken" });
    expect(taken.status).toBe(422);
    expect(taken.data?.result?.error).toEqual({ userName: [MESSAGES.userNameTaken] });
  });

  it("changes the password with the current one, keeping this session and ending the others", async () => {
    const { jar, email, user } = await signedIn();
    const otherJar = new CookieJar();
    await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: email, password: PASSWORD } },
      jar: otherJar,
    });
    const wrong = await run("action", jar, {
      intent: "password",
      currentPassword: "nope nope 1",
      password: "brand new 77",
      confirmPassword: "brand new 77",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.data?.result?.error).toEqual({ currentPassword: ["Wrong password"] });
    const mismatch = await run("action", jar, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "brand new 77",
      confirmPassword: "brand new 78",
    });
    expect(mismatch.data?.result?.error).toEqual({ confirmPassword: ["Passwords must match"] });

    const changed = await run("action", jar, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "brand new 77",
      confirmPassword: "brand new 77",
    });
    expect(changed).toMatchObject({ status: 200, data: { intent: "password", ok: true } });
    const live = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(1);
    expect((await run("loader", jar)).status).toBe(200);
  });

  it("saves which notifications to get and whether new picks come by e-mail", async () => {
    const { jar } = await signedIn();
    const loaded = await run("loader", jar);
    expect(loaded.data?.notifications).toEqual({ mutedKinds: [], newPickEmails: true, followedCategoryIds: [] });
    // Push: the server's public key (the switch subscribes with it) and no device on yet.
    expect(loaded.data?.push).toEqual({ publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), endpoints: [] });
    const sports = loaded.data?.sports as { id: number; name: string }[];
    expect(sports.map((sport) => sport.name)).toContain("NBA");
    const nba = sports.find((sport) => sport.name === "NBA")!.id;
    // Checked boxes are the kinds to get; the rest are muted. The e-mail box left unchecked: off.
    const form = new URLSearchParams([
      ["intent", "notifications"],
      ["receive", "PostLike"],
      ["receive", "NewComment"],
      ["sport", String(nba)],
    ]);
    const saved = await run("action", jar, Object.fromEntries(form));
    expect(saved.status).toBe(200);
    const request = new Request("http://localhost/settings", {
      method: "POST",
      headers: { Cookie: jar.header() },
      body: form,
    });
    expect(await settingsRoute.action({ request, params: {}, context } as never)).toMatchObject({
      intent: "notifications",
      ok: true,
    });
    expect((await run("loader", jar)).data?.notifications).toEqual({
      mutedKinds: ["ExpertNewPost", "NewSubscription", "NewEvent", "PostLive", "ReplyComment", "Cheer", "PickGraded"],
      newPickEmails: false,
      followedCategoryIds: [nba],
    });
  });

  it("answers 400 to an unknown intent", async () => {
    const { jar } = await signedIn();
    expect((await run("action", jar, { intent: "other" })).status).toBe(400);
  });
});

describe(`/settings photo editor's Save (${testDatabaseEngine()})`, () => {
  it("stores the photo alone, at once, with the rest of the profile never filled in", async () => {
    const { jar, user } = await signedIn();
    const before = (await run("loader", jar)).data?.profile as Record<string, unknown>;
    const key = `uploads/${user.id}/cropped.jpg`;
    await database.db.insert(uploads).values({ ownerId: user.id, key, status: "Complete", mimeType: "image/jpeg" });
    const saved = await run("action", jar, { intent: "photo", kind: "avatar", key });
    expect(saved).toMatchObject({ status: 200, data: { intent: "photo", ok: true } });
    const after = (await run("loader", jar)).data?.profile as Record<string, unknown>;
    expect(after).toEqual({ ...before, avatar: key });

    const cover = `uploads/${user.id}/cover.jpg`;
    await database.db
      .insert(uploads)
      .values({ ownerId: user.id, key: cover, status: "Complete", mimeType: "image/jpeg" });
    expect((await run("action", jar, { intent: "photo", kind: "cover", key: cover })).status).toBe(200);
    expect((await run("loader", jar)).data?.profile).toEqual({ ...before, avatar: key, cover });
  });

  it("refuses someone else's upload, a pending one and a malformed request, keeping the stored photo", async () => {
    const owner = await signedIn();
    const foreign = `uploads/${owner.user.id}/theirs.jpg`;
    await database.db
      .insert(uploads)
      .values({ ownerId: owner.user.id, key: foreign, status: "Complete", mimeType: "image/jpeg" });
    const { jar, user } = await signedIn();
    const before = (await run("loader", jar)).data?.profile;
    const pending = `uploads/${user.id}/pending.jpg`;
    await database.db
      .insert(uploads)
      .values({ ownerId: user.id, key: pending, status: "Pending", mimeType: "image/jpeg" });

    for (const key of [foreign, pending]) {
      const refused = await run("action", jar, { intent: "photo", kind: "avatar", key });
      expect(refused.status).toBe(422);
      expect(refused.data?.result?.error).toEqual({ "": [MESSAGES.image] });
    }
    const noKind = await run("action", jar, { intent: "photo", kind: "banner", key: pending });
    expect(noKind.status).toBe(422);
    expect(Object.keys(noKind.data?.result?.error ?? {})).toEqual(["kind"]);
    const noKey = await run("action", jar, { intent: "photo", kind: "cover", key: " " });
    expect(noKey.status).toBe(422);
    expect(noKey.data?.result?.error).toEqual({ key: ["Required"] });
    expect((await run("loader", jar)).data?.profile).toEqual(before);
  });
});
