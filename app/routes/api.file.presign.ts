import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { presignSchema, presignUpload } from "~/modules/uploads/uploads.server";

/** `POST /api/file/presign {type}` → `{payload: {url, fields: {key, …}}}` (signed in, e-mail confirmed). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiConfirmedViewer(request, context);
    const input = await readJsonBody(request, presignSchema);
    return apiPayload(await presignUpload(context, viewer, input));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
