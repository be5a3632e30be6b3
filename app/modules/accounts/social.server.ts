/**
 * Google sign-in (issue 3, point 6): remix-auth's Authenticator with remix-auth-oauth2's
 * OAuth2Strategy (authorization code + PKCE S256, its own state cookie) on Google's endpoints,
 * which GOOGLE_AUTH_URL / GOOGLE_TOKEN_URL / GOOGLE_USERINFO_URL replace in tests.
 *
 * The callback resolves the Google profile to one of our users:
 * - a linked social account (provider "google", providerAccountId = Google's `sub`) signs in;
 * - an account with the e-mail Google verified is linked, then signs in;
 * - anything else goes to 'Complete sign up' with a signed, 15-minute social token (never
 *   Google's access token) that `POST /api/session/social`, `POST /api/users/social` and the
 *   page accept. The token is bound to the browser that made the sign-in: it carries a hash of a
 *   nonce kept in an HttpOnly cookie, so a token leaked from a URL (history, logs) is useless
 *   anywhere else.
 */
import type { AppLoadContext } from "@remix-run/node";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { socialAccounts, users } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { parseCookies, readCookie } from "~/modules/http/cookies";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { issueEmailCode, type AccountsContext, type Client } from "./auth.server";
import type { CurrentUser } from "./current-user";
import { safeCallbackUrl } from "./gates.server";
import { createSession, revokeUserSessions, type IssuedSession } from "./sessions.server";
import {
  COMPLETE_SIGN_UP_PATH,
  SOCIAL_ERROR_QUERY,
  type CompleteSignUpInput,
  type SocialAccountInput,
  type SocialProvider,
} from "./social-schema";
import { randomToken, safeEqual, sign } from "./tokens.server";
import { createAccount, getCurrentUser } from "./users.server";

export const GOOGLE: SocialProvider = "google";
export const GOOGLE_SCOPES = ["openid", "email", "profile"];
export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";
/** remix-auth-oauth2 keeps state + PKCE verifier in cookies named `${this}:${uuid}` (5 minutes). */
export const OAUTH_STATE_COOKIE = "ss_google_oauth";
/** callbackUrl and flow from the start of the sign-in, then the nonce the social token is bound to. */
export const SOCIAL_COOKIE = "ss_social";
export const SOCIAL_TOKEN_TTL_SECONDS = 15 * 60;
const SOCIAL_COOKIE_MAX_AGE = SOCIAL_TOKEN_TTL_SECONDS + 5 * 60;

type GoogleEnv = Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">;
type Flow = "User" | "Expert";

/** Google sign-in is on only with both a client id and a secret (product.md "Configuration"). */
export function isGoogleEnabled(env: GoogleEnv): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The routes and endpoints of Google sign-in answer 404 while it is off. */
export function requireGoogleEnabled(env: GoogleEnv): void {
  if (!isGoogleEnabled(env)) throw new AppError(404);
}

// ---------------------------------------------------------------------------------------------
// The OAuth2 flow
// ---------------------------------------------------------------------------------------------
export interface GoogleProfile {
  provider: SocialProvider;
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

const userInfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email().max(254),
  // Google answers a boolean; older endpoints answered the text "true".
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).optional(),
  name: z.string().max(400).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
});

export class SocialSignInError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SocialSignInError";
  }
}

/** The OpenID userinfo of the access token's owner. */
export async function fetchGoogleProfile(
  env: Pick<Env, "GOOGLE_USERINFO_URL">,
  accessToken: string,
): Promise<GoogleProfile> {
  const response = await fetch(env.GOOGLE_USERINFO_URL, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new SocialSignInError(`userinfo answered ${response.status}`);
  const parsed = userInfoSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SocialSignInError("userinfo lacks sub or email");
  const info = parsed.data;
  const name = info.name?.trim() || [info.given_name, info.family_name].filter(Boolean).join(" ").trim();
  return { provider: GOOGLE, sub: info.sub, email: info.email, emailVerified: info.email_verified ?? false, name };
}

/** Asks Google to show its account chooser, so "a different account" is one click away. */
class GoogleStrategy extends OAuth2Strategy<GoogleProfile> {
  name = GOOGLE;

  protected authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    next.set("prompt", "select_account");
    return next;
  }
}

