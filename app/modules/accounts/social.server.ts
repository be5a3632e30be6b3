/**
 * What a Google sign-in leads to (the flow and its cookies: google-sign-in.server.ts; the token:
 * social-token.server.ts). The callback resolves the Google profile to one of our users:
 * - a linked social account (provider "google", providerAccountId = Google's `sub`) signs in;
 * - an account with the e-mail Google verified is linked, then signs in;
 * - anything else goes to 'Complete sign up' with a signed, 15-minute social token (never
 *   Google's access token) that `POST /api/session/social`, `POST /api/users/social` and the
 *   page accept. The token is bound to the browser that made the sign-in: it carries a hash of a
 *   nonce kept in an HttpOnly cookie, so a token leaked from a URL (history, logs) is useless
 *   anywhere else.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { socialAccounts, users } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { issueEmailCode, type AccountsContext, type Client } from "./auth.server";
import type { CurrentUser } from "./current-user";
import { createSession, revokeUserSessions, type IssuedSession } from "./sessions.server";
import { COMPLETE_SIGN_UP_PATH, type CompleteSignUpInput, type SocialAccountInput } from "./social-schema";
import {
  type GoogleProfile,
  SOCIAL_COOKIE_MAX_AGE,
  readSocialCookie,
  requireGoogleEnabled,
  socialCallbackUrl,
  socialCookie,
} from "./google-sign-in.server";
import { createSocialToken, verifySocialToken } from "./social-token.server";
import { createAccount, getCurrentUser } from "./users.server";

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
