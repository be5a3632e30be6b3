/** The user's payment history (/payments, `GET /api/user/payments`): memberships, subscriptions and tips. */
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payments, profiles, users } from "~/db/schema";
import { expertSummaryColumns, toExpertSummary, type ExpertSummary } from "~/modules/profiles/expert-summary.server";
import { FREE_PROVIDER } from "./stripe.server";

export interface PaymentDTO {
  id: string;
  kind: "Membership" | "Subscription" | "Tip";
  status: "Pending" | "Succeeded" | "Failed" | "Refunded";
  /** Cents. */
  amount: number;
  currency: string;
  /** Recorded while payments were off: nothing was charged. */
  isFree: boolean;
  createdAt: string;
  expert: ExpertSummary | null;
}

/** The user's payment history, newest first. */
export async function listPayments(
  db: Database,
  payerId: string,
  options: { page: number; size: number },
): Promise<{ items: PaymentDTO[]; totalItems: number }> {
  const where = eq(payments.payerId, payerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ payment: payments, expert: expertSummaryColumns })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.expertId))
      .leftJoin(profiles, eq(profiles.userId, payments.expertId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    items: rows.map(({ payment, expert }) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      amount: payment.amountCents,
      currency: payment.currency,
      isFree: payment.provider === FREE_PROVIDER,
      createdAt: payment.createdAt.toISOString(),
      expert: expert.id === null ? null : toExpertSummary(expert as Parameters<typeof toExpertSummary>[0]),
    })),
    totalItems: Number(total),
  };
}
