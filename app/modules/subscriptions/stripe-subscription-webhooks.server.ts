/**
 * Stripe's subscription webhooks (decisions 013 and 021), registered in payments/webhooks.server.ts;
 * each runs inside the delivery's transaction. They alone move a subscription on from Pending.
 *
 * Webhooks may come twice, late, or in any order. Each delivery runs once (processed_webhook_events);
 * besides that, every effect is written so that applying it again or out of order is harmless:
 * `customer.subscription.*` events older than the newest one applied (`providerEventAt`) are
 * ignored, payments are upserted by the invoice id and never lose Succeeded or Refunded, period
 * ends only move forward, and an event about a Stripe subscription the row no longer holds (the
 * user subscribed again since) leaves the row alone.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { subscriptionStarted } from "./subscriber-welcome.server";
import { payments, subscriptions } from "~/db/schema";
import { subscriptionGivesAccess } from "~/modules/access/access";
import { UUID_PATTERN } from "~/modules/http/uuid";
import type { PaymentsContext } from "~/modules/payments/membership.server";
import { PAYMENT_PROVIDER, requirePayments } from "~/modules/payments/stripe.server";
import type { SubscriptionStatus } from "./subscriptions.server";

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const SUBSCRIPTION_KIND = "Subscription";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** Ends a Stripe subscription now; a failure is logged (the caller's work stands). */
export async function cancelQuietly(context: PaymentsContext, stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    // An unused one, left alone, expires unpaid within a day (incomplete_expired): nobody is charged.
    context.log?.warn({ err: error, subscriptionId }, "could not cancel a Stripe subscription");
  }
}

/** Stripe's status → ours; null for a state we do not act on (e.g. paused). */
export function statusFromStripe(
  status: Stripe.Subscription.Status,
  cancelAtPeriodEnd: boolean,
): SubscriptionStatus | null {
  switch (status) {
    case "active":
    case "trialing":
      return cancelAtPeriodEnd ? "Canceled" : "Activated";
    case "past_due":
    case "unpaid":
      return "PastDue";
    case "canceled":
    case "incomplete_expired":
      return "Expired";
    case "incomplete":
      return "Pending";
    default:
      return null;
  }
}

/** The paid period's end: on the item since API 2025-03-31, on the subscription before. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const seconds =
    subscription.items?.data?.[0]?.current_period_end ??
    (subscription as { current_period_end?: number }).current_period_end;
  return typeof seconds === "number" ? fromSeconds(seconds) : null;
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

interface Owner {
  subscriberId?: string;
  expertId?: string;
}

/**
 * Our row for a Stripe subscription, locked: by its id, else by the metadata we gave it (a webhook
 * may beat our own write). A row holding ANOTHER Stripe subscription is not this one's: the user
 * subscribed again since, and the old subscription's news must not touch the new one.
 */
async function findRow(
  tx: Database,
  subscriptionId: string | null,
  metadata: Owner | null | undefined,
): Promise<SubscriptionRow | null> {
  if (subscriptionId) {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
      .for("update");
    if (row) return row;
  }
  const { subscriberId, expertId } = metadata ?? {};
  if (!subscriberId || !expertId || !UUID_PATTERN.test(subscriberId) || !UUID_PATTERN.test(expertId)) return null;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId)))
    .for("update");
  if (!row) return null;
  // A free subscription (made while payments were off) is not Stripe's to change.
  if (row.provider !== null && row.provider !== PAYMENT_PROVIDER) return null;
  if (row.providerSubscriptionId && subscriptionId && row.providerSubscriptionId !== subscriptionId) return null;
  return row;
}

