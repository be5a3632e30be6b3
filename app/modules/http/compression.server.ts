import type { Request, Response } from "express";
import compression from "compression";

/**
 * What compression() may squeeze: everything compressible except server-sent events, which a
 * compression buffer would hold back instead of delivering as they happen.
 */
export function shouldCompress(req: Request, res: Response): boolean {
  if (String(res.getHeader("Content-Type") ?? "").includes("text/event-stream")) return false;
  return compression.filter(req, res);
}
