import type { AppLoadContext } from "@remix-run/node";
import { eq, inArray } from "drizzle-orm";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads, users } from "~/db/schema";
import { localPolicyFields } from "~/modules/uploads/local-storage.server";
import { getStorage } from "~/modules/uploads/storage.server";
import { xmlErrorMessage } from "~/components/uploads/upload-client";
import { IMAGE_MIME_TYPES, UPLOAD_TYPE_MESSAGE } from "~/modules/uploads/upload-types";
import { ABANDONED_UPLOAD_HOURS, pruneAbandonedUploads } from "~/modules/uploads/uploads.server";
import * as metadataRoute from "~/routes/api.file.metadata";
import * as presignRoute from "~/routes/api.file.presign";
import * as uploadRoute from "~/routes/api.file.upload";
import * as usersRoute from "~/routes/api.users";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { startLocalS3, type LocalS3 } from "../support/s3-server";

let database: TestDatabase;
let dataDir: string;
let context: AppLoadContext;
let s3: LocalS3;
let s3Context: AppLoadContext;

const LIMITS = { RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_UPLOAD: "1000/60" };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-uploads-"));
  context = makeLoadContext(database.db, { ...LIMITS, DATA_DIR: dataDir });
  s3 = await startLocalS3();
  s3Context = makeLoadContext(database.db, { ...LIMITS, DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
async function signedInUser({ confirmed = true } = {}) {
  counter += 1;
  const jar = new CookieJar();
  const email = `uploader${counter}@example.com`;
  const user = {
    email,
    fullName: `Up Loader${counter}`,
    password: "correct horse 42",
    passwordConfirmation: "correct horse 42",
  };
  const result = await callRoute(usersRoute, context, { method: "POST", path: "/api/users", body: { user }, jar });
  expect(result.status).toBe(201);
  if (confirmed) await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  return { jar, id: result.body.payload.user.id as string };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function presign(ctx: AppLoadContext, jar: CookieJar | undefined, body: unknown) {
  return callRoute(presignRoute, ctx, { method: "POST", path: "/api/file/presign", body, jar });
}

function metadata(ctx: AppLoadContext, jar: CookieJar, body: unknown) {
  return callRoute(metadataRoute, ctx, { method: "POST", path: "/api/file/metadata", body, jar });
}

/** The browser's multipart POST: every field first, then the file. */
function uploadForm(fields: Record<string, string>, file: Buffer | Uint8Array, type = "image/png") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(file)], { type }), "photo.png");
  return form;
}

async function postLocal(fields: Record<string, string>, file: Buffer | Uint8Array, type?: string) {
  const request = new Request("http://localhost/api/file/upload", {
    method: "POST",
    body: uploadForm(fields, file, type),
  });
  const response = (await uploadRoute.action({ request, params: {}, context })) as Response;
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe(`POST /api/file/presign (${testDatabaseEngine()})`, () => {
  it("answers 401 signed out and 403 with an unconfirmed e-mail", async () => {
    expect((await presign(context, undefined, { type: "image/png" })).status).toBe(401);
    const { jar } = await signedInUser({ confirmed: false });
    expect((await presign(context, jar, { type: "image/png" })).status).toBe(403);
  });

  it("refuses anything but the product's image and video types with errors.type", async () => {
    const { jar } = await signedInUser();
    for (const body of [
      { type: "video/quicktime" },
      { type: "text/html" },
      { type: "image/svg+xml" },
      {},
      { type: 42 },
    ]) {
      const result = await presign(context, jar, body);
      expect(result.status).toBe(422);
      expect(result.body.errors.type).toEqual([UPLOAD_TYPE_MESSAGE]);
    }
    expect(UPLOAD_TYPE_MESSAGE).toBe(
      "File type must be one of image/gif, image/png, image/jpeg, image/pjpeg, image/webp, image/avif, video/mp4, video/webm",
    );
  });

  it("signs a POST to our own upload route for each image type and records a Pending upload", async () => {
    const { jar, id } = await signedInUser();
    for (const type of IMAGE_MIME_TYPES) {
      const result = await presign(context, jar, { type });
      expect(result.status).toBe(200);
      const { url, fields } = result.body.payload;
      expect(url).toBe("/api/file/upload");
      expect(fields.key).toMatch(new RegExp(`^uploads/${id}/[0-9a-f-]{36}\\.(gif|png|jpg|webp|avif)$`));
      expect(fields["Content-Type"]).toBe(type);
      const [row] = await database.db.select().from(uploads).where(eq(uploads.key, fields.key));
      expect(row).toMatchObject({ ownerId: id, status: "Pending", mimeType: type });
    }
  });

  it("is rate-limited per user (RATE_LIMIT_UPLOAD)", async () => {
    const limited = makeLoadContext(database.db, { ...LIMITS, RATE_LIMIT_UPLOAD: "2/3600", DATA_DIR: dataDir });
    const { jar } = await signedInUser();
    expect((await presign(limited, jar, { type: "image/png" })).status).toBe(200);
    expect((await presign(limited, jar, { type: "image/png" })).status).toBe(200);
    const third = await presign(limited, jar, { type: "image/png" });
    expect(third.status).toBe(429);
    expect(third.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another user has a counter of their own.
    const other = await signedInUser();
    expect((await presign(limited, other.jar, { type: "image/png" })).status).toBe(200);
  });
});

describe(`abandoned uploads (${testDatabaseEngine()})`, () => {
  it("removes Pending uploads older than a day, rows and files, and keeps the rest", async () => {
    const { jar } = await signedInUser();
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { fields } = (await presign(context, jar, { type: "image/png" })).body.payload;
      expect((await postLocal(fields, await png(40, 30))).status).toBe(204);
      keys.push(fields.key);
    }
    const [old, fresh, done] = keys;
    expect((await metadata(context, jar, { key: done, filename: "kept.png" })).status).toBe(200);
    const dayAgo = new Date(Date.now() - (ABANDONED_UPLOAD_HOURS + 1) * 3600_000);
    await database.db
      .update(uploads)
      .set({ createdAt: dayAgo })
      .where(inArray(uploads.key, [old, done]));

    expect(await pruneAbandonedUploads(context)).toBe(1);
    const left = await database.db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, keys));
    expect(left.map((row) => row.key).sort()).toEqual([fresh, done].sort());
    const storage = getStorage(context.env);
    expect(await storage.stat(old)).toBeNull();
    expect(await storage.stat(fresh)).not.toBeNull();
    expect(await storage.stat(done)).not.toBeNull();
  });
});

