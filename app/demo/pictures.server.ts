/**
 * The demo's pictures as uploads: each SVG of art.ts rendered to WebP with sharp, written through
 * the storage driver (the bucket, or `$DATA_DIR/uploads`) under an upload key of its owner, and
 * recorded as a complete `uploads` row, so the image proxy serves them as it serves any photo.
 * File names come from what the picture is for, so a seed makes the same files every time.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "~/modules/uploads/storage-types.server";
import type { Database } from "~/db/client.server";
import { uploads } from "~/db/schema";

export interface RenderedPicture {
  body: Buffer;
  width: number;
  height: number;
}

const renders = new Map<string, Promise<RenderedPicture>>();

/** The SVG as WebP; the same drawing is rendered once per process (covers repeat across seeds and tests). */
export function renderPicture(svg: string, quality = 78): Promise<RenderedPicture> {
  const id = createHash("sha256").update(`${quality}:${svg}`).digest("hex");
  let rendered = renders.get(id);
  if (!rendered) {
    rendered = sharp(Buffer.from(svg))
      .webp({ quality, effort: 1 })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ body: data, width: info.width, height: info.height }));
    // A failed render is not kept: the next seed tries again.
    rendered.catch(() => renders.delete(id));
    renders.set(id, rendered);
  }
  return rendered;
}

/** A uuid-shaped name derived from `text` (upload keys are `uploads/<owner>/<uuid>.<ext>`). */
export function stableUuid(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface PictureToStore {
  ownerId: string;
  /** What the picture is for ("avatar", "cover", "post:3"): names its file. */
  purpose: string;
  picture: Promise<RenderedPicture>;
}

/** Where the picture of `purpose` owned by `ownerId` is stored (known before it is rendered). */
export function pictureKey(ownerId: string, purpose: string): string {
  return `uploads/${ownerId}/${stableUuid(`demo:${purpose}`)}.webp`;
}

/** Writes the pictures to storage and records them as complete uploads; answers their storage keys, in order. */
export async function storePictures(db: Database, storage: Storage, pictures: PictureToStore[]): Promise<string[]> {
  const made = await Promise.all(
    pictures.map(async ({ ownerId, purpose, picture }) => {
      const { body, width, height } = await picture;
      const key = pictureKey(ownerId, purpose);
      await storage.put(key, body, "image/webp");
      return {
        ownerId,
        key,
        status: "Complete" as const,
        mimeType: "image/webp",
        size: body.length,
        filename: `${purpose.replace(/[^\w-]+/g, "-")}.webp`,
        width,
        height,
      };
    }),
  );
  if (made.length) await db.insert(uploads).values(made);
  return made.map((row) => row.key);
}
