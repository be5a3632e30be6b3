/**
 * The accounts flows behind both the pages and the API: sign-up, sign-in, e-mail confirmation,
 * password reset and change. Each takes what it needs from the load context and throws AppError
 * for what the user can fix.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailCodes, passwordResetTokens, users, type User } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { sendMailSoon } from "~/modules/mail/mail.server";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "~/modules/mail/templates";
import { clearRateLimit, enforceRateLimit, refuseWhenLimitReached } from "~/modules/rate-limit/rate-limit.server";
import { EMAIL_CODE_LENGTH, normalizeEmailCode, type SignUpUserInput } from "./account-schemas";
import { createSession, revokeUserSessions, type IssuedSession } from "./sessions.server";
import { hashCode, hashToken, randomCode, randomToken, safeEqual } from "./tokens.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { createAccount, findAccount, findUserByEmailOrUserName, getCurrentUser, toCurrentUser } from "./users.server";
import type { CurrentUser } from "./current-user";

export type AccountsContext = Pick<AppLoadContext, "db" | "env" | "log" | "mail">;

export interface Client {
  ip: string;
  userAgent?: string | null;
}

export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;

const SIGN_IN_FAILED = "Wrong email, username or password";

/** Failed sign-ins (and wrong current passwords) per account, keyed by the user's id. */
const signInAccountLimit = (env: AccountsContext["env"]) => ({
  name: "sign-in-account",
  ...env.RATE_LIMIT_SIGN_IN_ACCOUNT,
});

// ---------------------------------------------------------------------------------------------
// Sign-up and sign-in
// ---------------------------------------------------------------------------------------------
export async function signUp(
  context: AccountsContext,
  input: SignUpUserInput,
  flow: "User" | "Expert",
  client: Client,
): Promise<{ user: CurrentUser; session: IssuedSession }> {
  const { db, env } = context;
  await enforceRateLimit(db, { name: "sign-up", ...env.RATE_LIMIT_SIGN_UP }, client.ip);
  const user = await createAccount(db, { input, flow });
  await issueEmailCode(context, user);
  // product.md: sign-up signs the user in, with an unconfirmed e-mail.
  const session = await createSession(db, {
    userId: user.id,
    rememberMe: false,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return { user: (await getCurrentUser(db, user.id))!, session };
}

export async function signIn(
  context: AccountsContext,
  input: { emailOrUserName: string; password: string; rememberMe: boolean },
  client: Client,
): Promise<{ user: CurrentUser; session: IssuedSession }> {
  const { db, env } = context;
  await enforceRateLimit(db, { name: "sign-in-ip", ...env.RATE_LIMIT_SIGN_IN_IP }, client.ip);
  const account = await findAccount(db, input.emailOrUserName);
  const accountLimit = signInAccountLimit(env);
  // One counter per account whichever name is typed; an unknown name gets one of its own.
  const accountKey = account?.user.id ?? input.emailOrUserName.toLowerCase();
  // Past the limit every attempt is refused, the right password too: otherwise guesses from many
  // IPs could go on and tell the right one (signed in) from the rest (429). A reset lifts it.
  await refuseWhenLimitReached(db, accountLimit, accountKey);
  const valid = await verifyPassword(account?.user.passwordHash ?? null, input.password);
  if (!account || !valid) {
    // Only failures count, so the owner is not locked out by their own sign-ins.
    await enforceRateLimit(db, accountLimit, accountKey);
    throw new AppError(422, SIGN_IN_FAILED);
  }
  const session = await createSession(db, {
    userId: account.user.id,
    rememberMe: input.rememberMe,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return { user: toCurrentUser(account.user, account.avatar), session };
}

// ---------------------------------------------------------------------------------------------
// E-mail confirmation: a 6-character code, or the magic link's token
// ---------------------------------------------------------------------------------------------
/** Replaces any earlier code with a new one and e-mails it (and logs it without SMTP). */
export async function issueEmailCode(
  context: AccountsContext,
  user: Pick<User, "id" | "email" | "firstName">,
): Promise<void> {
  const { db, env } = context;
  const code = randomCode(EMAIL_CODE_LENGTH);
  const linkToken = randomToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.userId, user.id), isNull(emailCodes.consumedAt)));
    await tx.insert(emailCodes).values({
      userId: user.id,
      codeHash: hashCode(code, env.SESSION_SECRET),
      linkTokenHash: hashToken(linkToken),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
  });
  const message = verificationEmail({
    appName: env.APP_NAME,
    appUrl: env.APP_URL,
    firstName: user.firstName,
    code,
    linkToken,
  });
  await sendMailSoon(db, context.mail, context.log, { to: user.email, ...message });
}

export async function resendEmailCode(context: AccountsContext, viewer: CurrentUser, client: Client): Promise<void> {
  if (viewer.emailConfirmed) throw new AppError(422, "Your e-mail address is already confirmed.");
  await enforceRateLimit(context.db, { name: "email-code", ...context.env.RATE_LIMIT_EMAIL_CODE }, viewer.id);
  await enforceRateLimit(context.db, { name: "email-code-ip", ...context.env.RATE_LIMIT_EMAIL_CODE }, client.ip);
  await issueEmailCode(context, { id: viewer.id, email: viewer.email, firstName: viewer.firstName });
}

const tokenError = (message: string) => new AppError(422, message, { token: [message] });

/**
 * `PATCH /api/confirm_email/{token}`: the token is either the code (which needs the signed-in
 * user it was sent to) or the link token (which names its user by itself). Five wrong codes
 * burn the code.
 */
export async function confirmEmail(
  context: AccountsContext,
  token: string,
  viewer: CurrentUser | null,
): Promise<string> {
  const { db, env } = context;
  const now = new Date();
  const isCode = token.replace(/\s+/g, "").length <= EMAIL_CODE_LENGTH;
  if (isCode) {
    if (!viewer) throw new AppError(401);
    const code = normalizeEmailCode(token);
    if (code.length !== EMAIL_CODE_LENGTH) throw tokenError(`The code has ${EMAIL_CODE_LENGTH} characters`);
    const [current] = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, viewer.id), isNull(emailCodes.consumedAt)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    if (!current || current.expiresAt <= now || current.attempts >= EMAIL_CODE_MAX_ATTEMPTS) {
      throw tokenError("This code has expired. Request a new one.");
    }
    if (!safeEqual(current.codeHash, hashCode(code, env.SESSION_SECRET))) {
      await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, current.id));
      const left = EMAIL_CODE_MAX_ATTEMPTS - current.attempts - 1;
      throw tokenError(left > 0 ? "Invalid code" : "This code has expired. Request a new one.");
    }
    await markConfirmed(context, current.id, viewer.id, now);
    return viewer.id;
  }
  const [link] = await db
    .select()
    .from(emailCodes)
    .where(
      and(eq(emailCodes.linkTokenHash, hashToken(token)), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, now)),
    );
  if (!link) throw tokenError("This link has expired. Request a new one.");
  await markConfirmed(context, link.id, link.userId, now);
  return link.userId;
}

