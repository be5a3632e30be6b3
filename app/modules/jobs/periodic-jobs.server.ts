/**
 * Every periodic job of an app instance, with its period and why; server.ts starts them with the
 * scheduler (scheduler.server.ts) and stops them before the database closes. Every instance runs
 * the same list: each job says what keeps it right when several run it at once.
 */
import { demoDataEnabled, type Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { PUSH_INTERVAL_MS, sendDuePushes } from "~/modules/push/push-delivery.server";
import { pushKeysFor } from "~/modules/push/push-keys.server";
import { pruneImageCache } from "~/modules/images/image-cache.server";
import type { Logger } from "~/modules/logger.server";
import { drainOutbox, pruneFinishedMail, type MailTransport } from "~/modules/mail/mail.server";
import { PUBLISHING_INTERVAL_MS, publishDuePosts } from "~/modules/notifications/publishing.server";
import { emailNewPicks } from "~/modules/notifications/preferences.server";
import { pruneRateLimitCounters } from "~/modules/rate-limit/rate-limit.server";
import { rollStandingsIfDue } from "~/modules/record/record.server";
import { refreshRecordConfidence } from "~/modules/record/record-confidence.server";
import { refreshDemoLines } from "~/modules/record/markets.server";
import { runSportsDataSync } from "~/modules/sports-data/sync.server";
import { emailWelcomes } from "~/modules/subscriptions/subscriber-welcome.server";
import { emailTrialReminders } from "~/modules/subscriptions/trials.server";
import { renewFreeSubscriptions } from "~/modules/subscriptions/subscriptions.server";
import { pruneAbandonedUploads } from "~/modules/uploads/uploads.server";
import type { PeriodicJob } from "./scheduler.server";

const MINUTE = 60_000;

/**
 * The mail outbox: due rows delivered every 15 s (and at start, for mail queued while the server
 * was down), each row leased by one instance; old finished rows deleted at start and then hourly
 * (a delete: any instance may run it).
 */
export function mailOutboxJobs(
  db: Database,
  transport: MailTransport,
  log: Logger,
  { everyMs = 15_000, limit = 20 }: { everyMs?: number; limit?: number } = {},
): PeriodicJob[] {
  return [
    {
      name: "mail outbox",
      everyMs,
      firstAfterMs: 0,
      run: (signal) =>
        drainOutbox(db, transport, log, { limit, signal }).catch((err) =>
          log.warn({ err }, "the mail worker could not read the outbox"),
        ),
    },
    {
      name: "mail outbox pruning",
      everyMs: 60 * MINUTE,
      firstAfterMs: 0,
      run: () =>
        pruneFinishedMail(db).catch((err) => log.warn({ err }, "could not delete old e-mails from the outbox")),
    },
  ];
}

/**
 * Pushes to readers' devices, within a second of the notification: claimed with a lease, so every
 * instance shares the work and rows a stopped instance held go out from another. None when push
 * is off (no VAPID keys).
 */
export function pushJob(db: Database, env: Env, log: Logger): PeriodicJob | null {
  const keys = pushKeysFor(env);
  if (!keys) return null;
  return {
    name: "push",
    everyMs: PUSH_INTERVAL_MS,
    firstAfterMs: 0,
    run: (signal) =>
      sendDuePushes(db, keys, log, { signal }).catch((err) => log.warn({ err }, "could not send pushes")),
  };
}

export function periodicJobs({
  db,
  env,
  logger,
  mail,
}: {
  db: Database;
  env: Env;
  logger: Logger;
  mail: MailTransport;
}): PeriodicJob[] {
  const jobs: PeriodicJob[] = [
    ...mailOutboxJobs(db, mail, logger),
    {
      // Expired counters, uploads never attached, least-recently-used cached images: housekeeping
      // that can wait ten minutes; deletes only, so any instance may run them.
      name: "pruning",
      everyMs: 10 * MINUTE,
      run: () =>
        Promise.all([
          pruneRateLimitCounters(db).catch((err) => logger.warn({ err }, "could not prune rate-limit counters")),
          pruneAbandonedUploads({ db, env }).catch((err) => logger.warn({ err }, "could not prune abandoned uploads")),
          pruneImageCache(env)
            .then((cache) => cache.removed > 0 && logger.info(cache, "pruned the image cache"))
            .catch((err) => logger.warn({ err }, "could not prune the image cache")),
        ]),
    },
    {
      // Free subscriptions (payments off) renew or expire within a minute of their period's end;
      // each row changes once, whichever instance gets there (renewFreeSubscriptions).
      name: "free subscription renewal",
      everyMs: MINUTE,
      run: () =>
        renewFreeSubscriptions(db)
          .then((changed) =>
            changed.renewed || changed.expired
              ? logger.info(changed, "free subscriptions renewed or expired")
              : undefined,
          )
          .catch((err) => logger.warn({ err }, "could not renew free subscriptions")),
    },
    {
      // Scheduled posts go live on time: their readers are told by whichever instance claims them
      // first (FOR UPDATE SKIP LOCKED: exactly once however many instances run this). New picks are
      // then e-mailed to their subscribers, and new subscribers their expert's welcome and trials ending soon their reminder
      // (once each, whichever instance claims them).
      name: "publishing",
      everyMs: PUBLISHING_INTERVAL_MS,
      run: () =>
        publishDuePosts(db)
          .catch((err) => logger.warn({ err }, "could not announce the posts that went live"))
          .then(() => emailNewPicks(db, env))
          .catch((err) => logger.warn({ err }, "could not e-mail the new picks"))
          .then(() => emailWelcomes(db, env))
          .catch((err) => logger.warn({ err }, "could not e-mail the welcomes"))
          .then(() => emailTrialReminders(db, env))
          .catch((err) => logger.warn({ err }, "could not e-mail the trial reminders")),
    },
    {
      // Skill or luck follows the record: rows whose sums moved (a grade, a correction, the
      // rollover) are computed again from their experts' graded picks.
      name: "record confidence",
      everyMs: 30_000,
      firstAfterMs: 5_000,
      run: () =>
        refreshRecordConfidence(db).catch((err) => logger.warn({ err }, "could not compute the records' confidence")),
    },
    {
      // The record's 7-day, 30-day and season windows roll over to the new day (UTC) once, at start
      // and then within ten minutes of midnight, whichever instance gets there first
      // (roll_standings locks; the others then find the day done).
      name: "standings rollover",
      everyMs: 10 * MINUTE,
      firstAfterMs: 0,
      run: () =>
        rollStandingsIfDue(db)
          .then((rolled) => (rolled ? logger.info("record windows rolled over to today") : undefined))
          .catch((err) => logger.warn({ err }, "could not roll the record windows over")),
    },
  ];
  const push = pushJob(db, env, logger);
  if (push) jobs.push(push);
  else
    logger.warn("push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the same on every instance)");
  // Lines and scores from The Odds API (only with ODDS_API_KEY), every ODDS_SYNC_MINUTES, the
  // first 15 s after start: every instance tries, the lease in sports_data_sync lets one run per
  // interval. Provider failures are stored, not thrown.
  if (env.ODDS_API_KEY) {
    jobs.push({
      name: "sports data sync",
      everyMs: env.ODDS_SYNC_MINUTES * MINUTE,
      firstAfterMs: 15_000,
      run: () =>
        runSportsDataSync(db, env, logger).catch((err) => logger.warn({ err }, "could not sync the sports data")),
    });
  } else if (demoDataEnabled(env)) {
    // The demo without a provider: its coming games' lines are taken again before they are too old
    // to price a pick (MARKET_MAX_AGE_MINUTES), so the demo keeps taking picks. Appends only; two
    // instances at once append twice, which prices nothing differently.
    const refreshAfter = Math.max(1, Math.floor(env.MARKET_MAX_AGE_MINUTES / 2));
    jobs.push({
      name: "demo lines",
      everyMs: Math.min(5, refreshAfter) * MINUTE,
      firstAfterMs: 0,
      run: () =>
        refreshDemoLines(db, refreshAfter).catch((err) => logger.warn({ err }, "could not refresh the demo's lines")),
    });
  }
  return jobs;
}
