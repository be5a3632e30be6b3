import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads, parsed once from the environment (product.md "Configuration").
 * Nothing else in app/ reads process.env: ask for `getEnv()` or take the value as an argument.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      if (!/^-?\d+$/.test(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a whole number, got "${value}"` });
        return z.NEVER;
      }
      const parsed = Number(value);
      if (parsed < min || parsed > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be between ${min} and ${max}, got ${parsed}` });
        return z.NEVER;
      }
      return parsed;
    });

/**
 * How a rejected URL is quoted in the startup error, which goes to the console and the log.
 * `secret`: a URL that carries its password (DATABASE_URL, SMTP_URL). A malformed one cannot be
 * parsed to find the password (`smtp://user:pass/host` has no "@" at all), so none of it is shown
 * but its scheme. Any other URL is shown with everything before its last "@" masked.
 */
function quoted(value: string, { secret }: { secret: boolean }): string {
  if (secret) {
    const scheme = /^([a-z][a-z\d+.-]{0,30}):\/\//i.exec(value)?.[1];
    return `${scheme ? `a "${scheme}://" URL` : "a value"} (not shown: it may hold a password)`;
  }
  const at = value.lastIndexOf("@");
  if (at < 0) return `"${value}"`;
  const start = value.indexOf("://") >= 0 && value.indexOf("://") < at ? value.indexOf("://") + 3 : 0;
  return `"${value.slice(0, start)}***${value.slice(at)}"`;
}

const url = (protocols: string[], { secret = false }: { secret?: boolean } = {}) =>
  optionalText.superRefine((value, ctx) => {
    if (value === undefined) return;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) throw new Error("protocol");
    } catch {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be a ${protocols.map((p) => p.replace(":", "://")).join(" or ")} URL, got ${quoted(value, { secret })}`,
      });
    }
  });

/** `limit/seconds`, e.g. `5/3600` for five an hour. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      const text = value || fallback;
      const match = /^(\d+)\/(\d+)$/.exec(text);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must look like "limit/seconds" (e.g. 5/3600), got "${text}"`,
        });
        return z.NEVER;
      }
      return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
    });

/**
 * One connection per core, 2 to 10: postgres.js sends a query down a busy connection without
 * waiting (pipelining), so a few connections keep the server busy; each one more costs both sides
 * a wake-up per query (decision 053).
 */
export const DEFAULT_DATABASE_POOL_SIZE = Math.min(10, Math.max(2, availableParallelism()));

/** Chrome and Edge (FCM), Firefox (Mozilla), Safari (Apple), Edge on Windows (WNS). */
const DEFAULT_PUSH_SERVICES =
  "https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.push.apple.com,https://*.notify.windows.com";
