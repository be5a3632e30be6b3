import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { ShieldCheck } from "~/components/ui/icons";
import { AuthCard, linkClass } from "~/components/auth/auth-form";
import { SubscriptionCheckout } from "~/components/payments/subscription-checkout";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { requireConfirmedEmail, safeCallbackUrl } from "~/modules/accounts/gates.server";
import { findExpert } from "~/modules/experts/experts.server";
import { formatUsd } from "~/modules/money/money";
import { AppError } from "~/modules/http/app-error";
import { redeemCodeField, type SubscriptionOffer } from "~/modules/subscriptions/promo-codes";
import { subscribeHref } from "~/modules/subscriptions/subscribe-link";
import { subscriptionOffer } from "~/modules/subscriptions/subscription-offer.server";
import { pageMeta } from "~/modules/seo/meta";

export const SUBSCRIPTION_PAYMENT_TITLE = "Subscription payment";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location }, SUBSCRIPTION_PAYMENT_TITLE);

/**
 * The card form for a subscription's first payment, after the subscription step. Signed in with
 * a confirmed e-mail (the subscriptions API asks the same). Nothing to pay (payments off, or a
 * subscription that already gives access: `isSubscribed`, the paywall's rule) sends the reader on
 * to `next`, the page they subscribed from; the expert's own page, to it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const wanted = params.userName ?? "";
  const expert = await findExpert(context.db, wanted, viewer.user.id);
  if (!expert) throw new Response(null, { status: 404, statusText: "Not Found" });
  const expertPage = `/experts/${encodeURIComponent(expert.userName)}`;
  // Where the reader subscribed from, to return to once paid (the subscription step passes it on).
  const next = safeCallbackUrl(new URL(request.url).searchParams.get("next"), expertPage);
  if (expert.id === viewer.user.id) throw redirect(expertPage);
  if (!context.env.PAYMENTS_ENABLED || expert.isSubscribed) throw redirect(next);
  // One address per expert, as on their page (the query keeps Stripe's return parameters).
  if (wanted !== expert.userName)
    throw redirect(`/subscription-payment/${encodeURIComponent(expert.userName)}${new URL(request.url).search}`);
  const code = redeemCodeField.catch(undefined).parse(new URL(request.url).searchParams.get("code") ?? undefined);
  let offer: SubscriptionOffer;
  try {
    offer = await subscriptionOffer(context.db, expert.id, viewer.user.id, code);
  } catch (error) {
    // A code no longer usable (the last place taken meanwhile): back to the step, which says why.
    if (code && error instanceof AppError && (error.status === 422 || error.status === 429))
      throw redirect(subscribeHref(expert.userName, next, code));
    throw error;
  }
  const firstCharge = offer.code ? offer.code.priceAfter : offer.price;
  return {
    // Only the publishable key reaches the browser.
    publishableKey: context.env.STRIPE_PUBLISHABLE_KEY ?? null,
    expert: {
      id: expert.id,
      userName: expert.userName,
      firstName: expert.firstName,
      lastName: expert.lastName,
      avatar: expert.avatar,
    },
    price: expert.subscriptionPrice ? formatUsd(expert.subscriptionPrice.price) : null,
    /** What the card form's button says is charged now: nothing during a trial. */
    firstCharge: offer.trialDays || firstCharge === null ? null : formatUsd(firstCharge),
    trialDays: offer.trialDays,
    code: offer.code,
    description: expert.subscriptionPrice?.description ?? null,
    next,
  };
}

export default function SubscriptionPayment() {
  const { publishableKey, expert, price, firstCharge, trialDays, code, description, next } =
    useLoaderData<typeof loader>();
  const name = `${expert.firstName} ${expert.lastName}`.trim() || expert.userName;
  return (
    <AuthCard
      title={SUBSCRIPTION_PAYMENT_TITLE}
      description={
        <div className="flex flex-col items-center gap-2">
          <ProxiedImage
            src={expert.avatar}
            width={56}
            height={56}
            className="size-14 rounded-full bg-slate-100 object-cover"
          />
          <p>
            Subscribe to <strong className="text-slate-900">{name}</strong>
            {price ? (
              <>
                {" "}
                for <strong className="text-slate-900">{`${price}/month`}</strong>
              </>
            ) : null}
            . Renews monthly; cancel at any time.
          </p>
          {trialDays ? (
            <p className="font-medium text-slate-900">
              {trialDays} days free: your card is saved now and first charged when the trial ends.
            </p>
          ) : null}
          {code ? (
            <p className="font-medium text-slate-900">
              Code {code.code}: {code.description}.
            </p>
          ) : null}
          {description ? <p className="text-slate-500">{description}</p> : null}
        </div>
      }
      footer={
        <>
          Changed your mind?{" "}
          <Link to={next} className={linkClass}>
            Go back
          </Link>
        </>
      }
    >
      <SubscriptionCheckout
        publishableKey={publishableKey}
        expert={{ id: expert.id, userName: expert.userName }}
        firstCharge={firstCharge}
        trial={trialDays > 0}
        code={code?.code ?? null}
        next={next}
      />
      <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Payments are processed securely by Stripe.
      </p>
      <p className="mt-2 text-center text-xs text-slate-500">
        See the{" "}
        <Link to="/payments-terms" className={linkClass}>
          payments terms
        </Link>
        .
      </p>
    </AuthCard>
  );
}
