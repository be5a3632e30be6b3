import type { Database } from "./client.server";

/**
 * A value read from the database and reused for `ttlMs` on each database handle (so per
 * instance): for rankings and statistics, where seconds old is fine. A failed read is not kept:
 * the next call tries again. `now` (milliseconds) is the caller's clock.
 */
export function cachedPerDatabase<T>(
  ttlMs: number,
  read: (db: Database, now: number) => Promise<T>,
): (db: Database, now?: number) => Promise<T> {
  const cache = new WeakMap<Database, { at: number; value: Promise<T> }>();
  return (db, now = Date.now()) => {
    const cached = cache.get(db);
    if (cached && now - cached.at < ttlMs) return cached.value;
    const value = read(db, now);
    cache.set(db, { at: now, value });
    value.catch(() => cache.delete(db));
    return value;
  };
}
