import type { ActionFunctionArgs } from "@remix-run/node";
import { presignUploadCommand } from "~/modules/uploads/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `POST /api/file/presign {type}` → `{payload: {url, fields: {key, …}}}` (signed in, e-mail confirmed). */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, presignUploadCommand) });

export const loader = () => methodNotAllowed(["POST"]);
