/**
 * The expert's books as CSV (RFC 4180): every subscription to them and every payment to them,
 * streamed a thousand rows at a time so 100,000 payments never sit in memory. Names and messages
 * are the readers' own words: a cell a spreadsheet would run as a formula (starting `=`, `+`, `-`,
 * `@`, tab or carriage return) is written as text, with a leading apostrophe.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { payments, subscriptions, users } from "~/db/schema";
import { FREE_PROVIDER } from "~/modules/payments/stripe.server";
import { formatUsdPlain } from "~/modules/money/money";

const BATCH = 1000;
type Cell = string | number | boolean | null;

/** One CSV cell: quoted when it must be, defused when a spreadsheet would run it. */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Rows page by page, after the last one's (createdAt, id), into a byte stream. */
function csvStream<Row extends { createdAt: Date; id: string }>(
  header: string[],
  page: (after: SQL | undefined) => Promise<Row[]>,
  toCells: (row: Row) => Cell[],
  keys: { createdAt: AnyPgColumn; id: AnyPgColumn },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | undefined;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(header)));
      }
      const rows = await page(
        last
          ? sql`(${keys.createdAt}, ${keys.id}) > (${last.createdAt.toISOString()}::timestamptz, ${last.id}::uuid)`
          : undefined,
      );
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => csvLine(toCells(row))).join("")));
      if (rows.length < BATCH) controller.close();
      last = rows.at(-1);
    },
  });
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every subscription that ever started, oldest first (no e-mail addresses: readers did not give them out). */
export function subscribersCsv(db: Database, expertId: string): ReadableStream<Uint8Array> {
  return csvStream(
    ["Username", "First name", "Last name", "Status", "Price (USD)", "Charged", "Since", "Paid until", "Cancelled"],
    (after) =>
      db
        .select({
          id: subscriptions.id,
          createdAt: subscriptions.createdAt,
          userName: users.userName,
          firstName: users.firstName,
          lastName: users.lastName,
          status: subscriptions.status,
          priceCents: subscriptions.priceCents,
          provider: subscriptions.provider,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.subscriberId))
        .where(
          and(
            eq(subscriptions.expertId, expertId),
            // Not the placeholder a subscribe attempt leaves before anything started.
            or(sql`${subscriptions.status} <> 'Expired'`, sql`${subscriptions.currentPeriodEnd} IS NOT NULL`),
            after,
          ),
        )
        .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
        .limit(BATCH),
    (row) => [
      row.userName,
      row.firstName,
      row.lastName,
      row.status,
      formatUsdPlain(row.priceCents),
      row.provider !== FREE_PROVIDER,
      iso(row.createdAt),
      iso(row.currentPeriodEnd),
      row.cancelAtPeriodEnd,
    ],
    { createdAt: subscriptions.createdAt, id: subscriptions.id },
  );
}

/** Every subscription and Cheers payment to the expert, oldest first, whatever became of it. */
export function paymentsCsv(db: Database, expertId: string): ReadableStream<Uint8Array> {
  return csvStream(
    [
      "Date",
      "Payment",
      "Kind",
      "Status",
      "From",
      "Amount (USD)",
      "Platform fee (USD)",
      "Net (USD)",
      "Charged",
      "Message",
    ],
    (after) =>
      db
        .select({
          id: payments.id,
          createdAt: payments.createdAt,
          kind: payments.kind,
          status: payments.status,
          userName: users.userName,
          amountCents: payments.amountCents,
          feeCents: payments.platformFeeCents,
          provider: payments.provider,
          message: payments.message,
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.payerId))
        .where(and(eq(payments.expertId, expertId), inArray(payments.kind, ["Subscription", "Tip"]), after))
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(BATCH),
    (row) => [
      iso(row.createdAt),
      row.id,
      row.kind === "Tip" ? "Cheers" : "Subscription",
      row.status,
      row.userName,
      formatUsdPlain(row.amountCents),
      formatUsdPlain(row.feeCents),
      formatUsdPlain(row.amountCents - row.feeCents),
      row.provider !== FREE_PROVIDER,
      row.message,
    ],
    { createdAt: payments.createdAt, id: payments.id },
  );
}

/** The download's headers: a file named for the expert's books and the day. */
export function csvHeaders(what: "subscribers" | "payments", now = new Date()): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="sharpside-${what}-${now.toISOString().slice(0, 10)}.csv"`,
    "Cache-Control": "private, no-store",
  };
}
