/**
 * The signed, 15-minute social token that 'Complete sign up' carries (never Google's access
 * token). It is bound to the browser that made the sign-in: it carries a hash of a nonce kept in
 * an HttpOnly cookie, so a token leaked from a URL (history, logs) is useless anywhere else.
 */
import { createHash } from "node:crypto";
import type { Env } from "~/config/env.server";
import { AppError } from "~/modules/http/app-error";
import type { SocialAccountInput, SocialProvider } from "./social-schema";
import {
  parseFlow,
  readSocialCookie,
  SOCIAL_TOKEN_TTL_SECONDS,
  type Flow,
  type GoogleProfile,
} from "./google-sign-in.server";
import { randomToken, safeEqual, sign } from "./tokens.server";

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
