/**
 * Google sign-in end to end against a real local OAuth2 provider (test/support/oauth-provider.ts):
 * /auth/google → the provider's /authorize (followed with fetch, manual redirects) → the callback
 * → 'Complete sign up' or a session; and the two JSON endpoints. Real database, real route code.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, socialAccounts, users } from "~/db/schema";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/modules/accounts/sessions.server";
import { OAUTH_STATE_COOKIE, SOCIAL_COOKIE, SOCIAL_TOKEN_TTL_SECONDS } from "~/modules/accounts/google-sign-in.server";
import { createSocialToken } from "~/modules/accounts/social-token.server";
import * as sessionRoute from "~/routes/api.session";
import * as socialSessionRoute from "~/routes/api.session.social";
import * as meRoute from "~/routes/api.user.me";
import * as usersRoute from "~/routes/api.users";
import * as socialUsersRoute from "~/routes/api.users.social";
import * as startRoute from "~/routes/auth.google";
import * as callbackRoute from "~/routes/auth.google_.callback";
import * as completeRoute from "~/routes/sign-up_.complete";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { startOAuthProvider, type OAuthProvider, type ProviderAccount } from "../support/oauth-provider";

const CLIENT_ID = "sharpside-test-client";
const CLIENT_SECRET = "sharpside-test-secret";
const APP_URL = "http://localhost:3000";

let database: TestDatabase;
let provider: OAuthProvider;
let context: AppLoadContext;
let disabled: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startOAuthProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${APP_URL}/auth/google/callback`],
  });
  const common = { APP_URL, RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_SIGN_IN_IP: "1000/60" };
  context = makeLoadContext(database.db, {
    ...common,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_AUTH_URL: provider.authorizeUrl,
    GOOGLE_TOKEN_URL: provider.tokenUrl,
    GOOGLE_USERINFO_URL: provider.userInfoUrl,
  });
  // Same database, Google sign-in not configured (only the endpoints' URLs are).
  disabled = makeLoadContext(database.db, {
    ...common,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_AUTH_URL: provider.authorizeUrl,
  });
});
afterAll(async () => {
  await provider?.close();
  await database?.close();
});

let counter = 0;
function googleAccount(overrides: Partial<ProviderAccount> = {}): ProviderAccount {
  counter += 1;
  return {
    sub: `10${Date.now()}${counter}`,
    email: `g.person${counter}@gmail.test`,
    email_verified: true,
    name: `Gia Person${counter}`,
    ...overrides,
  };
}

const pathOf = (location: string) => {
  const url = new URL(location, APP_URL);
  return `${url.pathname}${url.search}`;
};

/** Starts at /auth/google, goes through the provider's /authorize and ends with the callback's answer. */
async function signInWithGoogle(jar: CookieJar, start = "/auth/google", account?: ProviderAccount) {
  if (account) provider.signInAs(account);
  const started = await callRoute(startRoute, context, { path: start, jar });
  expect(started.status).toBe(302);
  const authorizeUrl = started.headers.get("Location")!;
  expect(authorizeUrl.startsWith(provider.authorizeUrl)).toBe(true);
  const atProvider = await fetch(authorizeUrl, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = atProvider.headers.get("Location")!;
  expect(back.startsWith(`${APP_URL}/auth/google/callback?`)).toBe(true);
  const callback = await callRoute(callbackRoute, context, { path: pathOf(back), jar });
  return {
    started,
    authorizeUrl: new URL(authorizeUrl),
    callbackPath: pathOf(back),
    callback,
    location: callback.headers.get("Location") ?? "",
  };
}

function pageRequest(path: string, jar: CookieJar, form?: Record<string, string>) {
  const headers = new Headers({ Cookie: jar.header() });
  if (!form) return new Request(`http://localhost${path}`, { headers });
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** The page's loader: its data, or the Response it threw. */
async function loadCompletePage(path: string, jar: CookieJar, ctx = context) {
  try {
    return {
      data: await completeRoute.loader({ request: pageRequest(path, jar), params: {}, context: ctx }),
      thrown: null,
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { data: null, thrown };
    throw thrown;
  }
}

async function submitCompletePage(path: string, jar: CookieJar, form: Record<string, string>) {
  const result = await completeRoute.action({ request: pageRequest(path, jar, form), params: {}, context });
  if (result instanceof Response) {
    jar.absorb(result);
    return { response: result, data: null };
  }
  return {
    response: null,
    data: result as unknown as { data: { result: { error?: Record<string, string[]> } }; init: ResponseInit },
  };
}

async function me(jar: CookieJar) {
  return callRoute(meRoute, context, { path: "/api/user/me", jar });
}

function completionQuery(location: string) {
  const url = new URL(location, APP_URL);
  expect(url.pathname).toBe("/sign-up/complete");
  const q = url.searchParams;
  return {
    provider: q.get("provider")!,
    token: q.get("token")!,
    email: q.get("email")!,
    name: q.get("name")!,
    path: `${url.pathname}${url.search}`,
  };
}

async function linkedAccount(sub: string) {
  const [row] = await database.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, "google"), eq(socialAccounts.providerAccountId, sub)));
  return row;
}

