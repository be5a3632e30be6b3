import type { ActionFunctionArgs } from "@remix-run/node";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { supportRequestSchema } from "~/modules/support/support-schema";
import { createSupportRequest } from "~/modules/support/support.server";
import { getViewer } from "~/modules/accounts/gates.server";
import { supportViewer } from "~/modules/support/support-viewer";

/** `POST /api/support/requests {name, phone, email?, preferredTime?, message?}` → 201 `{payload: {id}}`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const input = await readJsonBody(request, supportRequestSchema);
    const created = await createSupportRequest(context, input, {
      ip: context.clientIp,
      viewer: supportViewer(await getViewer(request, context)),
      rule: context.env.RATE_LIMIT_SUPPORT_REQUEST,
    });
    return apiPayload(created, { status: 201 });
  }, context.log);
}

// A resource route without a loader would answer GET with Remix's HTML-less 405; say it in JSON.
export const loader = () => methodNotAllowed(["POST"]);
