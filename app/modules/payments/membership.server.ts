/**
 * Becoming an expert (product.md "States", product.md "Roles and experts", decision 013).
 *
 * With payments off the membership is skipped: the user becomes an expert at once. With Stripe
 * the user pays a one-off PaymentIntent of MEMBERSHIP_PRICE_CENTS, and the role changes ONLY when
 * Stripe's signed `payment_intent.succeeded` webhook arrives (webhooks.server.ts): a browser
 * saying "I paid" proves nothing.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { experts, payments, users } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { isExpert } from "~/modules/accounts/current-user";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import type { Logger } from "~/modules/logger.server";
import { callStripe, getStripe, PAYMENT_PROVIDER } from "./stripe.server";

export interface PaymentsContext {
  db: Database;
  env: Env;
  log?: Logger;
}

export interface CheckoutAnswer {
  skipExpertPayment: boolean;
  clientSecret: string | null;
}

export type MembershipPaymentStatus = "Pending" | "Succeeded" | "Failed";

export interface CheckoutStatus {
  /** The membership payment's state; null when the user has none (e.g. payments are off). */
  status: MembershipPaymentStatus | null;
  isExpert: boolean;
}

export const ALREADY_EXPERT_MESSAGE = "You are already an expert.";
export const MEMBERSHIP_KIND = "Membership";
/** Stripe's smallest USD charge; a cheaper membership is treated as free. */
export const STRIPE_MINIMUM_CHARGE_CENTS = 50;

/** PaymentIntent states in which the same intent can still take a card. */
const REUSABLE_INTENT_STATES = new Set<Stripe.PaymentIntent.Status>([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
]);

export function membershipIsCharged(env: Pick<Env, "PAYMENTS_ENABLED" | "MEMBERSHIP_PRICE_CENTS">): boolean {
  return env.PAYMENTS_ENABLED && env.MEMBERSHIP_PRICE_CENTS >= STRIPE_MINIMUM_CHARGE_CENTS;
}

/**
 * Makes the user an expert: an Active experts row (paid now unless it already was) and the
 * "Expert" role in place of "User" (other roles, e.g. Admin, stay). Idempotent; runs inside the
 * caller's transaction when given one.
 */
export async function activateMembership(db: Database, userId: string, paidAt = new Date()): Promise<void> {
  await db
    .insert(experts)
    .values({ userId, membershipStatus: "Active", membershipPaidAt: paidAt })
    .onConflictDoUpdate({
      target: experts.userId,
      set: {
        membershipStatus: "Active",
        membershipPaidAt: sql`coalesce(${experts.membershipPaidAt}, excluded.membership_paid_at)`,
      },
    });
  await db
    .update(users)
    .set({ roles: sql`array_append(array_remove(${users.roles}, 'User'), 'Expert')` })
    .where(and(eq(users.id, userId), sql`NOT ('Expert' = ANY(${users.roles}))`));
}

/** The experts row waits for the payment (created on first ask; an Active row is left alone). */
async function markMembershipPending(db: Database, userId: string): Promise<"Pending" | "Active"> {
  await db
    .insert(experts)
    .values({ userId, membershipStatus: "Pending" })
    .onConflictDoNothing({ target: experts.userId });
  const [row] = await db
    .update(experts)
    .set({
      membershipStatus: sql`CASE WHEN ${experts.membershipStatus} = 'Active' THEN 'Active'::membership_status ELSE 'Pending'::membership_status END`,
    })
    .where(eq(experts.userId, userId))
    .returning({ status: experts.membershipStatus });
  return row.status === "Active" ? "Active" : "Pending";
}

/** `POST /api/experts/become`: skip the payment when payments are off (the role is granted now). */
export async function becomeExpert(
  context: PaymentsContext,
  viewer: CurrentUser,
): Promise<{ skipExpertPayment: boolean }> {
  if (isExpert(viewer)) throw new AppError(422, ALREADY_EXPERT_MESSAGE);
  if (!membershipIsCharged(context.env)) {
    await context.db.transaction((tx) => activateMembership(tx, viewer.id));
    return { skipExpertPayment: true };
  }
  const status = await markMembershipPending(context.db, viewer.id);
  if (status === "Active") {
    // Paid before (the role was taken away and given back by an admin): nothing more to pay.
    await context.db.transaction((tx) => activateMembership(tx, viewer.id));
    return { skipExpertPayment: true };
  }
  return { skipExpertPayment: false };
}

/**
 * `POST /api/paymentsystems/stripe/checkout`: the card form's clientSecret. Reuses the user's
 * open PaymentIntent when it can still be paid (a reload does not make a second one), and
 * records every intent as a Pending membership payment keyed by its Stripe id.
 */
