import { pino, type Logger } from "pino";

export type { Logger };

/** One JSON logger for the process; each request gets a child carrying its request id. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'], remove: true },
  });
}
