import type { ActionFunctionArgs } from "@remix-run/node";
import { pushOffCommand, pushOnCommand } from "~/modules/push/commands.server";
import { pushSubscriptionOf, pushSwitchFields } from "~/modules/push/push-subscriptions.server";
import { byIntent, pageCommand } from "~/web/commands.server";
import { formFields } from "~/web/form-fields.server";

/**
 * `/settings/push`: the settings page's push switch for this device (a page path, so an expired
 * access cookie is renewed as for any page). Form fields `intent` (on or off), `endpoint`, and
 * for on the keys `p256dh` and `auth` → `{ok, enabled}`; fetched by the page itself: plain JSON.
 */
export const action = (args: ActionFunctionArgs) =>
  byIntent(
    args.request,
    {
      on: (form) =>
        pageCommand(args, pushOnCommand, {
          form,
          format: "json",
          input: () => pushSubscriptionOf(formFields(form, pushSwitchFields)),
        }),
      off: (form) => pageCommand(args, pushOffCommand, { form, format: "json" }),
    },
    { format: "json" },
  );
