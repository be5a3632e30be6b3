/**
 * Money an expert's business runs on (app/modules/command.server.ts): the membership a reader
 * takes once to become an expert, the expert's payment account and subscription price. The
 * become-expert, membership and business pages and the /api routes run these.
 */
import { defineCommand, noInput } from "~/modules/command.server";
import { connectPaymentAccount, disconnectPaymentAccount, paymentAccountUrl } from "./connect.server";
import { becomeExpert, startMembershipCheckout } from "./membership.server";
import { subscriptionPriceSchema } from "./price-schema";
import { setSubscriptionPrice } from "./subscription-price.server";

/** → `{skipExpertPayment, clientSecret}`: nothing to pay for an expert or while payments are off. */
export const membershipCheckoutCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: ({ context, viewer }) => startMembershipCheckout(context, viewer.user),
});

/** → `{skipExpertPayment}`: payments off, the user is an expert now; on, the membership waits for its payment. */
export const becomeExpertCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: ({ context, viewer }) => becomeExpert(context, viewer.user),
});

/** A Stripe account for the expert's payouts, made or reused → `{url}`: continue at Stripe. */
export const connectPaymentAccountCommand = defineCommand({
  who: "expert",
  input: noInput,
  run: ({ context, viewer }) => connectPaymentAccount(context, viewer.user),
});

/** Where the expert continues with their payment account at Stripe → the url. */
export const paymentAccountUrlCommand = defineCommand({
  who: "expert",
  input: noInput,
  run: ({ context, viewer }) => paymentAccountUrl(context, viewer.user),
});

/** The payment account let go (subscriptions then cannot start) → `{disconnected, deletedAtProvider}`. */
export const disconnectPaymentAccountCommand = defineCommand({
  who: "expert",
  input: noInput,
  run: ({ context, viewer }) => disconnectPaymentAccount(context, viewer.user),
});

/** The monthly price in cents and what subscribers get → `{subscriptionPrice}`. */
export const setSubscriptionPriceCommand = defineCommand({
  who: "expert",
  input: subscriptionPriceSchema,
  run: async ({ context, viewer, input }) => ({
    subscriptionPrice: await setSubscriptionPrice(context, viewer.user, input),
  }),
});
