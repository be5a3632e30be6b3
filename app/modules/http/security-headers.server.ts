import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** Where the response's nonce goes in the recorded headers. */
export const NONCE_SLOT = "nonce-slot-0000000000";

/**
 * helmet's headers, worked out once. helmet rebuilds every header (the Content-Security-Policy's
 * directives included) on each request, which cost as much as a whole bare Remix request; here it
 * runs once against a recording response, with a placeholder where the nonce goes, and each
 * request only sets the recorded headers with its own nonce (`res.locals.cspNonce`).
 */
export function securityHeaders(options: HelmetOptions) {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => {},
    getHeader: () => undefined,
    locals: { cspNonce: NONCE_SLOT },
  };
  let failure: unknown;
  helmet(options)({ method: "GET", url: "/", headers: {} } as never, recorder as never, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return (req: Request, res: Response, next: NextFunction) => {
    // An event stream is never rendered as a document: the document policies (CSP, framing,
    // isolation…) mean nothing for it, and a stream holds its headers for as long as it is open.
    if (isEventStreamRequest(req)) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      return next();
    }
    const nonce = res.locals.cspNonce as string;
    for (const [name, value] of headers) res.setHeader(name, value.includes(NONCE_SLOT) ? value.replace(NONCE_SLOT, nonce) : value);
    next();
  };
}

/** A request for server-sent events, as EventSource makes it. */
export const isEventStreamRequest = (req: Request) => req.headers.accept === "text/event-stream";

// Nonces come from a pool of random bytes: one getrandom call per 256 nonces instead of one each.
let pool = Buffer.alloc(0);
let used = 0;

/** A fresh 128-bit CSP nonce (base64). */
export function newCspNonce(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  const nonce = pool.toString("base64", used, used + 16);
  used += 16;
  return nonce;
}
