import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { CheckCircle2, CircleAlert, CreditCard } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toast";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { requireRoles } from "~/modules/accounts/gates.server";
import { getBusinessOverview, type PaymentAccountState, type Revenue } from "~/modules/experts/business.server";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { byIntent, formCommand, given, pageCommand } from "~/web/commands.server";
import {
  connectPaymentAccountCommand,
  disconnectPaymentAccountCommand,
  paymentAccountUrlCommand,
  setSubscriptionPriceCommand,
} from "~/modules/payments/commands.server";
import { formatUsd, formatUsdPlain } from "~/modules/money/money";
import {
  centsToDollars,
  dollarsToCents,
  SUBSCRIPTION_DESCRIPTION_MAX,
  subscriptionPriceFormSchema,
} from "~/modules/payments/price-schema";
import { pageMeta } from "~/modules/seo/meta";
import { SectionCard } from "~/components/ui/section-card";
import { CheersReceived } from "~/components/cheers/cheers-received";
import { Time } from "~/components/time/time-zone";
import { CHEERS_PAGE_SIZE } from "~/modules/cheers/cheer-schema";
import { listCheers } from "~/modules/cheers/cheers.server";
import { totalPagesOf } from "~/modules/http/page-param";
import { BusinessFigures } from "~/components/business/business-figures";
import { WelcomeForm } from "~/components/business/welcome-form";
import { setWelcomeMessageCommand } from "~/modules/subscriptions/commands.server";
import { welcomeFormSchema } from "~/modules/subscriptions/subscriber-welcome";
import { summaryRangeOf } from "~/modules/experts/business-figures";
import { getBusinessSummary } from "~/modules/experts/business-figures.server";

export const BUSINESS_TITLE = "Business";
export const PRICE_SAVED = "Subscription price has been updated.";
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
  const [overview, cheers, summary] = await Promise.all([
    getBusinessOverview(context.db, { id: viewer.user.id, timezone: viewer.user.timezone }),
    listCheers(context.db, viewer.user.id, { page: 1, size: CHEERS_PAGE_SIZE }),
    getBusinessSummary(context.db, viewer.user.id, summaryRangeOf(new URL(request.url))),
  ]);
  return {
    ...overview,
    summary,
    cheers: { items: cheers.items, totalPages: totalPagesOf(cheers.totalItems, CHEERS_PAGE_SIZE) },
    userName: viewer.user.userName,
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
    platformFeePercent: context.env.PLATFORM_FEE_PERCENT,
  };
}

/**
 * The page's forms, by `intent`: "price" (conform's reply, as `/api/subscriptions/price` saves it),
 * and the payment account's "connect", "url" (`{ok, url}`: continue at Stripe) and "disconnect",
 * the commands of `/api/paymentsystems/stripe/account/*`; and "welcome" (conform's reply, as
 * `/api/business/welcome` saves it).
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

/** The saved price in the form's dollars, cents shown ("29.00"), so the field reads like the price shown above it. */
export const priceFieldValue = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * Dollars in the form (validated on blur), posted to the page's action ("price"), which saves cents
 * as `/api/subscriptions/price` does. The fields start from the saved price and description, so
 * changing one does not mean retyping the other. The server's field errors land on the fields; on
 * success a toast, and the page's data reloads and the form resets to the new price.
 */
export function PriceForm({ current }: { current: { price: number; description: string | null } | null }) {
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data && "intent" in fetcher.data && fetcher.data.intent === "price" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "subscription-price",
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    defaultValue: current
      ? { price: priceFieldValue(current.price), description: current.description ?? "" }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: subscriptionPriceFormSchema }),
  });

  // One toast per answer: the saved price, or the server's first message.
  const toasted = useRef(answer);
  useEffect(() => {
    if (!answer || toasted.current === answer) return;
    toasted.current = answer;
    if (answer.ok) toast.success(PRICE_SAVED);
    else toast.error("error" in answer && typeof answer.error === "string" ? answer.error : ERROR_MESSAGES.default);
  }, [answer]);

  // A newly saved price (the page's data reloaded) becomes what the form resets to; the focus stays put.
  const saved = current ? `${current.price}:${current.description ?? ""}` : "";
  const shown = useRef(saved);
  useEffect(() => {
    if (shown.current === saved) return;
    shown.current = saved;
    form.reset();
  }, [saved, form]);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="space-y-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="price" />
      <Field meta={fields.price} label="Monthly price (USD)" hint="At least $1." required>
        <div className="relative">
          <span
            className="pointer-events-none absolute left-3 top-1/2 mt-0.5 -translate-y-1/2 text-sm text-slate-500"
            aria-hidden="true"
          >
            $
          </span>
          <Input
            {...withoutKey(getInputProps(fields.price, { type: "number" }))}
            key={fields.price.key}
            step="0.01"
            min="1"
            inputMode="decimal"
            placeholder="29.99"
            aria-describedby={`${fields.price.id}-hint ${fields.price.errorId}`}
            className="pl-7"
          />
        </div>
      </Field>
      <Field
        meta={fields.description}
        label="What subscribers get"
        hint={`Optional, at most ${SUBSCRIPTION_DESCRIPTION_MAX} characters.`}
      >
        <Input
          {...withoutKey(getInputProps(fields.description, { type: "text" }))}
          key={fields.description.key}
          placeholder="Every NBA side and prop I bet, posted before tip-off."
          aria-describedby={`${fields.description.id}-hint ${fields.description.errorId}`}
        />
      </Field>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="ink" pending disabled={saving}>
        {saving ? "Saving…" : "Save price"}
      </Button>
    </fetcher.Form>
  );
}
