/**
 * Web Push for one device (app/modules/command.server.ts): the settings page's switch and
 * `/api/push/subscriptions` both run these.
 */
import { defineCommand } from "~/modules/command.server";
import {
  deletePushSubscription,
  pushEndpointSchema,
  pushSubscriptionSchema,
  savePushSubscription,
} from "./push-subscriptions.server";

/** The browser's `PushSubscription` (endpoint and keys) saved for this session's device → `{enabled: true}`. */
export const pushOnCommand = defineCommand({
  who: "signed-in",
  input: pushSubscriptionSchema,
  run: ({ context, viewer, input }) =>
    savePushSubscription(context.db, context.env, { userId: viewer.user.id, sessionId: viewer.sessionId }, input),
});

/** The device's `endpoint` forgotten → `{enabled: false}`. */
export const pushOffCommand = defineCommand({
  who: "signed-in",
  input: pushEndpointSchema,
  run: ({ context, viewer, input }) => deletePushSubscription(context.db, viewer.user.id, input.endpoint),
});
