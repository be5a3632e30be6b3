import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { findExpert } from "~/modules/experts/experts.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { AppError } from "~/modules/http/app-error";

/**
 * `GET /api/experts/{expertId}` → `{payload: Expert}`: `expertId` is the id (uuid) or the
 * userName in any case. 404 for an unknown user, a non-expert or an inactive membership.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await getViewer(request, context);
    const expert = await findExpert(context.db, params.expertId ?? "", viewer?.user.id ?? null);
    if (!expert) throw new AppError(404);
    return apiPayload(expert);
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
