/**
 * Free trials (docs/product.md "Trials and promo codes"): the expert sets 0 to 30 days; a reader
 * gets one trial per expert, marked when the subscription starts (a card step left unfinished
 * costs no trial). With Stripe the card is taken up front and the first charge comes at the
 * trial's end; with payments off the trial runs into the free subscription. Either way the reader
 * is e-mailed in the trial's last 3 days.
 */
import { eq, sql } from "drizzle-orm";
import type { Env } from "~/config/env.server";
import { queryRows, type Database } from "~/db/client.server";
import { experts, subscriptions } from "~/db/schema";
import { queueMail } from "~/modules/mail/mail.server";
import { trialReminderEmail } from "~/modules/mail/templates";
import { formatUsd } from "~/modules/money/money";
import { FREE_PROVIDER } from "~/modules/payments/stripe.server";
import { TRIAL_REMINDER_DAYS } from "./promo-codes";

const MAIL_BATCH = 100;
const DAY_MS = 86_400_000;

export const trialEndFrom = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);

export async function readTrialDays(db: Database, expertId: string): Promise<number> {
  const [row] = await db.select({ days: experts.trialDays }).from(experts).where(eq(experts.userId, expertId));
  return row?.days ?? 0;
}

/** A new trial length applies to subscriptions started from now on. */
export async function setTrialDays(db: Database, expertId: string, days: number): Promise<number> {
  await db.update(experts).set({ trialDays: days }).where(eq(experts.userId, expertId));
  return days;
}

/**
 * The subscription started: when it starts inside a trial, that trial is the reader's one with this
 * expert, and its reminder is due. Called by `subscriptionStarted`, on every path.
 */
export async function markTrialStarted(tx: Database, subscriptionId: string, now = new Date()): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ trialStartedAt: now, trialReminderDue: true })
    .where(
      sql`${subscriptions.id} = ${subscriptionId} AND ${subscriptions.trialStartedAt} IS NULL
        AND ${subscriptions.trialEndsAt} > ${now.toISOString()}::timestamptz`,
    );
}

/** The trial's end in the reader's words and time zone: "Friday, December 4". */
function dayInWords(at: Date, timezone: string): string {
  const options = { weekday: "long", month: "long", day: "numeric" } as const;
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(at);
  }
}

/**
 * The mail job's part: trials within their last 3 days get their reminder, claimed so each goes
 * once. None for a trial already cancelled (nothing will be charged) or already over.
 */
export async function emailTrialReminders(
  db: Database,
  env: Pick<Env, "APP_URL" | "APP_NAME">,
  now = new Date(),
): Promise<number> {
  const soon = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS).toISOString();
  let queued = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await queryRows<{
        email: string;
        confirmed: boolean;
        firstName: string;
        timezone: string;
        expertName: string;
        expertUserName: string;
        status: string;
        provider: string | null;
        priceCents: number;
        trialEndsAt: Date | string;
      }>(
        tx,
        sql`
        WITH claimed AS (
          UPDATE ${subscriptions} SET trial_reminder_due = false
          WHERE id IN (SELECT id FROM ${subscriptions} WHERE trial_reminder_due AND trial_ends_at <= ${soon}::timestamptz
            LIMIT ${MAIL_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING subscriber_id, expert_id, status, provider, price_cents, trial_ends_at)
        SELECT r.email, r.email_confirmed_at IS NOT NULL AS confirmed, r.first_name AS "firstName", r.timezone,
          a.user_name AS "expertUserName",
          coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.user_name) AS "expertName",
          c.status, c.provider, c.price_cents AS "priceCents", c.trial_ends_at AS "trialEndsAt"
        FROM claimed c JOIN users r ON r.id = c.subscriber_id JOIN users a ON a.id = c.expert_id`,
      );
      for (const row of rows) {
        const endsAt = new Date(row.trialEndsAt);
        if (row.status !== "Activated" || !row.confirmed || endsAt <= now) continue;
        const content = trialReminderEmail({
          appName: env.APP_NAME,
          appUrl: env.APP_URL,
          firstName: row.firstName,
          expertName: row.expertName,
          expertUserName: row.expertUserName,
          endsOn: dayInWords(endsAt, row.timezone),
          price: row.provider === FREE_PROVIDER ? null : formatUsd(row.priceCents),
        });
        await queueMail(tx, { to: row.email, ...content });
        queued++;
      }
      return rows.length;
    });
    if (claimed < MAIL_BATCH) return queued;
  }
}