const PUSH_SERVICE_PATTERN = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: integer(3000, 0, 65535),
  APP_URL: url(["http:", "https:"]),
  APP_NAME: optionalText.default("Sharpside"),
  /** Names the deployed build (e.g. its commit); open pages offer a reload when it changes. Default: the build's manifest version. */
  BUILD_ID: optionalText,
  DATA_DIR: optionalText.default("./data"),
  DATABASE_URL: optionalText.superRefine((value, ctx) => {
    if (value === undefined || value === "memory://") return;
    if (!/^postgres(ql)?:\/\//.test(value)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be postgres://… or memory://, got ${quoted(value, { secret: true })}`,
      });
    }
  }),
  /** The tables' owner, for migrations; DATABASE_URL may then be a role that cannot write the record's figures (decision 009). */
  DATABASE_MIGRATION_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    "must be postgres://…",
  ),
  /** Connections this instance keeps to a PostgreSQL server (DEFAULT_DATABASE_POOL_SIZE). */
  DATABASE_POOL_SIZE: integer(DEFAULT_DATABASE_POOL_SIZE, 1, 100),
  /** Unset: `auto` outside production, `never` in production (parseEnv): the demo's accounts share a published password. */
  SEED_DEMO_DATA: z.enum(["auto", "always", "never"]).optional(),
  /** E-mails of existing, confirmed accounts made admins at every start (decision 026). */
  ADMIN_EMAILS: optionalText.transform((value) =>
    value
      ? value
          .split(",")
          .map((email) => email.trim())
          .filter(Boolean)
      : [],
  ),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: url(["smtp:", "smtps:"], { secret: true }),
  MAIL_FROM: optionalText,
  S3_ENDPOINT: url(["http:", "https:"]),
  S3_ACCESS_KEY: optionalText,
  S3_SECRET_KEY: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.default("us-east-1"),
  S3_PUBLIC_URL: url(["http:", "https:"]),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: integer(443, 1, 65535),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).default("https"),
  MEMBERSHIP_PRICE_CENTS: integer(4900, 0, 100_000_00),
  PLATFORM_FEE_PERCENT: integer(10, 0, 100),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: url(["http:", "https:"]).default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: url(["http:", "https:"]).default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: url(["http:", "https:"]).default("https://openidconnect.googleapis.com/v1/userinfo"),
  SUPPORT_EMAIL: optionalText.default("support@sharpside.app"),
  HELPLINE: optionalText.default("1-800-GAMBLER"),
  MESSENGER_URL: url(["http:", "https:"]),
  /** Third-party scripts: loaded only after the visitor accepts cookies; off when unset. */
  ANALYTICS_SCRIPT_URL: url(["https:", "http:"]),
  MESSENGER_SCRIPT_URL: url(["https:", "http:"]),
  PRIVACY_EMBED_URL: url(["https:", "http:"]),
  TERMS_EMBED_URL: url(["https:", "http:"]),
  PAYMENTS_TERMS_EMBED_URL: url(["https:", "http:"]),
  RATE_LIMIT_SUPPORT_REQUEST: rateLimit("5/3600"),
  RATE_LIMIT_SIGN_IN_IP: rateLimit("30/300"),
  RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimit("10/900"),
  RATE_LIMIT_SIGN_UP: rateLimit("10/3600"),
  RATE_LIMIT_EMAIL_CODE: rateLimit("5/3600"),
  RATE_LIMIT_PASSWORD_RESET: rateLimit("5/3600"),
  RATE_LIMIT_UPLOAD: rateLimit("60/3600"),
  RATE_LIMIT_POST: rateLimit("30/3600"),
  RATE_LIMIT_COMMENT: rateLimit("60/3600"),
  RATE_LIMIT_LIKE: rateLimit("300/3600"),
  RATE_LIMIT_CHEER: rateLimit("30/3600"),
  /** Devices a user turns push on for. */
  RATE_LIMIT_PUSH_SUBSCRIBE: rateLimit("30/3600"),
  /** Image proxy renders (cache misses) per IP. */
  RATE_LIMIT_IMAGE_RENDER: rateLimit("300/300"),
  /** The image proxy's disk cache is pruned to this size, least recently used first. */
  IMAGE_CACHE_MAX_MB: integer(2048, 1, 10_000_000),
  /** The largest video an expert may upload into a post, in bytes (200 MB). */
  MAX_VIDEO_BYTES: integer(200_000_000, 1, 5_000_000_000),
  PAGE_CACHE_SECONDS: integer(2, 0, 60),
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: generated into DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v),
    "must be a P-256 public key in base64url (87 characters)",
  ),
  VAPID_PRIVATE_KEY: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v),
    "must be a P-256 private key in base64url (43 characters)",
  ),
  /** Who push services may contact about our pushes: a mailto: or https: URL (default: mailto:SUPPORT_EMAIL). */
  VAPID_SUBJECT: optionalText.refine(
    (v) => v === undefined || /^(mailto:|https:\/\/)/.test(v),
    "must be a mailto: or https:// URL",
  ),
  /**
   * The push services a browser's subscription may point at (comma-separated origins; `*.` for any
   * subdomain): the server only ever sends pushes there. Default: the browsers' own services.
   */
  PUSH_SERVICES: optionalText
    .transform((value) => value ?? DEFAULT_PUSH_SERVICES)
    .superRefine((value, ctx) => {
      const bad = value.split(",").find((origin) => !PUSH_SERVICE_PATTERN.test(origin.trim()));
      if (bad !== undefined)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must be comma-separated origins like https://fcm.googleapis.com, got "${bad.slice(0, 100)}"`,
        });
    })
    .transform((value) => value.split(",").map((origin) => origin.trim())),
  /** The Odds API (docs/sports-data.md): lines and scores synced in the background; unset: no sync. */
  ODDS_API_KEY: optionalText,
  ODDS_API_URL: url(["http:", "https:"]).default("https://api.the-odds-api.com"),
  ODDS_SYNC_MINUTES: integer(15, 1, 1440),
  /** A posted pick may be withdrawn this long after posting, for a mistake; after that it stands (decision 026). */
  PICK_WITHDRAW_MINUTES: integer(5, 0, 60),
  /** A moneyline, spread or total is priced only against market lines at most this old (decision 026). */
  MARKET_MAX_AGE_MINUTES: integer(20, 1, 10_080),
  /** Provider sport keys, comma-separated (e.g. `basketball_nba,americanfootball_nfl`); unset: every mapped sport. */
  ODDS_API_SPORTS: optionalText
    .superRefine((value, ctx) => {
      const bad = value
        ?.split(",")
        .map((key) => key.trim())
        .find((key) => !/^[a-z0-9_]{1,100}$/.test(key));
      if (bad !== undefined)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must be comma-separated sport keys like basketball_nba, got "${bad.slice(0, 100)}"`,
        });
    })
    .transform((value) => value?.split(",").map((key) => key.trim())),
});

export type Env = Readonly<
  Omit<z.infer<typeof schema>, "APP_URL" | "SESSION_SECRET" | "SEED_DEMO_DATA"> & {
    SEED_DEMO_DATA: "auto" | "always" | "never";
    APP_URL: string;
    SESSION_SECRET: string;
    /** true when DATABASE_URL is unset or memory://, i.e. PGlite in this process. */
    EMBEDDED_DATABASE: boolean;
    PAYMENTS_ENABLED: boolean;
  }
>;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses a settings object (normally process.env). Throws EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const values = result.data;
  const embedded = values.DATABASE_URL === undefined || values.DATABASE_URL === "memory://";
  if (values.DATABASE_MIGRATION_URL && embedded) {
    throw new EnvError(["DATABASE_MIGRATION_URL needs DATABASE_URL to point to a server"]);
  }
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    throw new EnvError(["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all"]);
  }
  if (!values.SESSION_SECRET && values.NODE_ENV === "production" && !embedded) {
    throw new EnvError(["SESSION_SECRET is required in production when DATABASE_URL points to a server"]);
  }
  return Object.freeze({
    ...values,
    SEED_DEMO_DATA: values.SEED_DEMO_DATA ?? (values.NODE_ENV === "production" ? "never" : "auto"),
    APP_URL: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    SESSION_SECRET: values.SESSION_SECRET ?? readOrCreateSecret(values.DATA_DIR),
    EMBEDDED_DATABASE: embedded,
    PAYMENTS_ENABLED: Boolean(values.STRIPE_SECRET_KEY),
  });
}

/** A generated secret kept beside the embedded data, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process's settings, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Whether this deployment seeds (and so runs) the demo: `always`, or `auto` on the embedded database. */
export function demoDataEnabled(env: Pick<Env, "SEED_DEMO_DATA" | "EMBEDDED_DATABASE">): boolean {
  return env.SEED_DEMO_DATA === "always" || (env.SEED_DEMO_DATA === "auto" && env.EMBEDDED_DATABASE);
}
