/**
 * A subscription's first payment: on load it subscribes through the subscription buttons' route
 * action, /experts/{id}/subscription (it answers the secret of a subscription still waiting for
 * its payment again), the clientSecret feeds Stripe's Payment Element, and once the card is
 * confirmed it polls that route's loader until the server has heard Stripe's webhook (only that
 * activates the subscription), then goes back to the page the reader subscribed from.
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher, type ActionData } from "~/components/ui/use-action-fetcher";
import type { SubscribeAnswer } from "~/modules/subscriptions/subscription-changes.server";
import {
  LOAD_FAILED,
  loadStripeJs,
  PAYMENT_FAILED,
  PaymentFailure,
  PaymentStatus,
  returnedFromBank,
  StripeCardForm,
  usePoll,
} from "./stripe-card-form";

type Phase =
  | { kind: "loading" }
  | { kind: "form"; clientSecret: string }
  | { kind: "confirming" }
  | { kind: "failed"; message: string; retry: "reload" | "poll" };

export const PAYMENTS_UNAVAILABLE = "Card payments are not available yet. Please contact support.";
export const CONFIRMATION_SLOW =
  "Your payment is taking longer than usual to confirm. It may still go through: check again in a moment.";
export const subscribedToast = (userName: string) => `You are now subscribed to ${userName}.`;

export function SubscriptionCheckout({
  publishableKey,
  expert,
  firstCharge,
  trial,
  code,
  next,
}: {
  publishableKey: string | null;
  expert: { id: string; userName: string };
  /** What is charged now ("$23.99"); null when unknown. */
  firstCharge: string | null;
  /** A free trial: the card is saved, nothing charged now. */
  trial: boolean;
  /** The promo code the step applied. */
  code: string | null;
  /** Where the reader goes once the subscription gives access: the page they subscribed from. */
  next: string;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const started = useRef(false);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const subscription = useActionFetcher<SubscribeAnswer>();
  const route = `/experts/${encodeURIComponent(expert.id)}/subscription`;

  useEffect(() => {
    // StrictMode runs effects twice in development: one subscribe request is enough.
    if (started.current) return;
    started.current = true;
    const returned = returnedFromBank();
    if (returned) {
      // Back from a bank's 3-D Secure page: Stripe says in the URL how it went.
      setPhase(
        returned.redirectStatus === "failed"
          ? { kind: "failed", message: PAYMENT_FAILED, retry: "reload" }
          : { kind: "confirming" },
      );
      return;
    }
    // `from`: the page it began on, for the expert's figures (a post's page counts for the post).
    subscription.submit(
      { intent: "subscribe", from: next, ...(code ? { code } : {}) },
      { method: "post", action: route },
    );
    // The fetcher's submit is new each render; this runs once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useActionDone(
    subscription,
    (answer) => {
      // Nothing to pay (a free or resumed subscription): wait for it to give access.
      if (!answer.clientSecret) return setPhase({ kind: "confirming" });
      if (!publishableKey) return setPhase({ kind: "failed", message: PAYMENTS_UNAVAILABLE, retry: "reload" });
      setStripe(
        loadStripeJs(publishableKey, () => setPhase({ kind: "failed", message: LOAD_FAILED, retry: "reload" })),
      );
      setPhase({ kind: "form", clientSecret: answer.clientSecret });
    },
    (failure) => setPhase({ kind: "failed", message: failure.error, retry: "reload" }),
  );

  usePoll(
    phase.kind === "confirming" ? route : null,
    (answer: ActionData<{ active: boolean }>) => (answer.ok && answer.active ? ("active" as const) : null),
    (outcome) => {
      if (outcome === "timeout") {
        setPhase({ kind: "failed", message: CONFIRMATION_SLOW, retry: "poll" });
        return;
      }
      toast.success(subscribedToast(expert.userName));
      // The page subscribed from loads fresh, unlocked; the layout's sidebar (subscriptions) is reloaded after it.
      void Promise.resolve(navigate(next, { replace: true })).then(() => revalidate());
    },
  );

  if (phase.kind === "loading") return <PaymentStatus text="Preparing a secure payment form…" />;
  if (phase.kind === "confirming") return <PaymentStatus text="Confirming your payment… This takes a few seconds." />;
  if (phase.kind === "failed") {
    return phase.retry === "poll" ? (
      <PaymentFailure
        message={phase.message}
        retryLabel="Check again"
        onRetry={() => setPhase({ kind: "confirming" })}
      />
    ) : (
      <PaymentFailure message={phase.message} />
    );
  }
  return (
    <StripeCardForm
      stripe={stripe}
      clientSecret={phase.clientSecret}
      submitLabel={
        trial ? "Save card and start trial" : firstCharge ? `Pay ${firstCharge} and subscribe` : "Pay and subscribe"
      }
      onPaid={() => setPhase({ kind: "confirming" })}
      onLoadError={() => setPhase({ kind: "failed", message: LOAD_FAILED, retry: "reload" })}
    />
  );
}
