/**
 * Fixed-window rate limits kept in PostgreSQL, so every app instance behind a load balancer
 * counts against the same limit. One statement per hit: insert the counter or bump it, starting
 * a new window when the old one has passed.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { rateLimitCounters } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";

export interface RateLimitRule {
  /** Names the action, e.g. "support-request"; the counter key is `${name}:${subject}`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

// Sign-in runs this on every attempt: a named prepared statement, planned once per connection.
const consumeStatement = preparedStatement((db) =>
  db
    .insert(rateLimitCounters)
    .values({
      key: sql.placeholder("key"),
      count: 1,
      resetAt: sql`now() + make_interval(secs => ${sql.placeholder("windowSeconds")})`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${rateLimitCounters.resetAt} <= now() THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimitCounters.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END`,
      },
    })
    .returning({
      count: rateLimitCounters.count,
      retryAfter: sql<number>`ceil(extract(epoch FROM ${rateLimitCounters.resetAt} - now()))::int`,
    })
    .prepare("consume_rate_limit"),
);

export async function consumeRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const [row] = await consumeStatement(db).execute({
    key: `${rule.name}:${subject}`,
    windowSeconds: rule.windowSeconds,
  });
  const count = Number(row.count);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Number(row.retryAfter)) };
}

/** Counts one hit and throws a 429 with `Retry-After` once the limit is passed. */
export async function enforceRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  const result = await consumeRateLimit(db, rule, subject);
  if (!result.allowed) {
    throw new AppError(429, ERROR_MESSAGES[429], undefined, { "Retry-After": String(result.retryAfterSeconds) });
  }
}

/**
 * Throws the 429 when the subject's counter has already reached the limit in its current window,
 * without counting this request: for limits that count only failures (sign-in per account), so
 * that past the limit even a right answer is refused and cannot be told from a wrong one.
 */
export async function refuseWhenLimitReached(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  const [row] = await db
    .select({
      count: rateLimitCounters.count,
      retryAfter: sql<number>`ceil(extract(epoch FROM ${rateLimitCounters.resetAt} - now()))::int`,
    })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, `${rule.name}:${subject}`), gt(rateLimitCounters.resetAt, sql`now()`)));
  if (row && Number(row.count) >= rule.limit) {
    throw new AppError(429, ERROR_MESSAGES[429], undefined, {
      "Retry-After": String(Math.max(1, Number(row.retryAfter))),
    });
  }
}

/** Ends the subject's window now (a password reset by e-mail lifts the account's sign-in lock). */
export async function clearRateLimit(db: Database, rule: Pick<RateLimitRule, "name">, subject: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `${rule.name}:${subject}`));
}

/** Drops counters whose window ended; run now and then, not per request. */
export async function pruneRateLimitCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`now()`));
}
