/**
 * Local-disk storage under `$DATA_DIR/uploads` (the default, no S3 needed). The browser uses the
 * same presigned-POST flow as with S3: it POSTs the signed fields and then the file to our own
 * `/api/file/upload`, and this module enforces the policy S3 would: the signature (HMAC-SHA256
 * with SESSION_SECRET), the expiry, the exact key, the content type and the size range, while
 * streaming, so a too-large body is cut off at the limit, never buffered. Refusals answer an
 * S3-style XML error (`<Error><Code/><Message/></Error>`), whose Message the browser shows.
 */
import { unstable_parseMultipartFormData as parseMultipartFormData } from "@remix-run/node";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, open, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/config/env.server";
import { isUploadKey, ObjectTooLargeError, type PresignInput, type Storage } from "./storage-types.server";
import { MAX_UPLOAD_BYTES, UPLOAD_TYPE_MESSAGE } from "./upload-types";

/** Our route that receives the local driver's uploads (app/routes/api.file.upload.ts). */
export const LOCAL_UPLOAD_PATH = "/api/file/upload";

/** What the signed `policy` field carries. */
export interface LocalUploadPolicy {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const SIGNATURE_CONTEXT = "sharpside:upload-policy:v1:";

export function signPolicy(encodedPolicy: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(SIGNATURE_CONTEXT + encodedPolicy)
    .digest("base64url");
}

/** The form fields the browser POSTs before the file. */
export function localPolicyFields(policy: LocalUploadPolicy, secret: string): Record<string, string> & { key: string } {
  const encoded = Buffer.from(JSON.stringify(policy)).toString("base64url");
  return {
    key: policy.key,
    "Content-Type": policy.contentType,
    policy: encoded,
    signature: signPolicy(encoded, secret),
  };
}

export function localUploadRoot(env: Pick<Env, "DATA_DIR">): string {
  return path.resolve(env.DATA_DIR, "uploads");
}

/** `uploads/<userId>/<file>` lives at `$DATA_DIR/uploads/<userId>/<file>`; only our own key shape. */
function fileOf(root: string, key: string): string {
  if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
  return path.join(root, key.slice("uploads/".length));
}

export function createLocalStorage(env: Env): Storage {
  const root = localUploadRoot(env);
  return {
    kind: "local",
    publicBaseUrl: null,
    uploadOrigin: null,

    async presignPost({ key, contentType, minBytes, maxBytes, expiresAt }: PresignInput) {
      const fields = localPolicyFields(
        { key, contentType, minBytes, maxBytes, expiresAt: expiresAt.getTime() },
        env.SESSION_SECRET,
      );
      return { url: LOCAL_UPLOAD_PATH, fields };
    },

    async stat(key) {
      if (!isUploadKey(key)) return null;
      try {
        const info = await stat(fileOf(root, key));
        return { size: info.size, contentType: null };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async read(key, maxBytes) {
      if (!isUploadKey(key)) return null;
      const file = fileOf(root, key);
      try {
        const info = await stat(file);
        if (info.size > maxBytes) throw new ObjectTooLargeError();
        return await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async readHead(key, length) {
      if (!isUploadKey(key)) return null;
      let handle;
      try {
        handle = await open(fileOf(root, key), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      try {
        const head = Buffer.alloc(length);
        const { bytesRead } = await handle.read(head, 0, length, 0);
        return head.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async stream(key, start, end) {
      if (!isUploadKey(key)) return null;
      const file = fileOf(root, key);
      // Opened before answering, so a missing file is a 404 rather than a broken stream.
      const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return handle ? handle.createReadStream({ start, end }) : null;
    },

    async remove(key) {
      if (!isUploadKey(key)) return;
      await rm(fileOf(root, key), { force: true });
    },

    async put(key, body) {
      const file = fileOf(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Receiving a browser's POST
// ---------------------------------------------------------------------------------------------

/** A refusal in S3's words: `<Error><Code/><Message/></Error>`. */
export class StorageRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "StorageRefusal";
  }
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function xmlErrorResponse(status: number, code: string, message: string): Response {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>`;
  return new Response(body, { status, headers: { "Content-Type": "application/xml", "Cache-Control": "no-store" } });
}

const MESSAGES = {
  malformed: "The body of your POST request is not well-formed multipart/form-data.",
  oneFile: "POST requires exactly one file upload per request.",
  signature: "The upload could not be verified. Please try again.",
  expired: "The upload link has expired. Please try again.",
  key: "The file name does not match the upload link.",
  tooLarge: (max: number) => `File is larger than ${max} bytes`,
  tooSmall: (min: number) => `File is smaller than ${min} bytes`,
};

/** Everything but the file: small text fields. */
const MAX_FIELD_BYTES = 4096;
const MAX_FIELDS = 20;
/** Room for the multipart framing and the fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Checks the signed fields before any file byte is written; answers the verified policy. */
export function verifyPolicyFields(fields: Map<string, string>, secret: string, now = Date.now()): LocalUploadPolicy {
  const encoded = fields.get("policy");
  const signature = fields.get("signature");
  if (!encoded || !signature) throw new StorageRefusal(403, "AccessDenied", MESSAGES.signature);
  const expected = Buffer.from(signPolicy(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new StorageRefusal(403, "SignatureDoesNotMatch", MESSAGES.signature);
  }
  let policy: LocalUploadPolicy;
  try {
    policy = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as LocalUploadPolicy;
  } catch {
    throw new StorageRefusal(403, "SignatureDoesNotMatch", MESSAGES.signature);
  }
  if (!(policy.expiresAt > now)) throw new StorageRefusal(403, "AccessDenied", MESSAGES.expired);
  if (fields.get("key") !== policy.key || !isUploadKey(policy.key))
    throw new StorageRefusal(403, "AccessDenied", MESSAGES.key);
  if ((fields.get("Content-Type") ?? fields.get("content-type")) !== policy.contentType) {
    throw new StorageRefusal(403, "AccessDenied", UPLOAD_TYPE_MESSAGE);
  }
  return policy;
}

export const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** ISO media brands of still images (AVIF, HEIF): an `ftyp` with one of them is no video. */
export function isImageBrand(brand: string): boolean {
  return ["avif", "avis", "mif1", "msf1", "heic", "heix", "heim", "heis"].includes(brand);
}

/** The leading bytes of each image type we accept (so a renamed text file is refused at once). */
export function looksLike(contentType: string, head: Uint8Array): boolean {
  const bytes = Buffer.from(head);
  const ascii = (start: number, text: string) => bytes.subarray(start, start + text.length).toString("latin1") === text;
  switch (contentType) {
    case "image/png":
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "image/jpeg":
    case "image/pjpeg":
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case "image/gif":
      return ascii(0, "GIF87a") || ascii(0, "GIF89a");
    case "image/webp":
      return ascii(0, "RIFF") && ascii(8, "WEBP");
    case "image/avif":
      return ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis") || ascii(8, "mif1") || ascii(8, "msf1"));
    case "video/mp4":
      return ascii(4, "ftyp") && !isImageBrand(bytes.subarray(8, 12).toString("latin1"));
    case "video/webm":
      // The EBML header; its DocType ("webm") is checked when the upload is recorded.
      return bytes.subarray(0, 4).equals(EBML_MAGIC);
    default:
      return false;
  }
}

/**
 * Receives one browser POST for the local driver: the signed fields, then the file, written to
 * a temporary file while counting bytes and moved into place only when every check passed. An
 * object, once stored, is never replaced (its key names one upload). Answers 204 like S3.
 */
export async function receiveLocalUpload(request: Request, env: Env): Promise<Response> {
  const root = localUploadRoot(env);
  // The largest file any policy allows (a video's); each policy's own cap is checked as it streams.
  const largest = Math.max(MAX_UPLOAD_BYTES, env.MAX_VIDEO_BYTES);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > largest + MULTIPART_OVERHEAD_BYTES) {
    return xmlErrorResponse(400, "EntityTooLarge", MESSAGES.tooLarge(largest));
  }
  const fields = new Map<string, string>();
  let stored = false;
  try {
    await parseMultipartFormData(request, async (part) => {
      if (part.name !== "file" || part.filename === undefined) {
        if (part.filename !== undefined) throw new StorageRefusal(400, "InvalidArgument", MESSAGES.oneFile);
        if (fields.size >= MAX_FIELDS) throw new StorageRefusal(400, "MalformedPOSTRequest", MESSAGES.malformed);
        fields.set(part.name, await readField(part.data));
        return undefined;
      }
      if (stored) throw new StorageRefusal(400, "InvalidArgument", MESSAGES.oneFile);
      const policy = verifyPolicyFields(fields, env.SESSION_SECRET);
      await storeFile(root, policy, part.data);
      stored = true;
      return undefined;
    });
  } catch (error) {
    if (error instanceof StorageRefusal) return xmlErrorResponse(error.status, error.code, error.message);
    // A file-system failure (a full disk) is ours; anything else the parser threw is the body's.
    if (typeof (error as NodeJS.ErrnoException | null)?.code === "string") throw error;
    return xmlErrorResponse(400, "MalformedPOSTRequest", MESSAGES.malformed);
  }
  if (!stored) {
    if (!fields.has("policy")) return xmlErrorResponse(400, "MalformedPOSTRequest", MESSAGES.malformed);
    return xmlErrorResponse(400, "InvalidArgument", MESSAGES.oneFile);
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

async function readField(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of data) {
    total += chunk.byteLength;
    if (total > MAX_FIELD_BYTES) throw new StorageRefusal(400, "MalformedPOSTRequest", MESSAGES.malformed);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function storeFile(root: string, policy: LocalUploadPolicy, data: AsyncIterable<Uint8Array>): Promise<void> {
  const target = fileOf(root, policy.key);
  const incoming = path.join(root, ".incoming");
  await mkdir(incoming, { recursive: true });
  await mkdir(path.dirname(target), { recursive: true });
  const temp = path.join(incoming, `${randomUUID()}.part`);
  const out = createWriteStream(temp, { flags: "wx" });
  const closed = new Promise<void>((resolve, reject) => {
    out.on("close", resolve);
    out.on("error", reject);
  });
  let size = 0;
  let head = Buffer.alloc(0);
  let checkedType = false;
  try {
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > policy.maxBytes) throw new StorageRefusal(400, "EntityTooLarge", MESSAGES.tooLarge(policy.maxBytes));
      if (!checkedType) {
        head = Buffer.concat([head, Buffer.from(chunk)]);
        if (head.length >= 12) {
          if (!looksLike(policy.contentType, head))
            throw new StorageRefusal(400, "InvalidArgument", UPLOAD_TYPE_MESSAGE);
          checkedType = true;
        }
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    if (size < policy.minBytes) throw new StorageRefusal(400, "EntityTooSmall", MESSAGES.tooSmall(policy.minBytes));
    if (!checkedType && !looksLike(policy.contentType, head))
      throw new StorageRefusal(400, "InvalidArgument", UPLOAD_TYPE_MESSAGE);
    out.end();
    await closed;
    try {
      // link() fails when the key exists: a stored object is never swapped for another.
      await link(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        throw new StorageRefusal(403, "AccessDenied", MESSAGES.key);
      throw error;
    }
  } finally {
    out.destroy();
    await closed.catch(() => {});
    await unlink(temp).catch(() => {});
  }
}
