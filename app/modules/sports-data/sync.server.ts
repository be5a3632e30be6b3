/**
 * The provider sync: every ODDS_SYNC_MINUTES, each configured sport's odds and recent
 * scores from The Odds API, through the one import. Every instance's timer tries; the lease (one
 * row, claimed by a single UPDATE) lets exactly one run per interval. Provider failures are
 * logged and kept in the row's `error`, never thrown: the app goes on without fresh lines.
 */
import { eq, sql } from "drizzle-orm";
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { queryRows } from "~/db/client.server";
import { sportsDataSync } from "~/db/schema";
import type { Logger } from "~/modules/logger.server";
import { fetchOdds, fetchScores, OddsApiError, type OddsApiConfig } from "./odds-api.server";
import { importProviderEvents } from "./provider-import.server";
import { emptySummary, type ProviderImportSummary } from "./summary";
import type { ProviderEvent } from "./provider-schema";
import { syncedSportKeys } from "./sport-keys";

export type SyncEnv = Pick<Env, "ODDS_API_KEY" | "ODDS_API_URL" | "ODDS_SYNC_MINUTES" | "ODDS_API_SPORTS">;

export type SyncOutcome = { ran: false } | { ran: true; summary: ProviderImportSummary; error: string | null };

/** A tenth of the interval's slack: a timer firing a moment early is not turned away for a whole interval. */
const leaseSeconds = (minutes: number) => Math.round(minutes * 60 * 0.9);

export async function runSportsDataSync(
  db: Database,
  env: SyncEnv,
  logger: Pick<Logger, "info" | "warn">,
  now = new Date(),
  options: { timeoutMs?: number } = {},
): Promise<SyncOutcome> {
  if (!env.ODDS_API_KEY) return { ran: false };
  const claimed = await queryRows<{ id: number }>(
    db,
    sql`UPDATE "sports_data_sync" SET "started_at" = now()
        WHERE "id" = 1 AND ("started_at" IS NULL OR "started_at" < now() - make_interval(secs => ${leaseSeconds(env.ODDS_SYNC_MINUTES)}))
        RETURNING "id"`,
  );
  if (claimed.length === 0) return { ran: false };

  const config: OddsApiConfig = { url: env.ODDS_API_URL, apiKey: env.ODDS_API_KEY, timeoutMs: options.timeoutMs };
  const fetched: ProviderEvent[] = [];
  const errors: string[] = [];
  let invalid = 0;
  for (const sport of syncedSportKeys(env.ODDS_API_SPORTS)) {
    try {
      const [odds, scores] = await Promise.all([fetchOdds(config, sport), fetchScores(config, sport)]);
      fetched.push(...odds.events, ...scores.events);
      invalid += odds.invalid + scores.invalid;
    } catch (error) {
      if (!(error instanceof OddsApiError)) throw error;
      errors.push(error.message);
      // A bad key or a spent quota fails every sport alike: stop asking.
      if (error.status === 401 || error.status === 429) break;
    }
  }

  let summary = emptySummary();
  try {
    summary = await importProviderEvents(db, fetched, { now, logger });
  } catch (error) {
    errors.push(`The import failed: ${(error as Error).message}`);
    logger.warn({ err: error }, "sports data: the import failed");
  }
  summary.skipped += invalid;
  const error = errors.length > 0 ? errors.join("; ").slice(0, 2000) : null;
  await db
    .update(sportsDataSync)
    .set({ finishedAt: sql`now()`, summary: { ...summary }, error })
    .where(eq(sportsDataSync.id, 1));
  if (error) logger.warn({ error, summary }, "sports data sync: the provider failed");
  else logger.info(summary, "sports data synced");
  return { ran: true, summary, error };
}

export interface SyncState {
  startedAt: string | null;
  finishedAt: string | null;
  summary: Record<string, number> | null;
  error: string | null;
}

/** The last run, for the admin page. */
export async function readSyncState(db: Database): Promise<SyncState | null> {
  const [row] = await db.select().from(sportsDataSync).where(eq(sportsDataSync.id, 1));
  if (!row) return null;
  return {
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    summary: row.summary ?? null,
    error: row.error,
  };
}
