import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { CheckCircle2, CircleAlert, CreditCard } from "~/components/ui/icons";
import { toast } from "~/components/ui/toast";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { requireRoles } from "~/modules/accounts/gates.server";
import { getBusinessOverview, type PaymentAccountState, type Revenue } from "~/modules/experts/business.server";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { byIntent, formCommand, given, pageCommand } from "~/web/commands.server";
import {
  connectPaymentAccountCommand,
  disconnectPaymentAccountCommand,
  paymentAccountUrlCommand,
  setSubscriptionPriceCommand,
} from "~/modules/payments/commands.server";
import { formatUsd, formatUsdPlain } from "~/modules/money/money";
import { dollarsToCents, subscriptionPriceFormSchema } from "~/modules/payments/price-schema";
import { pageMeta } from "~/modules/seo/meta";
import { SectionCard } from "~/components/ui/section-card";
import { CheersReceived } from "~/components/cheers/cheers-received";
import { Time } from "~/components/time/time-zone";
import { CHEERS_PAGE_SIZE } from "~/modules/cheers/cheer-schema";
import { listCheers } from "~/modules/cheers/cheers.server";
import { totalPagesOf } from "~/modules/http/page-param";
import { BusinessFigures } from "~/components/business/business-figures";
import { PromoCodes, TrialForm } from "~/components/business/offers";
import { PriceForm } from "~/components/business/price-form";
import { WelcomeForm } from "~/components/business/welcome-form";
import {
  createPromoCodeCommand,
  endPromoCodeCommand,
  setTrialDaysCommand,
  setWelcomeMessageCommand,
} from "~/modules/subscriptions/commands.server";
import { welcomeFormSchema } from "~/modules/subscriptions/subscriber-welcome";
import { promoCodeFormSchema, promoCodeInputOfForm, trialDaysSchema } from "~/modules/subscriptions/promo-codes";
import { listPromoCodes } from "~/modules/subscriptions/promo-codes.server";
import { summaryRangeOf } from "~/modules/experts/business-figures";
import { getBusinessSummary } from "~/modules/experts/business-figures.server";

export { PRICE_SAVED } from "~/components/business/price-form";

export const BUSINESS_TITLE = "Business";
export const PAYMENTS_OFF =
  "Card payments are not open yet, so there is no payment account to connect: your readers subscribe for free until they open.";
export const DISCONNECTED = "Payment account disconnected.";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    BUSINESS_TITLE,
    "Your payment account, subscription price, subscribers and earnings.",
  );

/** Experts only (product.md "States"'s role gate): visitors sign in, unconfirmed users verify, others get a 403. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRoles(request, context, ["Expert"]);
  const [overview, cheers, summary, promoCodes] = await Promise.all([
    getBusinessOverview(context.db, { id: viewer.user.id, timezone: viewer.user.timezone }),
    listCheers(context.db, viewer.user.id, { page: 1, size: CHEERS_PAGE_SIZE }),
    getBusinessSummary(context.db, viewer.user.id, summaryRangeOf(new URL(request.url))),
    listPromoCodes(context.db, viewer.user.id),
  ]);
  return {
    ...overview,
    summary,
    promoCodes,
    cheers: { items: cheers.items, totalPages: totalPagesOf(cheers.totalItems, CHEERS_PAGE_SIZE) },
    userName: viewer.user.userName,
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
    platformFeePercent: context.env.PLATFORM_FEE_PERCENT,
  };
}

/**
 * The page's forms, by `intent`: "price" (conform's reply, as `/api/subscriptions/price` saves it),
 * and the payment account's "connect", "url" (`{ok, url}`: continue at Stripe) and "disconnect",
 * the commands of `/api/paymentsystems/stripe/account/*`; "welcome", "trial" and "promo-create"
 * (conform's replies, as `/api/business/welcome`, `/trial` and `/promo-codes` save them), and
 * "promo-end" (`DELETE /api/business/promo-codes/{id}`'s command).
 */
