/** What both storage drivers provide (see storage.server.ts). */
import type { Readable } from "node:stream";
import type { PresignedPost } from "./upload-types";

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export interface PresignInput {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  expiresAt: Date;
}

export interface Storage {
  readonly kind: "s3" | "local";
  /** The URL and form fields for one browser POST of exactly `key`, of `contentType`, within the size range. */
  presignPost(input: PresignInput): Promise<PresignedPost>;
  /** null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes; null when there is no such object; throws past `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  /** The object's first `length` bytes (fewer when it is shorter); null when there is no such object. */
  readHead(key: string, length: number): Promise<Buffer | null>;
  /** Bytes `start` to `end` (inclusive) of the object, streamed; null when there is no such object. */
  stream(key: string, start: number, end: number): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Stores bytes the server made itself (the demo's generated pictures); browsers upload through presignPost. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Where the bucket's objects are publicly reachable, `${publicBaseUrl}/${key}` (S3 only,
   * `S3_PUBLIC_URL` or `${S3_ENDPOINT}/${S3_BUCKET}`); the image proxy maps such URLs back to keys.
   */
  readonly publicBaseUrl: string | null;
  /** The origin the browser POSTs uploads to when it is not our own (the CSP's connect-src). */
  readonly uploadOrigin: string | null;
}

export class ObjectTooLargeError extends Error {
  constructor() {
    super("The stored object is larger than allowed.");
    this.name = "ObjectTooLargeError";
  }
}

/** Keys we hand out: `uploads/<userId>/<uuid>.<ext>`. Anything else is not one of ours. */
export const UPLOAD_KEY_PATTERN =
  /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(gif|png|jpg|webp|avif|mp4|webm)$/;

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
}

/** A video's key: ours, with a video's extension. */
export function isVideoKey(key: string): boolean {
  return isUploadKey(key) && /\.(mp4|webm)$/.test(key);
}
