/**
 * Shapes and rules shared by the browser uploader and the server (product.md "Validation" and "Limits").
 */

/** product.md "Validation": "Image types: gif, png, jpeg, pjpeg, webp, avif". */
export const IMAGE_MIME_TYPES = [
  "image/gif",
  "image/png",
  "image/jpeg",
  "image/pjpeg",
  "image/webp",
  "image/avif",
] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** product.md "Limits": 5 MB (5000000 bytes). */
export const MAX_UPLOAD_BYTES = 5_000_000;
export const MIN_UPLOAD_BYTES = 1;

export const UPLOAD_TYPE_MESSAGE = `File type must be one of ${IMAGE_MIME_TYPES.join(", ")}`;

export function isImageMimeType(type: string): type is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type);
}

/** `POST /api/file/presign` answers `{payload: PresignedPost}`. */
export interface PresignedPost {
  /** Where the browser POSTs the multipart form: the bucket's URL, or ours on the local-disk driver. */
  url: string;
  /** Form fields to send first, in this order, before `file`; `key` is the stored object's key. */
  fields: { key: string } & Record<string, string>;
}

/** `POST /api/file/metadata` answers `{payload: UploadedFile}`: what the server measured. */
export interface UploadedFile {
  /** The storage key, e.g. `uploads/<userId>/<uuid>.png`; what profiles and posts store. */
  key: string;
  /** The image through the proxy at its natural width (capped), ready for an <img>. */
  url: string;
  size: number;
  filename: string;
  mimeType: string;
  width: number | null;
  height: number | null;
}
