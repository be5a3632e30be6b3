import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { imageSources, imageUrl } from "~/modules/image-url";
import * as metadataRoute from "~/routes/api.file.metadata";
import * as presignRoute from "~/routes/api.file.presign";
import * as uploadRoute from "~/routes/api.file.upload";
import * as usersRoute from "~/routes/api.users";
import * as imgRoute from "~/routes/img";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { startLocalS3, type LocalS3 } from "../support/s3-server";

let database: TestDatabase;
let dataDir: string;
let context: AppLoadContext;
let jar: CookieJar;
let userId: string;
/** A 1200×800 PNG uploaded through the real flow. */
let photoKey: string;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

async function uploadPng(ctx: AppLoadContext, bytes: Buffer): Promise<string> {
  const signed = await callRoute(presignRoute, ctx, {
    method: "POST",
    path: "/api/file/presign",
    body: { type: "image/png" },
    jar,
  });
  const { url, fields } = signed.body.payload as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
  const response = url.startsWith("/")
    ? ((await uploadRoute.action({
        request: new Request(`http://localhost${url}`, { method: "POST", body: form }),
        params: {},
        context: ctx,
      })) as Response)
    : await fetch(url, { method: "POST", body: form });
  expect(response.status).toBe(204);
  const meta = await callRoute(metadataRoute, ctx, {
    method: "POST",
    path: "/api/file/metadata",
    body: { key: fields.key, filename: "photo.png" },
    jar,
  });
  expect(meta.status).toBe(200);
  return fields.key;
}

