/**
 * Server rendering: the whole document as one string, sent in one write. No loader returns
 * deferred data, so nothing is gained by streaming the shell first, and React's string renderer
 * costs a fraction of its stream renderer (which encodes every piece of markup on its own).
 * Every script tag carries the request's CSP nonce.
 */
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/web/database-outage.server";
import { applyPageCaching } from "~/web/page-caching.server";
import { redactUrl } from "~/modules/logger.server";
import { scriptSafeJson } from "~/modules/seo/structured-data";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  applyPageCaching(request, responseHeaders);
  // A loader found the database down (database-outage.server.ts): tell the client when to retry.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After"))
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  // The routes' data as the browser's router reads it (Remix's single-fetch encoding), read whole
  // before the render: the page then carries it in one script instead of React suspending on it.
  const data = await readAll(remixContext.serverHandoffStream);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={{ ...remixContext, serverHandoffStream: undefined }} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(utf8(`<!DOCTYPE html>${html}${dataScripts(data, nonce)}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

const encoder = new TextEncoder();
let scratch = new Uint8Array(1 << 17);

/**
 * The document as UTF-8 bytes. `TextEncoder.encodeInto` is Node's SIMD encoder; `Buffer.from`,
 * `TextEncoder.encode` and a string body take V8's character-by-character one: as fast on Latin-1
 * text, 2.5 times slower on a page with any other character (an emoji, a curly quote). A string
 * body is also checked for lone surrogates first.
 */
function utf8(text: string): Uint8Array<ArrayBuffer> {
  // A UTF-16 code unit never takes more than 3 bytes in UTF-8.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
}

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<string | null> {
  if (!stream) return null;
  // Read directly: a Response around the stream would cost its own body, headers and stream.
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    text += decoder.decode(chunk.value, { stream: true });
  return text + decoder.decode();
}

/** What Remix's own streaming transfer would write, in one piece: the data, then the end of it. */
function dataScripts(data: string | null, nonce: string): string {
  if (data === null) return "";
  const controller = "window.__remixContext.streamController";
  return (
    `<script nonce="${nonce}">${controller}.enqueue(${scriptSafeJson(data)});</script>` +
    `<script nonce="${nonce}">${controller}.close();</script>`
  );
}

/** A page's data (`.data`, single fetch) is cached as its page is. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applyPageCaching(request, response.headers);
  return response;
}

/** What Remix reports for a `?_data` request (the data requests before single fetch); it still answers it. */
const LEGACY_DATA_REQUEST = "Warning: Single fetch-enabled apps should not be making ?_data requests";

/**
 * Remix reports here whatever a loader, an action or a render threw, and also what the client got
 * wrong, which Remix answers itself: a method no route answers (405), a route id no page has (403),
 * an address no route matches (404), and a `?_data` request (answered as before). Those are the
 * request's fault, not the server's: a warning (the request log's 4xx line says as much), no stack.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  const url = redactUrl(request.url);
  if (isRouteErrorResponse(error) && error.status < 500) {
    // Not the router's message: it repeats the path, one-time tokens included.
    context.log?.warn(
      { status: error.status, method: request.method, url },
      `refused a request Remix answers itself: ${error.status} ${error.statusText}`,
    );
    return;
  }
  if (error instanceof Error && error.message.startsWith(LEGACY_DATA_REQUEST)) {
    context.log?.warn({ url }, "a ?_data request (before single fetch): answered as the route's data");
    return;
  }
  context.log?.error({ err: error, url }, "unhandled error while rendering");
}
