import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { clsx } from "clsx";
import { Receipt, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime } from "~/modules/time/clock";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { SectionCard } from "~/components/ui/section-card";
import { ShowMore, useMorePages } from "~/components/ui/use-more-pages";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { apiFetch, ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { totalPagesOf } from "~/modules/http/page-param";
import { formatUsd, formatUsdPlain } from "~/modules/money/money";
import { pageMeta } from "~/modules/site/meta";
import type { ExpertSummary } from "~/modules/experts/expert-summary.server";
import type { PaymentDTO } from "~/modules/payments/payment-history.server";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import { listPayments } from "~/modules/payments/payment-history.server";
import { listUserSubscriptions } from "~/modules/subscriptions/subscriptions.server";

export const PAYMENTS_TITLE = "Payments & subscriptions";
/** Payments per page of the history, on the server and from `GET /api/user/payments` alike. */
export const PAYMENTS_PAGE_SIZE = 10;
const SUBSCRIPTIONS_BATCH = 100;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, PAYMENTS_TITLE, "Your subscriptions to experts and your payment history.");

/** Signed-in with a confirmed e-mail (others verify first): every subscription the viewer ever started, and the first page of their payments. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const now = new Date();
  const [subscriptions, payments] = await Promise.all([
    allSubscriptions((page) =>
      listUserSubscriptions(context.db, viewer.user.id, { page, size: SUBSCRIPTIONS_BATCH }, now),
    ),
    listPayments(context.db, viewer.user.id, { page: 1, size: PAYMENTS_PAGE_SIZE }),
  ]);
  return {
    current: subscriptions.filter(isCurrent),
    past: subscriptions.filter((subscription) => !isCurrent(subscription)),
    payments: payments.items,
    paymentsTotalPages: totalPagesOf(payments.totalItems, PAYMENTS_PAGE_SIZE),
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
  };
}

/** A person has a handful of subscriptions; the list API pages them, the page shows them all. */
async function allSubscriptions(
  load: (page: number) => Promise<{ items: SubscriptionDTO[]; totalItems: number }>,
): Promise<SubscriptionDTO[]> {
  const items: SubscriptionDTO[] = [];
  for (let page = 1; ; page++) {
    const batch = await load(page);
    items.push(...batch.items);
    if (batch.items.length < SUBSCRIPTIONS_BATCH || items.length >= batch.totalItems) return items;
  }
}

/** Running (paid, overdue or cancelled until its period ends) or waiting for its first payment. */
const isCurrent = (subscription: SubscriptionDTO) => subscription.isActive || subscription.status === "Pending";

type Busy = { expertId: string; action: "cancel" | "resume" | "subscribe" } | null;
type SubscribeAnswer = { payload: { subscription: SubscriptionDTO; clientSecret: string | null } };

const displayName = (expert: ExpertSummary) => `${expert.firstName} ${expert.lastName}`.trim() || expert.userName;
const expertHref = (expert: Pick<ExpertSummary, "userName">) => `/experts/${encodeURIComponent(expert.userName)}`;
const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);

const primaryButton =
  "rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:cursor-wait disabled:opacity-60";
const secondaryButton =
  "rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-wait disabled:opacity-60";

