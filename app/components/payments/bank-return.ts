/**
 * What a page needs of a card payment before any Stripe code: whether the visitor has
 * just come back from their bank's 3-D Secure page, and the failure text.
 */
export const PAYMENT_FAILED = "Your payment did not go through. Please try another card.";

/** Back from a bank's 3-D Secure page, Stripe put the payment intent (and how it went) in the URL. */
export function returnedFromBank(): { paymentIntentId: string; redirectStatus: string | null } | null {
  const params = new URLSearchParams(window.location.search);
  const paymentIntentId = params.get("payment_intent");
  return paymentIntentId ? { paymentIntentId, redirectStatus: params.get("redirect_status") } : null;
}
