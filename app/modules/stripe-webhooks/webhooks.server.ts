/**
 * Stripe webhooks (`POST /api/paymentsystems/stripe/webhook`, decision 013): the raw body is
 * checked against STRIPE_WEBHOOK_SECRET, then the event is recorded in processed_webhook_events
 * and its effect applied IN ONE TRANSACTION, so a delivery either happens once, completely, or
 * not at all (and Stripe retries it). A second delivery of the same event id finds the row and
 * does nothing. Handlers upsert by Stripe's ids, so the order of events does not matter.
 */
import { and, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { payments, processedWebhookEvents, users } from "~/db/schema";
import { confirmCheerPayment, TIP_KIND } from "~/modules/cheers/cheers.server";
import { AppError } from "~/modules/http/app-error";
import {
  onChargeRefunded,
  onCheckoutCompleted,
  onInvoicePaid,
  onInvoicePaymentFailed,
  onSubscriptionEvent,
} from "~/modules/subscriptions/stripe-subscription-webhooks.server";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { applyAccountUpdate } from "~/modules/payments/connect.server";
import { activateMembership, MEMBERSHIP_KIND, type PaymentsContext } from "~/modules/payments/membership.server";
import { getStripe, PAYMENT_PROVIDER } from "~/modules/payments/stripe.server";

export const BAD_SIGNATURE_MESSAGE = "The webhook signature could not be verified.";

/** An effect, run inside the delivery's transaction; `context` for the env (fee) and Stripe look-ups. */
type Handler = (tx: Database, event: Stripe.Event, context: PaymentsContext) => Promise<void>;

async function onPaymentIntentSucceeded(tx: Database, event: Stripe.Event): Promise<void> {
  const intent = event.data.object as Stripe.PaymentIntent;
  // Cheers (decision 024): the tip's row becomes Succeeded and the expert is told, once.
  if (intent.metadata?.kind === TIP_KIND) return confirmCheerPayment(tx, intent);
  if (intent.metadata?.kind !== MEMBERSHIP_KIND) return;
  const userId = intent.metadata.userId;
  if (!userId || !UUID_PATTERN.test(userId)) return;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return; // The account was deleted meanwhile; nothing to grant.
  await tx
    .insert(payments)
    .values({
      payerId: userId,
      kind: MEMBERSHIP_KIND,
      status: "Succeeded",
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      provider: PAYMENT_PROVIDER,
      providerPaymentId: intent.id,
    })
    .onConflictDoUpdate({ target: payments.providerPaymentId, set: { status: "Succeeded" } });
  await activateMembership(tx, userId, new Date(event.created * 1000));
}

async function onPaymentIntentFailed(tx: Database, event: Stripe.Event): Promise<void> {
  const intent = event.data.object as Stripe.PaymentIntent;
  // Membership and Cheers alike. A late failure never undoes a success (Stripe lets a failed intent be paid with another card).
  await tx
    .update(payments)
    .set({ status: "Failed" })
    .where(and(eq(payments.providerPaymentId, intent.id), inArray(payments.status, ["Pending"])));
}

async function onAccountUpdated(tx: Database, event: Stripe.Event): Promise<void> {
  await applyAccountUpdate(tx, event.data.object as Stripe.Account);
}

/** Event type → effect. Types not listed are acknowledged and recorded, nothing more. */
export const webhookHandlers: Partial<Record<string, Handler>> = {
  "payment_intent.succeeded": onPaymentIntentSucceeded,
  "payment_intent.payment_failed": onPaymentIntentFailed,
  "account.updated": onAccountUpdated,
  // Expert subscriptions (stripe-subscriptions.server.ts).
  "customer.subscription.created": onSubscriptionEvent,
  "customer.subscription.updated": onSubscriptionEvent,
  "customer.subscription.deleted": onSubscriptionEvent,
  "invoice.paid": onInvoicePaid,
  "invoice.payment_failed": onInvoicePaymentFailed,
  "checkout.session.completed": onCheckoutCompleted,
  "charge.refunded": onChargeRefunded,
};

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  type: string;
}

/** Verifies, records and applies one delivery. A bad or missing signature is a 400. */
export async function handleStripeWebhook(
  context: PaymentsContext,
  rawBody: string,
  signature: string | null,
): Promise<WebhookResult> {
  const secret = context.env.STRIPE_WEBHOOK_SECRET;
  if (!context.env.PAYMENTS_ENABLED || !secret) {
    context.log?.warn("a Stripe webhook arrived but STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is unset");
    throw new AppError(400, BAD_SIGNATURE_MESSAGE);
  }
  if (!signature) throw new AppError(400, BAD_SIGNATURE_MESSAGE);
  let event: Stripe.Event;
  try {
    event = getStripe(context.env).webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new AppError(400, BAD_SIGNATURE_MESSAGE);
    // A signed body that is not an event (malformed JSON) is just as unusable.
    throw new AppError(400, BAD_SIGNATURE_MESSAGE);
  }
  if (!event?.id || !event.type || !event.data?.object) throw new AppError(400, "The webhook event is malformed.");

  const duplicate = await context.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ eventId: event.id, provider: PAYMENT_PROVIDER, type: event.type })
      .onConflictDoNothing({ target: processedWebhookEvents.eventId })
      .returning({ eventId: processedWebhookEvents.eventId });
    if (!fresh) return true;
    await webhookHandlers[event.type]?.(tx, event, context);
    return false;
  });
  context.log?.info({ eventId: event.id, type: event.type, duplicate }, "Stripe webhook");
  return { received: true, duplicate, type: event.type };
}
