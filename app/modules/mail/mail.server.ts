/**
 * Outgoing e-mail. Every message is first written to the `mail_outbox` table (one cheap insert in
 * the caller's flow), then delivered outside the request: at once in the background by
 * `sendMailSoon`, and later by the worker for whatever could not go out. So a request never waits
 * for SMTP nor fails because of it, and a dead SMTP server loses nothing: the row waits, with its
 * error, until a retry gets through.
 *
 * Several app instances may deliver at once. A row is claimed by one short UPDATE that locks it
 * (`FOR UPDATE SKIP LOCKED`), counts the attempt and pushes `next_attempt_at` past the time a send
 * can take, so no other instance picks it up while it is being sent. The SMTP conversation itself
 * happens outside any transaction: an open transaction would hold a pooled connection, and on the
 * embedded PGlite it would stall every other query of the process until SMTP answered.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { Logger } from "~/modules/logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For mail a user opted into: the one-click unsubscribe address (RFC 8058). */
  listUnsubscribe?: string | null;
}

export interface MailTransport {
  /** "smtp" with SMTP_URL; "log" writes each message to the server log instead. */
  readonly kind: "smtp" | "log";
  /** The From header of every message. */
  readonly from: string;
  /** Hands one message over; rejects when the SMTP server does not take it. */
  send(message: MailMessage & { outboxId?: string }): Promise<void>;
  /** Background deliveries started by `sendMailSoon` that have not finished yet. */
  readonly inFlight: Set<Promise<unknown>>;
  /** Waits for the background deliveries, then closes the SMTP connections. */
  close(): Promise<void>;
}

/** After this many failed attempts a row stays in the outbox, unsent, with its last error (for MAIL_RETENTION_DAYS). */
export const MAX_MAIL_ATTEMPTS = 8;
/**
 * Days a finished row (sent, or given up) stays in the outbox, for looking into a delivery
 * problem. Then it is deleted: its text and HTML hold codes and links (docs/security.md, finding 3).
 */
export const MAIL_RETENTION_DAYS = 7;
// Longer than any single send can take with the timeouts below, so a row being sent by one
// instance is never taken by another; if the sender dies mid-way the row is retried after it.
const SENDING_LEASE_MINUTES = 10;
const SMTP_TIMEOUT_MS = 10_000;

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "APP_NAME" | "APP_URL" | "NODE_ENV">;

/** `MAIL_FROM`, or `"<APP_NAME> <no-reply@<host of APP_URL>>"`. */
export function mailSender(env: Pick<Env, "MAIL_FROM" | "APP_NAME" | "APP_URL">): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  // A display name with punctuation must be quoted, or the header parses as several addresses.
  const name = /^[\w .-]*$/.test(env.APP_NAME) ? env.APP_NAME : `"${env.APP_NAME.replace(/["\\]/g, "\\$&")}"`;
  return `${name} <no-reply@${new URL(env.APP_URL).hostname}>`;
}

