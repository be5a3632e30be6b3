/**
 * Subscribing and cancelling through Stripe (product.md "Subscriptions and money", decisions 013
 * and 021). A subscription is a Stripe subscription on the platform, paid to the expert's
 * connected account less PLATFORM_FEE_PERCENT. Subscribing answers the first invoice's client
 * secret for the card form and leaves our row Pending: ONLY Stripe's signed webhooks
 * (stripe-subscription-webhooks.server.ts) move it on, never a browser saying it paid.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { subscriptionGivesAccess } from "~/modules/access/access";
import { AppError } from "~/modules/http/app-error";
import type { PaymentsContext } from "~/modules/payments/membership.server";
import { callStripe, PAYMENT_PROVIDER, requirePayments } from "~/modules/payments/stripe.server";
import { requireExpert, type SubscribableExpert } from "~/modules/profiles/subscribable-expert.server";
import {
  lockSubscription,
  MESSAGES,
  requireRunningSubscription,
  startedFromPostSql,
  toSubscriptionDTO,
  type SubscriptionDTO,
} from "./subscriptions.server";
import { cancelQuietly, periodEndOf, SUBSCRIPTION_KIND } from "./stripe-subscription-webhooks.server";
import { findRedeemableCode, redeemPromoCode, releaseRedemptions, stripePromotionCodeFor } from "./promo-codes.server";
import { priceWithCode, trialDaysFor } from "./subscription-offer.server";
import { trialEndFrom } from "./trials.server";

type SubscriptionRow = typeof subscriptions.$inferSelect;

function fail(message: string): never {
  throw new AppError(422, message, { expertId: [message] });
}

/** An expert who can be paid through Stripe: a ready connected account and a Stripe price. */
function requireSellable(
  expert: SubscribableExpert,
): asserts expert is SubscribableExpert & { priceCents: number; providerPriceId: string; paymentAccountId: string } {
  if (!expert.priceCents) fail(MESSAGES.noPrice);
  if (!expert.paymentAccountReady || !expert.paymentAccountId || !expert.providerPriceId) fail(MESSAGES.notReady);
}

/** The secret the card form confirms the subscription's first invoice with. */
function invoiceClientSecret(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  // Older API versions put the invoice's PaymentIntent on the invoice itself.
  const legacy = (invoice as { payment_intent?: string | { client_secret?: string | null } | null }).payment_intent;
  return (
    invoice.confirmation_secret?.client_secret ??
    (legacy && typeof legacy === "object" ? (legacy.client_secret ?? null) : null)
  );
}

/**
 * The secret the card form confirms: the first invoice's payment, or, when nothing is due now (a
 * free trial, a code taking the whole price), the SetupIntent that saves the card for later.
 */
function cardFormSecret(subscription: Stripe.Subscription): string | null {
  const setup = subscription.pending_setup_intent;
  return invoiceClientSecret(subscription) ?? (setup && typeof setup === "object" ? setup.client_secret : null);
}

const EXPAND_SECRET = ["latest_invoice.confirmation_secret", "pending_setup_intent"];

/**
 * `POST /api/subscriptions {expertId, code?}` with Stripe. Creates an incomplete Stripe subscription
 * (trialing, for a trial) and answers the card form's secret; the row stays Pending until Stripe's
 * webhooks say the card went through. A reload while it waits answers the same secret; a cancelled
 * subscription still running is resumed. A promo code is redeemed as the row is written.
 */