export async function action(args: ActionFunctionArgs) {
  await requireRoles(args.request, args.context, ["Expert"]);
  const input = given({});
  return byIntent(args.request, {
    price: (form) =>
      formCommand(args, setSubscriptionPriceCommand, {
        echo: { intent: "price" as const },
        form,
        schema: subscriptionPriceFormSchema,
        toInput: ({ price, description }) => ({ price: dollarsToCents(price), description }),
        fields: ["price", "description"],
      }),
    connect: () => pageCommand(args, connectPaymentAccountCommand, { input }),
    url: () => pageCommand(args, paymentAccountUrlCommand, { input, reply: (url) => ({ url }) }),
    disconnect: () => pageCommand(args, disconnectPaymentAccountCommand, { input }),
    welcome: (form) =>
      formCommand(args, setWelcomeMessageCommand, {
        echo: { intent: "welcome" as const },
        form,
        schema: welcomeFormSchema,
        toInput: ({ message }) => ({ message: message ?? "" }),
        fields: ["message"],
      }),
    trial: (form) =>
      formCommand(args, setTrialDaysCommand, {
        echo: { intent: "trial" as const },
        form,
        schema: trialDaysSchema,
        toInput: ({ days }) => ({ days }),
        fields: ["days"],
      }),
    "promo-create": (form) =>
      formCommand(args, createPromoCodeCommand, {
        echo: { intent: "promo-create" as const },
        form,
        schema: promoCodeFormSchema,
        toInput: promoCodeInputOfForm,
        fields: ["code", "percentOff", "amountOff", "duration", "expiresOn", "maxRedemptions"],
      }),
    "promo-end": (form) =>
      pageCommand(args, endPromoCodeCommand, {
        form,
        reply: () => ({ intent: "promo-end" as const }),
      }),
  });
}

