/**
 * Sessions stored in the database (product.md "Sessions"): a short access cookie naming the
 * session (15 minutes, signed) and a rotating refresh token (30 days with rememberMe, else a
 * browser-session cookie the server honours for 24 hours). A refresh token presented again after
 * it was rotated means someone copied it: the whole session is revoked.
 */
import { and, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Env } from "~/config/env.server";
import { queryRows, type Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { profiles, refreshTokens, sessions, subscriptions, users } from "~/db/schema";
import { parseCookies, readCookie } from "~/modules/http/cookies";
import type { CurrentUser } from "./current-user";
import { hashToken, randomToken, safeEqual, sign } from "./tokens.server";
import { toCurrentUser } from "./users.server";

export const ACCESS_COOKIE = "ss_access";
export const REFRESH_COOKIE = "ss_refresh";
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REMEMBER_ME_DAYS = 30;
export const BROWSER_SESSION_HOURS = 24;
/**
 * A page and its data requests may present the same refresh token at once; the second is not a
 * thief. Within this window a rotated token still rotates (into a fresh one) instead of revoking.
 */
export const REUSE_GRACE_SECONDS = 20;

export interface Viewer {
  sessionId: string;
  user: CurrentUser;
  /**
   * The experts whose welcome waits for this reader's next visit to their page or post (nearly
   * always none): only those pages take it (subscriber-welcome.server.ts).
   */
  welcomesFrom: string[];
}

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
  rememberMe: boolean;
  expiresAt: Date;
}

const DAY = 24 * 3600_000;

function sessionLifetimeMs(rememberMe: boolean): number {
  return rememberMe ? REMEMBER_ME_DAYS * DAY : BROWSER_SESSION_HOURS * 3600_000;
}

export async function createSession(
  db: Database,
  input: { userId: string; rememberMe: boolean; userAgent?: string | null; ip?: string | null },
  now = new Date(),
): Promise<IssuedSession> {
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(input.rememberMe));
  const refreshToken = randomToken();
  // One statement (no transaction round trips): sign-in is a hot path.
  const [row] = await queryRows<{ session_id: string }>(
    db,
    sql`
    WITH new_session AS (
      INSERT INTO ${sessions} (user_id, remember_me, user_agent, ip, expires_at, created_at, last_used_at)
      VALUES (${input.userId}, ${input.rememberMe}, ${input.userAgent?.slice(0, 300) ?? null}, ${input.ip ?? null},
              ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      RETURNING id
    )
    INSERT INTO ${refreshTokens} (session_id, token_hash, expires_at, created_at)
    SELECT id, ${hashToken(refreshToken)}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz FROM new_session
    RETURNING session_id`,
  );
  const sessionId = row.session_id;
  return { sessionId, refreshToken, rememberMe: input.rememberMe, expiresAt };
}

export type RotationResult =
  { ok: true; session: IssuedSession; userId: string } | { ok: false; reason: "unknown" | "expired" | "reused" };

/**
 * Trades a refresh token for a new one. Unknown or expired tokens fail; a token used again after
 * the grace window revokes its session.
 */
export async function rotateRefreshToken(db: Database, token: string, now = new Date()): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for("update");
    if (!row) return { ok: false, reason: "unknown" } as const;
    const { session } = row;
    if (session.revokedAt || session.expiresAt <= now) return { ok: false, reason: "expired" } as const;
    const rotatedAt = row.token.rotatedAt;
    if (rotatedAt && now.getTime() - rotatedAt.getTime() > REUSE_GRACE_SECONDS * 1000) {
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: "refresh token reused" })
        .where(eq(sessions.id, session.id));
      return { ok: false, reason: "reused" } as const;
    }
    // Remember-me sessions slide; browser sessions end 24 hours after sign-in whatever happens.
    const expiresAt = session.rememberMe ? new Date(now.getTime() + sessionLifetimeMs(true)) : session.expiresAt;
    const refreshToken = randomToken();
    if (!rotatedAt) await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.token.id));
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: hashToken(refreshToken), expiresAt, createdAt: now });
    await tx.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, session.id));
    return {
      ok: true,
      userId: session.userId,
      session: { sessionId: session.id, refreshToken, rememberMe: session.rememberMe, expiresAt },
    } as const;
  });
}

export async function sessionIdOfRefreshToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.sessionId ?? null;
}

export async function revokeSession(db: Database, sessionId: string, reason: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs the user out everywhere, except (optionally) the session making the change. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
}

// ---------------------------------------------------------------------------------------------
// Cookies
// ---------------------------------------------------------------------------------------------
function cookieAttributes(env: Pick<Env, "APP_URL">): string {
  return `Path=/; HttpOnly; SameSite=Lax${env.APP_URL.startsWith("https:") ? "; Secure" : ""}`;
}

export function accessCookieValue(sessionId: string, secret: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + ACCESS_TTL_SECONDS;
  const payload = `${sessionId}.${expires}`;
  return `${payload}.${sign(payload, secret)}`;
}

// A browser sends the same access cookie with every request of its 15 minutes: its signature is
// checked once (an HMAC, over 10 µs a request under load), then the cookie is remembered with the
// secret that signed it. Bounded; the expiry is still read every time, the session in the database.
const verifiedAccessCookies = new Map<string, string>();
const MAX_VERIFIED_ACCESS_COOKIES = 10_000;

