/**
 * The membership card form (product.md "States" "Checkout"): on load it requests a checkout; when
 * the answer says skipExpertPayment it goes to the congratulations page (a full load, so the
 * user and profile data are fresh); otherwise the clientSecret feeds Stripe's Payment Element.
 * After the card is confirmed it waits for the server to hear Stripe's webhook (the role only
 * changes there), then goes to /congratulations.
 */
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { apiFetch } from "~/modules/http/api-client";
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
  | { kind: "confirming"; paymentIntentId: string | null }
  | { kind: "failed"; message: string };

interface CheckoutPayload {
  payload: { skipExpertPayment: boolean; clientSecret: string | null };
}
interface StatusPayload {
  payload: { status: "Pending" | "Succeeded" | "Failed" | null; isExpert: boolean };
}

const CONGRATULATIONS = "/congratulations";

/** A full load: the header, menus and profile must show the new expert. */
function goToCongratulations() {
  window.location.assign(CONGRATULATIONS);
}

/** Polls the checkout status until the webhook made the user an expert (or the payment failed). */
function waitForMembership(
  paymentIntentId: string | null,
  cancelled: () => boolean,
): Promise<"expert" | "failed" | "timeout"> {
  return pollUntil(async () => {
    const { payload } = await apiFetch<StatusPayload>("/paymentsystems/stripe/checkout/status", {
      query: { paymentIntentId: paymentIntentId ?? undefined },
    });
    if (payload.isExpert) return "expert" as const;
    if (payload.status === "Failed") return "failed" as const;
    return null;
  }, cancelled);
}

export function MembershipCheckout({ publishableKey, price }: { publishableKey: string | null; price: string | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development: one checkout request is enough.
    if (started.current) return;
    started.current = true;
    const returned = returnedFromBank();
    if (returned) {
      // Back from a bank's 3-D Secure page: Stripe put the intent in the URL.
      setPhase({ kind: "confirming", paymentIntentId: returned.paymentIntentId });
      return;
    }
    apiFetch<CheckoutPayload>("/paymentsystems/stripe/checkout", { method: "POST" })
      .then(({ payload }) => {
        if (payload.skipExpertPayment || !payload.clientSecret) return goToCongratulations();
        if (!publishableKey) {
          setPhase({ kind: "failed", message: "Card payments are not available yet. Please contact support." });
          return;
        }
        setStripe(loadStripeJs(publishableKey, () => setPhase({ kind: "failed", message: LOAD_FAILED })));
        setPhase({ kind: "form", clientSecret: payload.clientSecret });
      })
      .catch((error: unknown) => {
        const message = messageOf(error);
        toast.error(message);
        setPhase({ kind: "failed", message });
      });
  }, [publishableKey]);

  useEffect(() => {
    if (phase.kind !== "confirming") return;
    let cancelled = false;
    void waitForMembership(phase.paymentIntentId, () => cancelled).then((outcome) => {
      if (cancelled) return;
      if (outcome === "failed") {
        toast.error(PAYMENT_FAILED);
        setPhase({ kind: "failed", message: PAYMENT_FAILED });
      } else {
        // Paid; on a timeout the congratulations page keeps waiting for the confirmation.
        goToCongratulations();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [phase]);

  if (phase.kind === "loading") return <PaymentStatus text="Preparing a secure payment form…" />;
  if (phase.kind === "confirming") return <PaymentStatus text="Confirming your payment… This takes a few seconds." />;
  if (phase.kind === "failed") return <PaymentFailure message={phase.message} />;
  return (
    <StripeCardForm
      stripe={stripe}
      clientSecret={phase.clientSecret}
      submitLabel={price ? `Pay ${price}` : "Pay"}
      onPaid={(paymentIntentId) => setPhase({ kind: "confirming", paymentIntentId })}
      onLoadError={() => setPhase({ kind: "failed", message: LOAD_FAILED })}
    />
  );
}