const authenticators = new WeakMap<Env, Authenticator<GoogleProfile>>();

/** One Authenticator per configuration (tests run several side by side). */
export function googleAuthenticator(env: Env): Authenticator<GoogleProfile> {
  let authenticator = authenticators.get(env);
  if (!authenticator) {
    requireGoogleEnabled(env);
    authenticator = new Authenticator<GoogleProfile>();
    authenticator.use(
      new GoogleStrategy(
        {
          cookie: {
            name: OAUTH_STATE_COOKIE,
            ...(env.APP_URL.startsWith("https:") ? { secure: true } : {}),
            sameSite: "Lax",
            httpOnly: true,
            path: "/",
          },
          clientId: env.GOOGLE_CLIENT_ID!,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          authorizationEndpoint: env.GOOGLE_AUTH_URL,
          tokenEndpoint: env.GOOGLE_TOKEN_URL,
          redirectURI: `${env.APP_URL}${GOOGLE_CALLBACK_PATH}`,
          scopes: GOOGLE_SCOPES,
          codeChallengeMethod: CodeChallengeMethod.S256,
        },
        ({ tokens }) => fetchGoogleProfile(env, tokens.accessToken()),
      ),
      GOOGLE,
    );
    authenticators.set(env, authenticator);
  }
  return authenticator;
}

/**
 * `GET /auth/google`: the redirect to Google (a Response to throw or return), with the state
 * cookie and our own cookie remembering where to go afterwards.
 */
export async function startGoogleSignIn(request: Request, env: Env): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const callbackUrl = safeCallbackUrl(query.get("callbackUrl"), "");
  const flow = parseFlow(query.get("flow"));
  try {
    await googleAuthenticator(env).authenticate(GOOGLE, withoutQuery(request));
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const response = new Response(null, { status: 302, headers: thrown.headers });
      response.headers.append("Set-Cookie", socialCookie(env, { callbackUrl, flow }, 15 * 60));
      return response;
    }
    throw thrown;
  }
  // Only a callback (with `state`) gets past authenticate without a redirect: never here.
  throw new SocialSignInError("the OAuth2 strategy did not redirect");
}

/** The request minus its query: a `state` in /auth/google's query must not look like a callback. */
function withoutQuery(request: Request): Request {
  const url = new URL(request.url);
  url.search = "";
  return new Request(url, { headers: request.headers });
}

/**
 * `GET /auth/google/callback`: the Google profile of a good callback. Throws SocialSignInError
 * for Google's `?error=`, a missing or foreign state, a bad code or an unusable profile.
 */
export async function finishGoogleSignIn(request: Request, env: Env): Promise<GoogleProfile> {
  const query = new URL(request.url).searchParams;
  const error = query.get("error");
  if (error) throw new SocialSignInError(`provider answered error=${error.slice(0, 100)}`);
  // Without state, remix-auth-oauth2 would start a new sign-in: a callback must carry one.
  if (!query.get("state") || !query.get("code")) throw new SocialSignInError("callback without state or code");
  try {
    return await googleAuthenticator(env).authenticate(GOOGLE, request);
  } catch (thrown) {
    if (thrown instanceof SocialSignInError) throw thrown;
    throw new SocialSignInError(thrown instanceof Error ? thrown.message : "the OAuth2 flow failed", { cause: thrown });
  }
}

// ---------------------------------------------------------------------------------------------
// Cookies
// ---------------------------------------------------------------------------------------------
interface SocialCookie {
  callbackUrl: string;
  flow: Flow | null;
  nonce?: string;
}

function cookieAttributes(env: Pick<Env, "APP_URL">): string {
  return `Path=/; HttpOnly; SameSite=Lax${env.APP_URL.startsWith("https:") ? "; Secure" : ""}`;
}