export async function subscribeWithStripe(
  context: PaymentsContext,
  viewer: CurrentUser,
  expertId: string,
  now = new Date(),
  fromPostId: string | null = null,
  typedCode?: string,
): Promise<{ subscription: SubscriptionDTO; clientSecret: string | null }> {
  if (viewer.id === expertId) fail(MESSAGES.self);
  const expert = await requireExpert(context.db, expertId);
  requireSellable(expert);
  const stripe = requirePayments(context.env);
  const code = typedCode ? await findRedeemableCode(context.db, expert.id, typedCode, viewer.id, now) : null;

  // Lock-read the row (made as a placeholder if missing) only to decide; no Stripe call runs under the lock.
  const current = await context.db.transaction((tx) => lockSubscription(tx, viewer.id, expert));

  if (subscriptionGivesAccess(current, now)) {
    if (current.status !== "Canceled" || current.provider !== PAYMENT_PROVIDER || !current.providerSubscriptionId)
      fail(MESSAGES.already);
    return { subscription: await resume(context, stripe, current, expert, now), clientSecret: null };
  }

  if (current.status === "Pending" && current.provider === PAYMENT_PROVIDER && current.providerSubscriptionId) {
    const open = current.providerSubscriptionId;
    const existing = await callStripe(
      () => stripe.subscriptions.retrieve(open, { expand: EXPAND_SECRET }),
      context.log,
    );
    // Still waiting for the card: its payment, or its SetupIntent (a trial).
    if (existing.status === "incomplete" || existing.status === "active" || existing.status === "trialing")
      return { subscription: toSubscriptionDTO(current, expert, now), clientSecret: cardFormSecret(existing) };
    // Expired unpaid (Stripe gives an incomplete subscription 23 hours): start a new one below.
  }

  const customerId = await customerFor(context, stripe, viewer);
  const trialDays = trialDaysFor(expert, current, code);
  const promotionCode = code ? await stripePromotionCodeFor(context, stripe, code) : null;
  const created = await callStripe(
    () =>
      stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: expert.providerPriceId }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        application_fee_percent: context.env.PLATFORM_FEE_PERCENT,
        transfer_data: { destination: expert.paymentAccountId },
        metadata: { kind: SUBSCRIPTION_KIND, subscriberId: viewer.id, expertId: expert.id },
        // The card is still taken now (the SetupIntent); the first charge comes when the trial ends.
        ...(trialDays ? { trial_period_days: trialDays } : {}),
        ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
        expand: EXPAND_SECRET,
      }),
    context.log,
  );

  let outcome: { row: SubscriptionRow; ours: boolean };
  try {
    outcome = await context.db.transaction(async (tx) => {
      const row = await lockSubscription(tx, viewer.id, expert);
      // A concurrent subscribe (double click) got here first: keep its subscription, drop ours.
      const taken =
        row.providerSubscriptionId !== null &&
        row.providerSubscriptionId !== created.id &&
        row.providerSubscriptionId !== current.providerSubscriptionId;
      if (subscriptionGivesAccess(row, now) || (row.status === "Pending" && taken)) {
        return { row, ours: false };
      }
      const fresh = row.status === "Expired" && row.currentPeriodEnd === null;
      // An earlier unpaid attempt this one replaces gives its promo code back.
      if (row.status === "Pending" && row.providerSubscriptionId && row.providerSubscriptionId !== created.id)
        await releaseRedemptions(tx, row.providerSubscriptionId);
      const [pending] = await tx
        .update(subscriptions)
        .set({
          status: "Pending",
          // The price at subscribing time: a later change applies to new subscribers only.
          priceCents: priceWithCode(expert.priceCents, code),
          currentPeriodEnd: null,
          // A trial planned for an unfinished card step and never started is forgotten.
          trialEndsAt: trialDays ? trialEndFrom(now, trialDays) : row.trialStartedAt ? row.trialEndsAt : null,
          cancelAtPeriodEnd: false,
          provider: PAYMENT_PROVIDER,
          providerSubscriptionId: created.id,
          providerCustomerId: customerId,
          // Events of an earlier Stripe subscription say nothing about this one.
          providerEventAt: row.providerSubscriptionId === created.id ? row.providerEventAt : null,
          lastSeenPostsAt: now,
          startedFromPostId: startedFromPostSql(fromPostId, expert.id),
          createdAt: fresh ? now : row.createdAt,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id))
        .returning();
      if (code)
        await redeemPromoCode(
          tx,
          code,
          { subscriberId: viewer.id, subscriptionId: row.id, providerSubscriptionId: created.id },
          now,
        );
      return { row: pending, ours: true };
    });
  } catch (error) {
    // Nothing half-saved: the unpaid Stripe subscription goes too.
    await cancelQuietly(context, stripe, created.id);
    throw error;
  }

  if (!outcome.ours) {
    await cancelQuietly(context, stripe, created.id);
    if (subscriptionGivesAccess(outcome.row, now)) fail(MESSAGES.already);
    const winner = outcome.row.providerSubscriptionId!;
    const theirs = await callStripe(
      () => stripe.subscriptions.retrieve(winner, { expand: EXPAND_SECRET }),
      context.log,
    );
    return { subscription: toSubscriptionDTO(outcome.row, expert, now), clientSecret: cardFormSecret(theirs) };
  }
  const clientSecret = cardFormSecret(created);
  if (!clientSecret)
    context.log?.warn({ subscriptionId: created.id }, "a new Stripe subscription has no invoice client secret");
  return { subscription: toSubscriptionDTO(outcome.row, expert, now), clientSecret };
}

