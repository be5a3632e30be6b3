/**
 * A subscription's first payment: on load `POST /api/subscriptions {expertId}` (it answers the
 * secret of a subscription still waiting for its payment again), the clientSecret feeds Stripe's
 * Payment Element, and once the card is confirmed it waits for the server to hear Stripe's
 * webhook (only that activates the subscription), then goes to the expert's page.
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { apiFetch } from "~/modules/http/api-client";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import {
  LOAD_FAILED,
  loadStripeJs,
  messageOf,
  PAYMENT_FAILED,
  PaymentFailure,
  PaymentStatus,
  pollUntil,
  returnedFromBank,
  StripeCardForm,
} from "./stripe-card-form";

type Phase =
  | { kind: "loading" }
  | { kind: "form"; clientSecret: string }
  | { kind: "confirming" }
  | { kind: "failed"; message: string; retry: "reload" | "poll" };

interface SubscribeAnswer {
  payload: { subscription: SubscriptionDTO; clientSecret: string | null };
}
interface SubscriptionsAnswer {
  items: SubscriptionDTO[];
}

export const PAYMENTS_UNAVAILABLE = "Card payments are not available yet. Please contact support.";
export const CONFIRMATION_SLOW =
  "Your payment is taking longer than usual to confirm. It may still go through: check again in a moment.";
export const subscribedToast = (userName: string) => `You are now subscribed to ${userName}.`;

/** Answers once the viewer's subscription to `expertId` gives access (the webhook activated it). */
function waitForSubscription(expertId: string, cancelled: () => boolean): Promise<"active" | "timeout"> {
  return pollUntil(async () => {
    const answer = await apiFetch<SubscriptionsAnswer>("/user/subscriptions", {
      query: { status: "Activated", size: 100 },
    });
    return answer.items.some((subscription) => subscription.expert.id === expertId) ? ("active" as const) : null;
  }, cancelled);
}

export function SubscriptionCheckout({
  publishableKey,
  expert,
  price,
}: {
  publishableKey: string | null;
  expert: { id: string; userName: string };
  price: string | null;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const started = useRef(false);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

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
    apiFetch<SubscribeAnswer>("/subscriptions", { method: "POST", body: { expertId: expert.id } })
      .then(({ payload }) => {
        // Nothing to pay (a free or resumed subscription): wait for it to give access.
        if (!payload.clientSecret) return setPhase({ kind: "confirming" });
        if (!publishableKey) return setPhase({ kind: "failed", message: PAYMENTS_UNAVAILABLE, retry: "reload" });
        setStripe(
          loadStripeJs(publishableKey, () => setPhase({ kind: "failed", message: LOAD_FAILED, retry: "reload" })),
        );
        setPhase({ kind: "form", clientSecret: payload.clientSecret });
      })
      .catch((error: unknown) => {
        const message = messageOf(error);
        toast.error(message);
        setPhase({ kind: "failed", message, retry: "reload" });
      });
  }, [expert.id, publishableKey]);

  useEffect(() => {
    if (phase.kind !== "confirming") return;
    let cancelled = false;
    void waitForSubscription(expert.id, () => cancelled).then((outcome) => {
      if (cancelled) return;
      if (outcome === "timeout") {
        setPhase({ kind: "failed", message: CONFIRMATION_SLOW, retry: "poll" });
        return;
      }
      toast.success(subscribedToast(expert.userName));
      // The expert's page loads fresh; the layout's sidebar (subscriptions) is reloaded after it.
      void Promise.resolve(navigate(`/experts/${encodeURIComponent(expert.userName)}`, { replace: true })).then(() =>
        revalidate(),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [phase, expert.id, expert.userName, navigate, revalidate]);

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
      submitLabel={price ? `Pay ${price} and subscribe` : "Pay and subscribe"}
      onPaid={() => setPhase({ kind: "confirming" })}
      onLoadError={() => setPhase({ kind: "failed", message: LOAD_FAILED, retry: "reload" })}
    />
  );
}
