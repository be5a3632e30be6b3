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

/** product.md "Validation": "Video types: mp4, webm" (a post's body only). */
export const VIDEO_MIME_TYPES = ["video/mp4", "video/webm"] as const;
export type VideoMimeType = (typeof VIDEO_MIME_TYPES)[number];

/** product.md "Limits": 5 MB (5000000 bytes) for an image. */
export const MAX_UPLOAD_BYTES = 5_000_000;
export const MIN_UPLOAD_BYTES = 1;

/** What an upload may be: an image, or a video for a post's body. */
export const UPLOAD_TYPE_MESSAGE = `File type must be one of ${[...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES].join(", ")}`;
/** Where only an image will do (profile photos, a post's cover). */
export const IMAGE_TYPE_MESSAGE = `File type must be one of ${IMAGE_MIME_TYPES.join(", ")}`;

export const tooLargeMessage = (maxBytes: number) => `File is larger than ${maxBytes} bytes`;

export function isImageMimeType(type: string): type is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type);
}

export function isVideoMimeType(type: string): type is VideoMimeType {
  return (VIDEO_MIME_TYPES as readonly string[]).includes(type);
}

/** The most bytes an upload of `type` may have. */
export function maxBytesFor(type: string, maxVideoBytes: number): number {
  return isVideoMimeType(type) ? maxVideoBytes : MAX_UPLOAD_BYTES;
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
  /** An image through the proxy at its natural width (capped), ready for an <img>; a video's signed `/media/` address. */
  url: string;
  size: number;
  filename: string;
  mimeType: string;
  width: number | null;
  height: number | null;
}
