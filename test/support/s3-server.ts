/**
 * A local S3 (s3rver) for tests: real S3 HTTP API on 127.0.0.1, a throw-away folder, one
 * bucket. It takes browser POST uploads but does NOT enforce POST policies, so tests
 * check the policy minio signs by decoding it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** The env variables that point the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// s3rver's fixed credentials.
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

export async function startLocalS3(bucket = "sharpside-test"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "sharpside-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    env: {
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY: ACCESS_KEY,
      S3_SECRET_KEY: SECRET_KEY,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
