/**
 * Where uploaded files live: MinIO/S3 when `S3_ENDPOINT`, `S3_ACCESS_KEY`, `S3_SECRET_KEY` and
 * `S3_BUCKET` are all set, otherwise `$DATA_DIR/uploads` on the local disk. Both take the browser's
 * file through the same presigned multipart POST (product.md "The API") and both can stat and read an
 * object back for the metadata step and the image proxy.
 */
import type { Env } from "~/config/env.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";
import type { Storage } from "./storage-types.server";

export * from "./storage-types.server";

/** Uploads go to S3 only when all four variables are set. */
export function isS3Configured(
  env: Pick<Env, "S3_ENDPOINT" | "S3_ACCESS_KEY" | "S3_SECRET_KEY" | "S3_BUCKET">,
): boolean {
  return Boolean(env.S3_ENDPOINT && env.S3_ACCESS_KEY && env.S3_SECRET_KEY && env.S3_BUCKET);
}

const storages = new WeakMap<Env, Storage>();

/** The storage for these settings, made once per settings object. */
export function getStorage(env: Env): Storage {
  let storage = storages.get(env);
  if (!storage) {
    storage = isS3Configured(env) ? createS3Storage(env) : createLocalStorage(env);
    storages.set(env, storage);
  }
  return storage;
}
