import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { Users } from "~/components/ui/icons";
import { useRef } from "react";
import { PAYMENTS_PAGE_SIZE, PaymentHistory } from "~/components/payments/payment-history";
import {
  CurrentActions,
  EmptyState,
  SubscriptionRow,
  displayName,
  type Busy,
} from "~/components/payments/subscription-rows";
import { useTimeZone } from "~/components/time/time-zone";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { SectionCard } from "~/components/ui/section-card";
import { toast } from "~/components/ui/toast";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { totalPagesOf } from "~/modules/http/page-param";
import { pageMeta } from "~/modules/seo/meta";
import type { SubscribeAnswer } from "~/modules/subscriptions/subscription-changes.server";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import { listPayments } from "~/modules/payments/payment-history.server";
import { listUserSubscriptions } from "~/modules/subscriptions/subscriptions.server";
import { formatTime } from "~/modules/time/clock";

export { PAYMENTS_PAGE_SIZE, paymentAmount } from "~/components/payments/payment-history";

export const PAYMENTS_TITLE = "Payments & subscriptions";
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

export default function Payments() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const timeZone = useTimeZone();
  const date = (iso: string) => formatTime(iso, timeZone, "day");
  // One button at a time, on the same route action as every other subscription button.
  const fetcher = useActionFetcher<Partial<SubscribeAnswer>>();
  const sent = useRef<{ subscription: SubscriptionDTO; action: NonNullable<Busy>["action"] } | null>(null);
  const busy: Busy =
    fetcher.state !== "idle" && sent.current
      ? { expertId: sent.current.subscription.expert.id, action: sent.current.action }
      : null;

  function post(subscription: SubscriptionDTO, action: NonNullable<Busy>["action"]) {
    sent.current = { subscription, action };
    fetcher.submit(
      { intent: action === "cancel" ? "cancel" : "subscribe" },
      { method: "post", action: `/experts/${encodeURIComponent(subscription.expert.id)}/subscription` },
    );
  }

  useActionDone(fetcher, (answer) => {
    if (!sent.current || !answer.subscription) return;
    const { subscription, action } = sent.current;
    const name = displayName(subscription.expert);
    const end = answer.subscription.currentPeriodEnd;
    // The access ends: something to mind rather than a success.
    if (action === "cancel")
      toast.warning(
        end
          ? `Your subscription to ${name} is cancelled. It ends on ${date(end)}.`
          : `Your subscription to ${name} is cancelled.`,
      );
    else if (action === "resume")
      toast.success(
        end
          ? `Your subscription to ${name} is back on. It renews on ${date(end)}.`
          : `Your subscription to ${name} is back on.`,
      );
    // A card payment first: the payment page asks for this subscription's secret again.
    else if (answer.clientSecret) navigate(`/subscription-payment/${encodeURIComponent(subscription.expert.userName)}`);
    else toast.success(`You are subscribed to ${name} again.`);
  });

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
    if (sure) post(subscription, "cancel");
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
                      onResume={() => post(subscription, "resume")}
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
                    <Button
                      variant="secondary"
                      pending
                      disabled={busy !== null}
                      aria-label={`Subscribe again to ${displayName(subscription.expert)}`}
                      onClick={() => post(subscription, "subscribe")}
                    >
                      {busy?.expertId === subscription.expert.id ? "Subscribing…" : "Subscribe again"}
                    </Button>
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
