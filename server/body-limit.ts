import type { NextFunction, Request, Response } from "express";

/** The most bytes any request body may carry (a form, an upload, a webhook): 10 MB. */
export const MAX_REQUEST_BYTES = 10_000_000;

/**
 * The longest address (path and query) any request may have: no link of ours comes near it (the
 * longest, a sign-in link with its callback, stays under 2,100). Pages repeat the address they
 * were asked with (links, form actions), so this bounds what a query can put into an answer.
 */
export const MAX_URL_LENGTH = 4_096;

/** Responses that refused their request's body. */
const refused = new WeakSet<Response>();

interface BodyLimitOptions {
  /** The limit, or the limit for this request (the storage's upload route takes videos). */
  maxBytes: number | ((req: Request) => number);
  /** The answer to a body over the limit (a 413). Called more than once: a Response is read once. */
  refusal: (req: Request) => globalThis.Response;
  /** After the answer, how long and how much more of the refused body is read and thrown away. */
  lingerMs?: number;
  lingerBytes?: number;
}

/**
 * Bounds every request body by the bytes that actually arrive, not only by the Content-Length a
 * client declares: a chunked body declares none, and `request.formData()` or `request.text()`
 * would otherwise buffer all of it (docs/security.md, finding 2).
 *
 * The bytes are counted as Node's HTTP parser hands them to the request stream (`push`), so the
 * body still streams to whoever reads it (Remix) and nothing is buffered here. A declared length
 * over `maxBytes` is refused before any byte is read; otherwise the chunk that goes past it is
 * refused, and never reaches the reader. A body that nobody reads is counted too while Node
 * discards it after the answer: past the limit the connection closes.
 *
 * A refusal answers at once (`refusal(req)`). What the client still sends is then read and thrown
 * away for a moment (a "lingering close", as nginx does): closing a socket that has unread bytes
 * resets the connection, and a client still uploading would often lose the 413 to the reset.
 * The connection closes when the body ends, after `lingerBytes` more or after `lingerMs`. Then the
 * body fails for its reader with a copy of the answer, so a route stops quietly (a thrown Response
 * is no error to log), and its own late answer is dropped (`isRefusedRequest`).
 */
export function limitRequestBodies({
  maxBytes: limit,
  refusal,
  lingerMs = 3_000,
  lingerBytes: linger,
}: BodyLimitOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    // A request with neither header has no body (HTTP/1.1: Node's parser reads any further bytes
    // as the next request): most requests, GETs, pass without the counting below.
    if (req.headers["transfer-encoding"] === undefined && (req.headers["content-length"] ?? "0") === "0") return next();
    const maxBytes = typeof limit === "function" ? limit(req) : limit;
    const lingerBytes = linger ?? 10 * Math.min(maxBytes, MAX_REQUEST_BYTES);
    // Anything pushed before this middleware ran (nothing, where it runs early) still counts.
    let received = req.readableLength;
    let refusing = false;
    let discarded = 0;
    let closed = false;
    let deadline: NodeJS.Timeout | undefined;

    /** Fails the body for its reader and closes the connection (req.destroy destroys the socket). */
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(deadline);
      failBody(req, refusal(req));
    };
    let closing = false;
    /** Closes as soon as the answer is out. */
    const closeWhenAnswered = () => {
      if (closing) return;
      closing = true;
      if (res.writableFinished) close();
      else res.once("close", close);
    };

    const refuse = () => {
      refusing = true;
      refused.add(res);
      // A body still arriving after the route began answering: nothing to tell the client but a cut.
      if (res.headersSent) return close();
      sendResponse(res, refusal(req));
      deadline = setTimeout(close, lingerMs);
      deadline.unref();
      // The client gave up: the reader must not wait for a body that will never end.
      req.socket.once("close", close);
      // Drain: Node reads the socket only while someone reads the request.
      req.resume();
    };

    const push = req.push;
    req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
      if (chunk === null || chunk === undefined) {
        if (!refusing) return push.call(req, chunk, encoding);
        // The end of a refused body never reaches the reader (it would parse the part it got).
        closeWhenAnswered();
        return false;
      }
      const size = typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
      if (refusing) {
        discarded += size;
        if (discarded > lingerBytes) closeWhenAnswered();
        return true;
      }
      received += size;
      if (received > maxBytes) {
        req.log.warn({ limit: maxBytes }, "refused a request body over the limit while it was arriving");
        refuse();
        return true;
      }
      return push.call(req, chunk, encoding);
    };

    // A body nobody read by the time the answer is out is read into nothing by Node (`_dump`), so
    // the connection can serve the next request; its own version stops calling `push`, and so the
    // count, and would read an endless body until the request timeout (5 minutes).
    const incoming = req as Request & { _dump?: () => void };
    if (typeof incoming._dump === "function") {
      incoming._dump = () => {
        req.removeAllListeners("data");
        req.resume();
      };
    }

    if (Number(req.headers["content-length"] ?? 0) > maxBytes) return refuse();
    next();
  };
}

/** Whether this response refused its request's body: a route's late answer for it is dropped. */
export function isRefusedRequest(res: Response): boolean {
  return refused.has(res);
}

/**
 * The body's reader (Remix's stream pump) rejects with exactly the value the request is destroyed
 * with. A Response, not an Error: routes already let a thrown Response through (`handleApi` answers
 * it, Remix renders it) without logging it as a failure.
 */
const failBody = (req: Request, response: globalThis.Response) => req.destroy(response as unknown as Error);

/** Sends a small fetch Response (a 413, a 403, a 503) through Express. */
export function sendResponse(res: Response, response: globalThis.Response) {
  void response.text().then((body) => {
    if (res.headersSent) return;
    res.status(response.status);
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.end(body);
  });
}
