import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import {
  deletePushSubscription,
  pushEndpointSchema,
  pushSubscriptionSchema,
  savePushSubscription,
} from "~/modules/push/push-subscriptions.server";

/**
 * `POST /api/push/subscriptions` with the browser's `PushSubscription` (endpoint and keys): push
 * on for this device (201). `DELETE` with `{endpoint}`: off. Both answer `{enabled}`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    if (request.method === "DELETE") {
      const { endpoint } = await readJsonBody(request, pushEndpointSchema);
      return apiPayload(await deletePushSubscription(context.db, viewer.user.id, endpoint));
    }
    const input = await readJsonBody(request, pushSubscriptionSchema);
    const device = { userId: viewer.user.id, sessionId: viewer.sessionId };
    return apiPayload(await savePushSubscription(context.db, context.env, device, input), { status: 201 });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
