/**
 * Subscribe and cancel, whichever way money moves: free while payments are off
 * (subscriptions.server.ts), through Stripe when they are on (stripe-subscriptions.server.ts).
 * A subscription made while payments were off stays free until it ends.
 */
import { and, eq } from "drizzle-orm";
import { subscriptions } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { subscriptionGivesAccess } from "~/modules/access/access";
import { AppError } from "~/modules/http/app-error";
import type { PaymentsContext } from "~/modules/payments/membership.server";
import { paymentsEnabled } from "~/modules/payments/stripe.server";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { cancelWithStripe, subscribeWithStripe } from "./stripe-subscriptions.server";
import { FREE_PROVIDER } from "~/modules/payments/stripe.server";
import { postIdOfAddress } from "./subscribe-link";
import { cancelFree, subscribeFree, type SubscriptionDTO } from "./subscriptions.server";

export interface SubscribeAnswer {
  subscription: SubscriptionDTO;
  /** With Stripe: the secret of the first invoice's payment for the card form; null when nothing is to pay. */
  clientSecret: string | null;
}

export async function subscribe(
  context: PaymentsContext,
  viewer: CurrentUser,
  expertId: string,
  now = new Date(),
  /** The address of the page it began on (subscribe-link.ts's `postIdOfAddress`). */
  from?: string | null,
  /** A promo code the reader gave (normalized). */
  code?: string,
): Promise<SubscribeAnswer> {
  const fromPostId = postIdOfAddress(from);
  if (!paymentsEnabled(context.env))
    return {
      subscription: await subscribeFree(context.db, viewer.id, expertId, now, fromPostId, code),
      clientSecret: null,
    };
  // A free subscription still running (made while payments were off) is resumed, not paid for twice.
  if (UUID_PATTERN.test(expertId)) {
    const [row] = await context.db
      .select({
        provider: subscriptions.provider,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, viewer.id), eq(subscriptions.expertId, expertId)));
    if (row?.provider === FREE_PROVIDER && subscriptionGivesAccess(row, now))
      return { subscription: await subscribeFree(context.db, viewer.id, expertId, now), clientSecret: null };
  }
  return subscribeWithStripe(context, viewer, expertId, now, fromPostId, code);
}

/** Cancels at the end of the paid period: the picks stay readable until then. */
export async function unsubscribe(
  context: PaymentsContext,
  viewer: CurrentUser,
  expertId: string,
  now = new Date(),
): Promise<SubscriptionDTO> {
  if (!UUID_PATTERN.test(expertId)) throw new AppError(404);
  const [row] = await context.db
    .select({ provider: subscriptions.provider })
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, viewer.id), eq(subscriptions.expertId, expertId)));
  if (!row || row.provider === FREE_PROVIDER || row.provider === null || !paymentsEnabled(context.env))
    return cancelFree(context.db, viewer.id, expertId, now);
  return cancelWithStripe(context, viewer, expertId, now);
}
