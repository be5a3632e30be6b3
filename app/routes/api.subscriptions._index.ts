import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { subscribe, unsubscribe } from "~/modules/subscriptions/subscription-commands.server";
import { subscriptionBodySchema } from "~/modules/subscriptions/subscription-schemas";

/**
 * `POST /api/subscriptions {expertId}` subscribes (or resumes a cancelled one) →
 * `{payload: {subscription, clientSecret}}`; `DELETE /api/subscriptions {expertId}` cancels at the
 * end of the paid period → `{payload: {subscription}}`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
    const viewer = await requireApiRoles(request, context, []);
    const { expertId } = await readJsonBody(request, subscriptionBodySchema);
    if (request.method === "POST") return apiPayload(await subscribe(context, viewer.user, expertId));
    return apiPayload({ subscription: await unsubscribe(context, viewer.user, expertId) });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