describe("the local-disk driver (POST /api/file/upload)", () => {
  it("stores a valid upload, and the metadata step measures it: real size and dimensions", async () => {
    const { jar, id } = await signedInUser();
    const bytes = await png(300, 200);
    const signed = await presign(context, jar, { type: "image/png" });
    const posted = await postLocal(signed.body.payload.fields, bytes);
    expect(posted.status).toBe(204);

    const key = signed.body.payload.fields.key;
    const meta = await metadata(context, jar, { key, filename: "../../My photo.png", size: 1 });
    expect(meta.status).toBe(200);
    expect(meta.body.payload).toEqual({
      key,
      url: `/img?src=${encodeURIComponent(key)}&w=320&q=75`,
      size: bytes.length,
      filename: "My photo.png",
      mimeType: "image/png",
      width: 300,
      height: 200,
    });
    const [row] = await database.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({
      ownerId: id,
      status: "Complete",
      size: bytes.length,
      width: 300,
      height: 200,
      filename: "My photo.png",
    });
  });

  it("rejects a forged signature or a tampered policy (403, S3-style XML)", async () => {
    const { jar } = await signedInUser();
    const { fields } = (await presign(context, jar, { type: "image/png" })).body.payload;
    const forged = await postLocal({ ...fields, signature: "A".repeat(fields.signature.length) }, await png(10, 10));
    expect(forged.status).toBe(403);
    expect(forged.headers.get("Content-Type")).toBe("application/xml");
    expect(forged.text).toContain("<Code>SignatureDoesNotMatch</Code>");
    expect(xmlErrorMessage(forged.text)).toBe("The upload could not be verified. Please try again.");

    const policy = JSON.parse(Buffer.from(fields.policy, "base64url").toString());
    const widened = Buffer.from(JSON.stringify({ ...policy, maxBytes: 50_000_000 })).toString("base64url");
    expect((await postLocal({ ...fields, policy: widened }, await png(10, 10))).status).toBe(403);
    const unsigned = await postLocal({ key: fields.key, "Content-Type": "image/png" }, await png(10, 10));
    expect(unsigned.status).toBe(403);
  });

  it("rejects an expired policy", async () => {
    const { id } = await signedInUser();
    const key = `uploads/${id}/00000000-0000-4000-8000-000000000001.png`;
    const fields = localPolicyFields(
      { key, contentType: "image/png", minBytes: 1, maxBytes: 5_000_000, expiresAt: Date.now() - 1000 },
      context.env.SESSION_SECRET,
    );
    const result = await postLocal(fields, await png(10, 10));
    expect(result.status).toBe(403);
    expect(xmlErrorMessage(result.text)).toBe("The upload link has expired. Please try again.");
  });

  it("rejects an oversized file while streaming, and an empty one", async () => {
    const { jar } = await signedInUser();
    const { fields } = (await presign(context, jar, { type: "image/png" })).body.payload;
    const big = Buffer.alloc(5_000_001);
    (await png(10, 10)).copy(big);
    const tooBig = await postLocal(fields, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.text).toContain("<Code>EntityTooLarge</Code>");
    expect(xmlErrorMessage(tooBig.text)).toBe("File is larger than 5000000 bytes");

    const empty = await postLocal(fields, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("<Code>EntityTooSmall</Code>");
    expect(xmlErrorMessage(empty.text)).toBe("File is smaller than 1 bytes");
    // Neither left anything behind: the key is still free for the real file.
    expect((await postLocal(fields, await png(10, 10))).status).toBe(204);
  });

  it("rejects the wrong type: another Content-Type than signed, or bytes that are not that image", async () => {
    const { jar } = await signedInUser();
    const { fields } = (await presign(context, jar, { type: "image/png" })).body.payload;
    const otherType = await postLocal({ ...fields, "Content-Type": "image/gif" }, await png(10, 10));
    expect(otherType.status).toBe(403);
    expect(xmlErrorMessage(otherType.text)).toBe(UPLOAD_TYPE_MESSAGE);
    const notPng = await postLocal(fields, Buffer.from("<html><script>alert(1)</script></html>"), "image/png");
    expect(notPng.status).toBe(400);
    expect(xmlErrorMessage(notPng.text)).toBe(UPLOAD_TYPE_MESSAGE);
  });

  it("rejects another key than the signed one, and a second upload to a used key", async () => {
    const { jar, id } = await signedInUser();
    const { fields } = (await presign(context, jar, { type: "image/png" })).body.payload;
    const elsewhere = await postLocal(
      { ...fields, key: `uploads/${id}/00000000-0000-4000-8000-000000000002.png` },
      await png(10, 10),
    );
    expect(elsewhere.status).toBe(403);
    expect(xmlErrorMessage(elsewhere.text)).toBe("The file name does not match the upload link.");
    expect((await postLocal(fields, await png(10, 10))).status).toBe(204);
    expect((await postLocal(fields, await png(20, 20))).status).toBe(403);
  });

  it("refuses a body that is not multipart, and a form without a file", async () => {
    const request = new Request("http://localhost/api/file/upload", {
      method: "POST",
      body: "hello",
      headers: { "Content-Type": "text/plain" },
    });
    const response = (await uploadRoute.action({ request, params: {}, context })) as Response;
    expect(response.status).toBe(400);
    const { jar } = await signedInUser();
    const { fields } = (await presign(context, jar, { type: "image/png" })).body.payload;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields as Record<string, string>)) form.append(name, value);
    const noFile = (await uploadRoute.action({
      request: new Request("http://localhost/api/file/upload", { method: "POST", body: form }),
      params: {},
      context,
    })) as Response;
    expect(noFile.status).toBe(400);
    expect(await noFile.text()).toContain("<Code>InvalidArgument</Code>");

    const truncated = new Request("http://localhost/api/file/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
      body: `--XyZ\r\nContent-Disposition: form-data; name="key"\r\n\r\nuploads/x-and-the-body-ends-here`,
    });
    const cut = (await uploadRoute.action({ request: truncated, params: {}, context })) as Response;
    expect(cut.status).toBe(400);
    expect(await cut.text()).toContain("<Code>MalformedPOSTRequest</Code>");
  });
});

