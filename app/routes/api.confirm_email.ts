import type { ActionFunctionArgs } from "@remix-run/node";
import { resendEmailCode } from "~/modules/accounts/auth.server";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";

/** `POST /api/confirm_email`: sends a new code (and link) to the signed-in user. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiViewer(request, context);
    await resendEmailCode(context, viewer.user, { ip: context.clientIp });
    return apiPayload({ sent: true });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
