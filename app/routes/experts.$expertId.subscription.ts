import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { readForm } from "~/web/form-input.server";
import { subscribe, unsubscribe } from "~/modules/subscriptions/subscription-commands.server";
import { listUserSubscriptions } from "~/modules/subscriptions/subscriptions.server";

/**
 * Subscribe, resume and unsubscribe from any page (an expert's page, a locked pick, /payments,
 * the card form): `intent=subscribe` → `{ok, subscription, clientSecret}`, `intent=cancel` →
 * `{ok, subscription}` (access until the paid period ends), as `/api/subscriptions` answers.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  const intent = (await readForm(request)).get("intent");
  const expertId = params.expertId ?? "";
  return actionResult(async () => {
    if (intent === "subscribe") return subscribe(context, viewer.user, expertId);
    if (intent === "cancel") return { subscription: await unsubscribe(context, viewer.user, expertId) };
    throw new AppError(400);
  });
}

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
