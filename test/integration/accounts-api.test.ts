import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCodes, mailOutbox, passwordResetTokens, refreshTokens, sessions, users } from "~/db/schema";
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  REUSE_GRACE_SECONDS,
  rotateRefreshToken,
} from "~/modules/accounts/sessions.server";
import * as confirmEmailRoute from "~/routes/api.confirm_email";
import * as confirmEmailTokenRoute from "~/routes/api.confirm_email.$token";
import * as forgotPasswordRoute from "~/routes/api.forgot_password";
import * as forgotPasswordTokenRoute from "~/routes/api.forgot_password.$resetToken";
import * as refreshRoute from "~/routes/api.refresh_token";
import * as resetPasswordRoute from "~/routes/api.reset_password";
import * as sessionRoute from "~/routes/api.session";
import * as meRoute from "~/routes/api.user.me";
import * as usersRoute from "~/routes/api.users";
import * as expertFlowRoute from "~/routes/api.users.expert_flow";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, {
    RATE_LIMIT_SIGN_IN_IP: "1000/60",
    RATE_LIMIT_SIGN_UP: "1000/60",
    RATE_LIMIT_EMAIL_CODE: "1000/60",
    RATE_LIMIT_PASSWORD_RESET: "1000/60",
  });
});
afterAll(() => database.close());

let counter = 0;
const newUser = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `person${counter}@example.com`,
    fullName: `Pat Person${counter}`,
    password: "correct horse 42",
    passwordConfirmation: "correct horse 42",
    ...overrides,
  };
};

async function signUp(user = newUser(), jar = new CookieJar()) {
  const result = await callRoute(usersRoute, context, { method: "POST", path: "/api/users", body: { user }, jar });
  return { ...result, jar, user };
}

