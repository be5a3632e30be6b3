import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import type { Env } from "~/config/env.server";
import { isS3Configured } from "~/modules/uploads/storage.server";

/** Where the response's nonce goes in the recorded headers. */
export const NONCE_SLOT = "nonce-slot-0000000000";

type HeaderEnv = Pick<
  Env,
  | "APP_URL"
  | "PAYMENTS_ENABLED"
  | "ANALYTICS_SCRIPT_URL"
  | "MESSENGER_SCRIPT_URL"
  | "S3_PUBLIC_URL"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY"
  | "S3_SECRET_KEY"
  | "S3_BUCKET"
  | "PRIVACY_EMBED_URL"
  | "TERMS_EMBED_URL"
  | "PAYMENTS_TERMS_EMBED_URL"
>;

/**
 * The app's helmet options (server.ts): the Content-Security-Policy names a third-party origin
 * only for a service that is configured. `production` drops the dev server's `ws:` and, on https,
 * adds `upgrade-insecure-requests`.
 */
export function securityHeaderOptions(env: HeaderEnv, { production }: { production: boolean }): HelmetOptions {
  // Origins of the third-party scripts that load after consent: allowed to run, call home and frame.
  const thirdPartyOrigins = [env.ANALYTICS_SCRIPT_URL, env.MESSENGER_SCRIPT_URL]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          "'strict-dynamic'",
          `'nonce-${NONCE_SLOT}'`,
          // Stripe.js is loaded from Stripe's own host (decision 013); ignored where 'strict-dynamic' is understood.
          ...(env.PAYMENTS_ENABLED ? ["https://js.stripe.com", "https://*.js.stripe.com"] : []),
          // The analytics tag and support messenger, injected after consent (decision 025).
          ...thirdPartyOrigins,
        ],
        // Radix and sonner set inline style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [])],
        // Videos come from our /media route; the editor plays a file being uploaded from a blob.
        mediaSrc: ["'self'", "blob:"],
        connectSrc: [
          "'self'",
          // Vite's hot reload socket.
          ...(production ? [] : ["ws:"]),
          ...(env.PAYMENTS_ENABLED ? ["https://api.stripe.com"] : []),
          // Uploads are POSTed straight to the bucket when S3 is configured (decision 012).
          ...(isS3Configured(env) ? [new URL(env.S3_ENDPOINT!).origin] : []),
          ...thirdPartyOrigins,
        ],
        frameSrc: [
          "'self'",
          ...[env.PRIVACY_EMBED_URL, env.TERMS_EMBED_URL, env.PAYMENTS_TERMS_EMBED_URL]
            .filter(Boolean)
            .map((u) => new URL(u!).origin),
          // Stripe's card fields and 3-D Secure pages are iframes.
          ...(env.PAYMENTS_ENABLED
            ? ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]
            : []),
          // YouTube videos in post bodies, from its no-cookie host (app/components/posts/slate-render.tsx).
          "https://www.youtube-nocookie.com",
          ...thirdPartyOrigins,
        ],
        // The background worker (/sw.js); 'strict-dynamic' would otherwise leave workers no source.
        workerSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production && env.APP_URL.startsWith("https:") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // helmet's default no-referrer makes browsers send "Origin: null" on plain form posts.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: env.APP_URL.startsWith("https:"),
  };
}

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
  helmet(options)(
    { method: "GET", url: "/", headers: {} } as never,
    recorder as never,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  const apiHeaders = apiSecurityHeaders(headers);
  return (req: Request, res: Response, next: NextFunction) => {
    // An event stream is never rendered as a document: the document policies (CSP, framing,
    // isolation…) mean nothing for it, and a stream holds its headers for as long as it is open.
    if (isEventStreamRequest(req)) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      return next();
    }
    if (isApiRequest(req)) {
      for (const [name, value] of apiHeaders) res.setHeader(name, value);
      return next();
    }
    const nonce = res.locals.cspNonce as string;
    for (const [name, value] of headers)
      res.setHeader(name, value.includes(NONCE_SLOT) ? value.replace(NONCE_SLOT, nonce) : value);
    next();
  };
}

/**
 * The JSON API's headers: it answers data, never a document, so the page's policies (its script
 * sources, nonce, isolation) do not apply; what does is that no page may frame it, sniff it into
 * something else or read it from another origin, and that it loads nothing itself. A third of the
 * bytes of the page's set, on the most frequent calls. HTTPS's Strict-Transport-Security, when the
 * pages send it, too.
 */
function apiSecurityHeaders(pageHeaders: [string, string][]): [string, string][] {
  return [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Referrer-Policy", "no-referrer"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ...pageHeaders.filter(([name]) => name.toLowerCase() === "strict-transport-security"),
  ];
}

/** A call of the JSON API (`/api` and below). */
export const isApiRequest = (req: Pick<Request, "path">) => req.path.startsWith("/api/") || req.path === "/api";

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
