import type { NextFunction, Request, Response } from "express";
import compression from "compression";

/**
 * What compression() may squeeze: everything compressible except server-sent events, which a
 * compression buffer would hold back instead of delivering as they happen.
 */
export function shouldCompress(req: Request, res: Response): boolean {
  if (String(res.getHeader("Content-Type") ?? "").includes("text/event-stream")) return false;
  return compression.filter(req, res);
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
