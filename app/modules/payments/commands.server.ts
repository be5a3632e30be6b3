/**
 * The membership a reader takes once to become an expert (app/modules/command.server.ts): the
 * become-expert page and card form, `/api/experts/become` and `/api/paymentsystems/stripe/checkout` run these.
 */
import { defineCommand, noInput } from "~/modules/command.server";
import { becomeExpert, startMembershipCheckout } from "./membership.server";

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
