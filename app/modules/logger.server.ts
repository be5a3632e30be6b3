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