async function getImage(query: string | Record<string, string>, headers: Record<string, string> = {}, ctx = context) {
  const search = typeof query === "string" ? query : `?${new URLSearchParams(query)}`;
  const request = new Request(`http://localhost/img${search}`, { headers });
  const response = await imgRoute.loader({ request, params: {}, context: ctx });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-img-"));
  context = makeLoadContext(database.db, {
    RATE_LIMIT_SIGN_UP: "1000/60",
    RATE_LIMIT_UPLOAD: "1000/60",
    DATA_DIR: dataDir,
  });
  jar = new CookieJar();
  const user = {
    email: "photographer@example.com",
    fullName: "Photo Grapher",
    password: "correct horse 42",
    passwordConfirmation: "correct horse 42",
  };
  const signedUp = await callRoute(usersRoute, context, { method: "POST", path: "/api/users", body: { user }, jar });
  userId = signedUp.body.payload.user.id;
  await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId));
  photoKey = await uploadPng(context, await png(1200, 800));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`GET /img (${testDatabaseEngine()})`, () => {
  it("resizes an uploaded PNG to a listed width; PNG stays PNG for a browser that takes neither webp nor avif", async () => {
    const result = await getImage({ src: photoKey, w: "320", q: "75" }, { Accept: "image/png,image/*;q=0.8" });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("image/png");
    expect(result.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(result.headers.get("Vary")).toBe("Accept");
    expect(result.headers.get("ETag")).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await sharp(result.body).metadata();
    expect(meta).toMatchObject({ format: "png", width: 320, height: 213 });
  });

  it("serves webp for Accept: image/webp and avif when avif is accepted (avif first)", async () => {
    const webp = await getImage({ src: photoKey, w: "480", q: "60" }, { Accept: "image/webp,*/*" });
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: "webp", width: 480 });
    const avif = await getImage({ src: photoKey, w: "480", q: "60" }, { Accept: "image/avif,image/webp,*/*" });
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    expect(await sharp(avif.body).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 480 });
    const refused = await getImage({ src: photoKey, w: "480", q: "60" }, { Accept: "image/avif;q=0,image/webp" });
    expect(refused.headers.get("Content-Type")).toBe("image/webp");
    expect(webp.headers.get("ETag")).not.toBe(avif.headers.get("ETag"));
  });

  it("never enlarges", async () => {
    const result = await getImage({ src: photoKey, w: "1920", q: "75" }, { Accept: "image/webp" });
    expect(await sharp(result.body).metadata()).toMatchObject({ width: 1200, height: 800 });
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await getImage({ src: photoKey, w: "256", q: "75" }, { Accept: "image/webp" });
    const etag = first.headers.get("ETag")!;
    const again = await getImage({ src: photoKey, w: "256", q: "75" }, { Accept: "image/webp", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.get("ETag")).toBe(etag);
    const other = await getImage(
      { src: photoKey, w: "256", q: "75" },
      { Accept: "image/webp", "If-None-Match": '"something-else"' },
    );
    expect(other.status).toBe(200);
  });

  it("serves the variant from the disk cache the second time", async () => {
    const query = { src: photoKey, w: "640", q: "80" };
    const first = await getImage(query, { Accept: "image/webp" });
    expect(first.headers.get("X-Image-Cache")).toBe("miss");
    const cacheRoot = path.join(dataDir, "image-cache");
    const files = readdirSync(cacheRoot, { recursive: true }).map(String);
    expect(files.some((file) => file.includes(path.sep) && !file.endsWith(".tmp"))).toBe(true);
    // The source is gone, yet the variant is still served: it came from the cache.
    rmSync(path.join(dataDir, photoKey));
    const second = await getImage(query, { Accept: "image/webp" });
    expect(second.headers.get("X-Image-Cache")).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect((await getImage({ src: photoKey, w: "128", q: "80" }, { Accept: "image/webp" })).status).toBe(404);
  });

  it("rejects widths off the list and qualities out of bounds (400)", async () => {
    const key = await uploadPng(context, await png(50, 50));
    for (const query of [
      { src: key, w: "300", q: "75" },
      { src: key, w: "0", q: "75" },
      { src: key, w: "abc", q: "75" },
      { src: key, w: "320", q: "29" },
      { src: key, w: "320", q: "91" },
      { src: key, w: "320", q: "7.5" },
      { src: key, w: "320" },
      { w: "320", q: "75" },
    ]) {
      expect((await getImage(query as Record<string, string>)).status, JSON.stringify(query)).toBe(400);
    }
    expect((await getImage({ src: key, w: "320", q: "30" })).status).toBe(200);
    expect((await getImage({ src: key, w: "320", q: "90" })).status).toBe(200);
  });

  it("answers 415 for a stored object that is not an image, never a 500", async () => {
    const key = `uploads/${userId}/00000000-0000-4000-8000-00000000abcd.png`;
    mkdirSync(path.join(dataDir, "uploads", userId), { recursive: true });
    writeFileSync(path.join(dataDir, key), "<svg onload=alert(1)>not really</svg>");
    const result = await getImage({ src: key, w: "320", q: "75" }, { Accept: "image/webp" });
    expect(result.status).toBe(415);
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 413 for a stored image over 40 megapixels (a pixel bomb is never decoded), never a 500", async () => {
    // 7000 × 6000 = 42 Mpx of one colour: about 130 kB on disk. Stored straight into the driver,
    // as an object the upload check (completeUpload) has not seen yet.
    const key = `uploads/${userId}/00000000-0000-4000-8000-0000000040aa.png`;
    writeFileSync(path.join(dataDir, key), await png(7000, 6000));
    for (const accept of ["image/webp", "image/avif", "image/png"]) {
      const result = await getImage({ src: key, w: "320", q: "75" }, { Accept: accept });
      expect(result.status, accept).toBe(413);
      expect(result.body.toString()).toBe("The image has too many pixels.");
      expect(result.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("rejects foreign absolute URLs, odd paths and non-image files of the site (400)", async () => {
    for (const src of [
      "https://evil.example.com/cat.png",
      "http://169.254.169.254/latest/meta-data/x.png",
      "//evil.example.com/cat.png",
      "/../../etc/passwd.png",
      "/%2e%2e/secret.png",
      "/.env.png",
      "/favicon.ico",
      "/api/health",
      "file:///etc/passwd",
      "uploads/../../etc/passwd",
    ]) {
      expect((await getImage({ src, w: "64", q: "75" })).status, src).toBe(400);
    }
    expect((await getImage({ src: "/no-such-picture.png", w: "64", q: "75" })).status).toBe(404);
  });

  it("draws generated avatars and the site's own public images, also by APP_URL's absolute URL", async () => {
    const avatar = await getImage({ src: "/avatars/JordanHayes.svg", w: "96", q: "75" }, { Accept: "image/webp" });
    expect(avatar.status).toBe(200);
    expect(await sharp(avatar.body).metadata()).toMatchObject({ format: "webp", width: 96, height: 96 });
    // A vector is drawn at the requested size, not blown up from 128 px.
    const large = await getImage({ src: "/avatars/JordanHayes.svg", w: "256", q: "75" }, { Accept: "image/png" });
    expect(await sharp(large.body).metadata()).toMatchObject({ format: "png", width: 256 });
    const absolute = await getImage(
      { src: `${context.env.APP_URL}/avatars/JordanHayes.svg`, w: "96", q: "75" },
      { Accept: "image/webp" },
    );
    expect(absolute.body.equals(avatar.body)).toBe(true);
    const favicon = await getImage({ src: "/favicon.svg", w: "32", q: "75" });
    expect(favicon.status).toBe(200);
    expect(await sharp(favicon.body).metadata()).toMatchObject({ width: 32 });
  });

  it("uses the same URLs the pages build with imageUrl", async () => {
    const url = imageUrl(photoKey, 100);
    expect(url).toBe(`/img?src=${encodeURIComponent(photoKey)}&w=128&q=75`);
    // The 1x image is `src` alone: srcset names the 2x one only.
    expect(imageSources(photoKey, 100)).toEqual({
      src: url,
      srcSet: `/img?src=${encodeURIComponent(photoKey)}&w=256&q=75 2x`,
    });
  });
});

describe("GET /img with S3 storage", () => {
  let s3: LocalS3;
  let s3Context: AppLoadContext;
  beforeAll(async () => {
    s3 = await startLocalS3();
    s3Context = makeLoadContext(database.db, {
      RATE_LIMIT_UPLOAD: "1000/60",
      DATA_DIR: dataDir,
      ...s3.env,
      S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}`,
    });
  });
  afterAll(() => s3?.close());

  it("reads keys from the bucket and accepts the bucket's public URL for a key", async () => {
    const key = await uploadPng(s3Context, await png(400, 400));
    expect(existsSync(path.join(dataDir, key))).toBe(false);
    const byKey = await getImage({ src: key, w: "160", q: "75" }, { Accept: "image/webp" }, s3Context);
    expect(byKey.status).toBe(200);
    expect(await sharp(byKey.body).metadata()).toMatchObject({ format: "webp", width: 160 });
    const byUrl = await getImage(
      { src: `${s3.endpoint}/${s3.bucket}/${key}`, w: "160", q: "75" },
      { Accept: "image/webp" },
      s3Context,
    );
    expect(byUrl.status).toBe(200);
    expect(byUrl.headers.get("ETag")).toBe(byKey.headers.get("ETag"));
    // Other paths on the storage host are still foreign.
    expect(
      (await getImage({ src: `${s3.endpoint}/other-bucket/${key}`, w: "160", q: "75" }, {}, s3Context)).status,
    ).toBe(400);
  });
});
