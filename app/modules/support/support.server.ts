/**
 * Support requests ("Request a call" on /contacts, `POST /api/support/requests`): validated,
 * rate-limited per caller and stored; the support team (SUPPORT_EMAIL) gets an e-mail for each,
 * the requester one saying it arrived, and admins work through them on /admin/support.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { supportRequests, users } from "~/db/schema";
import { AppError, fieldErrorsFromZod } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { sendMailSoon } from "~/modules/mail/mail.server";
import { supportRequestEmail, supportRequestReceivedEmail } from "~/modules/mail/templates";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { supportRequestSchema, type SupportRequestInput } from "./support-schema";
import { SUPPORT_PAGE_SIZE, type SupportState } from "./support-states";

export const SUPPORT_REQUEST_RATE_LIMIT = "support-request";

export type SupportContext = Pick<AppLoadContext, "db" | "env" | "log" | "mail">;

export interface SupportRequestOptions {
  /** The caller's address: the rate-limit subject, since visitors need no account to ask. */
  ip: string;
  /** The signed-in caller, if any: the request names their account, and their address gets the receipt. */
  viewer?: { id: string; userName: string; email: string | null } | null;
  rule: { limit: number; windowSeconds: number };
}

export async function createSupportRequest(
  context: SupportContext,
  input: SupportRequestInput,
  { ip, viewer, rule }: SupportRequestOptions,
): Promise<{ id: string }> {
  const { db, env } = context;
  // Callers normally validated already; checked again so no path can store unchecked input.
  const parsed = supportRequestSchema.safeParse(input);
  if (!parsed.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(parsed.error));
  // Counted only for valid requests: an invalid one stores nothing, and a typo should not use up a try.
  await enforceRateLimit(db, { name: SUPPORT_REQUEST_RATE_LIMIT, ...rule }, ip);
  const { name, phone, email, preferredTime, message } = parsed.data;
  const [row] = await db
    .insert(supportRequests)
    .values({
      kind: "Call",
      userId: viewer?.id ?? null,
      name,
      phone,
      email: email ?? null,
      preferredTime: preferredTime ?? null,
      message: message ?? null,
    })
    .returning({ id: supportRequests.id });
  // Through the outbox: written now, delivered at once or retried by the mail worker.
  const request = {
    id: row.id,
    name,
    phone,
    email: email ?? null,
    preferredTime: preferredTime ?? null,
    message: message ?? null,
    account: viewer?.userName ?? null,
  };
  const app = { appName: env.APP_NAME, appUrl: env.APP_URL };
  await sendMailSoon(db, context.mail, context.log, {
    to: env.SUPPORT_EMAIL,
    ...supportRequestEmail({ ...app, request }),
  });
  const receiptTo = email ?? viewer?.email;
  if (receiptTo)
    await sendMailSoon(db, context.mail, context.log, {
      to: receiptTo,
      ...supportRequestReceivedEmail({
        ...app,
        name,
        phone,
        preferredTime: preferredTime ?? null,
        supportEmail: env.SUPPORT_EMAIL,
      }),
    });
  return { id: row.id };
}

const requester = alias(users, "requester");
const handler = alias(users, "handler");

/** One page of requests, open ones (newest first) or handled ones (latest handled first), with the counts of both. */
export async function listSupportRequests(db: Database, state: SupportState, page: number) {
  const open = isNull(supportRequests.handledAt);
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: supportRequests.id,
        name: supportRequests.name,
        phone: supportRequests.phone,
        email: supportRequests.email,
        preferredTime: supportRequests.preferredTime,
        message: supportRequests.message,
        createdAt: supportRequests.createdAt,
        handledAt: supportRequests.handledAt,
        account: requester.userName,
        handledBy: handler.userName,
      })
      .from(supportRequests)
      .leftJoin(requester, eq(requester.id, supportRequests.userId))
      .leftJoin(handler, eq(handler.id, supportRequests.handledBy))
      .where(state === "open" ? open : isNotNull(supportRequests.handledAt))
      .orderBy(state === "open" ? desc(supportRequests.createdAt) : desc(supportRequests.handledAt))
      .limit(SUPPORT_PAGE_SIZE)
      .offset((page - 1) * SUPPORT_PAGE_SIZE),
    db.select({ open: count(supportRequests.id), handled: count(supportRequests.handledAt) }).from(supportRequests),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      handledAt: row.handledAt?.toISOString() ?? null,
    })),
    openCount: counts.open - counts.handled,
    handledCount: counts.handled,
  };
}

/** Marks a request handled by this admin, or open again; 404 for an unknown one. */
export async function setSupportRequestHandled(db: Database, id: string, adminId: string, handled: boolean) {
  const [row] = await db
    .update(supportRequests)
    .set(handled ? { handledAt: new Date(), handledBy: adminId } : { handledAt: null, handledBy: null })
    .where(
      and(
        eq(supportRequests.id, id),
        handled ? isNull(supportRequests.handledAt) : isNotNull(supportRequests.handledAt),
      ),
    )
    .returning({ id: supportRequests.id });
  if (row) return;
  const [exists] = await db.select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.id, id));
  // Already in that state (two admins at once): nothing to do.
  if (!exists) throw new AppError(404, "This support request does not exist.");
}