export default function Payments() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<Busy>(null);
  const timeZone = useTimeZone();
  const date = (iso: string) => formatTime(iso, timeZone, "day");

  async function run(expertId: string, action: NonNullable<Busy>["action"], call: () => Promise<void>) {
    setBusy({ expertId, action });
    try {
      await call();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  async function cancel(subscription: SubscriptionDTO) {
    const name = displayName(subscription.expert);
    const sure = await confirm({
      title: `Cancel your subscription to ${name}?`,
      description: subscription.currentPeriodEnd
        ? `It will not renew. You keep reading ${name}'s picks until ${date(subscription.currentPeriodEnd)}.`
        : "It will not renew.",
      confirmLabel: "Cancel subscription",
      cancelLabel: "Keep it",
      destructive: true,
    });
    if (!sure) return;
    await run(subscription.expert.id, "cancel", async () => {
      const { payload } = await apiFetch<{ payload: { subscription: SubscriptionDTO } }>("/subscriptions", {
        method: "DELETE",
        body: { expertId: subscription.expert.id },
      });
      const ends = payload.subscription.currentPeriodEnd;
      toast.success(
        ends
          ? `Your subscription to ${name} is cancelled. It ends on ${date(ends)}.`
          : `Your subscription to ${name} is cancelled.`,
      );
    });
  }

  async function resume(subscription: SubscriptionDTO) {
    const name = displayName(subscription.expert);
    await run(subscription.expert.id, "resume", async () => {
      const { payload } = await apiFetch<SubscribeAnswer>("/subscriptions", {
        method: "POST",
        body: { expertId: subscription.expert.id },
      });
      const renews = payload.subscription.currentPeriodEnd;
      toast.success(
        renews
          ? `Your subscription to ${name} is back on. It renews on ${date(renews)}.`
          : `Your subscription to ${name} is back on.`,
      );
    });
  }

  async function subscribeAgain(subscription: SubscriptionDTO) {
    const { expert } = subscription;
    setBusy({ expertId: expert.id, action: "subscribe" });
    try {
      const { payload } = await apiFetch<SubscribeAnswer>("/subscriptions", {
        method: "POST",
        body: { expertId: expert.id },
      });
      if (payload.clientSecret) {
        // A card payment first: the payment page asks the API for this subscription's secret again.
        navigate(`/subscription-payment/${encodeURIComponent(expert.userName)}`);
        return;
      }
      toast.success(`You are subscribed to ${displayName(expert)} again.`);
      revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error));
      revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{PAYMENTS_TITLE}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Subscriptions renew monthly and can be cancelled at any time: you keep access until the end of the period you
          paid for. See the{" "}
          <Link to="/payments-terms" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            payments terms
          </Link>
          .
        </p>
        {!data.paymentsEnabled ? (
          <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
            Card payments are switched off for now: new subscriptions are free.
          </p>
        ) : null}

        <div className="mt-6 space-y-6">
          <SectionCard id="active-subscriptions" title="Active subscriptions">
            {data.current.length === 0 ? (
              <EmptyState
                icon={Users}
                text="You are not subscribed to anyone yet. Subscribe to an expert to read their picks."
              />
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.current.map((subscription) => (
                  <SubscriptionRow key={subscription.id} subscription={subscription} date={date}>
                    <CurrentActions
                      subscription={subscription}
                      busy={busy}
                      paymentsEnabled={data.paymentsEnabled}
                      onCancel={() => void cancel(subscription)}
                      onResume={() => void resume(subscription)}
                    />
                  </SubscriptionRow>
                ))}
              </ul>
            )}
          </SectionCard>

          <SectionCard id="past-subscriptions" title="Past subscriptions">
            {data.past.length === 0 ? (
              <p className="text-sm text-slate-600">
                Subscriptions that have ended show up here, so you can pick them up again.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.past.map((subscription) => (
                  <SubscriptionRow key={subscription.id} subscription={subscription} date={date}>
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy !== null}
                      aria-label={`Subscribe again to ${displayName(subscription.expert)}`}
                      onClick={() => void subscribeAgain(subscription)}
                    >
                      {busy?.expertId === subscription.expert.id ? "Subscribing…" : "Subscribe again"}
                    </button>
                  </SubscriptionRow>
                ))}
              </ul>
            )}
          </SectionCard>

          <SectionCard id="payment-history" title="Payment history">
            <PaymentHistory
              key="payments"
              initialItems={data.payments}
              totalPages={data.paymentsTotalPages}
              date={date}
            />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}

function EmptyState({ icon: Icon, text }: { icon: typeof Users; text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center">
      <Icon className="mx-auto size-7 text-slate-400" aria-hidden="true" />
      <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">{text}</p>
      <Link
        to="/discover-experts"
        className="mt-4 inline-block rounded-full bg-brand-500 px-5 py-2.5 text-sm font-semibold text-ink hover:bg-brand-600"
      >
        Discover experts
      </Link>
    </div>
  );
}

const STATUS_BADGE: Record<SubscriptionDTO["status"], { label: string; tone: string }> = {
  Activated: { label: "Active", tone: "bg-brand-100 text-brand-800" },
  Canceled: { label: "Cancelled", tone: "bg-slate-100 text-slate-700" },
  PastDue: { label: "Past due", tone: "bg-red-100 text-red-800" },
  Pending: { label: "Pending", tone: "bg-amber-100 text-amber-800" },
  Expired: { label: "Expired", tone: "bg-slate-100 text-slate-600" },
};