async function lastMailTo(email: string) {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

async function codeFor(email: string) {
  const mail = await lastMailTo(email);
  return {
    code: /\b([A-Z2-9]{6})\b/.exec(mail.text)![1],
    linkToken: decodeURIComponent(/email-verification\?token=([^\s"&<]+)/.exec(mail.text)![1]),
  };
}

describe(`sign-up (${testDatabaseEngine()})`, () => {
  it("creates the user, answers 201 with the current user and signs them in unconfirmed", async () => {
    const { status, body, jar, user } = await signUp(
      newUser({ fullName: "Jordan  Avery Reyes", timezone: "America/Chicago", newsletter: true }),
    );
    expect(status).toBe(201);
    expect(body.payload.user).toMatchObject({
      email: user.email,
      emailConfirmed: false,
      roles: ["User"],
      signUpFlow: "User",
      firstName: "Jordan",
      lastName: "Avery Reyes",
      timezone: "America/Chicago",
      userName: "JordanAveryReyes",
    });
    expect(body.payload.user.avatar).toBe("/avatars/JordanAveryReyes.svg");
    expect(jar.get(ACCESS_COOKIE)).toBeTruthy();
    expect(jar.get(REFRESH_COOKIE)).toBeTruthy();
    const [row] = await database.db.select().from(users).where(eq(users.email, user.email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.newsletter).toBe(true);
    const me = await callRoute(meRoute, context, { path: "/api/user/me", jar });
    expect(me.body.payload.user.email).toBe(user.email);
  });

  it("e-mails a 6-character code and a magic link built from APP_URL", async () => {
    const { user } = await signUp();
    const mail = await lastMailTo(user.email);
    expect(mail.text).toMatch(/\b[A-Z2-9]{6}\b/);
    expect(mail.text).toContain(`${context.env.APP_URL}/email-verification?token=`);
  });

  it("records the Expert flow", async () => {
    const jar = new CookieJar();
    const { status, body } = await callRoute(expertFlowRoute, context, {
      method: "POST",
      path: "/api/users/expert_flow",
      body: { user: newUser() },
      jar,
    });
    expect(status).toBe(201);
    expect(body.payload.user).toMatchObject({ signUpFlow: "Expert", roles: ["User"] });
  });

  it("answers 422 by field: e-mail, required name, mismatched and weak passwords", async () => {
    const bad = await signUp({
      email: "nope",
      fullName: "",
      password: "short",
      passwordConfirmation: "other",
    } as never);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      email: ["Invalid email"],
      fullName: ["Required"],
      password: expect.arrayContaining(["Password must be at least 8 characters"]),
      passwordConfirmation: ["Passwords must match"],
    });
    const taken = newUser();
    await signUp(taken);
    const again = await signUp({ ...taken, email: taken.email.toUpperCase() });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(["This e-mail is already registered"]);
  });

  it("answers 400 for malformed JSON", async () => {
    const result = await callRoute(usersRoute, context, { method: "POST", path: "/api/users", body: "{oops" });
    expect(result.status).toBe(400);
  });
});

describe(`sign-in and sessions (${testDatabaseEngine()})`, () => {
  it("signs in by e-mail or username, case-insensitively, and answers the user", async () => {
    const { user, body: created } = await signUp();
    for (const emailOrUserName of [user.email.toUpperCase(), created.payload.user.userName.toLowerCase()]) {
      const jar = new CookieJar();
      const result = await callRoute(sessionRoute, context, {
        method: "POST",
        path: "/api/session",
        body: { session: { emailOrUserName, password: user.password, rememberMe: false } },
        jar,
      });
      expect(result.status).toBe(200);
      expect(result.body.payload.user.email).toBe(user.email);
      expect(jar.get(ACCESS_COOKIE)).toBeTruthy();
    }
  });

  it("gives the same error for a wrong password and an unknown account", async () => {
    const { user } = await signUp();
    const wrong = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: "wrong password 1" } },
    });
    const unknown = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: "nobody@example.com", password: "wrong password 1" } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe("Wrong email, username or password");
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("keeps the refresh cookie 30 days with remember me, for the browser session without", async () => {
    const { user } = await signUp();
    const remembered = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: user.password, rememberMe: true } },
    });
    const refreshLine = remembered.headers.getSetCookie().find((c) => c.startsWith(REFRESH_COOKIE))!;
    expect(refreshLine).toMatch(/Max-Age=2592000/);
    expect(refreshLine).toMatch(/HttpOnly/);
    expect(refreshLine).toMatch(/SameSite=Lax/);
    const forgetful = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: user.password } },
    });
    expect(forgetful.headers.getSetCookie().find((c) => c.startsWith(REFRESH_COOKIE))).not.toMatch(/Max-Age/);
    const [session] = await database.db.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(24 * 3600_000);
  });

  it("GET /api/user/me is 401 signed out and with a forged access cookie", async () => {
    expect((await callRoute(meRoute, context, { path: "/api/user/me" })).status).toBe(401);
    const jar = new CookieJar();
    jar.set(ACCESS_COOKIE, "00000000-0000-0000-0000-000000000000.9999999999.forged");
    const forged = await callRoute(meRoute, context, { path: "/api/user/me", jar });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: "Please sign in to continue.", statusCode: 401 });
  });

  it("rotates the refresh token; an old token replayed after the grace window revokes the whole session", async () => {
    const { jar } = await signUp();
    const first = jar.get(REFRESH_COOKIE)!;
    const refreshed = await callRoute(refreshRoute, context, { method: "POST", path: "/api/refresh_token", jar });
    expect(refreshed.status).toBe(200);
    const second = jar.get(REFRESH_COOKIE)!;
    expect(second).not.toBe(first);
    // The thief replays the first token later.
    const later = new Date(Date.now() + (REUSE_GRACE_SECONDS + 1) * 1000);
    expect(await rotateRefreshToken(database.db, first, later)).toEqual({ ok: false, reason: "reused" });
    // The whole session is gone, for the legitimate browser too.
    const victim = await callRoute(refreshRoute, context, { method: "POST", path: "/api/refresh_token", jar });
    expect(victim.status).toBe(401);
    expect(jar.get(REFRESH_COOKIE)).toBeUndefined();
    expect((await callRoute(meRoute, context, { path: "/api/user/me", jar })).status).toBe(401);
  });

  it("lets a page and its data request present the same token at once (grace window)", async () => {
    const { jar } = await signUp();
    const token = jar.get(REFRESH_COOKIE)!;
    const [a, b] = await Promise.all([rotateRefreshToken(database.db, token), rotateRefreshToken(database.db, token)]);
    expect(a.ok && b.ok).toBe(true);
  });

  it("DELETE /api/session revokes the session and clears the cookies", async () => {
    const { jar } = await signUp();
    const stolenCopy = new CookieJar();
    stolenCopy.set(ACCESS_COOKIE, jar.get(ACCESS_COOKIE)!);
    const out = await callRoute(sessionRoute, context, { method: "DELETE", path: "/api/session", jar });
    expect(out.status).toBe(200);
    expect(jar.get(ACCESS_COOKIE)).toBeUndefined();
    expect((await callRoute(meRoute, context, { path: "/api/user/me", jar: stolenCopy })).status).toBe(401);
  });

  it("refresh without a cookie is 401", async () => {
    expect((await callRoute(refreshRoute, context, { method: "POST", path: "/api/refresh_token" })).status).toBe(401);
  });
});

