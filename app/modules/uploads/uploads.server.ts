/**
 * The upload flow (product.md "States" and "The API"): presign → the browser's POST to the storage →
 * metadata. The presign records a Pending row for the key it hands out; the metadata step looks
 * at what was really stored (size from the storage, type and dimensions from the bytes) and marks
 * the row Complete. Nothing the browser says about the file is trusted.
 */
import type { AppLoadContext } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { z } from "zod";
import { queryRows } from "~/db/client.server";
import { uploads } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { imageUrl, snapImageWidth } from "~/modules/image-url";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { EBML_MAGIC, isImageBrand } from "./local-storage.server";
import { mediaPath } from "./media-url.server";
import { getStorage } from "./storage.server";
import { ObjectTooLargeError } from "./storage-types.server";
import {
  IMAGE_MIME_TYPES,
  isImageMimeType,
  isVideoMimeType,
  MAX_UPLOAD_BYTES,
  maxBytesFor,
  MIN_UPLOAD_BYTES,
  tooLargeMessage,
  UPLOAD_TYPE_MESSAGE,
  type PresignedPost,
  type UploadedFile,
} from "./upload-types";

type UploadContext = Pick<AppLoadContext, "db" | "env">;

/** A presigned POST may be used for this long. */
export const PRESIGN_TTL_SECONDS = 10 * 60;
/** sharp refuses images with more pixels than this (a decompression bomb stays small on disk). */
export const MAX_INPUT_PIXELS = 40_000_000;

const EXTENSIONS: Record<string, string> = {
  "image/gif": "gif",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/pjpeg": "jpg",
  "image/webp": "webp",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "video/webm": "webm",
};

const isUploadType = (type: string) => isImageMimeType(type) || isVideoMimeType(type);

/**
 * Any `type` but one of ours (missing, not a string, svg…) gets the same clear message. `size`,
 * the file's as the browser reports it, lets a file over its cap be refused before it is sent
 * (the storage enforces the cap on the bytes themselves).
 */
export const presignSchema = z.object({
  type: z.unknown().transform((value, ctx) => {
    const type = typeof value === "string" ? value.toLowerCase() : "";
    if (!isUploadType(type)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: UPLOAD_TYPE_MESSAGE });
      return z.NEVER;
    }
    return type;
  }),
  size: z.coerce
    .number({ invalid_type_error: "Invalid input" })
    .int("Invalid input")
    .min(0, "Invalid input")
    .optional(),
});

export const metadataSchema = z.object({
  key: z.string({ required_error: "Required" }).min(1, "Required").max(300, "Invalid input"),
  filename: z
    .string()
    .max(1000, "Maximum 255 characters allowed")
    .optional()
    .transform((name) => cleanFilename(name)),
});