/** What the row says about the subscription's period (the brief's texts for each status). */
function periodText(subscription: SubscriptionDTO, date: (iso: string) => string): string {
  const end = subscription.currentPeriodEnd;
  switch (subscription.status) {
    case "Activated":
      return end ? `Renews on ${date(end)}` : "Active";
    case "PastDue":
      return "Payment overdue";
    case "Pending":
      return "Awaiting payment";
    case "Canceled":
      return end ? `${subscription.isActive ? "Ends" : "Ended"} on ${date(end)}` : "Cancelled";
    case "Expired":
      return end ? `Ended on ${date(end)}` : "Ended";
  }
}

function SubscriptionRow({
  subscription,
  date,
  children,
}: {
  subscription: SubscriptionDTO;
  date: (iso: string) => string;
  children: ReactNode;
}) {
  const { expert } = subscription;
  const badge = STATUS_BADGE[subscription.status];
  const warn = subscription.status === "PastDue" || subscription.status === "Pending";
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-3 py-4 first:pt-0 last:pb-0">
      <ProxiedImage
        src={expert.avatar}
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
        loading="lazy"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={expertHref(expert)} className="truncate font-semibold text-slate-900 hover:underline">
            {displayName(expert)}
          </Link>
          <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", badge.tone)}>
            <span className="sr-only">Status: </span>
            {badge.label}
          </span>
        </p>
        <p className="truncate text-sm text-slate-500">@{expert.userName}</p>
        <p className="mt-1 text-sm">
          {/* One line from the small breakpoint up; on a phone the period goes under the price. */}
          <span className="block font-semibold text-slate-900 sm:inline">
            {subscription.isFree ? "Free" : `${formatUsd(subscription.price)}/month`}
          </span>
          <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
            {" · "}
          </span>
          <span className={clsx("block sm:inline", warn ? "font-medium text-amber-800" : "text-slate-600")}>
            {periodText(subscription, date)}
          </span>
        </p>
      </div>
      {/* On a phone the buttons go under the text, lined up with it. */}
      <div className="flex w-full shrink-0 flex-wrap gap-2 pl-15 sm:w-auto sm:pl-0">{children}</div>
    </li>
  );
}

function CurrentActions({
  subscription,
  busy,
  paymentsEnabled,
  onCancel,
  onResume,
}: {
  subscription: SubscriptionDTO;
  busy: Busy;
  paymentsEnabled: boolean;
  onCancel: () => void;
  onResume: () => void;
}) {
  const name = displayName(subscription.expert);
  const mine = busy?.expertId === subscription.expert.id;
  if (subscription.status === "Pending") {
    // Nothing to cancel yet: the first payment is still due.
    return paymentsEnabled ? (
      <Link
        to={`/subscription-payment/${encodeURIComponent(subscription.expert.userName)}`}
        className={primaryButton}
        aria-label={`Complete payment for ${name}`}
      >
        Complete payment
      </Link>
    ) : null;
  }
  if (subscription.status === "Canceled") {
    return (
      <button
        type="button"
        className={primaryButton}
        disabled={busy !== null}
        aria-label={`Resume your subscription to ${name}`}
        onClick={onResume}
      >
        {mine && busy?.action === "resume" ? "Resuming…" : "Resume"}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={secondaryButton}
      disabled={busy !== null}
      aria-label={`Cancel your subscription to ${name}`}
      onClick={onCancel}
    >
      {mine && busy?.action === "cancel" ? "Cancelling…" : "Cancel"}
    </button>
  );
}

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
 * amount recorded while payments were off (Cheers keep the amount chosen, decision 027).
 */
export function paymentAmount(cents: number, isFree = false): string {
  if (cents === 0) return "$0.00 (free)";
  return isFree ? `$${formatUsdPlain(cents)} (not charged)` : `$${formatUsdPlain(cents)}`;
}

function PaymentHistory({
  initialItems,
  totalPages,
  date,
}: {
  initialItems: PaymentDTO[];
  totalPages: number;
  date: (iso: string) => string;
}) {
  const more = useMorePages({ initialItems, totalPages, endpoint: "/api/user/payments", pageSize: PAYMENTS_PAGE_SIZE });
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
      <ShowMore hasMore={more.hasMore} status={more.status} error={more.error} onClick={() => void more.loadMore()} />
    </div>
  );
}
