import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { resetPasswordSchema } from "~/modules/accounts/account-schemas";
import { findUsableResetToken, resetPassword } from "~/modules/accounts/auth.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";

/** `GET /api/forgot_password/{resetToken}`: 200 while the link is usable, 404 otherwise. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await findUsableResetToken(context, params.resetToken ?? "");
    return apiPayload({ valid: true });
  }, context.log);
}

/** `PUT /api/forgot_password/{resetToken} {password, confirmPassword}`: sets it, signs out everywhere. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const { password } = await readJsonBody(request, resetPasswordSchema);
    await resetPassword(context, params.resetToken ?? "", password);
    return apiPayload({ changed: true });
  }, context.log);
}