describe(`e-mail confirmation (${testDatabaseEngine()})`, () => {
  it("confirms with the code, in any case and with spaces", async () => {
    const { jar, user } = await signUp();
    const { code } = await codeFor(user.email);
    const spaced = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const result = await callRoute(confirmEmailTokenRoute, context, {
      method: "PATCH",
      path: `/api/confirm_email/x`,
      params: { token: spaced },
      jar,
    });
    expect(result.status).toBe(200);
    expect(result.body.payload.user.emailConfirmed).toBe(true);
  });

  it("confirms with the magic link's token without being signed in", async () => {
    const { user } = await signUp();
    const { linkToken } = await codeFor(user.email);
    const result = await callRoute(confirmEmailTokenRoute, context, {
      method: "PATCH",
      path: "/api/confirm_email/x",
      params: { token: linkToken },
    });
    expect(result.status).toBe(200);
    expect(result.body.payload.user.emailConfirmed).toBe(true);
  });

  it("needs the signed-in user for a code", async () => {
    const { user } = await signUp();
    const { code } = await codeFor(user.email);
    expect(
      (
        await callRoute(confirmEmailTokenRoute, context, {
          method: "PATCH",
          path: "/api/confirm_email/x",
          params: { token: code },
        })
      ).status,
    ).toBe(401);
  });

  it("burns the code after 5 wrong tries", async () => {
    const { jar, user } = await signUp();
    const { code } = await codeFor(user.email);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const messages = [];
    for (let i = 0; i < 5; i++) {
      const result = await callRoute(confirmEmailTokenRoute, context, {
        method: "PATCH",
        path: "/api/confirm_email/x",
        params: { token: wrong },
        jar,
      });
      expect(result.status).toBe(422);
      messages.push(result.body.errors.token[0]);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill("Invalid code"));
    const right = await callRoute(confirmEmailTokenRoute, context, {
      method: "PATCH",
      path: "/api/confirm_email/x",
      params: { token: code },
      jar,
    });
    expect(right.status).toBe(422);
    expect(right.body.errors.token).toEqual(["This code has expired. Request a new one."]);
  });

  it("refuses an expired code, and a resend replaces it", async () => {
    const { jar, user } = await signUp();
    const { code } = await codeFor(user.email);
    const [row] = await database.db.select().from(users).where(eq(users.email, user.email));
    await database.db
      .update(emailCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailCodes.userId, row.id));
    const expired = await callRoute(confirmEmailTokenRoute, context, {
      method: "PATCH",
      path: "/api/confirm_email/x",
      params: { token: code },
      jar,
    });
    expect(expired.body.errors.token).toEqual(["This code has expired. Request a new one."]);
    const resent = await callRoute(confirmEmailRoute, context, { method: "POST", path: "/api/confirm_email", jar });
    expect(resent.status).toBe(200);
    const fresh = await codeFor(user.email);
    const confirmed = await callRoute(confirmEmailTokenRoute, context, {
      method: "PATCH",
      path: "/api/confirm_email/x",
      params: { token: fresh.code },
      jar,
    });
    expect(confirmed.status).toBe(200);
    // Once confirmed, resending makes no sense.
    expect(
      (await callRoute(confirmEmailRoute, context, { method: "POST", path: "/api/confirm_email", jar })).status,
    ).toBe(422);
  });

  it("limits resends (429 with Retry-After)", async () => {
    const strict = {
      ...makeLoadContext(database.db, { RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_EMAIL_CODE: "2/600" }),
      clientIp: "192.0.2.99",
    };
    const jar = new CookieJar();
    await callRoute(usersRoute, strict, { method: "POST", path: "/api/users", body: { user: newUser() }, jar });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await callRoute(confirmEmailRoute, strict, { method: "POST", path: "/api/confirm_email", jar })).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });
});