export default function Business() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8 lg:py-10">
      <div className="mx-auto max-w-content">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{BUSINESS_TITLE}</h1>
          <Link
            to={`/experts/${encodeURIComponent(data.userName)}`}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            View my public page
          </Link>
        </div>

        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          <Figure label="Subscribers" value={String(data.subscribersCount)} />
          <RevenueFigure label={`Earnings in ${data.monthLabel}`} revenue={data.revenue.thisMonth} />
          <RevenueFigure label="Earnings, all time" revenue={data.revenue.allTime} />
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Earnings are subscription and Cheers (tip) payments that went through, less the platform fee (
          {data.platformFeePercent}%); refunds, and Cheers recorded while payments are off, are left out.
        </p>

        <div className="mt-6 space-y-6">
          <BusinessFigures summary={data.summary} />
          <SectionCard id="payment-account-heading" title="Payment account">
            <PaymentAccount state={data.paymentAccount} paymentsEnabled={data.paymentsEnabled} />
          </SectionCard>
          <SectionCard id="price-heading" title="Subscription price">
            <p className="mb-4 text-sm text-slate-600">
              {data.subscriptionPrice ? (
                <>
                  Current price:{" "}
                  <strong className="text-slate-900">{formatUsd(data.subscriptionPrice.price)}/month</strong>
                  {data.subscriptionPrice.description ? <> — {data.subscriptionPrice.description}</> : null}
                </>
              ) : (
                "You have not set a price yet: subscribers cannot join until you do."
              )}
            </p>
            <PriceForm current={data.subscriptionPrice} />
          </SectionCard>
          <SectionCard id="welcome-heading" title="Welcome new subscribers">
            <WelcomeForm current={data.welcomeMessage} />
          </SectionCard>
          <SectionCard id="trial-heading" title="Free trial">
            <TrialForm current={data.trialDays} />
          </SectionCard>
          <SectionCard id="promo-heading" title="Promo codes">
            <PromoCodes codes={data.promoCodes} />
          </SectionCard>
          <div id="cheers" className="scroll-mt-20">
            <SectionCard id="cheers-heading" title="Cheers">
              <CheersReceived initialItems={data.cheers.items} totalPages={data.cheers.totalPages} />
            </SectionCard>
          </div>
          <SectionCard id="subscribers-heading" title="Latest subscribers">
            {data.recentSubscribers.length === 0 ? (
              <div>
                <p className="text-sm text-slate-600">
                  No subscribers yet. Share your page and post free analysis to bring them in.
                </p>
                <ButtonLink to="?createEditPost=NEW" className="mt-3 inline-block">
                  Write a free post
                </ButtonLink>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.recentSubscribers.map((subscriber) => (
                  <li key={subscriber.id} className="flex items-center gap-3 py-3">
                    <ProxiedImage
                      src={subscriber.avatar}
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-full"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-slate-900">
                        {`${subscriber.firstName} ${subscriber.lastName}`.trim() || subscriber.userName}
                      </p>
                      <p className="truncate text-sm text-slate-500">@{subscriber.userName}</p>
                    </div>
                    <p className="shrink-0 text-sm text-slate-500">
                      since <Time dateTime={subscriber.since} style="day" />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
        </div>
      </div>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-slate-900">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

function RevenueFigure({ label, revenue }: { label: string; revenue: Revenue }) {
  return (
    <Figure
      label={label}
      value={`$${formatUsdPlain(revenue.netCents)}`}
      note={`${formatUsd(revenue.grossCents)} paid before fees`}
    />
  );
}

const ACCOUNT_TEXT: Record<PaymentAccountState, { icon: typeof CreditCard; text: string; tone: string }> = {
  NotConnected: {
    icon: CreditCard,
    text: "Connect a Stripe account so your subscribers' payments reach you.",
    tone: "text-slate-700",
  },
  OnboardingIncomplete: {
    icon: CircleAlert,
    text: "Stripe still needs some details before you can be paid. Continue the setup where you left it.",
    tone: "text-amber-700",
  },
  Ready: {
    icon: CheckCircle2,
    text: "Your payment account is ready: subscription payments go to it, less the platform fee.",
    tone: "text-brand-700",
  },
};

/** Connect / continue / open dashboard / disconnect, each a call to the payments API (product.md "States"). */
function PaymentAccount({ state, paymentsEnabled }: { state: PaymentAccountState; paymentsEnabled: boolean }) {
  const confirm = useConfirm();
  const fetcher = useActionFetcher<{ url?: string }>();
  const sent = fetcher.formData?.get("intent");
  // Leaving for Stripe: the page stays busy until the browser navigates away.
  const leaving = fetcher.data?.ok === true && typeof fetcher.data.url === "string";
  const busy = typeof sent === "string" ? sent : leaving ? "leaving" : null;

  useActionDone(fetcher, (answer) => {
    if (answer.url) window.location.assign(answer.url);
    else toast.success(DISCONNECTED);
  });

  if (!paymentsEnabled) return <p className="text-sm text-slate-600">{PAYMENTS_OFF}</p>;

  const post = (intent: "connect" | "url" | "disconnect") => fetcher.submit({ intent }, { method: "post" });

  async function disconnect() {
    const sure = await confirm({
      title: "Disconnect your payment account?",
      description:
        state === "Ready"
          ? "New subscribers cannot pay you until you connect an account again. Your Stripe account and its balance stay yours at Stripe."
          : "The unfinished Stripe account will be removed. You can connect again at any time.",
      confirmLabel: "Disconnect",
      destructive: true,
    });
    if (sure) post("disconnect");
  }

  const { icon: Icon, text, tone } = ACCOUNT_TEXT[state];
  return (
    <div>
      <p className={`flex items-start gap-2 text-sm ${tone}`}>
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{text}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2" aria-busy={busy !== null}>
        {state === "NotConnected" ? (
          <Button variant="ink" pending disabled={busy !== null} onClick={() => post("connect")}>
            {busy === "connect" || busy === "leaving" ? "Opening Stripe…" : "Connect"}
          </Button>
        ) : (
          <>
            <Button variant="ink" pending disabled={busy !== null} onClick={() => post("url")}>
              {busy === "url" || busy === "leaving"
                ? "Opening Stripe…"
                : state === "Ready"
                  ? "Open dashboard"
                  : "Continue setup"}
            </Button>
            <Button variant="secondary" pending disabled={busy !== null} onClick={disconnect}>
              {busy === "disconnect" ? "Disconnecting…" : "Disconnect"}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