async function markConfirmed(context: AccountsContext, codeId: string, userId: string, now: Date) {
  await context.db.transaction(async (tx) => {
    await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, codeId));
    await tx
      .update(users)
      .set({ emailConfirmedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  });
}

// ---------------------------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------------------------
/** Always answers the same, whether or not the account exists (no user enumeration). */
export async function requestPasswordReset(
  context: AccountsContext,
  emailOrUserName: string,
  client: Client,
): Promise<void> {
  const { db, env } = context;
  await enforceRateLimit(db, { name: "password-reset-ip", ...env.RATE_LIMIT_PASSWORD_RESET }, client.ip);
  const user = await findUserByEmailOrUserName(db, emailOrUserName);
  if (!user) return;
  const limited = await enforceRateLimit(
    db,
    { name: "password-reset-account", ...env.RATE_LIMIT_PASSWORD_RESET },
    user.id,
  ).then(
    () => false,
    () => true,
  );
  // Past the per-account limit we stay silent too: the answer must not tell the account exists.
  if (limited) return;
  const resetToken = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(resetToken),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const message = passwordResetEmail({
    appName: env.APP_NAME,
    appUrl: env.APP_URL,
    firstName: user.firstName,
    resetToken,
  });
  await sendMailSoon(db, context.mail, context.log, { to: user.email, ...message });
}

/** The reset token's row when it is usable; 404 otherwise (unknown, used or expired alike). */
export async function findUsableResetToken(context: Pick<AccountsContext, "db">, token: string) {
  const [row] = await context.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  if (!row) throw new AppError(404, "This password reset link is invalid or has expired.");
  return row;
}

/**
 * Spends every open reset link and e-mail code of the account: once its password changes, a link
 * sent before (to a mailbox someone else may read, or in a mail forwarded on) must not set another.
 */
async function spendOpenLinks(db: Database, userId: string, now = new Date()): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.consumedAt)));
}

/** Sets the new password, spends the token (and every other open link of the account) and signs the user out everywhere. */
export async function resetPassword(context: AccountsContext, token: string, password: string): Promise<void> {
  const { db, env } = context;
  const row = await findUsableResetToken(context, token);
  const passwordHash = await hashPassword(password);
  const spent = await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await spendOpenLinks(tx, row.userId);
    return true;
  });
  // Two resets racing with one token: only the first wins.
  if (!spent) throw new AppError(404, "This password reset link is invalid or has expired.");
  await revokeUserSessions(db, row.userId, "password reset");
  // Whoever reads the account's e-mail is its owner: a sign-in lock from guesses ends here.
  await clearRateLimit(db, signInAccountLimit(env), row.userId);
  const user = await getCurrentUser(db, row.userId);
  if (user) {
    const message = passwordChangedEmail({
      appName: env.APP_NAME,
      appUrl: env.APP_URL,
      firstName: user.firstName,
      supportEmail: env.SUPPORT_EMAIL,
    });
    await sendMailSoon(db, context.mail, context.log, { to: user.email, ...message });
  }
}

/** `POST /api/reset_password` (signed in): keeps this session, signs out the others. */
export async function changePassword(
  context: AccountsContext,
  viewer: { user: CurrentUser; sessionId: string },
  input: { currentPassword: string; password: string },
): Promise<void> {
  const { db, env } = context;
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.user.id));
  // Guessing the current password from a borrowed session counts like failed sign-ins.
  await refuseWhenLimitReached(db, signInAccountLimit(env), viewer.user.id);
  if (!(await verifyPassword(row?.passwordHash ?? null, input.currentPassword))) {
    await enforceRateLimit(db, signInAccountLimit(env), viewer.user.id);
    throw new AppError(422, defaultErrorMessage(422), { currentPassword: ["Wrong password"] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.user.id));
    await spendOpenLinks(tx, viewer.user.id);
  });
  await revokeUserSessions(db, viewer.user.id, "password changed", viewer.sessionId);
  const message = passwordChangedEmail({
    appName: env.APP_NAME,
    appUrl: env.APP_URL,
    firstName: viewer.user.firstName,
    supportEmail: env.SUPPORT_EMAIL,
  });
  await sendMailSoon(db, context.mail, context.log, { to: viewer.user.email, ...message });
}