async function resetTokenFor(email: string) {
  const mail = await lastMailTo(email);
  return decodeURIComponent(/reset-password\/([^\s"<]+)/.exec(mail.text)![1]);
}

describe(`password reset and change (${testDatabaseEngine()})`, () => {
  it("answers the same for an unknown account and sends nothing", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const unknown = await callRoute(forgotPasswordRoute, context, {
      method: "POST",
      path: "/api/forgot_password",
      body: { emailOrUserName: "ghost@example.com" },
    });
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const { user } = await signUp();
    const known = await callRoute(forgotPasswordRoute, context, {
      method: "POST",
      path: "/api/forgot_password",
      body: { emailOrUserName: user.email },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(after[0].n).toBe(before[0].n);
  });

  it("resets once with a valid token, signs out every session, and the token is then dead", async () => {
    const { user, jar } = await signUp();
    await callRoute(forgotPasswordRoute, context, {
      method: "POST",
      path: "/api/forgot_password",
      body: { emailOrUserName: user.email },
    });
    const token = await resetTokenFor(user.email);
    expect(
      (
        await callRoute(forgotPasswordTokenRoute, context, {
          path: "/api/forgot_password/x",
          params: { resetToken: token },
        })
      ).status,
    ).toBe(200);
    const mismatch = await callRoute(forgotPasswordTokenRoute, context, {
      method: "PUT",
      path: "/api/forgot_password/x",
      params: { resetToken: token },
      body: { password: "brand new 123", confirmPassword: "other 123" },
    });
    expect(mismatch.body.errors.confirmPassword).toEqual(["Passwords must match"]);
    const done = await callRoute(forgotPasswordTokenRoute, context, {
      method: "PUT",
      path: "/api/forgot_password/x",
      params: { resetToken: token },
      body: { password: "brand new 123", confirmPassword: "brand new 123" },
    });
    expect(done.status).toBe(200);
    expect((await callRoute(meRoute, context, { path: "/api/user/me", jar })).status).toBe(401);
    const again = await callRoute(forgotPasswordTokenRoute, context, {
      method: "PUT",
      path: "/api/forgot_password/x",
      params: { resetToken: token },
      body: { password: "another 12345", confirmPassword: "another 12345" },
    });
    expect(again.status).toBe(404);
    expect(
      (
        await callRoute(forgotPasswordTokenRoute, context, {
          path: "/api/forgot_password/x",
          params: { resetToken: token },
        })
      ).status,
    ).toBe(404);
    const signIn = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: "brand new 123" } },
    });
    expect(signIn.status).toBe(200);
  });

  it("a reset spends every other open link of the account, and so does a password change", async () => {
    const { user } = await signUp();
    const ask = () =>
      callRoute(forgotPasswordRoute, context, {
        method: "POST",
        path: "/api/forgot_password",
        body: { emailOrUserName: user.email },
      });
    const check = (token: string) =>
      callRoute(forgotPasswordTokenRoute, context, {
        path: "/api/forgot_password/x",
        params: { resetToken: token },
      }).then((r) => r.status);
    const reset = (token: string, password: string) =>
      callRoute(forgotPasswordTokenRoute, context, {
        method: "PUT",
        path: "/api/forgot_password/x",
        params: { resetToken: token },
        body: { password, confirmPassword: password },
      }).then((r) => r.status);
    await ask();
    const older = await resetTokenFor(user.email);
    await ask();
    const newer = await resetTokenFor(user.email);
    expect(newer).not.toBe(older);
    expect([await check(older), await check(newer)]).toEqual([200, 200]);
    expect(await reset(newer, "brand new 123")).toBe(200);
    // The older link was sent before the reset: it sets nothing now.
    expect(await check(older)).toBe(404);
    expect(await reset(older, "attacker 12345")).toBe(404);
    // Nor does an e-mail code sent before it.
    const [account] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const codes = await database.db
      .select({ consumedAt: emailCodes.consumedAt })
      .from(emailCodes)
      .where(eq(emailCodes.userId, account.id));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((code) => code.consumedAt !== null)).toBe(true);

    // A link asked for, then the password changed from the settings: the link is dead.
    const session = new CookieJar();
    await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: "brand new 123" } },
      jar: session,
    });
    await ask();
    const pending = await resetTokenFor(user.email);
    const changed = await callRoute(resetPasswordRoute, context, {
      method: "POST",
      path: "/api/reset_password",
      jar: session,
      body: { currentPassword: "brand new 123", password: "changed pass 9", confirmPassword: "changed pass 9" },
    });
    expect(changed.status).toBe(200);
    expect(await check(pending)).toBe(404);
    expect(await reset(pending, "attacker 12345")).toBe(404);
  });

  it("refuses an expired reset token", async () => {
    const { user } = await signUp();
    await callRoute(forgotPasswordRoute, context, {
      method: "POST",
      path: "/api/forgot_password",
      body: { emailOrUserName: user.email },
    });
    const token = await resetTokenFor(user.email);
    await database.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(
      (
        await callRoute(forgotPasswordTokenRoute, context, {
          path: "/api/forgot_password/x",
          params: { resetToken: token },
        })
      ).status,
    ).toBe(404);
  });

  it("changes the password when signed in, keeping this session and ending the others", async () => {
    const { user, jar } = await signUp();
    const other = new CookieJar();
    await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: user.password } },
      jar: other,
    });
    const wrong = await callRoute(resetPasswordRoute, context, {
      method: "POST",
      path: "/api/reset_password",
      jar,
      body: { currentPassword: "not it 123", password: "changed pass 9", confirmPassword: "changed pass 9" },
    });
    expect(wrong.body.errors.currentPassword).toEqual(["Wrong password"]);
    const ok = await callRoute(resetPasswordRoute, context, {
      method: "POST",
      path: "/api/reset_password",
      jar,
      body: { currentPassword: user.password, password: "changed pass 9", confirmPassword: "changed pass 9" },
    });
    expect(ok.status).toBe(200);
    expect((await callRoute(meRoute, context, { path: "/api/user/me", jar })).status).toBe(200);
    expect((await callRoute(meRoute, context, { path: "/api/user/me", jar: other })).status).toBe(401);
    expect(
      (await callRoute(resetPasswordRoute, context, { method: "POST", path: "/api/reset_password", body: {} })).status,
    ).toBe(401);
  });
});

