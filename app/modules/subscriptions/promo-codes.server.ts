/**
 * An expert's promo codes (docs/product.md "Trials and promo codes"): made and ended on /business,
 * given by a reader on the subscribe step. Our database is the authority on whether a code may be
 * used (active, not expired, under its cap, not used by this reader before); Stripe only applies
 * the discount to a card subscription, through a coupon and promotion code made on first use.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { promoCodes, promoRedemptions, subscriptions } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { UUID_PATTERN } from "~/modules/http/uuid";
import type { PaymentsContext } from "~/modules/payments/membership.server";
import { callStripe, paymentsEnabled, requirePayments } from "~/modules/payments/stripe.server";
import { consumeRateLimit, refuseWhenLimitReached, type RateLimitRule } from "~/modules/rate-limit/rate-limit.server";
import { MAX_PROMO_CODES, PROMO_MESSAGES, type PromoCodeDTO, type PromoCodeInput } from "./promo-codes";

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Codes a reader may get wrong in an hour before the step refuses to look (no guessing codes). */
export const PROMO_GUESS_LIMIT: RateLimitRule = { name: "promo-code-guess", limit: 20, windowSeconds: 3600 };

const refuse = (message: string, field = "code"): never => {
  throw new AppError(422, message, { [field]: [message] });
};

