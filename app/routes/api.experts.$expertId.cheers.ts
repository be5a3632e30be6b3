import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { cheerBodySchema } from "~/modules/cheers/cheer-schema";
import { sendCheer } from "~/modules/cheers/cheers.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

/**
 * `POST /api/experts/{expertId}/cheers {amount, message}` (cents) → 201
 * `{payload: {cheer, clientSecret}}`; clientSecret is null when payments are off (the tip is
 * recorded at once) and feeds the card form otherwise (decision 024).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiRoles(request, context, []);
    const input = await readJsonBody(request, cheerBodySchema);
    await enforceRateLimit(context.db, { name: "cheer", ...context.env.RATE_LIMIT_CHEER }, viewer.user.id);
    return apiPayload(await sendCheer(context, viewer.user, params.expertId ?? "", input), { status: 201 });
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
