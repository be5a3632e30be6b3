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
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher, type ActionData } from "~/components/ui/use-action-fetcher";
import type { CheckoutAnswer, CheckoutStatus } from "~/modules/payments/membership.server";
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
  | { kind: "confirming"; paymentIntentId: string | null }
  | { kind: "failed"; message: string };

/** The membership's route action (the checkout) and loader (its status). */
const CHECKOUT = "/membership-checkout";

const CONGRATULATIONS = "/congratulations";

/** A full load: the header, menus and profile must show the new expert. */
function goToCongratulations() {
  window.location.assign(CONGRATULATIONS);
}

export function MembershipCheckout({ publishableKey, price }: { publishableKey: string | null; price: string | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const started = useRef(false);
  const checkout = useActionFetcher<CheckoutAnswer>();

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
    checkout.submit({}, { method: "post", action: CHECKOUT });
    // The fetcher's submit is new each render; this runs once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useActionDone(
    checkout,
    (answer) => {
      if (answer.skipExpertPayment || !answer.clientSecret) return goToCongratulations();
      if (!publishableKey) {
        setPhase({ kind: "failed", message: "Card payments are not available yet. Please contact support." });
        return;
      }
      setStripe(loadStripeJs(publishableKey, () => setPhase({ kind: "failed", message: LOAD_FAILED })));
      setPhase({ kind: "form", clientSecret: answer.clientSecret });
    },
    (failure) => setPhase({ kind: "failed", message: failure.error }),
  );

  // Polls the checkout status until the webhook made the user an expert (or the payment failed).
  const intent = phase.kind === "confirming" ? phase.paymentIntentId : null;
  usePoll(
    phase.kind === "confirming" ? `${CHECKOUT}${intent ? `?paymentIntentId=${encodeURIComponent(intent)}` : ""}` : null,
    (answer: ActionData<CheckoutStatus>) => {
      if (!answer.ok) return null;
      if (answer.isExpert) return "expert" as const;
      return answer.status === "Failed" ? ("failed" as const) : null;
    },
    (outcome) => {
      if (outcome === "failed") {
        toast.error(PAYMENT_FAILED);
        setPhase({ kind: "failed", message: PAYMENT_FAILED });
      } else {
        // Paid; on a timeout the congratulations page keeps waiting for the confirmation.
        goToCongratulations();
      }
    },
  );

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
