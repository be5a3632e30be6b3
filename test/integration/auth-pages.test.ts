/**
 * The accounts pages' loaders and actions, called the way Remix calls them, on the real modules
 * and database: what each form answers, where it redirects and which cookies it sets.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, sessions, users } from "~/db/schema";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/modules/accounts/sessions.server";
import { loader as rootLoader } from "~/root";
import * as emailVerification from "~/routes/email-verification._index";
import * as emailConfirmed from "~/routes/email-verification.confirmed";
import * as emailResend from "~/routes/email-verification.resend";
import * as emailVerify from "~/routes/email-verification.verify";
import * as forgotPassword from "~/routes/forgot-password";
import * as resetPassword from "~/routes/reset-password.$token";
import * as signIn from "~/routes/sign-in";
import * as signOut from "~/routes/sign-out";
import * as signUp from "~/routes/sign-up";
import { CookieJar } from "../support/api-caller";
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

type Handler = (args: { request: Request; params: Record<string, string>; context: typeof context }) => unknown;

interface Answer {
  status: number;
  location: string | null;
  headers: Headers;
  data: Record<string, unknown> | null;
}

/** Runs a loader (no fields) or an action (fields, posted as a form) and normalises what it answers. */
async function call(
  handler: Handler | undefined,
  path: string,
  options: { jar?: CookieJar; fields?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = new Headers();
  if (options.jar) headers.set("Cookie", options.jar.header());
  const request = new Request(
    `http://localhost${path}`,
    options.fields ? { method: "POST", headers, body: new URLSearchParams(options.fields) } : { headers },
  );
  let result: unknown;
  try {
    result = await handler!({ request, params: options.params ?? {}, context });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    options.jar?.absorb(result);
    return { status: result.status, location: result.headers.get("Location"), headers: result.headers, data: null };
  }
  // `data(value, init)` from @remix-run/node.
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, headers: new Headers(init?.headers), data };
  }
  return { status: 200, location: null, headers: new Headers(), data: result as Record<string, unknown> | null };
}

/** The conform reply's errors: "" is the form root. */
const errorsOf = (answer: Answer) =>
  (answer.data?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};

let counter = 0;
function person(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    email: `page${counter}@example.com`,
    fullName: `Page Person${counter}`,
    password: "correct horse 42",
    passwordConfirmation: "correct horse 42",
    ...overrides,
  };
}

