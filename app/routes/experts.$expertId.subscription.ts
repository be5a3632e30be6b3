import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { subscribeCommand, unsubscribeCommand } from "~/modules/subscriptions/commands.server";
import { byIntent, given, pageCommand } from "~/web/commands.server";
import { listUserSubscriptions } from "~/modules/subscriptions/subscriptions.server";

/**
 * Subscribe, resume and unsubscribe from any page (an expert's page, a locked pick, /payments,
 * the card form): `intent=subscribe` → `{ok, subscription, clientSecret}`, `intent=cancel` →
 * `{ok, subscription}` (access until the paid period ends).
 */
export const action = (args: ActionFunctionArgs) => {
  const input = given({ expertId: args.params.expertId });
  return byIntent(args.request, {
    // The card form names the page the subscription began on (`from`).
    subscribe: (form) =>
      pageCommand(args, subscribeCommand, {
        form,
        input: given({ expertId: args.params.expertId, from: form.get("from") ?? undefined }),
      }),
    cancel: (form) => pageCommand(args, unsubscribeCommand, { form, input }),
  });
};

/**
 * `{ok, active}`: whether the viewer's subscription to this expert gives access yet (the card
 * form waits for Stripe's webhook so), read as `/api/user/subscriptions?status=Activated` lists it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  return actionResult(async () => {
    const { items } = await listUserSubscriptions(context.db, viewer.user.id, {
      status: "Activated",
      page: 1,
      size: 100,
    });
    return { active: items.some((subscription) => subscription.expert.id === params.expertId) };
  });
}