function socialCookie(env: Pick<Env, "APP_URL">, value: SocialCookie, maxAge: number): string {
  const params = new URLSearchParams();
  if (value.callbackUrl) params.set("callbackUrl", value.callbackUrl);
  if (value.flow) params.set("flow", value.flow);
  if (value.nonce) params.set("nonce", value.nonce);
  return `${SOCIAL_COOKIE}=${encodeURIComponent(params.toString())}; ${cookieAttributes(env)}; Max-Age=${maxAge}`;
}

export function readSocialCookie(request: Request): SocialCookie {
  const params = new URLSearchParams(readCookie(request.headers.get("Cookie"), SOCIAL_COOKIE) ?? "");
  return {
    callbackUrl: safeCallbackUrl(params.get("callbackUrl"), ""),
    flow: parseFlow(params.get("flow")),
    nonce: params.get("nonce") ?? undefined,
  };
}

/** Expires every remix-auth-oauth2 state cookie the browser still has. */
export function clearOAuthStateCookies(request: Request, env: Pick<Env, "APP_URL">): string[] {
  const names = Object.keys(parseCookies(request.headers.get("Cookie"))).filter((name) =>
    name.startsWith(`${OAUTH_STATE_COOKIE}:`),
  );
  return names.map((name) => `${name}=; ${cookieAttributes(env)}; Max-Age=0`);
}

/** Forgets the whole sign-in: our cookie and the state cookies. */
export function clearSocialCookies(request: Request, env: Pick<Env, "APP_URL">): string[] {
  return [`${SOCIAL_COOKIE}=; ${cookieAttributes(env)}; Max-Age=0`, ...clearOAuthStateCookies(request, env)];
}

const parseFlow = (value: string | null | undefined): Flow | null =>
  value === "User" || value === "Expert" ? value : null;

/** Where a finished social sign-in goes: the callbackUrl it started with, else `fallback`. */
export function socialCallbackUrl(request: Request, fallback = "/"): string {
  return readSocialCookie(request).callbackUrl || fallback;
}

/** `/sign-in?error=google`, keeping the callbackUrl the sign-in started with. */
export function socialErrorUrl(request: Request): string {
  const params = new URLSearchParams({ [SOCIAL_ERROR_QUERY]: GOOGLE });
  const { callbackUrl } = readSocialCookie(request);
  if (callbackUrl && callbackUrl !== "/") params.set("callbackUrl", callbackUrl);
  return `/sign-in?${params}`;
}

// ---------------------------------------------------------------------------------------------
// The signed social token
// ---------------------------------------------------------------------------------------------
export interface SocialTokenClaims {
  provider: SocialProvider;
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  flow: Flow;
  /** Unix seconds. */
  exp: number;
}

interface TokenPayload {
  v: 1;
  p: SocialProvider;
  sub: string;
  email: string;
  ev: boolean;
  name: string;
  flow: Flow;
  exp: number;
  /** sha256 of the nonce in the browser's SOCIAL_COOKIE. */
  bh: string;
}

const signToken = (body: string, secret: string) => sign(`social-token.v1.${body}`, secret);
const nonceHash = (nonce: string) => createHash("sha256").update(nonce).digest("base64url");