describe("the 40 megapixel limit (completeUpload)", () => {
  it("keeps an image of exactly 40 Mpx and throws away one past it (422, file and row gone)", async () => {
    const { jar } = await signedInUser();
    // One colour compresses to about 130 kB: far under the 5 MB limit, so only the pixels count.
    const atLimit = (await presign(context, jar, { type: "image/png" })).body.payload.fields;
    expect((await postLocal(atLimit, await png(8000, 5000))).status).toBe(204);
    const kept = await metadata(context, jar, { key: atLimit.key, filename: "wide.png" });
    expect(kept.status).toBe(200);
    expect(kept.body.payload).toMatchObject({ width: 8000, height: 5000 });

    const over = (await presign(context, jar, { type: "image/png" })).body.payload.fields;
    expect((await postLocal(over, await png(7000, 6000))).status).toBe(204);
    expect(existsSync(path.join(dataDir, over.key))).toBe(true);
    const refused = await metadata(context, jar, { key: over.key, filename: "bomb.png" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ statusCode: 422, errors: { type: [UPLOAD_TYPE_MESSAGE] } });
    expect(existsSync(path.join(dataDir, over.key))).toBe(false);
    expect(await database.db.select().from(uploads).where(eq(uploads.key, over.key))).toHaveLength(0);
    expect(await getStorage(context.env).read(over.key, 5_000_000)).toBeNull();
  });
});

