/**
 * MinIO/S3 storage through the `minio` client. The browser POSTs straight to the bucket with a
 * presigned POST policy that pins the exact key, the content type, the size range and the expiry
 * (region set and path-style addressing, so no network call is needed to sign).
 */
import { Client } from "minio";
import type { Readable } from "node:stream";
import type { Env } from "~/config/env.server";
import { AppError } from "~/modules/http/app-error";
import { ObjectTooLargeError, type PresignInput, type Storage } from "./storage-types.server";

export function createS3Storage(env: Env): Storage {
  const endpoint = new URL(env.S3_ENDPOINT!);
  const useSSL = endpoint.protocol === "https:";
  const client = new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
    region: env.S3_REGION,
    pathStyle: true,
  });
  const bucket = env.S3_BUCKET!;
  const endpointBase = `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, "")}`;
  const publicBaseUrl = (env.S3_PUBLIC_URL ?? `${endpointBase}/${bucket}`).replace(/\/+$/, "");

  return {
    kind: "s3",
    publicBaseUrl,
    uploadOrigin: endpoint.origin,

    async presignPost({ key, contentType, minBytes, maxBytes, expiresAt }: PresignInput) {
      const policy = client.newPostPolicy();
      policy.setBucket(bucket);
      // The exact key (setKeyStartsWith would let the browser choose any name under the prefix).
      policy.setKey(key);
      policy.setContentType(contentType);
      policy.setContentLengthRange(minBytes, maxBytes);
      policy.setExpires(expiresAt);
      const { postURL, formData } = await client.presignedPostPolicy(policy);
      // `key` first for readability; the browser appends `file` after every field.
      const { key: signedKey, ...rest } = formData;
      return { url: postURL, fields: { key: signedKey ?? key, ...rest } };
    },

    async stat(key) {
      try {
        const stat = await client.statObject(bucket, key);
        const contentType = (stat.metaData?.["content-type"] as string | undefined) ?? null;
        return { size: stat.size, contentType };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },

    async read(key, maxBytes) {
      let stream: Readable;
      try {
        stream = await client.getObject(bucket, key);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of stream) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) {
          stream.destroy();
          throw new ObjectTooLargeError();
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },

    async readHead(key, length) {
      let stream: Readable;
      try {
        stream = await client.getPartialObject(bucket, key, 0, length);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).subarray(0, length);
    },

    async stream(key, start, end) {
      try {
        return await client.getPartialObject(bucket, key, start, end - start + 1);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },

    async remove(key) {
      await client.removeObject(bucket, key).catch((error: unknown) => {
        throw unavailable(error);
      });
    },

    async put(key, body, contentType) {
      await client
        .putObject(bucket, key, body, body.length, { "Content-Type": contentType })
        .catch((error: unknown) => {
          throw unavailable(error);
        });
    },
  };
}

export const STORAGE_UNAVAILABLE_MESSAGE = "File storage is not answering. Please try again in a moment.";

// The storage server is down or unreachable: a 503 the user may retry, in the
// API's error shape, and not mistaken for a database outage in the logs.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "UND_ERR_SOCKET",
]);

function unavailable(error: unknown): unknown {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const network =
    (typeof code === "string" && NETWORK_CODES.has(code)) ||
    (typeof cause?.code === "string" && NETWORK_CODES.has(cause.code));
  return network ? new AppError(503, STORAGE_UNAVAILABLE_MESSAGE, undefined, { "Retry-After": "30" }) : error;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "NotFound" || code === "NoSuchKey" || code === "NoSuchBucket";
}
