/**
 * The expert's welcome to new subscribers: a plain-text message the expert writes on /business.
 * When a subscription starts (not a renewal, a resumption or a return from PastDue), the reader is
 * due its e-mail (sent by the mail job, once, whichever instance claims it) and its showing on
 * their next visit to one of the expert's pages (taken once). Only that subscriber ever gets it.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Env } from "~/config/env.server";
import { queryRows, type Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { experts, subscriptions, users } from "~/db/schema";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { queueMail } from "~/modules/mail/mail.server";
import { subscriberWelcomeEmail } from "~/modules/mail/templates";
import { notifyNewSubscription } from "~/modules/notifications/notify.server";
import { WELCOME_MESSAGE_MAX, WELCOME_TOO_LONG } from "./subscriber-welcome";
import { markTrialStarted } from "./trials.server";

const MAIL_BATCH = 100;

/** `POST /api/business/welcome {message}`: an empty message means none. */
export const welcomeMessageSchema = z.object({
  message: z
    .string()
    .max(WELCOME_MESSAGE_MAX, WELCOME_TOO_LONG)
    .optional()
    .transform((message) => message?.replace(/\r\n?/g, "\n").trim() || null),
});

export async function readWelcomeMessage(db: Database, expertId: string): Promise<string | null> {
  const [row] = await db.select({ message: experts.welcomeMessage }).from(experts).where(eq(experts.userId, expertId));
  return row?.message ?? null;
}

export async function setWelcomeMessage(
  db: Database,
  expertId: string,
  message: string | null,
): Promise<string | null> {
  await db.update(experts).set({ welcomeMessage: message }).where(eq(experts.userId, expertId));
  return message;
}

/**
 * A subscription started: the expert is told, and the reader is due the expert's welcome when
 * there is one; a trial it starts in is marked (trials.server.ts). Called in the transaction that
 * starts it, on every path (free, Stripe's webhooks).
 */
export async function subscriptionStarted(
  tx: Database,
  row: { id: string; expertId: string; subscriberId: string },
  now = new Date(),
): Promise<void> {
  await notifyNewSubscription(tx, row.expertId, row.subscriberId);
  await markTrialStarted(tx, row.id, now);
  await tx
    .update(subscriptions)
    .set({ welcomeMailDue: true, welcomePending: true })
    .where(
      and(
        eq(subscriptions.id, row.id),
        sql`EXISTS (SELECT 1 FROM ${experts} WHERE ${experts.userId} = ${row.expertId} AND ${experts.welcomeMessage} IS NOT NULL)`,
      ),
    );
}

/**
 * The welcome, once, on the subscriber's first visit to the expert's page or post since it
 * started: answered and marked shown in one statement, so two tabs never both show it. Asked
 * only when the viewer's read said one waits from this expert (nearly never).
 */
export async function takeWelcome(
  db: Database,
  viewer: Viewer,
  expertId: string,
): Promise<{ expertName: string; message: string } | null> {
  if (!viewer.welcomesFrom.includes(expertId)) return null;
  const [row] = await takeWelcomeStatement(db).execute({ subscriberId: viewer.user.id, expertId });
  if (!row?.message) return null;
  return { expertName: `${row.firstName} ${row.lastName}`.trim() || row.userName, message: row.message };
}

/** A subscriber's first visit after a subscription started runs it: prepared. */
const takeWelcomeStatement = preparedStatement((db) =>
  db
    .update(subscriptions)
    // now(), not the column's $onUpdate: that would be the time the statement was prepared.
    .set({ welcomePending: false, updatedAt: sql`now()` })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .where(
      and(
        eq(subscriptions.subscriberId, sql.placeholder("subscriberId")),
        eq(subscriptions.expertId, sql.placeholder("expertId")),
        eq(subscriptions.welcomePending, true),
        eq(experts.userId, subscriptions.expertId),
      ),
    )
    .returning({
      message: experts.welcomeMessage,
      firstName: users.firstName,
      lastName: users.lastName,
      userName: users.userName,
    })
    .prepare("take_welcome"),
);

/** The mail job's part: due welcomes queued in the outbox, claimed so each goes once. */
export async function emailWelcomes(db: Database, env: Pick<Env, "APP_URL" | "APP_NAME">): Promise<number> {
  let queued = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await queryRows<{
        email: string;
        confirmed: boolean;
        firstName: string;
        expertName: string;
        expertUserName: string;
        message: string | null;
      }>(
        tx,
        sql`
        WITH claimed AS (
          UPDATE ${subscriptions} SET welcome_mail_due = false
          WHERE id IN (SELECT id FROM ${subscriptions} WHERE welcome_mail_due LIMIT ${MAIL_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING subscriber_id, expert_id)
        SELECT r.email, r.email_confirmed_at IS NOT NULL AS confirmed, r.first_name AS "firstName", a.user_name AS "expertUserName",
          coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.user_name) AS "expertName",
          e.welcome_message AS message
        FROM claimed c JOIN ${users} r ON r.id = c.subscriber_id JOIN ${users} a ON a.id = c.expert_id
          JOIN ${experts} e ON e.user_id = c.expert_id`,
      );
      for (const row of rows) {
        // No mail to an address never confirmed, nor once the expert took the message away.
        if (!row.message || !row.confirmed) continue;
        const content = subscriberWelcomeEmail({
          appName: env.APP_NAME,
          appUrl: env.APP_URL,
          firstName: row.firstName,
          expertName: row.expertName,
          expertUserName: row.expertUserName,
          message: row.message,
        });
        await queueMail(tx, { to: row.email, ...content });
        queued++;
      }
      return rows.length;
    });
    if (claimed < MAIL_BATCH) return queued;
  }
}
