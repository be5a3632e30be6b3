import type { NextFunction, Request, RequestHandler, Response } from "express";
import compression from "compression";
import { isEventStreamRequest } from "./security-headers";

/**
 * What compression() may squeeze: everything compressible except server-sent events, which a
 * compression buffer would hold back instead of delivering as they happen.
 */
export function shouldCompress(req: Request, res: Response): boolean {
  if (String(res.getHeader("Content-Type") ?? "").includes("text/event-stream")) return false;
  return compression.filter(req, res);
}

/**
 * The compression middleware, left out for an event stream (`Accept: text/event-stream`, as
 * EventSource asks): it would not compress it anyway, and its wrapping would stay with every
 * open stream for as long as it lasts.
 */
export function compressionExceptEventStreams(): RequestHandler {
  const compress = compression({ filter: shouldCompress });
  return (req, res, next) => (isEventStreamRequest(req) ? next() : compress(req, res, next));
}

/**
 * Remix flushes after every chunk it writes, and each compression flush is a zlib full flush that
 * resets the dictionary: a page in 24 chunks compressed to twice its size. One flush per burst of
 * writes (the chunks of one tick) keeps streaming timely and the compression good.
 */
export function coalesceFlushes(_req: Request, res: Response, next: NextFunction) {
  const target = res as Response & { flush?: () => void };
  const flush = target.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    target.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        flush.call(res);
      });
    };
  }
  next();
}
