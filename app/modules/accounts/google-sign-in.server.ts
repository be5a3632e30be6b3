/**
 * Google sign-in: remix-auth's Authenticator with remix-auth-oauth2's
 * OAuth2Strategy (authorization code + PKCE S256, its own state cookie) on Google's endpoints,
 * which GOOGLE_AUTH_URL / GOOGLE_TOKEN_URL / GOOGLE_USERINFO_URL replace in tests; and our own
 * cookie carrying the sign-in's callbackUrl, flow and nonce. What the profile leads to is in
 * social.server.ts.
 */
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { Env } from "~/config/env.server";
import { AppError } from "~/modules/http/app-error";
import { parseCookies, readCookie } from "~/modules/http/cookies";
import { safeCallbackUrl } from "./gates.server";
import { SOCIAL_ERROR_QUERY, type SocialProvider } from "./social-schema";

export const GOOGLE: SocialProvider = "google";
export const GOOGLE_SCOPES = ["openid", "email", "profile"];
export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";
/** remix-auth-oauth2 keeps state + PKCE verifier in cookies named `${this}:${uuid}` (5 minutes). */
export const OAUTH_STATE_COOKIE = "ss_google_oauth";
/** callbackUrl and flow from the start of the sign-in, then the nonce the social token is bound to. */
export const SOCIAL_COOKIE = "ss_social";
export const SOCIAL_TOKEN_TTL_SECONDS = 15 * 60;
export const SOCIAL_COOKIE_MAX_AGE = SOCIAL_TOKEN_TTL_SECONDS + 5 * 60;

type GoogleEnv = Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">;
export type Flow = "User" | "Expert";

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

export function socialCookie(env: Pick<Env, "APP_URL">, value: SocialCookie, maxAge: number): string {
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

export const parseFlow = (value: string | null | undefined): Flow | null =>
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
