/**
 * What the two Stripe card forms share (the membership checkout and a subscription's first
 * payment): loading Stripe.js with the publishable key, the Payment Element with our appearance,
 * confirming the card (a card that needs the bank's 3-D Secure page leaves and comes back to the
 * same page), the status line, the failure panel with its retry, and the wait for the server to
 * hear Stripe's webhook.
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Loader2, Lock } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "~/components/ui/toast";
import { ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";

export const LOAD_FAILED = "The card form could not load. Check your connection and try again.";
import { PAYMENT_FAILED } from "./bank-return";

export { PAYMENT_FAILED, returnedFromBank } from "./bank-return";

export const POLL_INTERVAL_MS = 1500;
export const POLL_ATTEMPTS = 40;

/** The server's text for a failed API call, or the catalogue's default. */
export const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks `check` every POLL_INTERVAL_MS, up to POLL_ATTEMPTS times, until it answers something
 * other than null. A failed call is a blip while waiting: the next tick tries again.
 */
export async function pollUntil<T>(check: () => Promise<T | null>, cancelled: () => boolean): Promise<T | "timeout"> {
  for (let attempt = 0; attempt < POLL_ATTEMPTS && !cancelled(); attempt++) {
    try {
      const outcome = await check();
      if (outcome !== null) return outcome;
    } catch {
      // Try again on the next tick.
    }
    await sleep(POLL_INTERVAL_MS);
  }
  return "timeout";
}

/** Stripe.js from Stripe's host; `onError` runs (and the promise answers null) when it cannot load. */
export function loadStripeJs(publishableKey: string, onError: () => void): Promise<Stripe | null> {
  return loadStripe(publishableKey).catch(() => {
    onError();
    return null;
  });
}

export function PaymentStatus({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-slate-600">
      <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {text}
    </p>
  );
}

/** What went wrong, and a button to start again (by default: this page afresh, without Stripe's return parameters). */
export function PaymentFailure({
  message,
  retryLabel = "Try again",
  onRetry = () => window.location.assign(window.location.pathname),
}: {
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="space-y-4 text-center">
      <p role="alert" className="text-sm font-medium text-danger">
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold hover:bg-slate-100"
      >
        {retryLabel}
      </button>
    </div>
  );
}

/** The Payment Element for `clientSecret` and its submit button; `onPaid` once Stripe accepted the card. */
export function StripeCardForm({
  stripe,
  clientSecret,
  submitLabel,
  onPaid,
  onLoadError,
}: {
  stripe: Promise<Stripe | null> | null;
  clientSecret: string;
  submitLabel: string;
  onPaid: (paymentIntentId: string | null) => void;
  onLoadError: () => void;
}) {
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: {
          theme: "stripe",
          variables: { colorPrimary: "#059669", borderRadius: "8px", fontFamily: "Inter, system-ui, sans-serif" },
        },
      }}
    >
      <CardForm submitLabel={submitLabel} onPaid={onPaid} onLoadError={onLoadError} />
    </Elements>
  );
}

function CardForm({
  submitLabel,
  onPaid,
  onLoadError,
}: {
  submitLabel: string;
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
      const message = result.error.message ?? PAYMENT_FAILED;
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
      {!ready ? <PaymentStatus text="Loading the card form…" /> : null}
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
        {submitting ? "Paying…" : submitLabel}
      </button>
    </form>
  );
}
