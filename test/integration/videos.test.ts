import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads, users } from "~/db/schema";
import { toPostDTO, type PostRecord } from "~/modules/posts/post-serializer.server";
import { mediaPath, verifyMediaAddress, withMediaAddresses } from "~/modules/uploads/media-url.server";
import { parseRange } from "~/modules/uploads/media-serve.server";
import { getStorage } from "~/modules/uploads/storage.server";
import { xmlErrorMessage } from "~/components/uploads/upload-client";
import { UPLOAD_TYPE_MESSAGE } from "~/modules/uploads/upload-types";
import { videoTypeOf } from "~/modules/uploads/uploads.server";
import * as metadataRoute from "~/routes/api.file.metadata";
import * as presignRoute from "~/routes/api.file.presign";
import * as uploadRoute from "~/routes/api.file.upload";
import * as usersRoute from "~/routes/api.users";
import * as mediaRoute from "~/routes/media.$";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { startLocalS3, type LocalS3 } from "../support/s3-server";

/**
 * Videos in posts: presigned like images (type from the bytes, a configured size cap), streamed
 * back by range from /media only at addresses the post serializer signed for a reader.
 */

let database: TestDatabase;
let dataDir: string;
let context: AppLoadContext;
let s3: LocalS3;
let s3Context: AppLoadContext;

const SETTINGS = { RATE_LIMIT_SIGN_UP: "1000/60", RATE_LIMIT_UPLOAD: "1000/60", MAX_VIDEO_BYTES: "50000" };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-videos-"));
  context = makeLoadContext(database.db, { ...SETTINGS, DATA_DIR: dataDir });
  s3 = await startLocalS3();
  s3Context = makeLoadContext(database.db, { ...SETTINGS, DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An ISO media file's head (`ftyp isom`) and numbered filler, so ranges can be told apart. */
function mp4(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from([0, 0, 0, 0x18]).copy(bytes, 0);
  Buffer.from("ftypisom", "latin1").copy(bytes, 4);
  for (let i = 12; i < size; i += 1) bytes[i] = i % 251;
  return bytes;
}

/** A WebM's EBML header (DocType "webm") and filler. */
function webm(size: number): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
    0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([header, Buffer.alloc(size - header.length, 3)]);
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

let counter = 0;
async function expert() {
  counter += 1;
  const jar = new CookieJar();
  const email = `video${counter}@example.com`;
  const user = {
    email,
    fullName: `Vid Eo${counter}`,
    password: "correct horse 42",
    passwordConfirmation: "correct horse 42",
  };
  const result = await callRoute(usersRoute, context, { method: "POST", path: "/api/users", body: { user }, jar });
  expect(result.status).toBe(201);
  await database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  return jar;
}

function uploadForm(fields: Record<string, string>, file: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(file)], { type }), "clip");
  return form;
}

async function upload(ctx: AppLoadContext, jar: CookieJar, type: string, bytes: Buffer) {
  const presigned = await callRoute(presignRoute, ctx, {
    method: "POST",
    path: "/api/file/presign",
    body: { type, size: bytes.length },
    jar,
  });
  expect(presigned.status).toBe(200);
  const { url, fields } = presigned.body.payload as { url: string; fields: Record<string, string> & { key: string } };
  const stored = url.startsWith("/")
    ? ((await uploadRoute.action({
        request: new Request(`http://localhost${url}`, { method: "POST", body: uploadForm(fields, bytes, type) }),
        params: {},
        context: ctx,
      })) as Response)
    : await fetch(url, { method: "POST", body: uploadForm(fields, bytes, type) });
  const meta = await callRoute(metadataRoute, ctx, {
    method: "POST",
    path: "/api/file/metadata",
    body: { key: fields.key, filename: "clip.mp4" },
    jar,
  });
  return { key: fields.key, storedStatus: stored.status, storedText: await stored.text(), meta };
}