export async function startMembershipCheckout(context: PaymentsContext, viewer: CurrentUser): Promise<CheckoutAnswer> {
  if (isExpert(viewer)) return { skipExpertPayment: true, clientSecret: null };
  if (!membershipIsCharged(context.env)) {
    await context.db.transaction((tx) => activateMembership(tx, viewer.id));
    return { skipExpertPayment: true, clientSecret: null };
  }
  if ((await markMembershipPending(context.db, viewer.id)) === "Active") {
    await context.db.transaction((tx) => activateMembership(tx, viewer.id));
    return { skipExpertPayment: true, clientSecret: null };
  }

  const stripe = getStripe(context.env);
  const amount = context.env.MEMBERSHIP_PRICE_CENTS;
  const [open] = await context.db
    .select({ id: payments.id, status: payments.status, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.payerId, viewer.id),
        eq(payments.kind, MEMBERSHIP_KIND),
        eq(payments.provider, PAYMENT_PROVIDER),
        inArray(payments.status, ["Pending", "Failed", "Succeeded"]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);

  if (open?.providerPaymentId) {
    const intent = await callStripe(() => stripe.paymentIntents.retrieve(open.providerPaymentId!), context.log);
    if (intent.status === "succeeded" || open.status === "Succeeded") {
      // Paid; the webhook grants the role (it may be on its way). The page shows the welcome.
      return { skipExpertPayment: true, clientSecret: null };
    }
    if (intent.status === "processing") return { skipExpertPayment: false, clientSecret: intent.client_secret };
    if (REUSABLE_INTENT_STATES.has(intent.status) && intent.amount === amount && intent.currency === "usd") {
      if (open.status === "Failed")
        await context.db.update(payments).set({ status: "Pending" }).where(eq(payments.id, open.id));
      return { skipExpertPayment: false, clientSecret: intent.client_secret };
    }
    if (REUSABLE_INTENT_STATES.has(intent.status)) {
      // The price changed since: this intent must not be paid any more.
      await callStripe(() => stripe.paymentIntents.cancel(intent.id), context.log);
    }
    await context.db
      .update(payments)
      .set({ status: "Failed" })
      .where(and(eq(payments.id, open.id), eq(payments.status, "Pending")));
  }

  const intent = await callStripe(
    () =>
      stripe.paymentIntents.create({
        amount,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        description: `${context.env.APP_NAME} expert membership`,
        receipt_email: viewer.email,
        metadata: { userId: viewer.id, kind: MEMBERSHIP_KIND },
      }),
    context.log,
  );
  await context.db
    .insert(payments)
    .values({
      payerId: viewer.id,
      kind: MEMBERSHIP_KIND,
      status: "Pending",
      amountCents: intent.amount,
      currency: intent.currency,
      provider: PAYMENT_PROVIDER,
      providerPaymentId: intent.id,
    })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  if (!intent.client_secret)
    throw new AppError(503, "The payment provider is not answering. Please try again in a moment.");
  return { skipExpertPayment: false, clientSecret: intent.client_secret };
}

/**
 * `GET /api/paymentsystems/stripe/checkout/status?paymentIntentId=`: the state of that membership
 * payment of the caller's (404 for anyone else's), or of the latest one without the query.
 */
export async function membershipCheckoutStatus(
  context: PaymentsContext,
  viewer: CurrentUser,
  paymentIntentId?: string,
): Promise<CheckoutStatus> {
  const conditions = [eq(payments.payerId, viewer.id), eq(payments.kind, MEMBERSHIP_KIND)];
  if (paymentIntentId) conditions.push(eq(payments.providerPaymentId, paymentIntentId));
  const [[payment], [user]] = await Promise.all([
    context.db
      .select({ status: payments.status })
      .from(payments)
      .where(and(...conditions))
      .orderBy(desc(payments.createdAt))
      .limit(1),
    context.db.select({ roles: users.roles }).from(users).where(eq(users.id, viewer.id)),
  ]);
  if (paymentIntentId && !payment) throw new AppError(404, defaultErrorMessage(404));
  const status = payment ? (payment.status === "Refunded" ? "Failed" : payment.status) : null;
  return { status, isExpert: Boolean(user?.roles.includes("Expert")) };
}

/** What the membership pages show: the user's membership state and the price. */
export async function membershipState(
  db: Database,
  userId: string,
): Promise<{ membershipStatus: "None" | "Pending" | "Active"; partnerNumber: number | null }> {
  const [row] = await db
    .select({ membershipStatus: experts.membershipStatus, partnerNumber: experts.partnerNumber })
    .from(experts)
    .where(eq(experts.userId, userId));
  return row ?? { membershipStatus: "None", partnerNumber: null };
}

/** The expert's place among active experts by joining order (1-based), or null when not active. */
export async function partnerRank(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({
      rank: sql<number>`(SELECT count(*)::int FROM ${experts} AS e WHERE e.membership_status = 'Active' AND e.partner_number <= ${experts.partnerNumber})`,
    })
    .from(experts)
    .where(and(eq(experts.userId, userId), eq(experts.membershipStatus, "Active")));
  return row?.rank ?? null;
}
