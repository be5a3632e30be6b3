/**
 * An upload's two steps around the browser's direct upload to the storage
 * (app/modules/command.server.ts): the uploader and `/api/file/presign`, `/api/file/metadata` both run these.
 */
import { defineCommand } from "~/modules/command.server";
import { completeUpload, metadataSchema, presignSchema, presignUpload } from "./uploads.server";

/** A signed policy for one file of `type` → `{url, fields}`. */
export const presignUploadCommand = defineCommand({
  who: "confirmed",
  input: presignSchema,
  run: ({ context, viewer, input }) => presignUpload(context, viewer, input),
});

/** The uploaded file measured and recorded (its uploader only) → `{key, url, size, filename, mimeType, width, height}`. */
export const completeUploadCommand = defineCommand({
  who: "confirmed",
  input: metadataSchema,
  run: ({ context, viewer, input }) => completeUpload(context, viewer, input),
});