async function signUpThroughPage(fields = person(), jar = new CookieJar()) {
  const answer = await call(signUp.action, "/sign-up", { fields, jar });
  return { answer, jar, fields };
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

describe(`sign-up page (${testDatabaseEngine()})`, () => {
  it("creates the account, signs it in with both cookies and goes to /email-verification", async () => {
    const { answer, jar, fields } = await signUpThroughPage(
      person({ flow: "Expert", newsletter: "on", timezone: "America/Chicago" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/email-verification");
    expect(answer.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual([ACCESS_COOKIE, REFRESH_COOKIE]);
    const [row] = await database.db.select().from(users).where(eq(users.email, fields.email));
    expect(row).toMatchObject({
      signUpFlow: "Expert",
      newsletter: true,
      timezone: "America/Chicago",
      firstName: "Page",
      emailConfirmedAt: null,
    });
    const root = await call(rootLoader as Handler, "/", { jar });
    expect(root.data?.user).toMatchObject({ email: fields.email, emailConfirmed: false, signUpFlow: "Expert" });
  });

  it("puts 'Passwords must match' on the confirmation and a taken e-mail on the email field", async () => {
    const mismatch = await call(signUp.action, "/sign-up", {
      fields: person({ passwordConfirmation: "something else 1" }),
    });
    expect(mismatch.status).toBe(422);
    expect(errorsOf(mismatch).passwordConfirmation).toEqual(["Passwords must match"]);

    const { fields } = await signUpThroughPage();
    const taken = await call(signUp.action, "/sign-up", { fields: person({ email: fields.email.toUpperCase() }) });
    expect(taken.status).toBe(422);
    expect(errorsOf(taken).email).toEqual(["This e-mail is already registered"]);
    // Passwords never travel back to the page.
    expect(JSON.stringify(taken.data)).not.toContain("correct horse 42");
  });

  it("reads the tab from ?flow= and turns signed-in users with a confirmed e-mail away", async () => {
    expect((await call(signUp.loader, "/sign-up?flow=Expert")).data).toMatchObject({
      flow: "Expert",
      googleEnabled: false,
    });
    expect((await call(signUp.loader, "/sign-up?flow=nonsense")).data).toMatchObject({ flow: null });

    const { jar, fields } = await signUpThroughPage();
    // Unconfirmed: may start over with another address.
    expect((await call(signUp.loader, "/sign-up", { jar })).status).toBe(200);
    await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, fields.email));
    expect(await call(signUp.loader, "/sign-up", { jar })).toMatchObject({ status: 302, location: "/" });
  });
});

describe(`sign-in page (${testDatabaseEngine()})`, () => {
  it("shows the server's error on the form root for a wrong password", async () => {
    const { fields } = await signUpThroughPage();
    const answer = await call(signIn.action, "/sign-in", {
      fields: { emailOrUserName: fields.email, password: "not my password 1" },
    });
    expect(answer.status).toBe(422);
    expect(errorsOf(answer)[""]).toEqual(["Wrong email, username or password"]);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it("goes to the callbackUrl after signing in, and home for an external one", async () => {
    const { fields } = await signUpThroughPage();
    const credentials = { emailOrUserName: fields.email, password: fields.password };

    const fromQuery = await call(signIn.action, `/sign-in?callbackUrl=${encodeURIComponent("/contacts?x=1")}`, {
      fields: credentials,
    });
    expect(fromQuery).toMatchObject({ status: 302, location: "/contacts?x=1" });
    expect(fromQuery.headers.getSetCookie()).toHaveLength(2);

    const fromField = await call(signIn.action, "/sign-in", {
      fields: { ...credentials, callbackUrl: "/posts/liked" },
    });
    expect(fromField.location).toBe("/posts/liked");

    // "/\t/…" and "/\n/…": browsers drop tabs and line breaks from a Location, leaving "//evil.example".
    for (const external of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
    ]) {
      const answer = await call(signIn.action, `/sign-in?callbackUrl=${encodeURIComponent(external)}`, {
        fields: credentials,
      });
      expect(answer.location).toBe("/");
    }
    expect((await call(signIn.loader, "/sign-in?callbackUrl=https%3A%2F%2Fevil.example")).data).toMatchObject({
      callbackUrl: null,
    });
    // Past ASCII a Location cannot hold the text as it is: it goes percent-encoded, never a 500 (a
    // form carries half a surrogate pair as U+FFFD).
    const separator = await call(signIn.action, "/sign-in", { fields: { ...credentials, callbackUrl: "/\u2028x" } });
    expect(separator).toMatchObject({ status: 302, location: "/%E2%80%A8x" });
    expect(
      (await call(signIn.action, "/sign-in", { fields: { ...credentials, callbackUrl: "/experts/José" } })).location,
    ).toBe("/experts/Jos%C3%A9");
    expect(
      (await call(signIn.action, "/sign-in", { fields: { ...credentials, callbackUrl: "/\uD800x" } })).location,
    ).toBe("/%EF%BF%BDx");
  });

  it("remember me makes the refresh cookie outlive the browser", async () => {
    const { fields } = await signUpThroughPage();
    const credentials = { emailOrUserName: fields.email, password: fields.password };
    const session = await call(signIn.action, "/sign-in", { fields: credentials });
    expect(CookieJar.persistentOf(new Response(null, { headers: session.headers }))).toEqual([ACCESS_COOKIE]);
    const remembered = await call(signIn.action, "/sign-in", { fields: { ...credentials, rememberMe: "on" } });
    expect(CookieJar.persistentOf(new Response(null, { headers: remembered.headers }))).toEqual([
      ACCESS_COOKIE,
      REFRESH_COOKIE,
    ]);
  });

  it("is for visitors only", async () => {
    const { jar } = await signUpThroughPage();
    expect(await call(signIn.loader, "/sign-in", { jar })).toMatchObject({ status: 302, location: "/" });
  });
});

describe(`sign-out (${testDatabaseEngine()})`, () => {
  it("revokes the session, clears both cookies and goes home; a GET does nothing", async () => {
    const { jar } = await signUpThroughPage();
    const cookieHeader = jar.header();
    expect(await call(signOut.loader as Handler, "/sign-out", { jar })).toMatchObject({ status: 302, location: "/" });
    expect((await call(rootLoader as Handler, "/", { jar })).data?.user).not.toBeNull();

    const answer = await call(signOut.action, "/sign-out", { fields: {}, jar });
    expect(answer).toMatchObject({ status: 302, location: "/" });
    expect(answer.headers.getSetCookie().every((c) => c.includes("Max-Age=0"))).toBe(true);
    expect(jar.header()).toBe("");
    // The old cookies no longer name a live session.
    const stale = new CookieJar();
    for (const part of cookieHeader.split("; ")) stale.set(part.split("=")[0], part.slice(part.indexOf("=") + 1));
    expect((await call(rootLoader as Handler, "/", { jar: stale })).data?.user).toBeNull();
    const revoked = await database.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.revokedReason, "signed out"));
    expect(revoked.length).toBeGreaterThan(0);
  });
});

describe(`e-mail verification pages (${testDatabaseEngine()})`, () => {
  it("sends visitors to sign in and confirmed users home", async () => {
    expect(await call(emailVerification.loader, "/email-verification")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Femail-verification",
    });
    const { jar, fields } = await signUpThroughPage();
    expect((await call(emailVerification.loader, "/email-verification", { jar })).data).toEqual({
      token: null,
      email: fields.email,
    });
    expect(await call(emailVerify.loader as Handler, "/email-verification/verify?token=abc")).toMatchObject({
      location: "/email-verification?token=abc",
    });
  });

  it("a wrong code is an error on the form root; the right one (typed loosely) confirms", async () => {
    const { jar, fields } = await signUpThroughPage();
    const { code } = await codeFor(fields.email);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const bad = await call(emailVerification.action, "/email-verification", {
      jar,
      fields: { intent: "confirm", code: wrong },
    });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)[""]).toEqual(["Invalid code"]);

    const loose = ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)}-XYZ`;
    const good = await call(emailVerification.action, "/email-verification", {
      jar,
      fields: { intent: "confirm", code: loose },
    });
    expect(good).toMatchObject({ status: 302, location: "/email-verification/confirmed" });
    expect((await call(emailConfirmed.loader, "/email-verification/confirmed", { jar })).data).toEqual({ next: "/" });
    expect(await call(emailVerification.loader, "/email-verification", { jar })).toMatchObject({ location: "/" });
  });

  it("the magic link works signed out, then the confirmed page asks to sign in; Done leads experts to /become-expert", async () => {
    const { fields } = await signUpThroughPage(person({ flow: "Expert" }));
    const { linkToken } = await codeFor(fields.email);
    const path = `/email-verification?token=${encodeURIComponent(linkToken)}`;
    expect((await call(emailVerification.loader, path)).data).toEqual({ token: linkToken, email: null });
    const confirmed = await call(emailVerification.action, path, { fields: { intent: "confirm", token: linkToken } });
    expect(confirmed).toMatchObject({ status: 302, location: "/email-verification/confirmed" });
    expect(await call(emailConfirmed.loader, "/email-verification/confirmed")).toMatchObject({
      location: "/sign-in?callbackUrl=%2Femail-verification%2Fconfirmed",
    });

    const jar = new CookieJar();
    await call(signIn.action, "/sign-in", {
      jar,
      fields: { emailOrUserName: fields.email, password: fields.password },
    });
    expect((await call(emailConfirmed.loader, "/email-verification/confirmed", { jar })).data).toEqual({
      next: "/become-expert",
    });
    const again = await call(emailVerification.action, path, { fields: { intent: "confirm", token: linkToken } });
    expect(errorsOf(again)[""]).toEqual(["This link has expired. Request a new one."]);
  });

  it("honours a local callbackUrl after confirming", async () => {
    const { jar, fields } = await signUpThroughPage();
    const { code } = await codeFor(fields.email);
    const answer = await call(emailVerification.action, "/email-verification?callbackUrl=%2Fsettings", {
      jar,
      fields: { intent: "confirm", code },
    });
    expect(answer.location).toBe("/settings");
  });

  it("resends the code from both screens", async () => {
    const { jar, fields } = await signUpThroughPage();
    const before = (await codeFor(fields.email)).code;
    const resent = await call(emailVerification.action, "/email-verification", { jar, fields: { intent: "resend" } });
    expect(resent.data).toMatchObject({ intent: "resend", resendError: null });
    expect(await lastMailTo(fields.email)).toBeTruthy();

    expect((await call(emailResend.loader, "/email-verification/resend", { jar })).data).toEqual({
      email: fields.email,
    });
    const second = await call(emailResend.action, "/email-verification/resend", { jar, fields: {} });
    expect(second.data).toEqual({ sentTo: fields.email, error: null });
    // The newest code is the one that works.
    const { code } = await codeFor(fields.email);
    const stale = await call(emailVerification.action, "/email-verification", {
      jar,
      fields: { intent: "confirm", code: before },
    });
    if (before !== code) expect(stale.status).toBe(422);
    expect(
      (await call(emailVerification.action, "/email-verification", { jar, fields: { intent: "confirm", code } }))
        .status,
    ).toBe(302);
  });
});

describe(`password reset pages (${testDatabaseEngine()})`, () => {
  it("answers the same for known and unknown accounts", async () => {
    const { fields } = await signUpThroughPage();
    for (const emailOrUserName of [fields.email, "nobody@example.com"]) {
      const answer = await call(forgotPassword.action, "/forgot-password", { fields: { emailOrUserName } });
      expect(answer).toMatchObject({ status: 200, data: { sent: true } });
    }
    const missing = await call(forgotPassword.action, "/forgot-password", { fields: {} });
    expect(errorsOf(missing).emailOrUserName).toEqual(["Required"]);
  });

  it("an unknown token is a 404 page; a good one sets the password once", async () => {
    expect((await call(resetPassword.loader, "/reset-password/nope", { params: { token: "nope" } })).status).toBe(404);

    const { fields } = await signUpThroughPage();
    await call(forgotPassword.action, "/forgot-password", { fields: { emailOrUserName: fields.email } });
    const token = decodeURIComponent(/reset-password\/([^\s"&<]+)/.exec((await lastMailTo(fields.email)).text)![1]);
    const path = `/reset-password/${encodeURIComponent(token)}`;
    expect((await call(resetPassword.loader, path, { params: { token } })).status).toBe(200);

    const mismatch = await call(resetPassword.action, path, {
      params: { token },
      fields: { password: "new secret 99", confirmPassword: "new secret 98" },
    });
    expect(errorsOf(mismatch).confirmPassword).toEqual(["Passwords must match"]);

    const done = await call(resetPassword.action, path, {
      params: { token },
      fields: { password: "new secret 99", confirmPassword: "new secret 99" },
    });
    expect(done).toMatchObject({ status: 302, location: "/reset-password/done" });
    expect((await call(resetPassword.loader, path, { params: { token } })).status).toBe(404);
    const signedIn = await call(signIn.action, "/sign-in", {
      fields: { emailOrUserName: fields.email, password: "new secret 99" },
    });
    expect(signedIn.status).toBe(302);
  });
});
