import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveLocalUpload, xmlErrorResponse } from "~/modules/uploads/local-storage.server";
import { isS3Configured } from "~/modules/uploads/storage.server";

/**
 * `POST /api/file/upload` (multipart: the presigned fields, then `file`): the local-disk
 * driver's stand-in for an S3 bucket. The signed policy is the authority, not a session, exactly
 * as with S3; errors are S3-style XML. With S3 configured uploads go to the bucket: 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (isS3Configured(context.env))
    return xmlErrorResponse(404, "NoSuchBucket", "Uploads go to the configured storage.");
  if (request.method !== "POST")
    return xmlErrorResponse(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  return receiveLocalUpload(request, context.env);
}

export const loader = () =>
  xmlErrorResponse(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
