import type { ActionFunctionArgs } from "@remix-run/node";
import { forgotPasswordSchema } from "~/modules/accounts/account-schemas";
import { requestPasswordReset } from "~/modules/accounts/auth.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";

/** `POST /api/forgot_password {emailOrUserName}`: the same answer whether the account exists or not. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { emailOrUserName } = await readJsonBody(request, forgotPasswordSchema);
    await requestPasswordReset(context, emailOrUserName, { ip: context.clientIp });
    return apiPayload({ sent: true });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
