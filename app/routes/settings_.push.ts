import type { ActionFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/accounts/gates.server";
import { jsonResult } from "~/web/action-result.server";
import { readFormFields } from "~/web/form-fields.server";
import {
  deletePushSubscription,
  pushSubscriptionOf,
  pushSwitchFields,
  savePushSubscription,
} from "~/modules/push/push-subscriptions.server";

/**
 * `/settings/push`: the settings page's push switch for this device, as `/api/push/subscriptions`
 * (a page path, so an expired access cookie is renewed as for any page). Form fields `intent`
 * (on or off), `endpoint`, and for on the keys `p256dh` and `auth` → `{ok, enabled}`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  // Fetched by the page itself (not a fetcher): plain JSON.
  return jsonResult(async () => {
    const fields = await readFormFields(request, pushSwitchFields);
    if (fields.intent === "off") return deletePushSubscription(context.db, viewer.user.id, fields.endpoint);
    const device = { userId: viewer.user.id, sessionId: viewer.sessionId };
    return savePushSubscription(context.db, context.env, device, pushSubscriptionOf(fields));
  });
}
