import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { createLogger } from "~/modules/logger.server";
import {
  createMailTransport,
  deliverPendingMail,
  MAIL_RETENTION_DAYS,
  MAX_MAIL_ATTEMPTS,
  pruneFinishedMail,
  queueMail,
  sendMailSoon,
  type MailTransport,
} from "~/modules/mail/mail.server";
import { mailOutboxJobs } from "~/modules/jobs/periodic-jobs.server";
import { startScheduler } from "~/modules/jobs/scheduler.server";
import { passwordResetEmail, verificationEmail } from "~/modules/mail/templates";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

const silent = createLogger("silent");

/** The outbox's periodic jobs, as server.ts schedules them; answers the scheduler's stop. */
function startMailJobs(transport: MailTransport, options: { everyMs: number; limit?: number }) {
  const scheduler = startScheduler(mailOutboxJobs(database.db, transport, silent, options), silent);
  return () => scheduler.stop();
}
const APP = {
  NODE_ENV: "test",
  APP_NAME: "Sharpside",
  APP_URL: "https://sharpside.test",
  MAIL_FROM: undefined,
} as const;

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
async function startSmtpServer(port = 0) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Its self-signed STARTTLS certificate would (rightly) fail nodemailer's TLS check.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on (taken and released at once). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const smtpTransport = (port: number) => createMailTransport({ ...APP, SMTP_URL: `smtp://127.0.0.1:${port}` }, silent);

const message = (n: number | string) => ({
  to: `person${n}@example.com`,
  subject: `Message ${n}`,
  text: `Plain text ${n}`,
  html: `<p>HTML ${n}</p>`,
});

const outboxRow = async (db: Database, id: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const transports: MailTransport[] = [];
const track = (transport: MailTransport) => (transports.push(transport), transport);

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(transports.map((t) => t.close()));
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.received.length = 0;
});