describe(`abuse limits (${testDatabaseEngine()})`, () => {
  it("limits wrong current passwords on a password change like failed sign-ins", async () => {
    const strict = makeLoadContext(database.db, { RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_SIGN_IN_ACCOUNT: "2/900" });
    const { user, jar } = await signUp();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const body = { currentPassword: `guess ${i} abc`, password: "changed pass 9", confirmPassword: "changed pass 9" };
      statuses.push(
        (await callRoute(resetPasswordRoute, strict, { method: "POST", path: "/api/reset_password", jar, body }))
          .status,
      );
    }
    expect(statuses).toEqual([422, 422, 429]);
    // Past the limit the right password is refused as well, so it cannot be told from a guess.
    const right = { currentPassword: user.password, password: "changed pass 9", confirmPassword: "changed pass 9" };
    expect(
      (await callRoute(resetPasswordRoute, strict, { method: "POST", path: "/api/reset_password", jar, body: right }))
        .status,
    ).toBe(429);
    expect((await database.db.select().from(users).where(eq(users.email, user.email)))[0].passwordHash).not.toBeNull();
  });

  it("limits failed sign-ins per account, whatever the IP", async () => {
    const strict = makeLoadContext(database.db, { RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_SIGN_IN_ACCOUNT: "3/900" });
    const { user } = await signUp();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const ctx = { ...strict, clientIp: `10.0.0.${i}` };
      statuses.push(
        (
          await callRoute(sessionRoute, ctx, {
            method: "POST",
            path: "/api/session",
            body: { session: { emailOrUserName: user.email, password: "bad guess 1" } },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 429]);

    // Locked: the right password is refused too, by e-mail or user name, from any IP, with a Retry-After.
    const userName = (
      await database.db.select({ userName: users.userName }).from(users).where(eq(users.email, user.email))
    )[0].userName;
    for (const [i, emailOrUserName] of [user.email, userName.toUpperCase()].entries()) {
      const ctx = { ...strict, clientIp: `10.0.1.${i}` };
      const locked = await callRoute(sessionRoute, ctx, {
        method: "POST",
        path: "/api/session",
        body: { session: { emailOrUserName, password: user.password } },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe("Too many requests. Try again later.");
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
    }

    // The owner gets back in at once through a password reset by e-mail, which ends the lock.
    // (From an address of its own: the file's other resets count against 127.0.0.1's hourly limit.)
    await callRoute(
      forgotPasswordRoute,
      { ...strict, clientIp: "10.0.2.1" },
      { method: "POST", path: "/api/forgot_password", body: { emailOrUserName: user.email } },
    );
    const resetToken = await resetTokenFor(user.email);
    const reset = await callRoute(forgotPasswordTokenRoute, strict, {
      method: "PUT",
      path: "/api/forgot_password/x",
      params: { resetToken },
      body: { password: "fresh start 77", confirmPassword: "fresh start 77" },
    });
    expect(reset.status).toBe(200);
    const signedIn = await callRoute(sessionRoute, strict, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: userName, password: "fresh start 77" } },
    });
    expect(signedIn.status).toBe(200);
  });

  it("does not let guesses at an unknown name lock anyone else", async () => {
    const strict = makeLoadContext(database.db, { RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_SIGN_IN_ACCOUNT: "1/900" });
    const { user } = await signUp();
    for (const password of ["bad guess 1", "bad guess 2"]) {
      await callRoute(sessionRoute, strict, {
        method: "POST",
        path: "/api/session",
        body: { session: { emailOrUserName: `ghost-${user.email}`, password } },
      });
    }
    const owner = await callRoute(sessionRoute, strict, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: user.email, password: user.password } },
    });
    expect(owner.status).toBe(200);
  });

  it("limits sign-ins per IP", async () => {
    const strict = { ...makeLoadContext(database.db, { RATE_LIMIT_SIGN_IN_IP: "2/300" }), clientIp: "192.0.2.77" };
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await callRoute(sessionRoute, strict, {
            method: "POST",
            path: "/api/session",
            body: { session: { emailOrUserName: "x@example.com", password: "y" } },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([422, 422, 429]);
  });

  it("limits sign-ups and password-reset requests per IP", async () => {
    const strict = {
      ...makeLoadContext(database.db, { RATE_LIMIT_SIGN_UP: "1/300", RATE_LIMIT_PASSWORD_RESET: "1/300" }),
      clientIp: "192.0.2.88",
    };
    expect(
      (await callRoute(usersRoute, strict, { method: "POST", path: "/api/users", body: { user: newUser() } })).status,
    ).toBe(201);
    const limited = await callRoute(usersRoute, strict, {
      method: "POST",
      path: "/api/users",
      body: { user: newUser() },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("Too many requests. Try again later.");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reset = () =>
      callRoute(forgotPasswordRoute, strict, {
        method: "POST",
        path: "/api/forgot_password",
        body: { emailOrUserName: "a@b.co" },
      });
    expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(429);
  });

  it("keeps refresh tokens hashed at rest", async () => {
    const { jar } = await signUp();
    const rows = await database.db.select().from(refreshTokens);
    expect(rows.some((r) => r.tokenHash === jar.get(REFRESH_COOKIE))).toBe(false);
  });
});
