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

/** What a one-time secret in a logged URL becomes. */
export const REDACTED = "[redacted]";
/** Path segments followed by a one-time token: `/reset-password/<token>`, `/api/forgot_password/<token>`, `/api/confirm_email/<token>`. */
const TOKEN_PARENTS = new Set(["reset-password", "forgot_password", "confirm_email"]);
/** The page after a reset, not a token. */
const NOT_TOKENS = new Set(["reset-password/done"]);
/** Query values that are secrets: e-mail, unsubscribe and social tokens (`token`), Google's `code` and `state`. */
const SECRET_PARAMS = new Set(["token", "code", "state"]);

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * A request URL fit for the log: one-time tokens in the path and secret query values are replaced
 * by `[redacted]`, the rest is kept as it came (docs/security.md, finding 3). Compared the way the
 * router reads them (percent-decoded, any case), also inside a local path passed as a query value
 * (`/sign-in?callbackUrl=%2Femail-verification%3Ftoken%3D…`) and before Remix's `.data` suffix.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const segments = path.split("/");
  for (let i = 0; i + 1 < segments.length; i++) {
    const parent = decoded(segments[i]).toLowerCase();
    const segment = segments[i + 1];
    if (!TOKEN_PARENTS.has(parent) || segment === "") continue;
    const name = decoded(segment)
      .toLowerCase()
      .replace(/\.data$/, "");
    if (NOT_TOKENS.has(`${parent}/${name}`)) continue;
    segments[i + 1] = segment.toLowerCase().endsWith(".data") ? `${REDACTED}.data` : REDACTED;
  }
  const redactedPath = segments.join("/");
  if (queryAt < 0) return redactedPath;
  const params = url
    .slice(queryAt + 1)
    .split("&")
    .map((param) => {
      const equals = param.indexOf("=");
      if (equals < 0) return param;
      const key = param.slice(0, equals);
      if (SECRET_PARAMS.has(decoded(key.replace(/\+/g, " ")).toLowerCase())) return `${key}=${REDACTED}`;
      // A local path as a value (a callback) may carry a token of its own.
      const value = decoded(param.slice(equals + 1).replace(/\+/g, " "));
      if (!value.startsWith("/")) return param;
      const redactedValue = redactUrl(value);
      return redactedValue === value ? param : `${key}=${encodeURIComponent(redactedValue)}`;
    });
  return `${redactedPath}?${params.join("&")}`;
}

/**
 * Request ids and one log line per finished request ("request completed", at error for 5xx, warn
 * for 4xx, info otherwise; also when the client went away first), its URL without one-time
 * secrets (`redactUrl`), never headers, so cookies cannot reach the log. Written here rather than
 * with pino-http, which builds two child loggers per request, the URL and address serialised into
 * one, whether or not a line is written: the sidebar data answered 11 % fewer requests per second
 * with it (decision 001).
 */
export function requestLogger(logger: Logger, { ignore }: { ignore: (url: string) => boolean }) {
  // `req.log` is a getter on the requests' prototype, defined once: a property defined on each
  // request would change every request object's shape (a few per cent of a small request).
  const children = new WeakMap<Request, Logger>();
  function requestLog(this: Request): Logger {
    let child = children.get(this);
    if (!child) children.set(this, (child = logger.child({ reqId: this.id })));
    return child;
  }
  let prototypeReady = false;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!prototypeReady) {
      Object.defineProperty(Object.getPrototypeOf(req), "log", { get: requestLog, configurable: true });
      prototypeReady = true;
    }
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    req.id = id;
    if (!ignore(req.url)) {
      const started = performance.now();
      // "close" comes once the response is sent, or when the client went away before.
      res.once("close", () => {
        const level = res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info";
        if (!logger.isLevelEnabled(level)) return;
        req.log[level](
          {
            req: { method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.ip },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - started),
          },
          "request completed",
        );
      });
    }
    next();
  };
}
