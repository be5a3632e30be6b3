/**
 * The membership card form (SPEC.md section 4 "Checkout"): on load it requests a checkout; when
 * the answer says skipExpertPayment it goes to the congratulations page (a full load, so the
 * user and profile data are fresh); otherwise the clientSecret feeds Stripe's Payment Element.
 * After the card is confirmed it waits for the server to hear Stripe's webhook (the role only
 * changes there), then goes to /congratulations.
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Loader2, Lock } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { apiFetch, ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";

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

const POLL_INTERVAL_MS = 1500;
const POLL_ATTEMPTS = 40;
const CONGRATULATIONS = "/congratulations";
const LOAD_FAILED = "The card form could not load. Check your connection and try again.";

const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A full load: the header, menus and profile must show the new expert. */
function goToCongratulations() {
  window.location.assign(CONGRATULATIONS);
}

/** Polls the checkout status until the webhook made the user an expert (or the payment failed). */
async function waitForMembership(paymentIntentId: string | null, cancelled: () => boolean): Promise<"expert" | "failed" | "timeout"> {
  for (let attempt = 0; attempt < POLL_ATTEMPTS && !cancelled(); attempt++) {
    try {
      const { payload } = await apiFetch<StatusPayload>("/paymentsystems/stripe/checkout/status", {
        query: { paymentIntentId: paymentIntentId ?? undefined },
      });
      if (payload.isExpert) return "expert";
      if (payload.status === "Failed") return "failed";
    } catch {
      // A blip while waiting: try again on the next tick.
    }
    await sleep(POLL_INTERVAL_MS);
  }
  return "timeout";
}

export function MembershipCheckout({ publishableKey, price }: { publishableKey: string | null; price: string | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development: one checkout request is enough.
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const returned = params.get("payment_intent");
    if (returned) {
      // Back from a bank's 3-D Secure page: Stripe put the intent in the URL.
      setPhase({ kind: "confirming", paymentIntentId: returned });
      return;
    }
    apiFetch<CheckoutPayload>("/paymentsystems/stripe/checkout", { method: "POST" })
      .then(({ payload }) => {
        if (payload.skipExpertPayment || !payload.clientSecret) return goToCongratulations();
        if (!publishableKey) {
          setPhase({ kind: "failed", message: "Card payments are not available yet. Please contact support." });
          return;
        }
        setStripe(
          loadStripe(publishableKey).catch(() => {
            setPhase({ kind: "failed", message: LOAD_FAILED });
            return null;
          }),
        );
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
        const message = "Your payment did not go through. Please try another card.";
        toast.error(message);
        setPhase({ kind: "failed", message });
      } else {
        // Paid; on a timeout the congratulations page keeps waiting for the confirmation.
        goToCongratulations();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [phase]);

  if (phase.kind === "loading") return <Status text="Preparing a secure payment form…" />;
  if (phase.kind === "confirming") return <Status text="Confirming your payment… This takes a few seconds." />;
  if (phase.kind === "failed") {
    return (
      <div className="space-y-4 text-center">
        <p role="alert" className="text-sm font-medium text-danger">
          {phase.message}
        </p>
        <button
          type="button"
          onClick={() => window.location.assign(window.location.pathname)}
          className="inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold hover:bg-slate-100"
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: phase.clientSecret,
        appearance: { theme: "stripe", variables: { colorPrimary: "#059669", borderRadius: "8px", fontFamily: "Inter, system-ui, sans-serif" } },
      }}
    >
      <CardForm
        price={price}
        onPaid={(paymentIntentId) => setPhase({ kind: "confirming", paymentIntentId })}
        onLoadError={() => setPhase({ kind: "failed", message: LOAD_FAILED })}
      />
    </Elements>
  );
}

function Status({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-slate-600">
      <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {text}
    </p>
  );
}

function CardForm({
  price,
  onPaid,
  onLoadError,
}: {
  price: string | null;
  onPaid: (paymentIntentId: string | null) => void;
  onLoadError: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      // Only cards that need a bank's page leave this one; they come back here.
      confirmParams: { return_url: `${window.location.origin}${window.location.pathname}` },
      redirect: "if_required",
    });
    if (result.error) {
      const message = result.error.message ?? "Your payment did not go through. Please try another card.";
      setError(message);
      toast.error(message);
      setSubmitting(false);
      return;
    }
    onPaid(result.paymentIntent?.id ?? null);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-busy={submitting}>
      <PaymentElement onReady={() => setReady(true)} onLoadError={onLoadError} options={{ layout: "tabs" }} />
      {!ready ? <Status text="Loading the card form…" /> : null}
      {error ? (
        <p role="alert" className="text-center text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={!stripe || !ready || submitting}
        className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-slate-800 disabled:cursor-progress disabled:opacity-70"
      >
        <Lock className="size-4" aria-hidden="true" />
        {submitting ? "Paying…" : price ? `Pay ${price}` : "Pay"}
      </button>
    </form>
  );
}
