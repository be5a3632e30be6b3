import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmEmail } from "~/modules/accounts/auth.server";
import { getViewer } from "~/modules/accounts/gates.server";
import { getCurrentUser } from "~/modules/accounts/users.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";

/** `PATCH /api/confirm_email/{token}`: the 6-character code (signed in) or the link's token. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const viewer = await getViewer(request, context);
    const userId = await confirmEmail(context, params.token ?? "", viewer?.user ?? null);
    return apiPayload({ user: await getCurrentUser(context.db, userId) });
  }, context.log);
}

export const loader = () => methodNotAllowed(["PATCH"]);