/** The session id in a valid, unexpired access cookie, or null. */
export function readAccessCookie(value: string | null, secret: string, now = new Date()): string | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [sessionId, expires, signature] = parts;
  if (verifiedAccessCookies.get(value) !== secret) {
    if (!safeEqual(signature, sign(`${sessionId}.${expires}`, secret))) return null;
    if (verifiedAccessCookies.size >= MAX_VERIFIED_ACCESS_COOKIES) verifiedAccessCookies.clear();
    verifiedAccessCookies.set(value, secret);
  }
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return sessionId;
}

export function sessionCookies(
  env: Pick<Env, "APP_URL" | "SESSION_SECRET">,
  session: IssuedSession,
  now = new Date(),
): string[] {
  const attributes = cookieAttributes(env);
  const refreshMaxAge = session.rememberMe
    ? `; Max-Age=${Math.round((session.expiresAt.getTime() - now.getTime()) / 1000)}`
    : "";
  return [
    `${ACCESS_COOKIE}=${accessCookieValue(session.sessionId, env.SESSION_SECRET, now)}; ${attributes}; Max-Age=${ACCESS_TTL_SECONDS}`,
    `${REFRESH_COOKIE}=${session.refreshToken}; ${attributes}${refreshMaxAge}`,
  ];
}

export function clearSessionCookies(env: Pick<Env, "APP_URL">): string[] {
  const attributes = cookieAttributes(env);
  return [`${ACCESS_COOKIE}=; ${attributes}; Max-Age=0`, `${REFRESH_COOKIE}=; ${attributes}; Max-Age=0`];
}

/** The session `sessionId` is live at `now`: not revoked, not expired. */
const liveSession = (sessionId: SQL, now: SQL) =>
  and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/**
 * The user of the live session `sessionId` (NULL when it is not live), for a statement that
 * checks the session and reads the page in one round trip (the feed API).
 */
export const sessionUserId = (sessionId: SQL, now: SQL) =>
  sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${liveSession(sessionId, now)})`;

/**
 * Every request of a signed-in user runs this join: the user (and avatar) of the live session of
 * the `sessionId` placeholder at `now`, plus `extra` columns a caller reads in the same round trip
 * (they may refer to `sessions.user_id`: the root loader's sidebar).
 */
export function selectViewer<Extra extends SelectedFields>(db: Database, extra: Extra) {
  return db
    .select({
      user: users,
      avatar: profiles.avatar,
      welcomesFrom: sql<string[]>`(SELECT coalesce(json_agg(w.expert_id), '[]'::json) FROM ${subscriptions} w
        WHERE w.subscriber_id = ${users.id} AND w.welcome_pending)`,
      ...extra,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(liveSession(sql`${sql.placeholder("sessionId")}::uuid`, sql`${sql.placeholder("now")}::timestamptz`));
}

const viewerStatement = preparedStatement((db) => selectViewer(db, {}).prepare("read_viewer"));

/** A row of `selectViewer` as the viewer. */
export function toViewer(
  sessionId: string,
  row: { user: typeof users.$inferSelect; avatar: string | null; welcomesFrom: string[] },
): Viewer {
  return { sessionId, user: toCurrentUser(row.user, row.avatar), welcomesFrom: row.welcomesFrom };
}

/**
 * The session id in the request's access cookie when its signature and lifetime hold, without
 * asking the database whether the session is still live (the caller's statement must).
 */
export function accessSessionId(cookieHeader: string | null, secret: string, now = new Date()): string | null {
  const sessionId = readAccessCookie(readCookie(cookieHeader, ACCESS_COOKIE), secret, now);
  return sessionId && /^[0-9a-f-]{36}$/.test(sessionId) ? sessionId : null;
}

/** The signed-in user behind the request's access cookie; null when there is none or it lapsed. */
export async function readViewer(
  db: Database,
  secret: string,
  cookieHeader: string | null,
  now = new Date(),
): Promise<Viewer | null> {
  const sessionId = accessSessionId(cookieHeader, secret, now);
  if (!sessionId) return null;
  const [row] = await viewerStatement(db).execute({ sessionId, now: now.toISOString() });
  return row ? toViewer(sessionId, row) : null;
}

/**
 * Server-rendered pages renew an expired access cookie themselves (product.md), so a page load
 * never shows a signed-out page to a signed-in user. Answers the cookies to set and the Cookie
 * header the page should be rendered with, or null when there is nothing to renew.
 */
export async function renewForPage(
  db: Database,
  env: Pick<Env, "APP_URL" | "SESSION_SECRET">,
  cookieHeader: string | null,
  now = new Date(),
): Promise<{ setCookies: string[]; cookieHeader: string } | null> {
  const refreshToken = readCookie(cookieHeader, REFRESH_COOKIE);
  if (!refreshToken) return null;
  if (readAccessCookie(readCookie(cookieHeader, ACCESS_COOKIE), env.SESSION_SECRET, now)) return null;
  const rotated = await rotateRefreshToken(db, refreshToken, now);
  const others = Object.entries(parseCookies(cookieHeader))
    .filter(([name]) => name !== ACCESS_COOKIE && name !== REFRESH_COOKIE)
    .map(([name, value]) => `${name}=${value}`);
  if (!rotated.ok) return { setCookies: clearSessionCookies(env), cookieHeader: others.join("; ") };
  const access = accessCookieValue(rotated.session.sessionId, env.SESSION_SECRET, now);
  return {
    setCookies: sessionCookies(env, rotated.session, now),
    cookieHeader: [...others, `${ACCESS_COOKIE}=${access}`, `${REFRESH_COOKIE}=${rotated.session.refreshToken}`].join(
      "; ",
    ),
  };
}
