/**
 * The image proxy's disk cache, `$DATA_DIR/image-cache/<2 hex>/<key>`: one file per rendered
 * variant, written atomically, its mtime the last use, pruned to IMAGE_CACHE_MAX_MB oldest use first.
 */
import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

type Env = AppLoadContext["env"];

/** A rendered variant, as served and as cached. */
export interface RenderedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

export function imageCacheDir(env: Env): string {
  return path.resolve(env.DATA_DIR, "image-cache");
}

/**
 * A cache file is `<content type>\n<etag>\n` then the bytes, written to a temporary name and
 * renamed into place, so a reader never sees half a file.
 */
export async function readCached(file: string): Promise<RenderedImage | null> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return null;
  }
  const first = data.indexOf(10);
  const second = first < 0 ? -1 : data.indexOf(10, first + 1);
  if (first < 0 || second < 0) return null;
  void markUsed(file);
  return {
    contentType: data.subarray(0, first).toString(),
    etag: data.subarray(first + 1, second).toString(),
    body: data.subarray(second + 1),
  };
}

/** A cache file's mtime is its last use (to the hour): what pruneImageCache drops first. */
async function markUsed(file: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (info && Date.now() - info.mtimeMs > 3_600_000) await utimes(file, new Date(), new Date()).catch(() => {});
}

/**
 * Keeps the disk cache under `maxBytes`: when it is over, the least recently used variants go
 * until it is under 90% of it. Run by the periodic jobs; a removed variant is rendered again
 * when asked for. Answers what it found and removed.
 */
export async function pruneImageCache(env: Env, maxBytes = env.IMAGE_CACHE_MAX_MB * 1_000_000) {
  const root = imageCacheDir(env);
  const files: { file: string; size: number; used: number }[] = [];
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, dir)).catch(() => [] as string[])) {
      const file = path.join(root, dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) files.push({ file, size: info.size, used: info.mtimeMs });
    }
  }
  let total = files.reduce((sum, entry) => sum + entry.size, 0);
  const found = { files: files.length, bytes: total, removed: 0 };
  if (total <= maxBytes) return found;
  files.sort((a, b) => a.used - b.used);
  for (const entry of files) {
    if (total <= maxBytes * 0.9) break;
    await unlink(entry.file).catch(() => {});
    total -= entry.size;
    found.removed++;
  }
  return found;
}

export async function writeCached(dir: string, file: string, image: RenderedImage): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, Buffer.concat([Buffer.from(`${image.contentType}\n${image.etag}\n`), image.body]));
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}
