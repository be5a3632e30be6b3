/** The expert a subscription, a follow or a cheer is for: the Expert role with an active membership. */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { experts, profiles, users } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { expertSummaryColumns, toExpertSummary, type ExpertSummary } from "./expert-summary.server";

/** An expert one may subscribe to or follow, with what subscribing needs. */
export interface SubscribableExpert extends ExpertSummary {
  priceCents: number | null;
  providerPriceId: string | null;
  paymentAccountId: string | null;
  paymentAccountReady: boolean;
  /** The free trial a new subscriber gets, in days (0: none). */
  trialDays: number;
}

/** The expert `expertId` (a user id), or a 404 for anyone else: a plain user, an unknown id, a malformed one. */
export async function requireExpert(db: Database, expertId: string): Promise<SubscribableExpert> {
  if (!UUID_PATTERN.test(expertId)) throw new AppError(404);
  const [row] = await db
    .select({
      ...expertSummaryColumns,
      priceCents: experts.subscriptionPriceCents,
      providerPriceId: experts.providerPriceId,
      paymentAccountId: experts.paymentAccountId,
      paymentAccountReady: experts.paymentAccountReady,
      trialDays: experts.trialDays,
    })
    .from(users)
    .innerJoin(experts, eq(experts.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, expertId), eq(experts.membershipStatus, "Active"), sql`'Expert' = ANY(${users.roles})`));
  if (!row) throw new AppError(404);
  return {
    ...toExpertSummary(row),
    priceCents: row.priceCents,
    providerPriceId: row.providerPriceId,
    paymentAccountId: row.paymentAccountId,
    paymentAccountReady: row.paymentAccountReady,
    trialDays: row.trialDays,
  };
}
