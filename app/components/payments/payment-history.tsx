/** The payment history of /payments: newest first, a page at a time. */
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Receipt } from "~/components/ui/icons";
import { ShowMore, useMorePages } from "~/components/ui/use-more-pages";
import { formatUsdPlain } from "~/modules/money/money";
import type { PaymentDTO } from "~/modules/payments/payment-history.server";
import { expertHref } from "./subscription-rows";

/** Payments per page of the history, on the server and from the /lists/payments loader alike. */
export const PAYMENTS_PAGE_SIZE = 10;

const KIND_LABEL: Record<PaymentDTO["kind"], string> = {
  Membership: "Expert membership",
  Subscription: "Subscription",
  Tip: "Cheers",
};
const PAYMENT_STATUS: Record<PaymentDTO["status"], { label: string; tone: string }> = {
  Succeeded: { label: "Paid", tone: "bg-brand-100 text-brand-800" },
  Pending: { label: "Pending", tone: "bg-amber-100 text-amber-800" },
  Failed: { label: "Failed", tone: "bg-red-100 text-red-800" },
  Refunded: { label: "Refunded", tone: "bg-slate-100 text-slate-700" },
};

/**
 * product.md "Limits": cents as USD with 2 decimals; nothing charged reads as free, and so does an
 * amount recorded while payments were off (Cheers keep the amount chosen, decision 024).
 */
export function paymentAmount(cents: number, isFree = false): string {
  if (cents === 0) return "$0.00 (free)";
  return isFree ? `$${formatUsdPlain(cents)} (not charged)` : `$${formatUsdPlain(cents)}`;
}

export function PaymentHistory({
  initialItems,
  totalPages,
  date,
}: {
  initialItems: PaymentDTO[];
  totalPages: number;
  date: (iso: string) => string;
}) {
  const more = useMorePages({ initialItems, totalPages, list: "/lists/payments", pageSize: PAYMENTS_PAGE_SIZE });
  if (more.items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center">
        <Receipt className="mx-auto size-7 text-slate-400" aria-hidden="true" />
        <p className="mt-2 text-sm text-slate-600">No payments yet.</p>
      </div>
    );
  }
  const cell = "py-3 pr-3 align-top";
  return (
    <div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Payment history, newest first</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              <span className="sm:hidden">Payment</span>
              <span className="hidden sm:inline">Expert</span>
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
              Kind
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="hidden py-2 font-semibold sm:table-cell">
              Status
            </th>
          </tr>
        </thead>
        <tbody ref={more.listRef} className="divide-y divide-slate-100">
          {more.items.map((payment) => {
            const status = PAYMENT_STATUS[payment.status];
            const badge = (
              <span className={clsx("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", status.tone)}>
                {status.label}
              </span>
            );
            return (
              <tr key={payment.id} data-item-id={payment.id} tabIndex={-1}>
                <td className={clsx(cell, "hidden whitespace-nowrap text-slate-600 sm:table-cell")}>
                  <time dateTime={payment.createdAt}>{date(payment.createdAt)}</time>
                </td>
                <td className={clsx(cell, "min-w-0")}>
                  {payment.expert ? (
                    <Link to={expertHref(payment.expert)} className="font-medium text-slate-900 hover:underline">
                      {payment.expert.userName}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">
                      {payment.kind === "Membership" ? "Sharpside" : "—"}
                    </span>
                  )}
                  {/* On a phone the date and kind sit under the name. */}
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {KIND_LABEL[payment.kind]} · <time dateTime={payment.createdAt}>{date(payment.createdAt)}</time>
                  </span>
                </td>
                <td className={clsx(cell, "hidden text-slate-600 sm:table-cell")}>{KIND_LABEL[payment.kind]}</td>
                <td className={clsx(cell, "whitespace-nowrap text-right font-semibold text-slate-900")}>
                  {paymentAmount(payment.amount, payment.isFree)}
                  <span className="mt-1 block sm:hidden">{badge}</span>
                </td>
                <td className={clsx(cell, "hidden pr-0 sm:table-cell")}>{badge}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ShowMore {...more.showMore} />
    </div>
  );
}
