import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { formFields } from "~/web/form-fields.server";
import { readForm } from "~/web/form-input.server";
import { completeUpload, metadataSchema, presignSchema, presignUpload } from "~/modules/uploads/uploads.server";

/**
 * The browser's uploader (app/components/uploads/upload-client.ts), around its direct upload to the
 * storage: `intent=presign` (`type`) → `{ok, url, fields}`, `intent=complete` (`key`, `filename`)
 * → `{ok, key, url, size, …}`, the commands of `/api/file/presign` and `/api/file/metadata`. It is
 * called from a plain function, not a fetcher, so it answers JSON itself, failures included.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  try {
    const viewer = await requireApiConfirmedViewer(request, context);
    const intent = form.get("intent");
    if (intent === "presign") {
      const input = formFields(form, presignSchema);
      return Response.json({ ok: true, ...(await presignUpload(context, viewer, input)) });
    }
    if (intent === "complete") {
      const input = formFields(form, metadataSchema);
      return Response.json({ ok: true, ...(await completeUpload(context, viewer, input)) });
    }
    throw new AppError(400);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const body = { ok: false, error: error.message, errors: error.fieldErrors, statusCode: error.status };
    return Response.json(body, { status: error.status, headers: error.headers });
  }
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