/** `customer.subscription.created|updated|deleted`: the row mirrors Stripe's newest word. */
export async function onSubscriptionEvent(tx: Database, event: Stripe.Event): Promise<void> {
  const subscription = event.data.object as Stripe.Subscription;
  const row = await findRow(tx, subscription.id, subscription.metadata);
  if (!row) return;
  const at = fromSeconds(event.created);
  // Out of order: an older snapshot than one already applied says nothing new.
  if (row.providerEventAt && at < row.providerEventAt) return;
  const status =
    event.type === "customer.subscription.deleted"
      ? "Expired"
      : // Running but the card not yet saved (a trial's SetupIntent): it waits, as an unpaid one does.
        subscription.pending_setup_intent && (subscription.status === "trialing" || subscription.status === "active")
        ? "Pending"
        : statusFromStripe(subscription.status, subscription.cancel_at_period_end);
  // Same second: Stripe's timestamps cannot order them, but a subscription never goes back to incomplete.
  const backwards = status === "Pending" && row.status !== "Pending" && row.providerSubscriptionId === subscription.id;
  const next = status && !backwards ? status : row.status;
  const running = next === "Activated" || next === "Canceled" || next === "PastDue";
  await tx
    .update(subscriptions)
    .set({
      status: next,
      cancelAtPeriodEnd: next === "Canceled",
      // A subscription never paid keeps no period (so it does not count as ever started).
      currentPeriodEnd: running ? later(row.currentPeriodEnd, periodEndOf(subscription)) : row.currentPeriodEnd,
      provider: PAYMENT_PROVIDER,
      providerSubscriptionId: subscription.id,
      providerCustomerId: idOf(subscription.customer) ?? row.providerCustomerId,
      providerEventAt: at,
      // Stripe's word on the trial's end (the first charge) wins over the one planned at subscribing.
      trialEndsAt: subscription.trial_end ? fromSeconds(subscription.trial_end) : row.trialEndsAt,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, row.id));
  // A subscription starting (not a renewal, nor a return from PastDue) is news to the expert.
  if (row.status === "Pending" && running) await subscriptionStarted(tx, row);
}

/** The Stripe subscription an invoice bills: `parent.subscription_details` since API 2025-03-31, `subscription` before. */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; metadata: Owner | null } {
  const details = invoice.parent?.subscription_details;
  const legacy = invoice as {
    subscription?: string | { id: string; metadata?: Owner } | null;
    subscription_details?: { metadata?: Owner | null } | null;
  };
  const id = idOf(details?.subscription ?? legacy.subscription ?? null);
  const nested =
    typeof details?.subscription === "object"
      ? details.subscription.metadata
      : typeof legacy.subscription === "object"
        ? legacy.subscription?.metadata
        : null;
  const metadata = (details?.metadata ??
    legacy.subscription_details?.metadata ??
    nested ??
    invoice.metadata ??
    null) as Owner | null;
  return { id, metadata };
}

/** The end of the period an invoice paid for (its subscription line's). */
function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends = (invoice.lines?.data ?? [])
    .map((line) => line.period?.end)
    .filter((end): end is number => typeof end === "number");
  return ends.length ? fromSeconds(Math.max(...ends)) : null;
}

/**
 * The invoice's payment row, keyed by the invoice id. Refunded and Succeeded are final: a late
 * `invoice.paid` never undoes a refund, a late `invoice.payment_failed` never undoes a payment.
 */
