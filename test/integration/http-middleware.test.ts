import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLogger } from "../../server/request-log";
import { NONCE_SLOT, newCspNonce, securityHeaders } from "../../server/security-headers";

// The two middlewares server.ts puts in front of every request, on a real Express server.
const lines: Record<string, unknown>[] = [];
const logger = pino({ level: "info", base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });

let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(requestLogger(logger, { ignore: (url) => url.startsWith("/assets/") }));
  app.use((_req, res, next) => {
    res.locals.cspNonce = newCspNonce();
    next();
  });
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'strict-dynamic'", `'nonce-${NONCE_SLOT}'`] },
      },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.get("/ok", (req, res) => res.json({ id: req.id, nonce: res.locals.cspNonce }));
  app.get("/assets/app.js", (_req, res) => res.type("js").send("1"));
  app.get("/missing", (req, res) => {
    req.log.info({ detail: "looked" }, "a route's own line");
    res.status(404).json({});
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe("security headers", () => {
  it("sends helmet's headers with each response's own nonce in the Content-Security-Policy", async () => {
    const [first, second] = await Promise.all([fetch(`${base}/ok`), fetch(`${base}/ok`)]);
    const bodies = [(await first.json()) as { nonce: string }, (await second.json()) as { nonce: string }];
    expect(bodies[0].nonce).not.toBe(bodies[1].nonce);
    for (const [response, body] of [
      [first, bodies[0]],
      [second, bodies[1]],
    ] as const) {
      expect(body.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain(`script-src 'self' 'strict-dynamic' 'nonce-${body.nonce}'`);
      expect(csp).not.toContain(NONCE_SLOT);
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    }
  });

  it("never hands out the same nonce twice, across many pool refills", () => {
    const nonces = new Set(Array.from({ length: 2000 }, () => newCspNonce()));
    expect(nonces.size).toBe(2000);
  });
});

describe("request ids and the request log", () => {
  it("gives each request a new id, keeps a sane incoming one and refuses an odd one", async () => {
    const plain = await fetch(`${base}/ok`);
    expect(plain.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await plain.json()) as { id: string }).id).toBe(plain.headers.get("x-request-id"));
    const traced = await fetch(`${base}/ok`, { headers: { "X-Request-Id": "trace-123.a" } });
    expect(traced.headers.get("x-request-id")).toBe("trace-123.a");
    const odd = await fetch(`${base}/ok`, { headers: { "X-Request-Id": "no spaces <allowed>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs one line per finished request at a level by status, with the route's lines under the same id", async () => {
    lines.length = 0;
    const missing = await fetch(`${base}/missing?q=1`, { headers: { Cookie: "secret=1" } });
    await fetch(`${base}/assets/app.js`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const id = missing.headers.get("x-request-id");
    const own = lines.find((line) => line.msg === "a route's own line");
    expect(own).toMatchObject({ reqId: id, detail: "looked", level: 30 });
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed).toHaveLength(1); // the asset is not logged
    expect(completed[0]).toMatchObject({
      reqId: id,
      level: 40,
      req: { method: "GET", url: "/missing?q=1" },
      res: { statusCode: 404 },
    });
    expect(typeof completed[0].responseTime).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("secret=1");
  });

  it("logs a URL without its one-time token (redactUrl)", async () => {
    lines.length = 0;
    const token = "one-time-token-7Hq2Lw9z";
    await fetch(`${base}/reset-password/${token}`);
    await fetch(`${base}/unsubscribe?token=${token}&from=mail`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const urls = lines
      .filter((line) => line.msg === "request completed")
      .map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(["/reset-password/[redacted]", "/unsubscribe?token=[redacted]&from=mail"]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
