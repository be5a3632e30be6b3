/**
 * Reading a request body with a cap: Express refuses a declared Content-Length over its own
 * limit, but a chunked body declares none, so the cap is also counted as the bytes stream in.
 */

/**
 * The body's bytes, or null when it is over `limit` bytes (declared, or counted as it arrives).
 * Past the limit the rest is read and thrown away rather than cancelled: cancelling destroys the
 * socket while the client is still sending, and it would get a reset instead of our 413. The
 * server's own cap (server/body-limit.ts, 10 MB) bounds how much that can be.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= limit) chunks.push(value);
  }
  if (total > limit) return null;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