async function recordInvoicePayment(
  tx: Database,
  context: PaymentsContext,
  invoice: Stripe.Invoice,
  row: SubscriptionRow,
  status: "Succeeded" | "Failed" | "Refunded",
  at: Date,
): Promise<(typeof payments.$inferSelect)["status"]> {
  const amount = status === "Failed" ? invoice.amount_due : invoice.amount_paid;
  const fee =
    (invoice as { application_fee_amount?: number | null }).application_fee_amount ??
    Math.round((amount * context.env.PLATFORM_FEE_PERCENT) / 100);
  const keep = status === "Refunded" ? [] : status === "Succeeded" ? ["Refunded"] : ["Refunded", "Succeeded"];
  const statusSql =
    keep.length === 0
      ? sql`${status}::payment_status`
      : sql`CASE WHEN ${payments.status} IN (${sql.join(
          keep.map((value) => sql`${value}::payment_status`),
          sql`, `,
        )}) THEN ${payments.status} ELSE ${status}::payment_status END`;
  const [payment] = await tx
    .insert(payments)
    .values({
      payerId: row.subscriberId,
      expertId: row.expertId,
      subscriptionId: row.id,
      kind: SUBSCRIPTION_KIND,
      status,
      amountCents: amount,
      platformFeeCents: fee,
      currency: invoice.currency ?? "usd",
      provider: PAYMENT_PROVIDER,
      providerPaymentId: invoice.id,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: {
        status: statusSql,
        amountCents: sql`CASE WHEN ${payments.status} = 'Succeeded' THEN ${payments.amountCents} ELSE ${amount} END`,
        platformFeeCents: sql`CASE WHEN ${payments.status} = 'Succeeded' THEN ${payments.platformFeeCents} ELSE ${fee} END`,
        updatedAt: new Date(),
      },
    })
    .returning({ status: payments.status });
  return payment.status;
}

/**
 * `invoice.paid`: the money is in; a waiting or overdue subscription runs again, for the period
 * paid. After a trial this is the first charge: the trial became a paying subscription.
 */
export async function onInvoicePaid(tx: Database, event: Stripe.Event, context: PaymentsContext): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  const owner = invoiceSubscription(invoice);
  if (!owner.id) return; // Not a subscription's invoice.
  // Nothing charged (a trial's first invoice, a code taking the whole price): no money moved, and
  // the card may not be saved yet; the subscription's own events start it once it is.
  if (invoice.amount_paid === 0) return;
  const row = await findRow(tx, owner.id, owner.metadata);
  if (!row) return;
  const paidAt = invoice.status_transitions?.paid_at
    ? fromSeconds(invoice.status_transitions.paid_at)
    : fromSeconds(event.created);
  const paymentStatus = await recordInvoicePayment(tx, context, invoice, row, "Succeeded", paidAt);
  if (paymentStatus === "Refunded" || (row.providerSubscriptionId && row.providerSubscriptionId !== owner.id)) return;
  const at = fromSeconds(event.created);
  const periodEnd = later(row.currentPeriodEnd, invoicePeriodEnd(invoice));
  if (row.status === "Pending" || row.status === "PastDue") {
    await tx
      .update(subscriptions)
      .set({
        status: row.cancelAtPeriodEnd ? "Canceled" : "Activated",
        currentPeriodEnd: periodEnd,
        provider: PAYMENT_PROVIDER,
        providerSubscriptionId: owner.id,
        providerCustomerId: idOf(invoice.customer) ?? row.providerCustomerId,
        // A snapshot from before the payment (e.g. the first `incomplete`) arriving late must not undo it.
        providerEventAt: later(row.providerEventAt, at),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, row.id));
    if (row.status === "Pending") await subscriptionStarted(tx, row);
  } else if (row.status !== "Expired" && periodEnd && (!row.currentPeriodEnd || periodEnd > row.currentPeriodEnd)) {
    // A renewal: the paid period grows. An ended subscription stays ended.
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd: periodEnd, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id));
  }
}

