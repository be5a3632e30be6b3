/**
 * Cheers: a follower or subscriber sends an expert a tip with a message
 * (decision 024). A tip is a `payments` row of kind Tip with the expert, the message and the
 * platform's fee (PLATFORM_FEE_PERCENT of the amount, the subscriptions' rule).
 *
 * With Stripe it is a one-off PaymentIntent on the platform paid to the expert's connected
 * account (`transfer_data.destination`) less the fee (`application_fee_amount`); the row waits
 * Pending and ONLY Stripe's signed `payment_intent.succeeded` marks it Succeeded and tells the
 * expert (webhooks.server.ts → `confirmCheerPayment`). With payments off nothing is charged: the
 * tip is recorded at once as a free Succeeded payment, and the expert is told in the same
 * transaction. Either way the Cheer notification takes the payment's id, so it exists once.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Env } from "~/config/env.server";
import { queryRows, type Database } from "~/db/client.server";
import { follows, payments, profiles, subscriptions, users } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { AppError } from "~/modules/http/app-error";
import { notifyCheer } from "~/modules/notifications/notify.server";
import type { PaymentsContext } from "~/modules/payments/membership.server";
import {
  callStripe,
  FREE_PROVIDER,
  PAYMENT_PROVIDER,
  paymentsEnabled,
  requirePayments,
} from "~/modules/payments/stripe.server";
import { expertSummaryColumns, toExpertSummary, type ExpertSummary } from "~/modules/profiles/expert-summary.server";
import { requireExpert } from "~/modules/profiles/subscribable-expert.server";
import { CHEER_MESSAGES, type CheerInput } from "./cheer-schema";

export const TIP_KIND = "Tip";

type PaymentRow = typeof payments.$inferSelect;

/** A tip as the API answers it (amounts in cents). */
export interface CheerDTO {
  id: string;
  expertId: string;
  amount: number;
  /** The platform's part of `amount`; the expert gets the rest (less Stripe's own fees). */
  platformFee: number;
  currency: string;
  message: string | null;
  status: PaymentRow["status"];
  /** Sent while payments were off: recorded, nothing charged. */
  isFree: boolean;
  createdAt: string;
  /** Who sent it. */
  from: ExpertSummary;
}

export interface SendCheerAnswer {
  cheer: CheerDTO;
  /** With Stripe: the PaymentIntent's secret for the card form; null when nothing is to pay. */
  clientSecret: string | null;
}

/** The platform's fee on a tip: PLATFORM_FEE_PERCENT of it, to the cent. */
export function cheerFee(env: Pick<Env, "PLATFORM_FEE_PERCENT">, amountCents: number): number {
  return Math.round((amountCents * env.PLATFORM_FEE_PERCENT) / 100);
}

function toCheerDTO(payment: PaymentRow, from: ExpertSummary): CheerDTO {
  return {
    id: payment.id,
    expertId: payment.expertId ?? "",
    amount: payment.amountCents,
    platformFee: payment.platformFeeCents,
    currency: payment.currency,
    message: payment.message,
    status: payment.status,
    isFree: payment.provider === FREE_PROVIDER,
    createdAt: payment.createdAt.toISOString(),
    from,
  };
}

const senderOf = (viewer: CurrentUser): ExpertSummary => ({
  id: viewer.id,
  userName: viewer.userName,
  firstName: viewer.firstName,
  lastName: viewer.lastName,
  avatar: viewer.avatar,
});

/** Whether `userId` follows the expert or holds a subscription to them that gives access now. */
export async function mayCheer(db: Database, userId: string, expertId: string, now = new Date()): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ allowed: boolean }>(
    db,
    sql`
    SELECT (
      EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${userId}::uuid AND ${follows.expertId} = ${expertId}::uuid)
      OR EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.subscriberId} = ${userId}::uuid AND ${subscriptions.expertId} = ${expertId}::uuid
        AND ${subscriptionGivesAccessSql(at)})
    ) AS allowed`,
  );
  return Boolean(row?.allowed);
}

/**
 * `POST /api/experts/{expertId}/cheers {amount, message}`: 404 for anyone but a public expert,
 * 422 to oneself, 403 unless the viewer follows or subscribes; with Stripe, 422 while the expert
 * cannot be paid, else a Pending tip and its PaymentIntent's client secret.
 */