export function toPromoCodeDTO(row: PromoCodeRow): PromoCodeDTO {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents,
    duration: row.duration,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    timesRedeemed: row.timesRedeemed,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The expert's codes, newest first. */
export async function listPromoCodes(db: Database, expertId: string): Promise<PromoCodeDTO[]> {
  const rows = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.expertId, expertId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map(toPromoCodeDTO);
}

/** A new code: a name the expert has not used, an expiry day not past (it works through that day, UTC). */
export async function createPromoCode(
  db: Database,
  expertId: string,
  input: PromoCodeInput,
  now = new Date(),
): Promise<PromoCodeDTO> {
  const expiresAt = input.expiresOn ? new Date(Date.parse(`${input.expiresOn}T00:00:00Z`) + 86_400_000) : null;
  if (expiresAt && expiresAt <= now) refuse(PROMO_MESSAGES.expiry, "expiresOn");
  return db.transaction(async (tx) => {
    // Counted under a lock on the expert's codes' first row would not stop two inserts; the expert's row does.
    await tx.execute(sql`SELECT 1 FROM experts WHERE user_id = ${expertId} FOR UPDATE`);
    const [{ total }] = await tx.select({ total: count() }).from(promoCodes).where(eq(promoCodes.expertId, expertId));
    if (total >= MAX_PROMO_CODES) refuse(PROMO_MESSAGES.tooMany);
    const [row] = await tx
      .insert(promoCodes)
      .values({
        expertId,
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.amountOff ?? null,
        duration: input.duration,
        expiresAt,
        maxRedemptions: input.maxRedemptions ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [promoCodes.expertId, promoCodes.code] })
      .returning();
    if (!row) refuse(PROMO_MESSAGES.codeTaken);
    return toPromoCodeDTO(row);
  });
}

/**
 * Ends one of the expert's codes: no reader can use it from now on (those who did keep their
 * price), and its Stripe promotion code, if any, is switched off.
 */
export async function endPromoCode(context: PaymentsContext, expertId: string, codeId: string): Promise<PromoCodeDTO> {
  if (!UUID_PATTERN.test(codeId)) throw new AppError(404);
  const [row] = await context.db
    .update(promoCodes)
    .set({ active: false })
    .where(and(eq(promoCodes.id, codeId), eq(promoCodes.expertId, expertId)))
    .returning();
  if (!row) throw new AppError(404);
  await endStripePromotionCode(context, row.providerPromotionCodeId);
  return toPromoCodeDTO(row);
}

/**
 * The expert's code a reader typed, when they may use it now; else a 422 on `code` saying why.
 * Wrong codes count against the reader's guesses (PROMO_GUESS_LIMIT), then a 429.
 */
export async function findRedeemableCode(
  db: Database,
  expertId: string,
  code: string,
  subscriberId: string,
  now = new Date(),
): Promise<PromoCodeRow> {
  await refuseWhenLimitReached(db, PROMO_GUESS_LIMIT, subscriberId);
  const [row] = await db
    .select({
      code: promoCodes,
      usedBefore: sql<boolean>`${promoRedemptions.subscriberId} IS NOT NULL`,
      // Redeemed for the reader's card step still waiting (a reload of it): the place is theirs.
      held: sql<boolean>`coalesce(${subscriptions.status} = 'Pending', false)`,
    })
    .from(promoCodes)
    .leftJoin(
      promoRedemptions,
      and(eq(promoRedemptions.promoCodeId, promoCodes.id), eq(promoRedemptions.subscriberId, subscriberId)),
    )
    .leftJoin(subscriptions, eq(subscriptions.id, promoRedemptions.subscriptionId))
    .where(and(eq(promoCodes.expertId, expertId), eq(promoCodes.code, code), eq(promoCodes.active, true)));
  if (!row) {
    await consumeRateLimit(db, PROMO_GUESS_LIMIT, subscriberId);
    return refuse(PROMO_MESSAGES.unknown);
  }
  if (row.held) return row.code;
  if (row.usedBefore) refuse(PROMO_MESSAGES.usedBefore);
  if (row.code.expiresAt && row.code.expiresAt <= now) refuse(PROMO_MESSAGES.expired);
  if (row.code.maxRedemptions !== null && row.code.timesRedeemed >= row.code.maxRedemptions)
    refuse(PROMO_MESSAGES.usedUp);
  return row.code;
}

/**
 * Redeems the code for this reader's subscription, in the transaction that starts it: one
 * conditional UPDATE takes a place under the cap (two readers racing for the last place queue on
 * the code's row, and the second finds none), and the redemption row refuses a second use.
 */
export async function redeemPromoCode(
  tx: Database,
  code: PromoCodeRow,
  redemption: { subscriberId: string; subscriptionId: string; providerSubscriptionId?: string | null },
  now = new Date(),
): Promise<void> {
  const [taken] = await tx
    .update(promoCodes)
    .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
    .where(
      and(
        eq(promoCodes.id, code.id),
        eq(promoCodes.active, true),
        sql`(${promoCodes.maxRedemptions} IS NULL OR ${promoCodes.timesRedeemed} < ${promoCodes.maxRedemptions})`,
        sql`(${promoCodes.expiresAt} IS NULL OR ${promoCodes.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (!taken) refuse(PROMO_MESSAGES.usedUp);
  const [redeemed] = await tx
    .insert(promoRedemptions)
    .values({
      promoCodeId: code.id,
      subscriberId: redemption.subscriberId,
      subscriptionId: redemption.subscriptionId,
      providerSubscriptionId: redemption.providerSubscriptionId ?? null,
      redeemedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: promoRedemptions.promoCodeId });
  if (!redeemed) refuse(PROMO_MESSAGES.usedBefore);
}

/** A card subscription never paid, which Stripe let lapse: its code goes back, for the reader's next try. */
export async function releaseRedemptions(tx: Database, providerSubscriptionId: string): Promise<void> {
  const released = await tx
    .delete(promoRedemptions)
    .where(eq(promoRedemptions.providerSubscriptionId, providerSubscriptionId))
    .returning({ codeId: promoRedemptions.promoCodeId });
  for (const { codeId } of released)
    await tx
      .update(promoCodes)
      .set({ timesRedeemed: sql`greatest(${promoCodes.timesRedeemed} - 1, 0)` })
      .where(eq(promoCodes.id, codeId));
}

/**
 * The code's Stripe promotion code (over its coupon), made the first time a card subscription uses
 * it and given to each subscription as its discount. Stripe names it (codes are unique across the
 * platform, ours per expert; readers type ours on our page), and gets no cap: this server checks
 * every limit before each use. Two first uses at once each make one; the first stored is kept.
 */
export async function stripePromotionCodeFor(
  context: PaymentsContext,
  stripe: Stripe,
  code: PromoCodeRow,
): Promise<string> {
  if (code.providerPromotionCodeId) return code.providerPromotionCodeId;
  const metadata = { promoCodeId: code.id, expertId: code.expertId };
  const coupon = await callStripe(
    () =>
      stripe.coupons.create({
        ...(code.percentOff !== null
          ? { percent_off: code.percentOff }
          : { amount_off: code.amountOffCents ?? 0, currency: "usd" }),
        duration: code.duration,
        name: code.code,
        metadata,
      }),
    context.log,
  );
  const promotion = await callStripe(
    () =>
      stripe.promotionCodes.create({
        promotion: { type: "coupon", coupon: coupon.id },
        ...(code.expiresAt ? { expires_at: Math.floor(code.expiresAt.getTime() / 1000) } : {}),
        metadata,
      }),
    context.log,
  );
  const [stored] = await context.db
    .update(promoCodes)
    .set({ providerCouponId: coupon.id, providerPromotionCodeId: promotion.id })
    .where(and(eq(promoCodes.id, code.id), sql`${promoCodes.providerPromotionCodeId} IS NULL`))
    .returning({ id: promoCodes.providerPromotionCodeId });
  return stored?.id ?? promotion.id;
}

/** An ended code's Stripe promotion code is switched off too (our database already refuses it). */
async function endStripePromotionCode(context: PaymentsContext, promotionId: string | null): Promise<void> {
  if (!promotionId || !paymentsEnabled(context.env)) return;
  await callStripe(
    () => requirePayments(context.env).promotionCodes.update(promotionId, { active: false }),
    context.log,
  ).catch((error: unknown) => context.log?.warn({ err: error, promotionId }, "a Stripe promotion code stayed active"));
}
