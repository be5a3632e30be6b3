/**
 * What the two Stripe card forms share (the membership checkout and a subscription's first
 * payment): loading Stripe.js with the publishable key, the Payment Element with our appearance,
 * confirming the card (a card that needs the bank's 3-D Secure page leaves and comes back to the
 * same page), the status line, the failure panel with its retry, and the wait for the server to
 * hear Stripe's webhook (polling a route loader).
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Loader2, Lock } from "~/components/ui/icons";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";

export const LOAD_FAILED = "The card form could not load. Check your connection and try again.";
import { PAYMENT_FAILED } from "./bank-return";

export { PAYMENT_FAILED, returnedFromBank } from "./bank-return";

export const POLL_INTERVAL_MS = 1500;
export const POLL_ATTEMPTS = 40;

/**
 * Loads `href` (a route loader) every POLL_INTERVAL_MS, up to POLL_ATTEMPTS times, while `href`
 * is set, until `decide` makes something of an answer other than null; then, or on "timeout",
 * `onOutcome` runs once. An answer that is a failure is a blip while waiting: the next tick asks again.
 */
export function usePoll<T, R>(
  href: string | null,
  decide: (answer: T) => R | null,
  onOutcome: (outcome: R | "timeout") => void,
) {
  const fetcher = useFetcher<T>();
  const load = useRef(fetcher.load);
  const handlers = useRef({ decide, onOutcome });
  const done = useRef(true);
  useEffect(() => {
    load.current = fetcher.load;
    handlers.current = { decide, onOutcome };
  });
  useEffect(() => {
    if (!href) return;
    done.current = false;
    let asked = 1;
    load.current(href);
    const timer = setInterval(() => {
      if (done.current) return;
      if (asked >= POLL_ATTEMPTS) {
        done.current = true;
        handlers.current.onOutcome("timeout");
        return;
      }
      asked++;
      load.current(href);
    }, POLL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      done.current = true;
    };
  }, [href]);
  useEffect(() => {
    if (done.current || fetcher.data === undefined) return;
    const outcome = handlers.current.decide(fetcher.data);
    if (outcome === null) return;
    done.current = true;
    handlers.current.onOutcome(outcome);
  }, [fetcher.data]);
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
      <Button variant="secondary" size="lg" onClick={onRetry}>
        {retryLabel}
      </Button>
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
      <CardForm clientSecret={clientSecret} submitLabel={submitLabel} onPaid={onPaid} onLoadError={onLoadError} />
    </Elements>
  );
}

function CardForm({
  clientSecret,
  submitLabel,
  onPaid,
  onLoadError,
}: {
  clientSecret: string;
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
    // Only cards that need a bank's page leave this one; they come back here.
    const confirmParams = { return_url: `${window.location.origin}${window.location.pathname}` };
    // A SetupIntent's secret (a free trial: the card is saved, charged later), else a payment's.
    const result = clientSecret.startsWith("seti_")
      ? await stripe.confirmSetup({ elements, confirmParams, redirect: "if_required" })
      : await stripe.confirmPayment({ elements, confirmParams, redirect: "if_required" });
    if (result.error) {
      const message = result.error.message ?? PAYMENT_FAILED;
      setError(message);
      toast.error(message);
      setSubmitting(false);
      return;
    }
    onPaid("paymentIntent" in result ? (result.paymentIntent?.id ?? null) : null);
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
      <Button
        type="submit"
        variant="ink"
        size="2xl"
        block
        pending
        className="gap-2"
        disabled={!stripe || !ready || submitting}
      >
        <Lock className="size-4" aria-hidden="true" />
        {submitting ? "Paying…" : submitLabel}
      </Button>
    </form>
  );
}