describe("POST /api/file/metadata", () => {
  it("is for the upload's owner only, and only once the file is there", async () => {
    const owner = await signedInUser();
    const { fields } = (await presign(context, owner.jar, { type: "image/png" })).body.payload;
    const early = await metadata(context, owner.jar, { key: fields.key, filename: "a.png" });
    expect(early.status).toBe(422);
    expect(early.body.errors.key).toEqual(["The file has not been uploaded yet."]);
    await postLocal(fields, await png(40, 30));
    const stranger = await signedInUser();
    expect((await metadata(context, stranger.jar, { key: fields.key, filename: "a.png" })).status).toBe(404);
    expect((await metadata(context, owner.jar, { key: "uploads/nope", filename: "a.png" })).status).toBe(404);
    expect((await metadata(context, owner.jar, {})).status).toBe(422);
    const done = await metadata(context, owner.jar, { key: fields.key });
    expect(done.body.payload).toMatchObject({ width: 40, height: 30, filename: "upload" });
  });
});

describe("the S3 driver (minio against a local s3rver)", () => {
  it("signs a policy pinning the bucket, exact key, content type, size range and expiry", async () => {
    const { jar, id } = await signedInUser();
    const before = Date.now();
    const result = await presign(s3Context, jar, { type: "image/webp" });
    expect(result.status).toBe(200);
    const { url, fields } = result.body.payload;
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(Object.keys(fields)[0]).toBe("key");
    expect(fields.key).toMatch(new RegExp(`^uploads/${id}/[0-9a-f-]{36}\\.webp$`));
    expect(fields).toMatchObject({
      "Content-Type": "image/webp",
      bucket: s3.bucket,
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
    });
    expect(fields["x-amz-signature"]).toMatch(/^[0-9a-f]{64}$/);

    const policy = JSON.parse(Buffer.from(fields.policy, "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[][];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["eq", "$bucket", s3.bucket],
        ["eq", "$key", fields.key],
        ["eq", "$Content-Type", "image/webp"],
        ["content-length-range", 1, 5_000_000],
        ["eq", "$x-amz-credential", fields["x-amz-credential"]],
      ]),
    );
    expect(policy.conditions.some((condition) => condition[0] === "starts-with")).toBe(false);
    const expires = Date.parse(policy.expiration);
    expect(expires).toBeGreaterThan(before + 9 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
  });

  it("takes the browser's POST with minio's own fields, then measures the object", async () => {
    const { jar } = await signedInUser();
    const { url, fields } = (await presign(s3Context, jar, { type: "image/png" })).body.payload;
    const bytes = await png(64, 48);
    const response = await fetch(url, { method: "POST", body: uploadForm(fields, bytes) });
    expect(response.status).toBe(204);
    const meta = await metadata(s3Context, jar, { key: fields.key, filename: "s3.png" });
    expect(meta.status).toBe(200);
    expect(meta.body.payload).toMatchObject({
      key: fields.key,
      size: bytes.length,
      mimeType: "image/png",
      width: 64,
      height: 48,
    });
  });

  it("throws away an object over 5,000,000 bytes (s3rver does not enforce the policy), with errors.file", async () => {
    const { jar } = await signedInUser();
    const { url, fields } = (await presign(s3Context, jar, { type: "image/png" })).body.payload;
    expect((await fetch(url, { method: "POST", body: uploadForm(fields, Buffer.alloc(5_000_001, 1)) })).status).toBe(
      204,
    );
    const meta = await metadata(s3Context, jar, { key: fields.key, filename: "huge.png" });
    expect(meta.status).toBe(422);
    expect(meta.body.errors.file).toEqual(["File is larger than 5000000 bytes"]);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${fields.key}`)).status).toBe(404);
  });

  it("throws away what is not an image (the bucket cannot look inside), with errors.type", async () => {
    const { jar } = await signedInUser();
    const { url, fields } = (await presign(s3Context, jar, { type: "image/png" })).body.payload;
    expect(
      (await fetch(url, { method: "POST", body: uploadForm(fields, Buffer.from("not an image at all")) })).status,
    ).toBe(204);
    const meta = await metadata(s3Context, jar, { key: fields.key, filename: "x.png" });
    expect(meta.status).toBe(422);
    expect(meta.body.errors.type).toEqual([UPLOAD_TYPE_MESSAGE]);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${fields.key}`)).status).toBe(404);
  });
});
