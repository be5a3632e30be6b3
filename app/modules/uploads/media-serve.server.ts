/**
 * `GET /media/<key>?expires&signature`: a stored video, streamed from the disk or the bucket, whole
 * or by byte range (a player seeks and buffers by range, so a long video is never sent whole).
 * Only an address the server signed (media-url.server.ts) is answered.
 */
import { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import { verifyMediaAddress } from "./media-url.server";
import { getStorage } from "./storage.server";

const CONTENT_TYPES: Record<string, string> = { mp4: "video/mp4", webm: "video/webm" };

/** A single `bytes=` range of an object of `size` bytes: [start, end], "unsatisfiable", or null (send it whole). */
export function parseRange(header: string | null, size: number): [number, number] | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  // No Range, several ranges or another unit: the whole object, as HTTP allows.
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    // The last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return [start, end];
}

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

export async function serveMedia(request: Request, context: Pick<AppLoadContext, "env">, key: string) {
  const url = new URL(request.url);
  if (!verifyMediaAddress(key, url.searchParams.get("expires"), url.searchParams.get("signature")))
    return text(403, "This video address is not valid or has expired. Reload the page to watch it.");
  const storage = getStorage(context.env);
  const stored = await storage.stat(key);
  if (!stored) return text(404, "Not found");

  const range = parseRange(request.headers.get("Range"), stored.size);
  if (range === "unsatisfiable")
    return text(416, "Range Not Satisfiable", { "Content-Range": `bytes */${stored.size}` });
  const [start, end] = range ?? [0, stored.size - 1];
  const body = await storage.stream(key, start, end);
  if (!body) return text(404, "Not found");

  const expires = Number(url.searchParams.get("expires"));
  const maxAge = Math.max(0, Math.floor(expires - Date.now() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)],
    "Content-Length": String(end - start + 1),
    "Accept-Ranges": "bytes",
    // Only for this browser: the address is a reader's pass, not a public file.
    "Cache-Control": `private, max-age=${maxAge}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  };
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${stored.size}`;
  if (request.method === "HEAD") {
    body.destroy();
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  const stream = Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, { status: range ? 206 : 200, headers });
}
