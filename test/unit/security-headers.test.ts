import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { securityHeaderOptions, securityHeaders } from "../../server/security-headers";
import { cspDirectives } from "../support/csp";

const SECRET = "s".repeat(32);
const NONCE = "bm9uY2Utb2YtdGhpcy1yZXE=";

/** The headers server.ts's policy sends with one response, for these settings. */
function headersFor(
  settings: Record<string, string>,
  { production, path = "/" }: { production: boolean; path?: string },
) {
  const env = parseEnv({ NODE_ENV: production ? "production" : "development", SESSION_SECRET: SECRET, ...settings });
  const middleware = securityHeaders(securityHeaderOptions(env, { production }));
  const sent = new Map<string, string>();
  const res = {
    locals: { cspNonce: NONCE },
    setHeader: (name: string, value: string) => void sent.set(name.toLowerCase(), value),
  };
  middleware({ headers: {}, path } as Request, res as unknown as Response, () => {});
  return sent;
}

/** Every source that names a host (not a keyword, a nonce or a bare scheme). */
const hostSources = (policy: Map<string, string[]>) =>
  [...policy].flatMap(([name, sources]) =>
    sources.filter((source) => source.includes("//")).map((source) => `${name} ${source}`),
  );

describe("the Content-Security-Policy server.ts sends (securityHeaderOptions)", () => {
  it("the JSON API gets its own short set: nothing loads, nothing frames, sniffs or reads it cross-origin; no nonce", () => {
    for (const path of ["/api/posts/my/feed", "/api"]) {
      const headers = headersFor(
        { APP_URL: "https://sharpside.app", STRIPE_SECRET_KEY: "sk_test_1" },
        { production: true, path },
      );
      expect(Object.fromEntries(headers)).toEqual({
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "strict-transport-security": expect.stringMatching(/^max-age=\d+/),
      });
    }
    // Without https, no HSTS; a page whose path merely starts with "api" is a page.
    expect(headersFor({}, { production: false, path: "/api/health" }).has("strict-transport-security")).toBe(false);
    expect(headersFor({}, { production: false, path: "/apiary" }).get("content-security-policy")).toContain(NONCE);
  });

  it("in production on https with nothing configured: the fixed directives, a nonce, no third party but YouTube's frames", () => {
    const headers = headersFor({ APP_URL: "https://sharpside.app" }, { production: true });
    const policy = cspDirectives(headers.get("content-security-policy")!);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'strict-dynamic'", `'nonce-${NONCE}'`]);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("media-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("frame-src")).toEqual(["'self'", "https://www.youtube-nocookie.com"]);
    expect(policy.get("worker-src")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("upgrade-insecure-requests")).toEqual([]);
    expect(hostSources(policy)).toEqual(["frame-src https://www.youtube-nocookie.com"]);
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("puts each configured service's origin in its own directives only", () => {
    const headers = headersFor(
      {
        APP_URL: "https://sharpside.app",
        STRIPE_SECRET_KEY: "sk_test_1",
        ANALYTICS_SCRIPT_URL: "https://analytics.example/tag.js?id=1",
        MESSENGER_SCRIPT_URL: "https://widget.messenger.example/v2/loader.js",
        S3_ENDPOINT: "https://s3.bucket-host.example",
        S3_ACCESS_KEY: "key",
        S3_SECRET_KEY: "secret",
        S3_BUCKET: "pictures",
        S3_PUBLIC_URL: "https://cdn.pictures.example/pictures",
        PRIVACY_EMBED_URL: "https://policies.example/privacy",
      },
      { production: true },
    );
    const policy = cspDirectives(headers.get("content-security-policy")!);
    const thirdParty = ["https://analytics.example", "https://widget.messenger.example"];
    const stripeJs = ["https://js.stripe.com", "https://*.js.stripe.com"];
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'strict-dynamic'",
      `'nonce-${NONCE}'`,
      ...stripeJs,
      ...thirdParty,
    ]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.stripe.com",
      "https://s3.bucket-host.example",
      ...thirdParty,
    ]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.pictures.example"]);
    expect(policy.get("frame-src")).toEqual([
      "'self'",
      "https://policies.example",
      ...stripeJs,
      "https://hooks.stripe.com",
      "https://www.youtube-nocookie.com",
      ...thirdParty,
    ]);
    // The fixed directives do not move.
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("worker-src")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("in development adds Vite's ws: and on http neither upgrades requests nor sends HSTS", () => {
    const development = cspDirectives(
      headersFor({ APP_URL: "http://localhost:3000" }, { production: false }).get("content-security-policy")!,
    );
    expect(development.get("connect-src")).toEqual(["'self'", "ws:"]);
    expect(development.has("upgrade-insecure-requests")).toBe(false);
    const plainHttp = headersFor({ APP_URL: "http://intranet.example" }, { production: true });
    expect(cspDirectives(plainHttp.get("content-security-policy")!).has("upgrade-insecure-requests")).toBe(false);
    expect(plainHttp.has("strict-transport-security")).toBe(false);
  });
});
