/**
 * Fixed-window rate limits kept in PostgreSQL, so every app instance behind a load balancer
 * counts against the same limit. One statement per hit: insert the counter or bump it, starting
 * a new window when the old one has passed.
 */
import { lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
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

export async function consumeRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    INSERT INTO ${rateLimitCounters} (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${rateLimitCounters.resetAt} <= now() THEN 1 ELSE ${rateLimitCounters.count} + 1 END,
      reset_at = CASE WHEN ${rateLimitCounters.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`,
  );
  const count = Number(row.count);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/** Counts one hit and throws a 429 with `Retry-After` once the limit is passed. */
export async function enforceRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  const result = await consumeRateLimit(db, rule, subject);
  if (!result.allowed) {
    throw new AppError(429, ERROR_MESSAGES[429], undefined, { "Retry-After": String(result.retryAfterSeconds) });
  }
}

/** Drops counters whose window ended; run now and then, not per request. */
export async function pruneRateLimitCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`now()`));
}
