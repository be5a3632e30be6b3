/**
 * Where a Subscribe button leads: the subscription step (`/subscribe/{userName}?next=…`), which
 * signs a visitor in or up first and returns to `next` (the page the button was on) once the
 * subscription gives access. Client-safe: the buttons build it, the server's redirects too.
 */
import { MAX_CALLBACK_URL_LENGTH } from "~/modules/accounts/sign-in-link";

/** `next` only when it fits an address of ours (the step falls back to the expert's page); a promo code kept. */
function withNext(path: string, next: string | null | undefined, code?: string | null): string {
  const query = new URLSearchParams();
  if (next && encodeURIComponent(next).length <= MAX_CALLBACK_URL_LENGTH) query.set("next", next);
  if (code) query.set("code", code);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export const subscribeHref = (userName: string, next?: string | null, code?: string | null) =>
  withNext(`/subscribe/${encodeURIComponent(userName)}`, next, code);

/**
 * The post a subscription began from, when the step's return address is a post's page
 * (`/posts/{id}`, with or without a query): the business page counts subscriptions per post.
 */
export function postIdOfAddress(address: string | null | undefined): string | null {
  const match = /^\/posts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#]|$)/i.exec(
    address ?? "",
  );
  return match ? match[1].toLowerCase() : null;
}

/** The card form of a subscription's first payment (with the step's promo code), returning to `next` once paid. */
export const subscriptionPaymentHref = (userName: string, next?: string | null, code?: string | null) =>
  withNext(`/subscription-payment/${encodeURIComponent(userName)}`, next, code);
