import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/modules/logger.server";

declare module "express-serve-static-core" {
  interface Request {
    /** This request's id (an incoming sane X-Request-Id, else a new UUID), also sent back as X-Request-Id. */
    id: string;
    /** The process logger with this request's id; made on first use. */
    log: Logger;
  }
}

const SANE_REQUEST_ID = /^[\w.-]{1,100}$/;

/**
 * Request ids and one log line per finished request ("request completed", at error for 5xx, warn
 * for 4xx, info otherwise). Lighter than pino-http, which made a child logger per request and
 * serialised every request's headers into it whether or not anything was logged.
 */
export function requestLogger(logger: Logger, { ignore }: { ignore: (url: string) => boolean }) {
  // One getter for every request (a getter made per request would give each request object its
  // own hidden class, which a long-lived request such as an event stream keeps).
  const children = new WeakMap<Request, Logger>();
  function requestLog(this: Request): Logger {
    let child = children.get(this);
    if (!child) children.set(this, (child = logger.child({ reqId: this.id })));
    return child;
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    req.id = id;
    Object.defineProperty(req, "log", { get: requestLog, configurable: true });
    if (!ignore(req.url)) {
      const started = performance.now();
      res.once("finish", () => {
        const level = res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info";
        if (!logger.isLevelEnabled(level)) return;
        req.log[level](
          { req: { method: req.method, url: req.originalUrl, remoteAddress: req.ip }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
          "request completed",
        );
      });
    }
    next();
  };
}
