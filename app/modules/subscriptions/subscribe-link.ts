/**
 * Where a Subscribe button leads: the subscription step (`/subscribe/{userName}?next=…`), which
 * signs a visitor in or up first and returns to `next` (the page the button was on) once the
 * subscription gives access. Client-safe: the buttons build it, the server's redirects too.
 */
import { MAX_CALLBACK_URL_LENGTH } from "~/modules/accounts/sign-in-link";

/** `next` only when it fits an address of ours; the step falls back to the expert's page. */
function withNext(path: string, next: string | null | undefined): string {
  if (!next || encodeURIComponent(next).length > MAX_CALLBACK_URL_LENGTH) return path;
  return `${path}?next=${encodeURIComponent(next)}`;
}

export const subscribeHref = (userName: string, next?: string | null) =>
  withNext(`/subscribe/${encodeURIComponent(userName)}`, next);

/** The card form of a subscription's first payment, returning to `next` once paid. */
export const subscriptionPaymentHref = (userName: string, next?: string | null) =>
  withNext(`/subscription-payment/${encodeURIComponent(userName)}`, next);
