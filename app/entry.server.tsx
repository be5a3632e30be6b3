/**
 * Server rendering. Browsers get the shell as soon as it is ready (streaming); crawlers get the
 * whole page at once. Every script tag carries the request's CSP nonce.
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/modules/http/database-outage.server";
import { applyPageCaching } from "~/modules/http/page-caching.server";
import { redactUrl } from "~/modules/http/request-log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
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
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still waiting after the stream timeout; cleared once it is done, so a finished
    // page is not kept (with everything it rendered) until the timer fires.
    const timeout = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          if (waitForAll) sendShell();
        },
        onShellReady() {
          if (!waitForAll) sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while streaming after the shell are logged here; before it, Remix handles them.
          if (shellRendered) loadContext.log?.error({ err: error }, "error while streaming a page");
        },
      },
    );

    function sendShell() {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
  });
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
