import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { completeUpload, metadataSchema } from "~/modules/uploads/uploads.server";

/**
 * `POST /api/file/metadata {key, filename}` (the upload's owner): measures the stored file and
 * answers `{payload: {key, url, size, filename, mimeType, width, height}}`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireApiConfirmedViewer(request, context);
    const input = await readJsonBody(request, metadataSchema);
    return apiPayload(await completeUpload(context, viewer, input));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
