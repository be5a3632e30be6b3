/**
 * The subscribe step's offer: the price (after a promo code), the free trial, the billing words,
 * and the promo code field (a GET form: the step's address carries the code, so a reload keeps it).
 */
import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { FieldFrame } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatUsd } from "~/modules/money/money";
import { TRIAL_REMINDER_DAYS, type SubscriptionOffer } from "~/modules/subscriptions/promo-codes";

/** The monthly price after the trial or the first month: an every-month code's, else the expert's. */
const monthlyPrice = (offer: SubscriptionOffer) =>
  offer.code?.duration === "forever" ? offer.code.priceAfter : (offer.price ?? 0);

export function OfferSummary({ offer, paymentsEnabled }: { offer: SubscriptionOffer; paymentsEnabled: boolean }) {
  const monthly = formatUsd(monthlyPrice(offer));
  let headline: { big: string; small: string };
  if (!paymentsEnabled) headline = { big: "Free", small: " for now" };
  else if (offer.trialDays) headline = { big: `${offer.trialDays} days free`, small: `, then ${monthly} / month` };
  else if (offer.code?.duration === "once")
    headline = { big: formatUsd(offer.code.priceAfter), small: ` the first month, then ${monthly} / month` };
  else headline = { big: monthly, small: " / month" };
  return (
    <div className="space-y-1 text-center">
      <p>
        <span className="text-3xl font-extrabold text-slate-900">{headline.big}</span>
        <span className="text-slate-600">{headline.small}</span>
      </p>
      {paymentsEnabled && offer.code?.duration === "forever" && offer.price !== null ? (
        <p className="text-sm text-slate-500">
          Usually <s>{formatUsd(offer.price)}</s> / month
        </p>
      ) : null}
      {!paymentsEnabled && offer.trialDays ? (
        <p className="text-sm text-slate-600">Starts with a {offer.trialDays}-day free trial.</p>
      ) : null}
    </div>
  );
}

/** What is charged when, in words. */
export function billingText(offer: SubscriptionOffer, paymentsEnabled: boolean, periodDays: number): string {
  const monthly = formatUsd(monthlyPrice(offer));
  if (!paymentsEnabled)
    return offer.trialDays
      ? `Card payments are not open yet, so nothing is charged: your ${offer.trialDays}-day free trial carries on as a free subscription, renewing every ${periodDays} days until you cancel.`
      : `Card payments are not open yet, so nothing is charged; access renews every ${periodDays} days until you cancel.`;
  if (offer.trialDays)
    return `Nothing is charged today: your card is saved, and ${monthly} is charged when the ${offer.trialDays}-day trial ends, then every ${periodDays} days until you cancel. We e-mail you ${TRIAL_REMINDER_DAYS} days before the first charge.`;
  if (offer.code?.duration === "once")
    return `${formatUsd(offer.code.priceAfter)} now, then ${monthly} every ${periodDays} days until you cancel.`;
  return `${monthly} now, then every ${periodDays} days until you cancel.`;
}

/** The promo code field: "Apply" reloads the step with `?code=`; an applied code can be removed. */
export function PromoCodeForm({
  next,
  typedCode,
  applied,
  error,
}: {
  next: string;
  typedCode: string;
  applied: SubscriptionOffer["code"];
  error: string | null;
}) {
  if (applied)
    return (
      <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-center text-sm text-brand-800">
        Code <strong>{applied.code}</strong>: {applied.description}.{" "}
        <Link
          to={`?${new URLSearchParams({ next })}`}
          preventScrollReset
          className="font-semibold underline"
          aria-label={`Remove code ${applied.code}`}
        >
          Remove
        </Link>
      </p>
    );
  return (
    <Form method="get" replace preventScrollReset className="flex items-end gap-2">
      <input type="hidden" name="next" value={next} />
      <div className="min-w-0 flex-1">
        <FieldFrame id="promo-code" label="Promo code" errors={error ? [error] : undefined}>
          <Input
            id="promo-code"
            name="code"
            defaultValue={typedCode}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby="promo-code-error"
            className="mt-1 uppercase"
          />
        </FieldFrame>
      </div>
      <Button type="submit" variant="secondary" className={error ? "mb-7" : undefined}>
        Apply
      </Button>
    </Form>
  );
}
