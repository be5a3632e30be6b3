import type { ActionFunctionArgs } from "@remix-run/node";
import { completeUploadCommand } from "~/modules/uploads/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/**
 * `POST /api/file/metadata {key, filename}` (the upload's owner): measures the stored file and
 * answers `{payload: {key, url, size, filename, mimeType, width, height}}`.
 */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, completeUploadCommand) });

export const loader = () => methodNotAllowed(["POST"]);