export function createMailTransport(env: MailEnv, log: Logger): MailTransport {
  const from = mailSender(env);
  const inFlight = new Set<Promise<unknown>>();
  const settle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  if (!env.SMTP_URL) {
    // product.md: without SMTP the log is the mailbox, so a new user on the embedded default
    // can read their verification code there.
    const level = env.NODE_ENV === "production" ? "warn" : "info";
    log[level]("SMTP_URL is not set: e-mails are written to this log and kept in the mail_outbox table");
    return {
      kind: "log",
      from,
      inFlight,
      async send({ to, subject, text }) {
        log.info({ mail: { to, subject } }, `E-mail to ${to}: ${subject}\n\n${text}`);
      },
      close: settle,
    };
  }

  const smtp = createTransport({
    url: env.SMTP_URL,
    secure: new URL(env.SMTP_URL).protocol === "smtps:",
    pool: true,
    maxConnections: 3,
    // Node's defaults wait minutes; a dead or silent server must fail a send within seconds.
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: 2 * SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  });
  // The same Message-ID on every attempt of one row lets mail clients drop the copy should a
  // retry deliver a message whose first success was never recorded.
  const idDomain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? new URL(env.APP_URL).hostname;
  return {
    kind: "smtp",
    from,
    inFlight,
    async send({ to, subject, text, html, outboxId, listUnsubscribe }) {
      await smtp.sendMail({
        from,
        to,
        subject,
        text,
        html,
        messageId: outboxId ? `<${outboxId}@${idDomain}>` : undefined,
        // RFC 3834: tells vacation responders not to answer.
        headers: {
          "Auto-Submitted": "auto-generated",
          // Mail clients show an unsubscribe button that POSTs to it without opening anything.
          ...(listUnsubscribe
            ? { "List-Unsubscribe": `<${listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
            : {}),
        },
      });
    },
    async close() {
      await settle();
      smtp.close();
    },
  };
}

/** Writes the message to the outbox and answers its id. Delivery happens elsewhere. */
export async function queueMail(db: Database, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      listUnsubscribe: message.listUnsubscribe ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

type ClaimedMail = MailMessage & { id: string; attempts: number };

/** Takes due rows (oldest first) for this instance alone; see the module comment. */
async function claimMail(db: Database, options: { limit: number; id?: string }): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        options.id ? eq(mailOutbox.id, options.id) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(mins => ${SENDING_LEASE_MINUTES})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      listUnsubscribe: mailOutbox.listUnsubscribe,
      attempts: mailOutbox.attempts,
    });
}

/** Sends one claimed row and records the outcome; answers whether it went out. Never throws. */
async function deliverClaimed(db: Database, transport: MailTransport, log: Logger, row: ClaimedMail): Promise<boolean> {
  try {
    await transport.send({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      listUnsubscribe: row.listUnsubscribe,
      outboxId: row.id,
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const final = row.attempts >= MAX_MAIL_ATTEMPTS;
    const context = { err: error, mailId: row.id, attempts: row.attempts };
    if (final) log.error(context, "gave up sending an e-mail; it stays unsent in mail_outbox");
    else log.warn(context, "could not send an e-mail; will retry");
    await db
      .update(mailOutbox)
      // Back off attempts² minutes (1, 4, 9 … 49): about two hours and a half in all.
      .set({ lastError: message, nextAttemptAt: sql`now() + make_interval(mins => ${row.attempts * row.attempts})` })
      .where(eq(mailOutbox.id, row.id))
      .catch((err) => log.error({ err, mailId: row.id }, "could not record a failed e-mail attempt"));
    return false;
  }
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, row.id))
    // The message is out; the row will be retried after the lease, and the Message-ID repeats.
    .catch((err) => log.error({ err, mailId: row.id }, "sent an e-mail but could not mark it sent"));
  log.debug({ mailId: row.id, attempts: row.attempts }, "sent an e-mail");
  return true;
}

/** Sends up to `limit` due rows of the outbox, oldest first. Safe to run on several instances. */
export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  log: Logger,
  { limit = 20 }: { limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const rows = await claimMail(db, { limit });
  const results = await Promise.all(rows.map((row) => deliverClaimed(db, transport, log, row)));
  const sent = results.filter(Boolean).length;
  return { sent, failed: results.length - sent };
}

/**
 * Queues the message and tries to deliver it at once, in the background. The promise resolves
 * with the outbox id as soon as the row is written (await it to be sure the message is queued);
 * it never waits for SMTP. Callers that do not await it are safe too: every error is caught and
 * logged here, none becomes an unhandled rejection.
 */
export function sendMailSoon(
  db: Database,
  transport: MailTransport,
  log: Logger,
  message: MailMessage,
): Promise<string> {
  const queued = queueMail(db, message);
  const delivery = queued.then(
    async (id) => {
      const [row] = await claimMail(db, { limit: 1, id });
      // Absent when the worker of some instance claimed it first: that one sends it.
      if (row) await deliverClaimed(db, transport, log, row);
    },
    (err) => log.error({ err, mail: { to: message.to, subject: message.subject } }, "could not queue an e-mail"),
  );
  const tracked = delivery.catch((err) =>
    log.warn({ err }, "could not deliver a queued e-mail now; the worker will retry"),
  );
  transport.inFlight.add(tracked);
  void tracked.finally(() => transport.inFlight.delete(tracked));
  return queued;
}

/**
 * Deletes the rows sent more than `MAIL_RETENTION_DAYS` ago, and those given up (MAX_MAIL_ATTEMPTS
 * failures) that long after they were queued; rows still to be sent stay. A periodic job runs it (app/modules/jobs).
 */
export async function pruneFinishedMail(
  db: Database,
  { retentionDays = MAIL_RETENTION_DAYS }: { retentionDays?: number } = {},
): Promise<void> {
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  await db
    .delete(mailOutbox)
    .where(
      or(
        lt(mailOutbox.sentAt, cutoff),
        and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAX_MAIL_ATTEMPTS), lt(mailOutbox.createdAt, cutoff)),
      ),
    );
}

/**
 * Delivers due outbox rows in batches of `limit` until none is left, a batch fails (SMTP is in
 * trouble: the rest can wait for the next run) or `signal` aborts (shutdown). The periodic jobs
 * run it (app/modules/jobs).
 */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  log: Logger,
  { limit, signal }: { limit: number; signal: AbortSignal },
): Promise<void> {
  while (!signal.aborted) {
    const { sent, failed } = await deliverPendingMail(db, transport, log, { limit });
    if (failed > 0 || sent < limit) return;
  }
}
