import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { becomeExpert } from "~/modules/payments/membership.server";

/**
 * `POST /api/experts/become` (confirmed e-mail) → `{payload: {skipExpertPayment}}`. Payments off:
 * the user is an expert now. Payments on: the membership waits for its payment (checkout).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiConfirmedViewer(request, context);
    return apiPayload(await becomeExpert(context, viewer.user));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
