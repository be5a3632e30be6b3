/**
 * A reader's subscription to an expert, started and cancelled (app/modules/command.server.ts):
 * the Subscribe buttons of every page and `/api/subscriptions` both run these; and the expert's
 * levers: the welcome to new subscribers, the free trial and promo codes.
 */
import { defineCommand } from "~/modules/command.server";
import { subscribe, unsubscribe } from "./subscription-changes.server";
import { subscriptionBodySchema } from "./subscription-schemas";
import { setWelcomeMessage, welcomeMessageSchema } from "./subscriber-welcome.server";
import { z } from "zod";
import { promoCodeInputSchema, trialDaysSchema } from "./promo-codes";
import { createPromoCode, endPromoCode } from "./promo-codes.server";
import { setTrialDays } from "./trials.server";

/** Subscribe, or resume a cancelled subscription → `{subscription, clientSecret}` (the card form's, with Stripe). */
export const subscribeCommand = defineCommand({
  who: "confirmed",
  input: subscriptionBodySchema,
  run: ({ context, viewer, input }) =>
    subscribe(context, viewer.user, input.expertId, new Date(), input.from, input.code),
});

/** Cancel at the end of the paid period (access lasts until then) → `{subscription}`. */
export const unsubscribeCommand = defineCommand({
  who: "confirmed",
  input: subscriptionBodySchema,
  run: async ({ context, viewer, input }) => ({
    subscription: await unsubscribe(context, viewer.user, input.expertId),
  }),
});

/** The expert's welcome to new subscribers (empty: none) → `{message}`. */
export const setWelcomeMessageCommand = defineCommand({
  who: "expert",
  input: welcomeMessageSchema,
  run: async ({ context, viewer, input }) => ({
    message: await setWelcomeMessage(context.db, viewer.user.id, input.message),
  }),
});

/** The free trial new subscribers get, 0 to 30 days → `{days}`. */
export const setTrialDaysCommand = defineCommand({
  who: "expert",
  input: trialDaysSchema,
  run: async ({ context, viewer, input }) => ({ days: await setTrialDays(context.db, viewer.user.id, input.days) }),
});

/** A new promo code → `{promoCode}`. */
export const createPromoCodeCommand = defineCommand({
  who: "expert",
  input: promoCodeInputSchema,
  run: async ({ context, viewer, input }) => ({
    promoCode: await createPromoCode(context.db, viewer.user.id, input),
  }),
});

/** Ends one of the expert's codes (another's is a 404) → `{promoCode}`. */
export const endPromoCodeCommand = defineCommand({
  who: "expert",
  input: z.object({ codeId: z.string() }),
  run: async ({ context, viewer, input }) => ({
    promoCode: await endPromoCode(context, viewer.user.id, input.codeId),
  }),
});
