import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * What a database error may not carry into the log: the statement's parameters (drizzle's
 * `params` and its message's "params:" line, postgres.js's `parameters`) and PostgreSQL's
 * `detail` ("Failing row contains (…)"): they hold what users wrote, a subscriber-only pick's
 * body included. The statement, the SQLSTATE, the constraint and the stack stay.
 */
const HIDDEN_ERROR_FIELDS = ["params", "parameters", "detail"];

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, "\nparams: (not logged)");

function scrubbed(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== "object" || depth > 5) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of HIDDEN_ERROR_FIELDS) delete copy[field];
  for (const field of ["message", "stack"])
    if (typeof copy[field] === "string") copy[field] = withoutParams(copy[field] as string);
  if (copy.cause) copy.cause = scrubbed(copy.cause, depth + 1);
  return copy;
}

/** pino's error serializer, then the fields above removed (the cause's too). */
export const serializeError = (error: Error) => scrubbed(pino.stdSerializers.err(error));

/** One JSON logger for the process; each request gets a child carrying its request id. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'], remove: true },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