export async function sendCheer(
  context: PaymentsContext,
  viewer: CurrentUser,
  expertId: string,
  input: CheerInput,
  now = new Date(),
): Promise<SendCheerAnswer> {
  const expert = await requireExpert(context.db, expertId);
  if (viewer.id === expert.id) throw new AppError(422, CHEER_MESSAGES.self);
  if (!(await mayCheer(context.db, viewer.id, expert.id, now))) throw new AppError(403, CHEER_MESSAGES.notFollowing);

  const tip = {
    payerId: viewer.id,
    expertId: expert.id,
    kind: TIP_KIND,
    amountCents: input.amount,
    platformFeeCents: cheerFee(context.env, input.amount),
    currency: "usd",
    message: input.message ?? null,
  } as const;

  if (!paymentsEnabled(context.env)) {
    const payment = await context.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({ ...tip, status: "Succeeded", provider: FREE_PROVIDER, createdAt: now, updatedAt: now })
        .returning();
      await notifyCheer(tx, { id: row.id, payerId: viewer.id, expertId: expert.id });
      return row;
    });
    return { cheer: toCheerDTO(payment, senderOf(viewer)), clientSecret: null };
  }

  const stripe = requirePayments(context.env);
  if (!expert.paymentAccountReady || !expert.paymentAccountId) throw new AppError(422, CHEER_MESSAGES.notReady);
  const destination = expert.paymentAccountId;
  const intent = await callStripe(
    () =>
      stripe.paymentIntents.create({
        amount: tip.amountCents,
        currency: tip.currency,
        automatic_payment_methods: { enabled: true },
        application_fee_amount: tip.platformFeeCents,
        transfer_data: { destination },
        description: `Cheers for ${expert.userName} on ${context.env.APP_NAME}`,
        receipt_email: viewer.email,
        metadata: { kind: TIP_KIND, payerId: viewer.id, expertId: expert.id },
      }),
    context.log,
  );
  if (!intent.client_secret)
    throw new AppError(503, "The payment provider is not answering. Please try again in a moment.");
  // Stored before the secret is answered: the card form, and so the webhook, can only follow this row.
  const [payment] = await context.db
    .insert(payments)
    .values({
      ...tip,
      status: "Pending",
      provider: PAYMENT_PROVIDER,
      providerPaymentId: intent.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { cheer: toCheerDTO(payment, senderOf(viewer)), clientSecret: intent.client_secret };
}

/**
 * `payment_intent.succeeded` for a tip, in the webhook's transaction: the row becomes Succeeded
 * (also after a failed card, since Stripe lets the same intent be paid with another) and the
 * expert is told, once, however often Stripe delivers it. An intent we never stored is ignored:
 * the row is written before its secret leaves the server.
 */
export async function confirmCheerPayment(tx: Database, intent: Pick<Stripe.PaymentIntent, "id">): Promise<void> {
  const [paid] = await tx
    .update(payments)
    .set({ status: "Succeeded", updatedAt: new Date() })
    .where(
      and(
        eq(payments.providerPaymentId, intent.id),
        eq(payments.kind, TIP_KIND),
        inArray(payments.status, ["Pending", "Failed"]),
      ),
    )
    .returning({ id: payments.id, payerId: payments.payerId, expertId: payments.expertId });
  if (paid?.expertId) await notifyCheer(tx, { id: paid.id, payerId: paid.payerId, expertId: paid.expertId });
}

/** `GET /api/business/cheers?page&size` and /business: the Cheers the expert received, newest first. */
export async function listCheers(
  db: Database,
  expertId: string,
  options: { page: number; size: number },
): Promise<{ items: CheerDTO[]; totalItems: number }> {
  // Written as the partial index is (kind = 'Tip' AND status = 'Succeeded'), so the planner uses it
  // instead of reading the expert's every subscription payment.
  const where = and(
    eq(payments.expertId, expertId),
    sql`${payments.kind} = 'Tip' AND ${payments.status} = 'Succeeded'`,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        payment: payments,
        from: expertSummaryColumns,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.payerId))
      .leftJoin(profiles, eq(profiles.userId, payments.payerId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    items: rows.map(({ payment, from }) => toCheerDTO(payment, toExpertSummary(from))),
    totalItems: Number(total),
  };
}
