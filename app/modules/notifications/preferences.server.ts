/**
 * What each user wants to hear about (decision 024): muted kinds (a trigger keeps them from being
 * stored) and e-mails for new picks, which the pick-mail job sends from the new-pick
 * notifications, once each, with a one-click unsubscribe link.
 */
import { eq, sql } from "drizzle-orm";
import type { Env } from "~/config/env.server";
import { queryRows, type Database } from "~/db/client.server";
import { categories, categoryFollows, notificationPreferences, notifications } from "~/db/schema";
import { safeEqual, sign } from "~/modules/accounts/tokens.server";
import { queueMail } from "~/modules/mail/mail.server";
import { newPickEmail } from "~/modules/mail/templates";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notifications.server";

export interface NotificationPreferences {
  mutedKinds: NotificationKind[];
  newPickEmails: boolean;
  /** The sports whose new games are NewEvent notifications. */
  followedCategoryIds: number[];
}

export async function readPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const [[row], followed] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db
      .select({ id: categoryFollows.categoryId })
      .from(categoryFollows)
      .where(eq(categoryFollows.userId, userId))
      .orderBy(categoryFollows.categoryId),
  ]);
  return {
    mutedKinds: row?.mutedKinds ?? [],
    newPickEmails: row?.newPickEmails ?? true,
    followedCategoryIds: followed.map((category) => category.id),
  };
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const mutedKinds = NOTIFICATION_KINDS.filter((kind) => preferences.mutedKinds.includes(kind));
  const known = await db.select({ id: categories.id }).from(categories);
  const followedCategoryIds = known
    .map((category) => category.id)
    .filter((id) => preferences.followedCategoryIds.includes(id))
    .sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values({ userId, mutedKinds, newPickEmails: preferences.newPickEmails })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { mutedKinds, newPickEmails: preferences.newPickEmails, updatedAt: new Date() },
      });
    await tx.delete(categoryFollows).where(eq(categoryFollows.userId, userId));
    if (followedCategoryIds.length > 0)
      await tx.insert(categoryFollows).values(followedCategoryIds.map((categoryId) => ({ userId, categoryId })));
  });
  return { mutedKinds, newPickEmails: preferences.newPickEmails, followedCategoryIds };
}

// ---------------------------------------------------------------------------------------------
// One-click unsubscribe from new-pick e-mails
// ---------------------------------------------------------------------------------------------
const UNSUBSCRIBE_PURPOSE = "new-pick-emails";

/** A token naming the user, signed: the link works without signing in, and only for them. */
export function unsubscribeToken(userId: string, secret: string): string {
  return `${userId}.${sign(`${UNSUBSCRIBE_PURPOSE}:${userId}`, secret)}`;
}

export function unsubscribeUrl(env: Pick<Env, "APP_URL" | "SESSION_SECRET">, userId: string): string {
  return `${env.APP_URL.replace(/\/+$/, "")}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, env.SESSION_SECRET))}`;
}

/** The user a token names, or null when it is not one of ours. */
export function userOfUnsubscribeToken(token: string | null, secret: string): string | null {
  const [userId, signature] = (token ?? "").split(".");
  if (!userId || !signature || !UUID_PATTERN.test(userId)) return null;
  return safeEqual(signature, sign(`${UNSUBSCRIBE_PURPOSE}:${userId}`, secret)) ? userId : null;
}

export async function stopNewPickEmails(db: Database, userId: string): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, newPickEmails: false })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { newPickEmails: false, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------------------------------------
// The pick-mail job
// ---------------------------------------------------------------------------------------------
const MAIL_BATCH = 200;

interface NewPickMail {
  userId: string;
  email: string;
  firstName: string;
  postId: string;
  title: string;
  expertName: string;
}

/**
 * E-mails the new-pick notifications not e-mailed yet (ExpertNewPost or PostLive of a Pick) to
 * recipients who hold a subscription giving access to its expert, have a confirmed address and
 * did not turn these e-mails off; stamps every claimed notification, mailed or not. Rows are
 * claimed with SKIP LOCKED: instances running it at once never mail one twice. Answers how many
 * e-mails were queued.
 */
export async function emailNewPicks(
  db: Database,
  env: Pick<Env, "APP_URL" | "APP_NAME" | "SESSION_SECRET">,
  now = new Date(),
): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await queryRows<NewPickMail & { mailable: boolean }>(
        tx,
        sql`
        WITH claimed AS (
          UPDATE ${notifications} SET emailed_at = ${at}
          WHERE id IN (
            SELECT id FROM ${notifications}
            WHERE emailed_at IS NULL AND data_type IN ('ExpertNewPost', 'PostLive')
            ORDER BY created_at LIMIT ${MAIL_BATCH}
            FOR UPDATE SKIP LOCKED)
          RETURNING recipient_id, post_id)
        SELECT r.id AS "userId", r.email, r.first_name AS "firstName", p.id AS "postId", p.title, a.user_name AS "expertName",
          (p.post_type = 'Pick' AND r.email_confirmed_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM ${notificationPreferences} np WHERE np.user_id = r.id AND np.new_pick_emails = false)
            AND EXISTS (SELECT 1 FROM subscriptions WHERE subscriber_id = r.id AND expert_id = p.author_id AND ${subscriptionGivesAccessSql(at)})) AS "mailable"
        FROM claimed c JOIN posts p ON p.id = c.post_id JOIN users r ON r.id = c.recipient_id JOIN users a ON a.id = p.author_id`,
      );
      const mails = rows.filter((row) => row.mailable);
      for (const mail of mails) {
        const url = unsubscribeUrl(env, mail.userId);
        const content = newPickEmail({
          appName: env.APP_NAME,
          appUrl: env.APP_URL,
          firstName: mail.firstName,
          expertName: mail.expertName,
          title: mail.title,
          postId: mail.postId,
          unsubscribeUrl: url,
        });
        await queueMail(tx, { to: mail.email, ...content, listUnsubscribe: url });
      }
      return { claimed: rows.length, mails };
    });
    queued += batch.mails.length;
    if (batch.claimed < MAIL_BATCH) return queued;
  }
}