/** A token naming the Google account, valid 15 minutes, and the cookie binding it to this browser. */
export function createSocialToken(
  env: Pick<Env, "SESSION_SECRET" | "APP_URL">,
  profile: GoogleProfile,
  flow: Flow,
  now = new Date(),
): { token: string; nonce: string; expiresAt: Date } {
  const nonce = randomToken();
  const exp = Math.floor(now.getTime() / 1000) + SOCIAL_TOKEN_TTL_SECONDS;
  const payload: TokenPayload = {
    v: 1,
    p: profile.provider,
    sub: profile.sub,
    email: profile.email,
    ev: profile.emailVerified,
    name: profile.name,
    flow,
    exp,
    bh: nonceHash(nonce),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return { token: `${body}.${signToken(body, env.SESSION_SECRET)}`, nonce, expiresAt: new Date(exp * 1000) };
}

const INVALID_TOKEN = "This Google sign-in has expired. Please continue with Google again.";
const invalidToken = () => new AppError(422, INVALID_TOKEN, { token: [INVALID_TOKEN] });

/**
 * The token's claims when its signature holds, it has not expired, it was issued to this browser
 * (SOCIAL_COOKIE's nonce) and it matches the provider and e-mail sent beside it. 422 otherwise.
 */
export function verifySocialToken(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
  account: Pick<SocialAccountInput, "provider" | "token" | "email">,
  now = new Date(),
): SocialTokenClaims {
  const [body, signature, extra] = account.token.split(".");
  if (!body || !signature || extra !== undefined) throw invalidToken();
  if (!safeEqual(signature, signToken(body, env.SESSION_SECRET))) throw invalidToken();
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenPayload;
  } catch {
    throw invalidToken();
  }
  if (payload.v !== 1 || typeof payload.exp !== "number" || payload.exp * 1000 <= now.getTime()) throw invalidToken();
  if (payload.p !== account.provider) throw invalidToken();
  if (account.email && account.email.toLowerCase() !== payload.email.toLowerCase()) throw invalidToken();
  const { nonce } = readSocialCookie(request);
  if (!nonce || !safeEqual(nonceHash(nonce), payload.bh)) throw invalidToken();
  return {
    provider: payload.p,
    sub: payload.sub,
    email: payload.email,
    emailVerified: payload.ev === true,
    name: payload.name,
    flow: parseFlow(payload.flow) ?? "User",
    exp: payload.exp,
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------
type Resolution = { kind: "existing"; userId: string } | { kind: "new" };

/**
 * The user behind a provider profile: the linked account; else, when the provider verified the
 * e-mail, the account with that e-mail, linked now; else none yet.
 */
export async function resolveSocialAccount(
  db: Database,
  profile: Pick<GoogleProfile, "provider" | "sub" | "email" | "emailVerified">,
  log?: AppLoadContext["log"],
): Promise<Resolution> {
  const [linked] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, profile.provider), eq(socialAccounts.providerAccountId, profile.sub)));
  if (linked) return { kind: "existing", userId: linked.userId };
  if (!profile.emailVerified) return { kind: "new" };
  const [user] = await db
    .select({ id: users.id, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${profile.email.toLowerCase()}`);
  if (!user) return { kind: "new" };
  await db.transaction(async (tx) => {
    await tx
      .insert(socialAccounts)
      .values({ userId: user.id, provider: profile.provider, providerAccountId: profile.sub, email: profile.email })
      .onConflictDoNothing();
    if (!user.emailConfirmedAt) {
      // Nobody ever proved they own this unconfirmed account; the provider just proved the
      // e-mail is this person's. Whoever registered it (possibly someone pre-registering a
      // victim's address) loses its password and sessions: the owner can set a password later.
      await tx.update(users).set({ emailConfirmedAt: new Date(), passwordHash: null }).where(eq(users.id, user.id));
    }
  });
  if (!user.emailConfirmedAt) {
    await revokeUserSessions(db, user.id, "unconfirmed account claimed through social sign-in");
    log?.info({ userId: user.id, provider: profile.provider }, "unconfirmed account claimed through social sign-in");
  }
  return { kind: "existing", userId: user.id };
}

export interface SignedIn {
  user: CurrentUser;
  session: IssuedSession;
}

async function startSession(db: Database, userId: string, client: Client): Promise<SignedIn> {
  // Like a sign-in without remember-me: a browser session (product.md "Sessions").
  const session = await createSession(db, { userId, rememberMe: false, userAgent: client.userAgent, ip: client.ip });
  const user = await getCurrentUser(db, userId);
  if (!user) throw new AppError(404);
  return { user, session };
}

export type CallbackOutcome =
  { kind: "signed-in"; signedIn: SignedIn } | { kind: "complete-sign-up"; url: string; nonceCookie: string };

/** What the callback does with a Google profile: sign in, or send the person to 'Complete sign up'. */
export async function handleGoogleProfile(
  context: Pick<AppLoadContext, "db" | "env" | "log">,
  request: Request,
  profile: GoogleProfile,
  client: Client,
): Promise<CallbackOutcome> {
  const resolution = await resolveSocialAccount(context.db, profile, context.log);
  if (resolution.kind === "existing")
    return { kind: "signed-in", signedIn: await startSession(context.db, resolution.userId, client) };
  const started = readSocialCookie(request);
  const { token, nonce } = createSocialToken(context.env, profile, started.flow ?? "User");
  const params = new URLSearchParams({ provider: profile.provider, token, email: profile.email, name: profile.name });
  return {
    kind: "complete-sign-up",
    url: `${COMPLETE_SIGN_UP_PATH}?${params}`,
    nonceCookie: socialCookie(context.env, { ...started, nonce }, SOCIAL_COOKIE_MAX_AGE),
  };
}

/** `POST /api/session/social`: signs in the account linked to the token's Google account; 404 when none. */
export async function socialSignIn(
  context: Pick<AppLoadContext, "db" | "env" | "log">,
  request: Request,
  account: SocialAccountInput,
  client: Client,
): Promise<SignedIn> {
  requireGoogleEnabled(context.env);
  const claims = verifySocialToken(context.env, request, account);
  const resolution = await resolveSocialAccount(context.db, claims, context.log);
  if (resolution.kind === "new") {
    throw new AppError(404, "No account uses this Google account yet. Complete your sign-up to create one.");
  }
  return startSession(context.db, resolution.userId, client);
}

/**
 * 'Complete sign up' and `POST /api/users/social`: creates the account, links the Google account
 * and signs in. The e-mail counts as confirmed only when it is the one Google verified; another
 * address gets the usual verification code.
 */
export async function completeSocialSignUp(
  context: AccountsContext,
  request: Request,
  input: CompleteSignUpInput,
  account: SocialAccountInput,
  client: Client,
): Promise<SignedIn> {
  const { db, env } = context;
  requireGoogleEnabled(env);
  const claims = verifySocialToken(env, request, account);
  await enforceRateLimit(db, { name: "sign-up", ...env.RATE_LIMIT_SIGN_UP }, client.ip);
  const [linked] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, claims.provider), eq(socialAccounts.providerAccountId, claims.sub)));
  if (linked) throw new AppError(422, "This Google account already has an account here. Sign in with Google instead.");
  const emailConfirmed = claims.emailVerified && input.email.toLowerCase() === claims.email.toLowerCase();
  const user = await createAccount(db, {
    input: { email: input.email, fullName: input.fullName, newsletter: input.newsletter, timezone: input.timezone },
    flow: claims.flow,
    emailConfirmed,
  });
  try {
    await db
      .insert(socialAccounts)
      .values({ userId: user.id, provider: claims.provider, providerAccountId: claims.sub, email: claims.email });
  } catch (error) {
    // The same token sent twice at once: the first link wins, this account goes.
    await db.delete(users).where(eq(users.id, user.id));
    if (
      String(
        (error as { cause?: { code?: string }; code?: string })?.cause?.code ?? (error as { code?: string }).code,
      ) === "23505"
    ) {
      throw new AppError(422, defaultErrorMessage(422), {
        token: ["This Google account already has an account here. Sign in with Google instead."],
      });
    }
    throw error;
  }
  if (!emailConfirmed) await issueEmailCode(context, user);
  return startSession(db, user.id, client);
}

/**
 * Where 'Complete sign up' lands: /email-verification for an address still to verify (as after a
 * password sign-up); with Google's verified address, where the sign-in started, else `/`
 * (`/become-expert` for the Expert flow, as the verification screens do).
 */
export function afterCompleteSignUpUrl(request: Request, user: CurrentUser): string {
  if (!user.emailConfirmed) return "/email-verification";
  return socialCallbackUrl(request, user.signUpFlow === "Expert" ? "/become-expert" : "/");
}
