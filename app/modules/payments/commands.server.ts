/**
 * The membership a reader pays once to become an expert (app/modules/command.server.ts): the
 * membership card form and `/api/paymentsystems/stripe/checkout` both run this.
 */
import { defineCommand, noInput } from "~/modules/command.server";
import { startMembershipCheckout } from "./membership.server";

/** → `{skipExpertPayment, clientSecret}`: nothing to pay for an expert or while payments are off. */
export const membershipCheckoutCommand = defineCommand({
  who: "confirmed",
  input: noInput,
  run: ({ context, viewer }) => startMembershipCheckout(context, viewer.user),
});