/** The viewer's Stripe customer: the one on any earlier subscription, else a new one. */
async function customerFor(context: PaymentsContext, stripe: Stripe, viewer: CurrentUser): Promise<string> {
  const [known] = await context.db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, viewer.id),
        eq(subscriptions.provider, PAYMENT_PROVIDER),
        isNotNull(subscriptions.providerCustomerId),
      ),
    )
    .limit(1);
  if (known?.customerId) return known.customerId;
  const customer = await callStripe(
    () =>
      stripe.customers.create({
        email: viewer.email,
        name: `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.userName,
        metadata: { userId: viewer.id },
      }),
    context.log,
  );
  return customer.id;
}

/** A cancelled subscription still in its paid period carries on: Stripe renews it again. */
async function resume(
  context: PaymentsContext,
  stripe: Stripe,
  current: SubscriptionRow,
  expert: SubscribableExpert,
  now: Date,
): Promise<SubscriptionDTO> {
  const subscriptionId = current.providerSubscriptionId!;
  await callStripe(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }), context.log);
  const row = await context.db.transaction(async (tx) => {
    const [resumed] = await tx
      .update(subscriptions)
      .set({ status: "Activated", cancelAtPeriodEnd: false, updatedAt: now })
      .where(
        and(
          eq(subscriptions.id, current.id),
          eq(subscriptions.providerSubscriptionId, subscriptionId),
          eq(subscriptions.status, "Canceled"),
        ),
      )
      .returning();
    // Changed meanwhile (a webhook got there first): answer what is there now.
    return resumed ?? (await tx.select().from(subscriptions).where(eq(subscriptions.id, current.id)))[0];
  });
  return toSubscriptionDTO(row, expert, now);
}

/**
 * `DELETE /api/subscriptions {expertId}` with Stripe: Stripe stops renewing at the period's end;
 * the row is Canceled and keeps giving access until `currentPeriodEnd`.
 */
export async function cancelWithStripe(
  context: PaymentsContext,
  viewer: CurrentUser,
  expertId: string,
  now = new Date(),
): Promise<SubscriptionDTO> {
  const expert = await requireExpert(context.db, expertId);
  const current = await context.db.transaction((tx) => requireRunningSubscription(tx, viewer.id, expertId, now));
  const subscriptionId = current.providerSubscriptionId;
  let periodEnd: Date | null = null;
  if (subscriptionId) {
    const stripe = requirePayments(context.env);
    // Stripe first: if it refuses, nothing changed. Should our write below fail, Stripe's
    // customer.subscription.updated brings the row to Canceled all the same.
    const updated = await callStripe(
      () => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      context.log,
    );
    periodEnd = periodEndOf(updated);
  }
  const row = await context.db.transaction(async (tx) => {
    const locked = await requireRunningSubscription(tx, viewer.id, expertId, now);
    const [canceled] = await tx
      .update(subscriptions)
      .set({
        status: "Canceled",
        cancelAtPeriodEnd: true,
        currentPeriodEnd: locked.currentPeriodEnd ?? periodEnd,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, locked.id))
      .returning();
    return canceled;
  });
  return toSubscriptionDTO(row, expert, now);
}