/** `invoice.payment_failed`: a Failed payment on record; a running subscription is PastDue while Stripe retries. */
export async function onInvoicePaymentFailed(
  tx: Database,
  event: Stripe.Event,
  context: PaymentsContext,
): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  const owner = invoiceSubscription(invoice);
  if (!owner.id) return;
  const row = await findRow(tx, owner.id, owner.metadata);
  if (!row) return;
  const paymentStatus = await recordInvoicePayment(tx, context, invoice, row, "Failed", fromSeconds(event.created));
  // Paid after all (another attempt succeeded before this news arrived): nothing is overdue.
  if (paymentStatus !== "Failed" || row.status !== "Activated") return;
  if (row.providerSubscriptionId && row.providerSubscriptionId !== owner.id) return;
  const at = fromSeconds(event.created);
  if (row.providerEventAt && at < row.providerEventAt) return;
  await tx
    .update(subscriptions)
    .set({ status: "PastDue", providerEventAt: at, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
}

/** `checkout.session.completed` (a Stripe Checkout subscription): link the row to its Stripe ids when it has none. */
export async function onCheckoutCompleted(tx: Database, event: Stripe.Event): Promise<void> {
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.mode !== "subscription") return;
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return;
  const row = await findRow(tx, subscriptionId, session.metadata as Owner | null);
  if (!row || row.providerSubscriptionId) return;
  const [taken] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  if (taken) return;
  await tx
    .update(subscriptions)
    .set({
      provider: PAYMENT_PROVIDER,
      providerSubscriptionId: subscriptionId,
      providerCustomerId: idOf(session.customer) ?? row.providerCustomerId,
      // Linked but not yet paid: the invoice and subscription events decide its status.
      status: subscriptionGivesAccess(row, new Date()) ? row.status : "Pending",
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, row.id));
}

/**
 * `charge.refunded` (in full): the payment is Refunded and, for a subscription, access ends at once.
 * The charge names its PaymentIntent; a membership payment is keyed by it, a subscription payment
 * by its invoice, found through Stripe's invoice payments (or `charge.invoice` on older API versions).
 * A partial refund changes nothing.
 */
export async function onChargeRefunded(tx: Database, event: Stripe.Event, context: PaymentsContext): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  if (!charge.refunded) return;
  const intentId = idOf(charge.payment_intent);
  let invoiceId = idOf((charge as { invoice?: string | { id: string } | null }).invoice ?? null);
  const keys = [intentId, invoiceId].filter((key): key is string => Boolean(key));
  let [payment] = keys.length
    ? await tx.select().from(payments).where(inArray(payments.providerPaymentId, keys)).for("update")
    : [];

  if (!payment && intentId && !invoiceId) {
    const stripe = requirePayments(context.env);
    const found = await stripe.invoicePayments.list({
      payment: { type: "payment_intent", payment_intent: intentId },
      limit: 1,
    });
    invoiceId = idOf(found.data[0]?.invoice ?? null);
    if (invoiceId)
      [payment] = await tx.select().from(payments).where(eq(payments.providerPaymentId, invoiceId)).for("update");
  }
  if (!payment && invoiceId) {
    // The refund overtook `invoice.paid`: record the invoice's payment from Stripe, refunded.
    const stripe = requirePayments(context.env);
    const invoice = await stripe.invoices.retrieve(invoiceId);
    const owner = invoiceSubscription(invoice);
    const row = owner.id ? await findRow(tx, owner.id, owner.metadata) : null;
    if (row) {
      await recordInvoicePayment(tx, context, invoice, row, "Refunded", fromSeconds(event.created));
      [payment] = await tx.select().from(payments).where(eq(payments.providerPaymentId, invoiceId));
    }
  }
  if (!payment) return;

  await tx.update(payments).set({ status: "Refunded", updatedAt: new Date() }).where(eq(payments.id, payment.id));
  if (payment.kind !== SUBSCRIPTION_KIND || !payment.subscriptionId) return;
  const at = fromSeconds(event.created);
  const [ended] = await tx
    .update(subscriptions)
    .set({
      status: "Expired",
      cancelAtPeriodEnd: false,
      providerEventAt: sql`GREATEST(${subscriptions.providerEventAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.id, payment.subscriptionId), eq(subscriptions.provider, PAYMENT_PROVIDER)))
    .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
  // A refunded subscriber is not billed again: the Stripe subscription ends now too (its
  // `customer.subscription.deleted` then finds the row already Expired).
  const stripeSubscriptionId = ended?.providerSubscriptionId;
  if (stripeSubscriptionId) {
    const stripe = requirePayments(context.env);
    const current = await stripe.subscriptions.retrieve(stripeSubscriptionId).catch(() => null);
    if (current && current.status !== "canceled" && current.status !== "incomplete_expired")
      await cancelQuietly(context, stripe, stripeSubscriptionId);
  }
}