async function getMedia(ctx: AppLoadContext, address: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${address}`, { headers });
  const key = new URL(request.url).pathname.slice("/media/".length);
  const response = (await mediaRoute.loader({ request, params: { "*": key }, context: ctx })) as Response;
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe(`videos (${testDatabaseEngine()})`, () => {
  it("reads a video's type from its first bytes, never from its name", async () => {
    expect(videoTypeOf(mp4(64))).toBe("video/mp4");
    expect(videoTypeOf(webm(64))).toBe("video/webm");
    expect(videoTypeOf(await png())).toBeNull();
    // An AVIF is an ISO media file too, but a still image.
    const avif = mp4(64);
    Buffer.from("avif", "latin1").copy(avif, 8);
    expect(videoTypeOf(avif)).toBeNull();
    expect(videoTypeOf(Buffer.from("<html>not a video</html>"))).toBeNull();
  });

  for (const driver of ["disk", "S3"] as const) {
    it(`on ${driver}: an mp4 and a webm upload, and play back whole and by range`, async () => {
      const ctx = driver === "disk" ? context : s3Context;
      const jar = await expert();
      for (const [type, bytes] of [
        ["video/mp4", mp4(30_000)],
        ["video/webm", webm(20_000)],
      ] as const) {
        const { key, storedStatus, meta } = await upload(ctx, jar, type, bytes);
        expect(storedStatus).toBe(204);
        expect(meta.status).toBe(200);
        expect(meta.body.payload).toMatchObject({ key, mimeType: type, size: bytes.length, width: null });
        expect(key).toMatch(type === "video/mp4" ? /\.mp4$/ : /\.webm$/);
        const [row] = await database.db.select().from(uploads).where(eq(uploads.key, key));
        expect(row).toMatchObject({ status: "Complete", mimeType: type, size: bytes.length });

        const address = meta.body.payload.url as string;
        expect(address).toMatch(new RegExp(`^/media/${key}\\?expires=\\d+&signature=`));
        const whole = await getMedia(ctx, address);
        expect(whole.response.status).toBe(200);
        expect(whole.response.headers.get("Content-Type")).toBe(type);
        expect(whole.response.headers.get("Accept-Ranges")).toBe("bytes");
        expect(whole.bytes.equals(bytes)).toBe(true);

        const part = await getMedia(ctx, address, { Range: "bytes=1000-1999" });
        expect(part.response.status).toBe(206);
        expect(part.response.headers.get("Content-Range")).toBe(`bytes 1000-1999/${bytes.length}`);
        expect(part.response.headers.get("Content-Length")).toBe("1000");
        expect(part.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);

        const tail = await getMedia(ctx, address, { Range: "bytes=-10" });
        expect(tail.response.status).toBe(206);
        expect(tail.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);

        const beyond = await getMedia(ctx, address, { Range: `bytes=${bytes.length}-` });
        expect(beyond.response.status).toBe(416);
        expect(beyond.response.headers.get("Content-Range")).toBe(`bytes */${bytes.length}`);
      }
    });
  }

  it("on disk: a disguised file (a PNG presigned as mp4) and one over the configured cap are refused", async () => {
    const jar = await expert();
    const disguised = await upload(context, jar, "video/mp4", await png());
    expect(disguised.storedStatus).toBe(400);
    expect(xmlErrorMessage(disguised.storedText)).toBe(UPLOAD_TYPE_MESSAGE);
    expect(disguised.meta.status).toBe(422);

    // Asked for with its size: refused before a byte is sent.
    const early = await callRoute(presignRoute, context, {
      method: "POST",
      path: "/api/file/presign",
      body: { type: "video/mp4", size: 50_001 },
      jar,
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ file: ["File is larger than 50000 bytes"] });
    // Sent anyway, past the signed cap: the storage cuts it off.
    const { fields } = (
      await callRoute(presignRoute, context, {
        method: "POST",
        path: "/api/file/presign",
        body: { type: "video/mp4" },
        jar,
      })
    ).body.payload;
    const response = (await uploadRoute.action({
      request: new Request("http://localhost/api/file/upload", {
        method: "POST",
        body: uploadForm(fields, mp4(60_000), "video/mp4"),
      }),
      params: {},
      context,
    })) as Response;
    expect(response.status).toBe(400);
    expect(xmlErrorMessage(await response.text())).toBe("File is larger than 50000 bytes");
  });

  it("on S3 (which takes any bytes): a disguised file or a webm presigned as mp4 is refused when recorded, and removed", async () => {
    const jar = await expert();
    for (const bytes of [await png(), webm(5_000), Buffer.from("<script>alert(1)</script>".repeat(40))]) {
      const { key, storedStatus, meta } = await upload(s3Context, jar, "video/mp4", bytes);
      expect(storedStatus).toBeLessThan(300);
      expect(meta.status).toBe(422);
      expect(meta.body.errors).toEqual({ type: [UPLOAD_TYPE_MESSAGE] });
      expect(await getStorage(s3Context.env).stat(key)).toBeNull();
      expect(await database.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    }
  });

  it("answers only addresses it signed, and only until they expire", async () => {
    const jar = await expert();
    const { key, meta } = await upload(context, jar, "video/mp4", mp4(2_000));
    const address = new URL(`http://localhost${meta.body.payload.url as string}`);
    const expires = address.searchParams.get("expires")!;
    const signature = address.searchParams.get("signature")!;
    expect(verifyMediaAddress(key, expires, signature)).toBe(true);

    const forged = [
      `/media/${key}`,
      `/media/${key}?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
      `/media/${key}?expires=${Number(expires) + 3600}&signature=${signature}`,
      mediaPath(key, Date.now() - 24 * 3600_000),
      // Another key under the same signature.
      `/media/${key.replace(/([0-9a-f])(?=\.mp4$)/, (digit) => (digit === "0" ? "1" : "0"))}?expires=${expires}&signature=${signature}`,
    ];
    for (const forgedAddress of forged) {
      const { response } = await getMedia(context, forgedAddress);
      expect(response.status, forgedAddress).toBe(403);
    }
    // An image key is never served here, signed or not.
    expect(verifyMediaAddress(key.replace(/\.mp4$/, ".png"), expires, signature)).toBe(false);
  });

  it("parses one byte range, and sends the whole file for anything else", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual([0, 99]);
    expect(parseRange("bytes=900-", 1000)).toEqual([900, 999]);
    expect(parseRange("bytes=900-5000", 1000)).toEqual([900, 999]);
    expect(parseRange("bytes=-100", 1000)).toEqual([900, 999]);
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-1", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
    expect(parseRange(null, 1000)).toBeNull();
  });

  it("the serializer signs a video's address only for a reader of the body, and never trusts a stored src", () => {
    const key = "uploads/11111111-2222-4333-8444-555555555555/66666666-7777-4888-8999-aaaaaaaaaaaa.mp4";
    const poster = "uploads/11111111-2222-4333-8444-555555555555/66666666-7777-4888-8999-bbbbbbbbbbbb.jpg";
    const body = [
      { type: "paragraph", children: [{ text: "Watch the line move." }] },
      { type: "video", key, poster, src: "https://evil.example/x.mp4", children: [{ text: "" }] },
      { type: "video", key: "uploads/../../etc/passwd", children: [{ text: "" }] },
      { type: "video", key: poster, children: [{ text: "" }] },
    ];
    const signed = withMediaAddresses(body) as Record<string, unknown>[];
    expect(signed).toHaveLength(2);
    expect(signed[1]).toMatchObject({ type: "video", key, poster });
    const src = new URL(`http://localhost${signed[1].src as string}`);
    expect(src.pathname).toBe(`/media/${key}`);
    expect(verifyMediaAddress(key, src.searchParams.get("expires"), src.searchParams.get("signature"))).toBe(true);

    const record = {
      id: "p1",
      postType: "Pick",
      title: "Paid",
      body,
      preview: [{ type: "paragraph", children: [{ text: "Watch the line move." }] }],
      previewText: "Watch the line move.",
      visibility: "Subscribers",
      status: "Published",
      publishDate: new Date(),
      postedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
      categoryId: 1,
      category: { id: 1, name: "NBA" },
      event: null,
      modalities: [],
      author: { id: "a", userName: "x", firstName: "X", lastName: "Y", avatar: "" },
    } as unknown as PostRecord;
    const locked = toPostDTO(record, {
      canReadBody: false,
      canReadPreview: true,
      isNotifyRequested: false,
      isLiked: false,
    });
    expect(locked.body).toBeNull();
    expect(JSON.stringify(locked)).not.toContain(key);
    expect(JSON.stringify(locked)).not.toContain("/media/");
    const open = toPostDTO(record, {
      canReadBody: true,
      canReadPreview: true,
      isNotifyRequested: false,
      isLiked: false,
    });
    expect(JSON.stringify(open.body)).toContain(`/media/${key}?expires=`);
    expect(JSON.stringify(open.body)).not.toContain("evil.example");
  });
});