describe(`e-mail through the outbox (${testDatabaseEngine()})`, () => {
  it("sendMailSoon delivers at once over SMTP: From, To, Subject, text and HTML arrive", async () => {
    const transport = track(smtpTransport(smtp.port));
    const content = verificationEmail({
      appName: "Sharpside",
      appUrl: APP.APP_URL,
      firstName: "Alex",
      code: "K7Q2ZX",
      linkToken: "link-token",
    });
    const id = await sendMailSoon(database.db, transport, silent, { to: "alex@example.com", ...content });

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const [mail] = smtp.received;
    expect(mail.from?.value).toEqual([{ name: "Sharpside", address: "no-reply@sharpside.test" }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : mail.to).toBe("alex@example.com");
    expect(mail.subject).toBe(content.subject);
    expect(mail.text?.trim()).toBe(content.text.trim());
    expect(mail.html).toContain("K7Q2ZX");
    expect(mail.html).toContain(`${APP.APP_URL}/email-verification?token=link-token`);
    // Every attempt of one row carries the same Message-ID.
    expect(mail.messageId).toBe(`<${id}@sharpside.test>`);

    await vi.waitFor(async () => expect((await outboxRow(database.db, id)).sentAt).not.toBeNull());
    expect(await outboxRow(database.db, id)).toMatchObject({ attempts: 1, lastError: null });
  });

  it("with SMTP down the caller returns at once; the row keeps its error and goes out once SMTP is back", async () => {
    const port = await closedPort();
    const transport = track(smtpTransport(port));

    const started = performance.now();
    const id = await sendMailSoon(database.db, transport, silent, message("down"));
    expect(performance.now() - started).toBeLessThan(1_000);

    await vi.waitFor(async () => expect((await outboxRow(database.db, id)).lastError).toMatch(/ECONNREFUSED|connect/i));
    const failed = await outboxRow(database.db, id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Within the back-off nothing is retried, however often the worker looks.
    expect(await deliverPendingMail(database.db, transport, silent)).toEqual({ sent: 0, failed: 0 });

    const revived = await startSmtpServer(port);
    try {
      // As if the back-off had passed.
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, id));
      expect(await deliverPendingMail(database.db, transport, silent)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverPendingMail(database.db, transport, silent)).toEqual({ sent: 0, failed: 0 });
      expect(revived.received.map((m) => m.subject)).toEqual(["Message down"]);
      expect(await outboxRow(database.db, id)).toMatchObject({ attempts: 2, lastError: null });
      expect((await outboxRow(database.db, id)).sentAt).not.toBeNull();
    } finally {
      await transport.close();
      await revived.close();
    }
  });

  it("an SMTP server that accepts but never answers does not hold up the caller, and times out", async () => {
    const sockets = new Set<Socket>();
    const silentServer: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, "127.0.0.1", resolve));
    const transport = smtpTransport((silentServer.address() as AddressInfo).port);
    try {
      const started = performance.now();
      const id = await sendMailSoon(database.db, transport, silent, message("silent"));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect((await outboxRow(database.db, id)).sentAt).toBeNull();
      // nodemailer's greeting timeout (10 s) ends the attempt; the row waits for a retry.
      await vi.waitFor(async () => expect((await outboxRow(database.db, id)).lastError).toMatch(/greeting/i), {
        timeout: 15_000,
        interval: 250,
      });
      expect(await outboxRow(database.db, id)).toMatchObject({ attempts: 1, sentAt: null });
    } finally {
      await transport.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silentServer.close(() => resolve()));
    }
  });

  it("several deliveries racing on one database send each row exactly once", async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => queueMail(database.db, message(i))));
    const a = track(smtpTransport(smtp.port));
    const b = track(smtpTransport(smtp.port));
    const results = await Promise.all(
      [a, b, a, b].map((transport) => deliverPendingMail(database.db, transport, silent, { limit: 5 })),
    );
    const again = await deliverPendingMail(database.db, a, silent, { limit: 20 });
    expect(results.reduce((sum, r) => sum + r.sent, 0) + again.sent).toBe(12);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(ids.map((_, i) => `Message ${i}`).sort());
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it.runIf(testDatabaseEngine() === "postgres")(
    "two app instances (two pools) racing send each row exactly once",
    async () => {
      const instances = await Promise.all(
        [1, 2].map(() => openDatabase({ url: database.url, dataDir: "unused", poolSize: 5 })),
      );
      try {
        await Promise.all(Array.from({ length: 30 }, (_, i) => queueMail(database.db, message(`pg-${i}`))));
        const transports = instances.map(() => track(smtpTransport(smtp.port)));
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            deliverPendingMail(instances[i % 2].db, transports[i % 2], silent, { limit: 4 }),
          ),
        );
        const rest = await deliverPendingMail(instances[0].db, transports[0], silent, { limit: 30 });
        expect(results.reduce((sum, r) => sum + r.sent, 0) + rest.sent).toBe(30);
        const subjects = smtp.received.map((m) => m.subject);
        expect(subjects).toHaveLength(30);
        expect(new Set(subjects).size).toBe(30);
        // Both instances did part of the work.
        expect(results.filter((r, i) => i % 2 === 0 && r.sent > 0).length).toBeGreaterThan(0);
        expect(results.filter((r, i) => i % 2 === 1 && r.sent > 0).length).toBeGreaterThan(0);
      } finally {
        await Promise.all(instances.map((i) => i.close()));
      }
    },
  );

  it("the outbox job sends what is queued, and stopping the scheduler waits for the run under way", async () => {
    const transport = track(smtpTransport(smtp.port));
    await Promise.all([1, 2, 3].map((n) => queueMail(database.db, message(`worker-${n}`))));
    const stop = startMailJobs(transport, { everyMs: 50, limit: 2 });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(3), { timeout: 5_000 });
    await stop();
    await queueMail(database.db, message("after-stop"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.map((m) => m.subject)).not.toContain("Message after-stop");
  });

  it(`deletes messages sent more than ${MAIL_RETENTION_DAYS} days ago, with the codes and links in them; newer and unsent ones stay`, async () => {
    const transport = track(smtpTransport(smtp.port));
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    const old = verificationEmail({
      appName: "Sharpside",
      appUrl: APP.APP_URL,
      firstName: "Old",
      code: "OLD7CD",
      linkToken: "old-link-token",
    });
    const oldId = await sendMailSoon(database.db, transport, silent, { to: "old@example.com", ...old });
    const recent = verificationEmail({
      appName: "Sharpside",
      appUrl: APP.APP_URL,
      firstName: "New",
      code: "NEW3CD",
      linkToken: "new-link-token",
    });
    const recentId = await sendMailSoon(database.db, transport, silent, { to: "recent@example.com", ...recent });
    await vi.waitFor(async () => {
      expect((await outboxRow(database.db, oldId)).sentAt).not.toBeNull();
      expect((await outboxRow(database.db, recentId)).sentAt).not.toBeNull();
    });
    // Sent 8 days ago, and 6 days ago.
    await database.db
      .update(mailOutbox)
      .set({ sentAt: daysAgo(MAIL_RETENTION_DAYS + 1), createdAt: daysAgo(MAIL_RETENTION_DAYS + 1) })
      .where(eq(mailOutbox.id, oldId));
    await database.db
      .update(mailOutbox)
      .set({ sentAt: daysAgo(MAIL_RETENTION_DAYS - 1), createdAt: daysAgo(MAIL_RETENTION_DAYS - 1) })
      .where(eq(mailOutbox.id, recentId));
    // Given up long ago (a reset link in it), and still being retried after as long.
    const reset = passwordResetEmail({
      appName: "Sharpside",
      appUrl: APP.APP_URL,
      firstName: "Gone",
      resetToken: "old-reset-token",
    });
    const givenUp = await queueMail(database.db, { to: "gone@example.com", ...reset });
    const retrying = await queueMail(database.db, message("retrying"));
    await database.db
      .update(mailOutbox)
      .set({
        attempts: MAX_MAIL_ATTEMPTS,
        createdAt: daysAgo(MAIL_RETENTION_DAYS + 1),
        nextAttemptAt: daysAgo(MAIL_RETENTION_DAYS),
      })
      .where(eq(mailOutbox.id, givenUp));
    await database.db
      .update(mailOutbox)
      .set({ attempts: 3, createdAt: daysAgo(MAIL_RETENTION_DAYS + 1), nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(mailOutbox.id, retrying));

    await pruneFinishedMail(database.db);

    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.id).sort()).toEqual([recentId, retrying].sort());
    const stored = JSON.stringify(rows);
    for (const secret of ["OLD7CD", "old-link-token", "old-reset-token"]) expect(stored).not.toContain(secret);
    expect(stored).toContain("NEW3CD");
  });

  it("the outbox pruning job deletes old sent messages when it starts", async () => {
    const transport = track(smtpTransport(smtp.port));
    const id = await queueMail(database.db, message("long-sent"));
    await database.db
      .update(mailOutbox)
      .set({ attempts: 1, sentAt: sql`now() - make_interval(days => ${MAIL_RETENTION_DAYS + 1})` })
      .where(eq(mailOutbox.id, id));
    const stop = startMailJobs(transport, { everyMs: 60_000 });
    try {
      await vi.waitFor(async () => expect(await outboxRow(database.db, id)).toBeUndefined(), { timeout: 5_000 });
    } finally {
      await stop();
    }
  });

  it("without SMTP_URL the message goes to the log, with the code, and the row is marked sent", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ level: "info", base: undefined }, destination);
    const transport = createMailTransport({ ...APP, SMTP_URL: undefined }, log);
    expect(transport.kind).toBe("log");
    const content = verificationEmail({
      appName: "Sharpside",
      appUrl: APP.APP_URL,
      firstName: "Alex",
      code: "M3W9PQ",
      linkToken: "tok",
    });

    const id = await sendMailSoon(database.db, transport, log, { to: "new@example.com", ...content });
    await transport.close();

    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.mail?.to === "new@example.com");
    expect(entry).toMatchObject({ level: 30, mail: { to: "new@example.com", subject: content.subject } });
    expect(entry.msg).toContain("M3W9PQ");
    expect(entry.msg).toContain(`${APP.APP_URL}/email-verification?token=tok`);
    expect((await outboxRow(database.db, id)).sentAt).not.toBeNull();
    expect(lines.some((line) => line.includes("SMTP_URL is not set"))).toBe(true);
  });
});
