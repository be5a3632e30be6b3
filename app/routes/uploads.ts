import type { ActionFunctionArgs } from "@remix-run/node";
import { completeUploadCommand, presignUploadCommand } from "~/modules/uploads/commands.server";
import { byIntent, pageCommand } from "~/web/commands.server";

/**
 * The browser's uploader (app/components/uploads/upload-client.ts), around its direct upload to the
 * storage: `intent=presign` (`type`) → `{ok, url, fields}`, `intent=complete` (`key`, `filename`)
 * → `{ok, key, url, size, …}`. It is called from a plain function, not a fetcher, so it answers
 * JSON itself, failures included.
 */
export const action = (args: ActionFunctionArgs) =>
  byIntent(
    args.request,
    {
      presign: (form) => pageCommand(args, presignUploadCommand, { form, format: "json" }),
      complete: (form) => pageCommand(args, completeUploadCommand, { form, format: "json" }),
    },
    { format: "json" },
  );

export function loader() {
  throw new Response("Not found", { status: 404 });
}
