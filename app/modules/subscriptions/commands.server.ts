/**
 * A reader's subscription to an expert, started and cancelled (app/modules/command.server.ts):
 * the Subscribe buttons of every page and `/api/subscriptions` both run these; and the expert's
 * welcome to new subscribers.
 */
import { defineCommand } from "~/modules/command.server";
import { subscribe, unsubscribe } from "./subscription-changes.server";
import { subscriptionBodySchema } from "./subscription-schemas";
import { setWelcomeMessage, welcomeMessageSchema } from "./subscriber-welcome.server";

/** Subscribe, or resume a cancelled subscription → `{subscription, clientSecret}` (the card form's, with Stripe). */
export const subscribeCommand = defineCommand({
  who: "confirmed",
  input: subscriptionBodySchema,
  run: ({ context, viewer, input }) => subscribe(context, viewer.user, input.expertId, new Date(), input.from),
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
