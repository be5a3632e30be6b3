/**
 * What subscribing to an expert costs this reader: the price, the free trial they would get (none
 * once they had theirs), and what a promo code they typed leaves. The subscribe step shows it and
 * `GET /api/subscriptions/offer` answers it; subscribing applies the same rule
 * (`trialDaysFor`, `priceWithCode`).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { requireExpert, type SubscribableExpert } from "~/modules/profiles/subscribable-expert.server";
import { describeDiscount, priceAfterCode, type SubscriptionOffer } from "./promo-codes";
import { findRedeemableCode, toPromoCodeDTO, type PromoCodeRow } from "./promo-codes.server";

/**
 * The trial a subscription starting now gets: the expert's, unless the reader had their trial, or
 * gives a first-month code (which takes the trial's place: the discounted month is the first one).
 */
export function trialDaysFor(
  expert: Pick<SubscribableExpert, "trialDays">,
  row: { trialStartedAt: Date | null } | undefined,
  code: Pick<PromoCodeRow, "duration"> | null,
): number {
  if (row?.trialStartedAt || code?.duration === "once") return 0;
  return expert.trialDays;
}

/** The price a subscription records: an every-month code lowers it for good, a first-month one does not. */
export const priceWithCode = (priceCents: number, code: PromoCodeRow | null) =>
  code?.duration === "forever"
    ? priceAfterCode(priceCents, { percentOff: code.percentOff, amountOff: code.amountOffCents })
    : priceCents;

export async function subscriptionOffer(
  db: Database,
  expertId: string,
  subscriberId: string,
  typedCode: string | undefined,
  now = new Date(),
): Promise<SubscriptionOffer> {
  const expert = await requireExpert(db, expertId);
  const [row] = await db
    .select({ trialStartedAt: subscriptions.trialStartedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expert.id)));
  const code = typedCode ? await findRedeemableCode(db, expert.id, typedCode, subscriberId, now) : null;
  const dto = code ? toPromoCodeDTO(code) : null;
  return {
    price: expert.priceCents,
    trialDays: trialDaysFor(expert, row, code),
    code:
      dto && expert.priceCents !== null
        ? {
            code: dto.code,
            duration: dto.duration,
            description: describeDiscount(dto),
            priceAfter: priceAfterCode(expert.priceCents, dto),
          }
        : null,
  };
}