describe(`Google sign-in (${testDatabaseEngine()})`, () => {
  it("starts an authorization-code flow with PKCE and remembers the callbackUrl in an HttpOnly cookie", async () => {
    const jar = new CookieJar();
    const started = await callRoute(startRoute, context, {
      path: "/auth/google?callbackUrl=%2Fexperts%3Fpage%3D2&flow=Expert",
      jar,
    });
    expect(started.status).toBe(302);
    const url = new URL(started.headers.get("Location")!);
    expect(`${url.origin}${url.pathname}`).toBe(provider.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: `${APP_URL}/auth/google/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
      prompt: "select_account",
    });
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const setCookies = started.headers.getSetCookie();
    const social = setCookies.find((line) => line.startsWith(`${SOCIAL_COOKIE}=`))!;
    expect(social).toMatch(/HttpOnly/);
    expect(social).toMatch(/Max-Age=\d+/);
    expect(decodeURIComponent(social.split(";")[0])).toContain("callbackUrl=%2Fexperts%3Fpage%3D2");
    expect(setCookies.find((line) => line.startsWith(`${OAUTH_STATE_COOKIE}:`))).toMatch(/HttpOnly/);
  });

  it("drops a callbackUrl that leaves the site", async () => {
    const jar = new CookieJar();
    await callRoute(startRoute, context, { path: "/auth/google?callbackUrl=%2F%2Fevil.test%2Fphish", jar });
    expect(jar.get(SOCIAL_COOKIE) ?? "").not.toContain("evil");
  });

  it("sends a new Google account to 'Complete sign up' with a valid token and the profile in the query", async () => {
    const jar = new CookieJar();
    const account = googleAccount({ name: "Gia  Marie Person" });
    const before = provider.tokenRequests.length;
    const { callback, location } = await signInWithGoogle(jar, "/auth/google?callbackUrl=%2Fexperts", account);
    expect(callback.status).toBe(302);
    const query = completionQuery(location);
    expect(query).toMatchObject({ provider: "google", email: account.email, name: "Gia  Marie Person" });
    expect(query.token).not.toBe("");
    // The provider checked the client's secret and the PKCE verifier.
    expect(provider.tokenRequests.slice(before)).toEqual([{ ok: true, clientAuth: "basic" }]);
    // No session yet, the state cookie is spent, the token is bound to this browser.
    expect(jar.get(ACCESS_COOKIE)).toBeUndefined();
    expect(
      callback.headers
        .getSetCookie()
        .some((line) => line.startsWith(`${OAUTH_STATE_COOKIE}:`) && /Max-Age=0/.test(line)),
    ).toBe(true);
    expect(await linkedAccount(account.sub)).toBeUndefined();

    const page = await loadCompletePage(query.path, jar);
    expect(page.data).toMatchObject({
      valid: true,
      provider: "google",
      token: query.token,
      email: account.email,
      name: "Gia  Marie Person",
      callbackUrl: "/experts",
    });
    // The same URL in another browser (history, logs, a shared link) is no use.
    const elsewhere = await loadCompletePage(query.path, new CookieJar());
    expect(elsewhere.data).toMatchObject({ valid: false });
  });

  it("completing with Google's verified e-mail creates a confirmed account, links Google and signs in", async () => {
    const jar = new CookieJar();
    const account = googleAccount({ name: "Noor Haddad" });
    const { location } = await signInWithGoogle(jar, "/auth/google?callbackUrl=%2Fexperts", account);
    const query = completionQuery(location);
    const { response } = await submitCompletePage(query.path, jar, {
      provider: query.provider,
      token: query.token,
      socialEmail: query.email,
      socialName: query.name,
      email: query.email,
      fullName: "Noor Al Haddad",
      newsletter: "on",
      timezone: "Europe/Paris",
    });
    expect(response!.status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/experts");
    expect(jar.get(ACCESS_COOKIE)).toBeTruthy();
    expect(jar.get(REFRESH_COOKIE)).toBeTruthy();
    expect(jar.get(SOCIAL_COOKIE)).toBeUndefined();

    const current = await me(jar);
    expect(current.status).toBe(200);
    expect(current.body.payload.user).toMatchObject({
      email: account.email,
      emailConfirmed: true,
      firstName: "Noor",
      lastName: "Al Haddad",
      timezone: "Europe/Paris",
      signUpFlow: "User",
    });
    const [row] = await database.db.select().from(users).where(eq(users.email, account.email));
    expect(row.passwordHash).toBeNull();
    expect(row.newsletter).toBe(true);
    expect(await linkedAccount(account.sub)).toMatchObject({ userId: row.id, email: account.email });
    // A confirmed address gets no verification code.
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email))).toHaveLength(0);

    // The second time, the same Google account signs straight in.
    const again = new CookieJar();
    const second = await signInWithGoogle(again, "/auth/google?callbackUrl=%2Fposts%2Fmy", account);
    expect(second.callback.status).toBe(302);
    expect(second.location).toBe("/posts/my");
    expect((await me(again)).body.payload.user.id).toBe(row.id);
    // Without a callbackUrl: home.
    const third = await signInWithGoogle(new CookieJar(), "/auth/google", account);
    expect(third.location).toBe("/");
  });

  it("completing with another e-mail (API) leaves it unconfirmed, sends a code and keeps the Expert flow", async () => {
    const jar = new CookieJar();
    const account = googleAccount();
    const { location } = await signInWithGoogle(jar, "/auth/google?flow=Expert", account);
    const query = completionQuery(location);
    const other = `other.${account.email}`;
    const result = await callRoute(socialUsersRoute, context, {
      method: "POST",
      path: "/api/users/social",
      jar,
      body: {
        user: { email: other, fullName: "Sam Other" },
        socialAccount: { provider: query.provider, token: query.token, email: query.email, name: query.name },
      },
    });
    expect(result.status).toBe(201);
    expect(result.body.payload.user).toMatchObject({
      email: other,
      emailConfirmed: false,
      signUpFlow: "Expert",
      firstName: "Sam",
      lastName: "Other",
    });
    expect(jar.get(ACCESS_COOKIE)).toBeTruthy();
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, other))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail.text).toMatch(/\b[A-Z2-9]{6}\b/);
    expect((await linkedAccount(account.sub))?.userId).toBe(result.body.payload.user.id);

    // The page's way lands on /email-verification for an unconfirmed address.
    const jar2 = new CookieJar();
    const account2 = googleAccount();
    const q2 = completionQuery((await signInWithGoogle(jar2, "/auth/google", account2)).location);
    const { response } = await submitCompletePage(q2.path, jar2, {
      provider: q2.provider,
      token: q2.token,
      socialEmail: q2.email,
      socialName: q2.name,
      email: `work.${account2.email}`,
      fullName: "Kai",
    });
    expect(response!.headers.get("Location")).toBe("/email-verification");
    expect((await me(jar2)).body.payload.user).toMatchObject({ emailConfirmed: false, firstName: "Kai", lastName: "" });
  });

  it("shows field errors, and refuses a taken e-mail or a second completion with one token", async () => {
    const jar = new CookieJar();
    const account = googleAccount();
    const q = completionQuery((await signInWithGoogle(jar, "/auth/google", account)).location);
    const socialFields = { provider: q.provider, token: q.token, socialEmail: q.email, socialName: q.name };
    const invalid = await submitCompletePage(q.path, jar, { ...socialFields, email: "not-an-email", fullName: "" });
    expect(invalid.data!.init.status).toBe(422);
    expect(invalid.data!.data.result.error).toMatchObject({ email: ["Invalid email"], fullName: ["Required"] });

    const taken = await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      body: {
        user: {
          email: `taken.${account.email}`,
          fullName: "Taken Person",
          password: "correct horse 42",
          passwordConfirmation: "correct horse 42",
        },
      },
    });
    expect(taken.status).toBe(201);
    const clash = await submitCompletePage(q.path, jar, {
      ...socialFields,
      email: `taken.${account.email}`,
      fullName: "Me Too",
    });
    expect(clash.data!.init.status).toBe(422);
    expect(clash.data!.data.result.error).toMatchObject({ email: ["This e-mail is already registered"] });

    const body = {
      user: { email: account.email, fullName: "First Time" },
      socialAccount: { provider: "google", token: q.token, email: q.email, name: q.name },
    };
    // The same browser sends the token twice (a double submit, or a second tab).
    const secondTab = new CookieJar();
    secondTab.set(SOCIAL_COOKIE, jar.get(SOCIAL_COOKIE)!);
    expect(
      (await callRoute(socialUsersRoute, context, { method: "POST", path: "/api/users/social", jar, body })).status,
    ).toBe(201);
    const twice = await callRoute(socialUsersRoute, context, {
      method: "POST",
      path: "/api/users/social",
      jar: secondTab,
      body: { ...body, user: { email: `2.${account.email}`, fullName: "Second" } },
    });
    expect(twice.status).toBe(422);
    expect(
      await database.db
        .select()
        .from(users)
        .where(eq(users.email, `2.${account.email}`)),
    ).toHaveLength(0);
  });

  it("links an existing account with the e-mail Google verified and signs in", async () => {
    const email = googleAccount().email;
    const signUp = await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      body: {
        user: {
          email,
          fullName: "Pat Password",
          password: "correct horse 42",
          passwordConfirmation: "correct horse 42",
        },
      },
    });
    const userId = signUp.body.payload.user.id as string;
    await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId));
    const account = googleAccount({ email: email.toUpperCase() });
    const jar = new CookieJar();
    const { location } = await signInWithGoogle(jar, "/auth/google", account);
    expect(location).toBe("/");
    expect((await me(jar)).body.payload.user.id).toBe(userId);
    expect((await linkedAccount(account.sub))?.userId).toBe(userId);
    // The password still works.
    const byPassword = await callRoute(sessionRoute, context, {
      method: "POST",
      path: "/api/session",
      body: { session: { emailOrUserName: email, password: "correct horse 42" } },
    });
    expect(byPassword.status).toBe(200);
  });

  it("claims an unconfirmed account with Google's verified e-mail: confirmed, its password and sessions gone", async () => {
    const email = googleAccount().email;
    const squatter = new CookieJar();
    const signUp = await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      jar: squatter,
      body: {
        user: { email, fullName: "Not Owner", password: "correct horse 42", passwordConfirmation: "correct horse 42" },
      },
    });
    const userId = signUp.body.payload.user.id as string;
    const jar = new CookieJar();
    const { location } = await signInWithGoogle(jar, "/auth/google", googleAccount({ email }));
    expect(location).toBe("/");
    expect((await me(jar)).body.payload.user).toMatchObject({ id: userId, emailConfirmed: true });
    expect((await me(squatter)).status).toBe(401);
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row.passwordHash).toBeNull();
  });

  it("does not link on an e-mail Google did not verify", async () => {
    const email = googleAccount().email;
    await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      body: {
        user: { email, fullName: "Real Owner", password: "correct horse 42", passwordConfirmation: "correct horse 42" },
      },
    });
    const account = googleAccount({ email, email_verified: false });
    const jar = new CookieJar();
    const { location } = await signInWithGoogle(jar, "/auth/google", account);
    const q = completionQuery(location);
    expect(await linkedAccount(account.sub)).toBeUndefined();
    const result = await callRoute(socialUsersRoute, context, {
      method: "POST",
      path: "/api/users/social",
      jar,
      body: {
        user: { email, fullName: "Someone Else" },
        socialAccount: { provider: "google", token: q.token, email: q.email, name: q.name },
      },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toMatchObject({ email: ["This e-mail is already registered"] });
  });

  it("sends provider errors and broken callbacks to /sign-in?error=google", async () => {
    const jar = new CookieJar();
    provider.signInAs(googleAccount());
    provider.refuseNext("access_denied");
    const started = await callRoute(startRoute, context, { path: "/auth/google?callbackUrl=%2Fexperts", jar });
    const refused = await fetch(started.headers.get("Location")!, { redirect: "manual" });
    const back = new URL(refused.headers.get("Location")!);
    expect(back.searchParams.get("error")).toBe("access_denied");
    const callback = await callRoute(callbackRoute, context, { path: pathOf(back.toString()), jar });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/sign-in?error=google&callbackUrl=%2Fexperts");
    expect(jar.get(SOCIAL_COOKIE)).toBeUndefined();

    // A state this browser never started (login CSRF), no state at all, and a replayed code.
    const victim = new CookieJar();
    const attacker = await signInWithGoogleUntilCallback(new CookieJar());
    await callRoute(startRoute, context, { path: "/auth/google", jar: victim });
    const foreign = await callRoute(callbackRoute, context, { path: attacker, jar: victim });
    expect(foreign.headers.get("Location")).toBe("/sign-in?error=google");
    expect(victim.get(ACCESS_COOKIE)).toBeUndefined();

    const noState = await callRoute(callbackRoute, context, {
      path: "/auth/google/callback?code=abc",
      jar: new CookieJar(),
    });
    expect(noState.headers.get("Location")).toBe("/sign-in?error=google");

    const replayJar = new CookieJar();
    const first = await signInWithGoogle(replayJar, "/auth/google", googleAccount());
    expect(first.location).toMatch(/^\/sign-up\/complete\?/);
    const replayed = await callRoute(callbackRoute, context, { path: first.callbackPath, jar: replayJar });
    expect(replayed.headers.get("Location")).toBe("/sign-in?error=google");
  });

  async function signInWithGoogleUntilCallback(jar: CookieJar) {
    const started = await callRoute(startRoute, context, { path: "/auth/google", jar });
    const atProvider = await fetch(started.headers.get("Location")!, { redirect: "manual" });
    return pathOf(atProvider.headers.get("Location")!);
  }

  describe("POST /api/session/social", () => {
    async function linkedUser() {
      const jar = new CookieJar();
      const account = googleAccount();
      const q = completionQuery((await signInWithGoogle(jar, "/auth/google", account)).location);
      const created = await callRoute(socialUsersRoute, context, {
        method: "POST",
        path: "/api/users/social",
        jar,
        body: {
          user: { email: q.email, fullName: q.name },
          socialAccount: { provider: "google", token: q.token, email: q.email, name: q.name },
        },
      });
      expect(created.status).toBe(201);
      return {
        account,
        userId: created.body.payload.user.id as string,
        profile: {
          provider: "google" as const,
          sub: account.sub,
          email: account.email,
          emailVerified: true,
          name: account.name!,
        },
      };
    }

    /** A browser holding a freshly issued token for the profile. */
    function browserWithToken(profile: Parameters<typeof createSocialToken>[1], now = new Date()) {
      const { token, nonce } = createSocialToken(context.env, profile, "User", now);
      const jar = new CookieJar();
      jar.set(SOCIAL_COOKIE, encodeURIComponent(`nonce=${nonce}`));
      return { jar, socialAccount: { provider: "google", token, email: profile.email, name: profile.name } };
    }

    it("signs in a linked Google account and answers 404 for one with no account", async () => {
      const { userId, profile } = await linkedUser();
      const { jar, socialAccount } = browserWithToken(profile);
      const signedIn = await callRoute(socialSessionRoute, context, {
        method: "POST",
        path: "/api/session/social",
        jar,
        body: { session: { socialAccount } },
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.payload.user.id).toBe(userId);
      expect(jar.get(ACCESS_COOKIE)).toBeTruthy();
      expect((await me(jar)).body.payload.user.id).toBe(userId);

      const stranger = browserWithToken({
        provider: "google",
        sub: `unknown-${Date.now()}`,
        email: googleAccount().email,
        emailVerified: false,
        name: "New Person",
      });
      const unknown = await callRoute(socialSessionRoute, context, {
        method: "POST",
        path: "/api/session/social",
        jar: stranger.jar,
        body: { session: { socialAccount: stranger.socialAccount } },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ statusCode: 404, error: expect.any(String) });
      expect(stranger.jar.get(ACCESS_COOKIE)).toBeUndefined();
    });

    it("refuses tampered, expired, foreign-browser and mismatched tokens with 422", async () => {
      const { profile } = await linkedUser();
      const call = (jar: CookieJar, socialAccount: Record<string, string>) =>
        callRoute(socialSessionRoute, context, {
          method: "POST",
          path: "/api/session/social",
          jar,
          body: { session: { socialAccount } },
        });

      const good = browserWithToken(profile);
      const [body, signature] = good.socialAccount.token.split(".");
      const forged = JSON.parse(Buffer.from(body, "base64url").toString());
      forged.sub = "someone-else";
      const tampered = await call(good.jar, {
        ...good.socialAccount,
        token: `${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`,
      });
      expect(tampered.status).toBe(422);
      expect(tampered.body.errors).toHaveProperty("token");
      expect(
        (await call(good.jar, { ...good.socialAccount, token: `${body}.${signature.slice(0, -2)}xx` })).status,
      ).toBe(422);
      expect((await call(good.jar, { ...good.socialAccount, token: "garbage" })).status).toBe(422);

      const old = browserWithToken(profile, new Date(Date.now() - (SOCIAL_TOKEN_TTL_SECONDS + 1) * 1000));
      expect((await call(old.jar, old.socialAccount)).status).toBe(422);

      expect((await call(new CookieJar(), good.socialAccount)).status).toBe(422);
      expect((await call(good.jar, { ...good.socialAccount, email: "someone@else.test" })).status).toBe(422);
      expect((await call(good.jar, { ...good.socialAccount, provider: "facebook" })).status).toBe(422);
      expect((await call(good.jar, { provider: "google" })).status).toBe(422);
      expect(good.jar.get(ACCESS_COOKIE)).toBeUndefined();

      // The sign-up endpoint is just as strict, and creates nothing.
      const email = `tampered.${profile.email}`;
      const signUp = await callRoute(socialUsersRoute, context, {
        method: "POST",
        path: "/api/users/social",
        jar: good.jar,
        body: {
          user: { email, fullName: "Forger" },
          socialAccount: { ...good.socialAccount, token: `${body}.x${signature.slice(1)}` },
        },
      });
      expect(signUp.status).toBe(422);
      expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });
  });

  describe("'Complete sign up' page", () => {
    it("shows the 404 page without a token and without a user; sends a signed-in user on", async () => {
      const visitor = await loadCompletePage("/sign-up/complete", new CookieJar());
      expect(visitor.thrown?.status).toBe(404);
      const jar = new CookieJar();
      await callRoute(usersRoute, context, {
        method: "POST",
        path: "/api/users",
        jar,
        body: {
          user: {
            email: googleAccount().email,
            fullName: "Has Account",
            password: "correct horse 42",
            passwordConfirmation: "correct horse 42",
          },
        },
      });
      const signedIn = await loadCompletePage("/sign-up/complete", jar);
      expect(signedIn.thrown?.status).toBe(302);
      expect(signedIn.thrown?.headers.get("Location")).toBe("/email-verification");
    });

    it("has the title 'Complete sign up | SHARPSIDE'", () => {
      const meta = completeRoute.meta!({
        matches: [{ id: "root", data: { appName: "Sharpside" } }],
        location: { pathname: "/" },
      } as never) as { title?: string }[];
      expect(meta.find((m) => m.title)?.title).toBe("Complete sign up | SHARPSIDE");
    });
  });

  describe("with Google sign-in not configured", () => {
    it("answers 404 everywhere", async () => {
      const jar = new CookieJar();
      const start = await callRoute(startRoute, disabled, { path: "/auth/google", jar });
      expect(start.status).toBe(404);
      expect(start.headers.get("Location")).toBeNull();
      expect(
        (await callRoute(callbackRoute, disabled, { path: "/auth/google/callback?code=a&state=b", jar })).status,
      ).toBe(404);
      const body = { session: { socialAccount: { provider: "google", token: "a.b", email: "a@b.test", name: "A" } } };
      expect(
        (await callRoute(socialSessionRoute, disabled, { method: "POST", path: "/api/session/social", body })).status,
      ).toBe(404);
      const signUp = { user: { email: "a@b.test", fullName: "A B" }, socialAccount: body.session.socialAccount };
      expect(
        (await callRoute(socialUsersRoute, disabled, { method: "POST", path: "/api/users/social", body: signUp }))
          .status,
      ).toBe(404);
      const page = await loadCompletePage(
        "/sign-up/complete?provider=google&token=a.b&email=a%40b.test&name=A",
        jar,
        disabled,
      );
      expect(page.thrown?.status).toBe(404);
    });
  });
});
