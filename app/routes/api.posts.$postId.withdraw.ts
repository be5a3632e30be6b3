import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { withdrawPick } from "~/modules/posts/post-commands.server";
import { recordRules } from "~/modules/record/record-rules";

/** `POST /api/posts/{postId}/withdraw`: the author withdraws a posted pick in the minutes after posting, before its event starts (kept, shown as withdrawn). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiRoles(request, context, []);
    return apiPayload(
      await withdrawPick(context.db, viewer.user.id, params.postId, { rules: recordRules(context.env) }),
    );
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