/** A display name only: no folders, no control characters, at most 255 characters. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? "")
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base.slice(0, 255) || "upload";
}

export async function presignUpload(
  context: UploadContext,
  viewer: Viewer,
  input: { type: string; size?: number },
): Promise<PresignedPost> {
  const mimeType = input.type;
  if (!isUploadType(mimeType)) throw new AppError(422, undefined, { type: [UPLOAD_TYPE_MESSAGE] });
  const maxBytes = maxBytesFor(mimeType, context.env.MAX_VIDEO_BYTES);
  if (input.size !== undefined && input.size > maxBytes)
    throw new AppError(422, undefined, { file: [tooLargeMessage(maxBytes)] });
  const rule = context.env.RATE_LIMIT_UPLOAD;
  await enforceRateLimit(context.db, { name: "upload", ...rule }, viewer.user.id);

  const key = `uploads/${viewer.user.id}/${randomUUID()}.${EXTENSIONS[mimeType]}`;
  const presigned = await getStorage(context.env).presignPost({
    key,
    contentType: mimeType,
    minBytes: MIN_UPLOAD_BYTES,
    maxBytes,
    expiresAt: new Date(Date.now() + PRESIGN_TTL_SECONDS * 1000),
  });
  await context.db.insert(uploads).values({ ownerId: viewer.user.id, key, mimeType, status: "Pending" });
  return presigned;
}

const SHARP_FORMATS: Record<string, string> = {
  gif: "image/gif",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  heif: "image/avif",
};

/** What sharp finds in the bytes: one of our image types with its size, or null. */
export async function inspectImage(bytes: Buffer): Promise<{ mimeType: string; width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    let mimeType = meta.format ? SHARP_FORMATS[meta.format] : undefined;
    // sharp names AVIF and HEIC both "heif": only AVIF is one of ours.
    if (meta.format === "heif" && meta.compression !== "av1") mimeType = undefined;
    if (!mimeType || !meta.width || !meta.height) return null;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return null;
    return { mimeType, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

export async function completeUpload(
  context: UploadContext,
  viewer: Viewer,
  input: { key: string; filename: string },
): Promise<UploadedFile> {
  const [row] = await context.db.select().from(uploads).where(eq(uploads.key, input.key)).limit(1);
  // Someone else's upload is no more visible than one that does not exist.
  if (!row || row.ownerId !== viewer.user.id)
    throw new AppError(404, undefined, { key: ["The upload was not found."] });

  if (isVideoMimeType(row.mimeType)) return completeVideoUpload(context, row, input.filename);
  const storage = getStorage(context.env);
  // One read answers all three: missing (null), too large (throws), and what the bytes are.
  let bytes: Buffer | null;
  try {
    bytes = await storage.read(row.key, MAX_UPLOAD_BYTES);
  } catch (error) {
    if (!(error instanceof ObjectTooLargeError)) throw error;
    await storage.remove(row.key);
    throw new AppError(422, undefined, { file: [`File is larger than ${MAX_UPLOAD_BYTES} bytes`] });
  }
  if (!bytes) throw new AppError(422, undefined, { key: ["The file has not been uploaded yet."] });
  const image = await inspectImage(bytes);
  if (!image || !(IMAGE_MIME_TYPES as readonly string[]).includes(image.mimeType)) {
    await storage.remove(row.key);
    await context.db.delete(uploads).where(eq(uploads.id, row.id));
    throw new AppError(422, undefined, { type: [UPLOAD_TYPE_MESSAGE] });
  }

  const values = {
    status: "Complete" as const,
    size: bytes.length,
    mimeType: image.mimeType,
    filename: input.filename,
    width: image.width,
    height: image.height,
  };
  await context.db.update(uploads).set(values).where(eq(uploads.id, row.id));
  return {
    key: row.key,
    url: imageUrl(row.key, snapImageWidth(Math.min(image.width, 1920))),
    size: values.size,
    filename: values.filename,
    mimeType: values.mimeType,
    width: image.width,
    height: image.height,
  };
}

/** What a video's first bytes say it is: an ISO media file (not a still image's) or a WebM; else null. */
export function videoTypeOf(head: Buffer): "video/mp4" | "video/webm" | null {
  if (head.subarray(4, 8).toString("latin1") === "ftyp" && !isImageBrand(head.subarray(8, 12).toString("latin1")))
    return "video/mp4";
  // EBML with the DocType "webm" (0x42 0x82, a one-byte size, then the name) in its header.
  if (head.subarray(0, 4).equals(EBML_MAGIC)) {
    const docType = head.indexOf(Buffer.from([0x42, 0x82]));
    if (docType > 0 && head.subarray(docType + 3, docType + 7).toString("latin1") === "webm") return "video/webm";
  }
  return null;
}

/**
 * Records a video: its size from the storage (within MAX_VIDEO_BYTES) and its type from its
 * first bytes, which must be the type it was presigned as (the address serves that type).
 * Nothing is read beyond the head: a video is never held in memory.
 */
async function completeVideoUpload(
  context: UploadContext,
  row: typeof uploads.$inferSelect,
  filename: string,
): Promise<UploadedFile> {
  const storage = getStorage(context.env);
  const stored = await storage.stat(row.key);
  if (!stored) throw new AppError(422, undefined, { key: ["The file has not been uploaded yet."] });
  const refuse = async (errors: Record<string, string[]>) => {
    await storage.remove(row.key);
    await context.db.delete(uploads).where(eq(uploads.id, row.id));
    return new AppError(422, undefined, errors);
  };
  if (stored.size > context.env.MAX_VIDEO_BYTES)
    throw await refuse({ file: [tooLargeMessage(context.env.MAX_VIDEO_BYTES)] });
  const head = (await storage.readHead(row.key, 64)) ?? Buffer.alloc(0);
  if (videoTypeOf(head) !== row.mimeType) throw await refuse({ type: [UPLOAD_TYPE_MESSAGE] });

  const values = { status: "Complete" as const, size: stored.size, filename, width: null, height: null };
  await context.db.update(uploads).set(values).where(eq(uploads.id, row.id));
  return {
    key: row.key,
    url: mediaPath(row.key),
    size: stored.size,
    filename,
    mimeType: row.mimeType,
    width: null,
    height: null,
  };
}

/**
 * A Pending upload older than this was abandoned: its signed POST expired long ago
 * (PRESIGN_TTL_SECONDS) and no metadata call completed it.
 */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * Deletes abandoned uploads, rows and stored files, a batch at a time. Several instances may run
 * it at once: each claims its rows with SKIP LOCKED. Answers how many went.
 */
export async function pruneAbandonedUploads(context: UploadContext, now = new Date(), batch = 200): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_HOURS * 3600_000).toISOString();
  const rows = await queryRows<{ key: string }>(
    context.db,
    sql`
    DELETE FROM ${uploads} WHERE ${uploads.id} IN (
      SELECT ${uploads.id} FROM ${uploads}
      WHERE ${uploads.status} = 'Pending' AND ${uploads.createdAt} < ${cutoff}::timestamptz
      LIMIT ${batch} FOR UPDATE SKIP LOCKED
    ) RETURNING ${uploads.key}`,
  );
  const keys = rows.map((row) => row.key);
  const storage = getStorage(context.env);
  for (const key of keys) await storage.remove(key).catch(() => {});
  return keys.length;
}
