import type { ActionFunctionArgs } from "@remix-run/node";
import { changePasswordSchema } from "~/modules/accounts/account-schemas";
import { changePassword } from "~/modules/accounts/auth.server";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";

/** `POST /api/reset_password {currentPassword, password, confirmPassword}` (signed in). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiViewer(request, context);
    const input = await readJsonBody(request, changePasswordSchema);
    await changePassword(context, viewer, input);
    return apiPayload({ changed: true });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
