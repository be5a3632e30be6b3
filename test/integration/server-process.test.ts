import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspDirectives } from "../support/csp";

function run(env: Record<string, string>) {
  // One process (node with the tsx loader), so the signal reaches our own handler.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sharpside-proc-")),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("the server process", () => {
  it("refuses an invalid setting with a clear message and exit code 1", async () => {
    const server = run({
      PORT: "abc",
      LOG_LEVEL: "loud",
      DATABASE_URL: "mysql://app:Pa55-w0rd-xyz@db.internal/app",
      SMTP_URL: "smtp://mailer:Pa55-w0rd-xyz/mail",
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain('PORT must be a whole number, got "abc"');
    expect(server.output()).toContain("LOG_LEVEL");
    // A malformed URL with a password is named, never printed.
    expect(server.output()).toContain(
      'DATABASE_URL must be postgres://… or memory://, got a "mysql://" URL (not shown: it may hold a password)',
    );
    expect(server.output()).toContain("SMTP_URL must be a smtp:// or smtps:// URL");
    expect(server.output()).not.toContain("Pa55-w0rd-xyz");
    expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("starts on a throw-away embedded database, answers, and shuts down cleanly on SIGTERM", async () => {
    const port = 3190 + Number(process.env.VITEST_POOL_ID ?? 0);
    const server = run({
      PORT: String(port),
      HMR_PORT: String(24790 + port - 3190),
      DATABASE_URL: "memory://",
      NODE_ENV: "development",
    });
    try {
      let health: Response | undefined;
      for (let i = 0; i < 100 && !health; i++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      }
      expect(health?.status).toBe(200);
      expect(health?.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.output()).toContain("seeded demo data");

      // An open notification stream does not hold the shutdown up: it is ended first.
      const signIn = await fetch(`http://127.0.0.1:${port}/api/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          session: { emailOrUserName: "alex.fan", password: "sharpside-demo", rememberMe: false },
        }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .find((c) => c.startsWith("ss_access="))!
        .split(";")[0];
      const stream = await fetch(`http://127.0.0.1:${port}/api/notifications/sse-notifications`, {
        headers: { Cookie: cookie, Accept: "text/event-stream" },
      });
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = stream.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("retry: 3000");
      const streamEnded = (async () => {
        while (!(await reader.read()).done);
        return true;
      })();

      const stopping = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(await streamEnded).toBe(true);
      expect(Date.now() - stopping).toBeLessThan(9000);
      expect(server.output()).toContain("shutting down");
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);
});

/** Starts the server (development mode, Vite) and waits until /api/health answers. */
async function startServer(port: number, env: Record<string, string> = {}) {
  const server = run({
    PORT: String(port),
    HMR_PORT: String(21000 + port),
    DATABASE_URL: "memory://",
    NODE_ENV: "development",
    ...env,
  });
  for (let i = 0; i < 200; i++) {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (health?.status === 200) return server;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  server.child.kill("SIGKILL");
  throw new Error(`the server did not start:\n${server.output()}`);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes the client had written when the answer came. */
  sent: number;
}

/**
 * A POST through node:http: `Transfer-Encoding: chunked` unless a Content-Length is given. Writes
 * `body`, or `total` bytes of "a", in 64 kB chunks and stops writing as soon as the answer is in.
 */
function post(
  port: number,
  pathname: string,
  options: {
    contentType: string;
    body?: string;
    total?: number;
    contentLength?: number;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": options.contentType, ...options.headers };
    if (options.contentLength !== undefined) headers["Content-Length"] = String(options.contentLength);
    else headers["Transfer-Encoding"] = "chunked";
    const request = http.request({ host: "127.0.0.1", port, path: pathname, method: "POST", headers });
    const source = options.body !== undefined ? Buffer.from(options.body) : undefined;
    const total = source ? source.length : (options.total ?? 0);
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          sent,
        });
        request.destroy();
      });
      response.on("error", reject);
    });
    request.on("error", (error) => {
      if (!answered) reject(new Error(`no answer after ${sent} bytes: ${error.message}`));
    });
    const write = () => {
      while (!answered && sent < total) {
        const size = Math.min(64 * 1024, total - sent);
        const chunk = source ? source.subarray(sent, sent + size) : Buffer.alloc(size, "a");
        sent += size;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      // A declared length the body never reaches: the answer must come without the rest.
      if (!answered && sent >= (options.contentLength ?? total)) request.end();
    };
    write();
  });
}

const MB = 1_000_000;
const WEBHOOK = "/api/paymentsystems/stripe/webhook";
const WEBHOOK_SECRET = "whsec_server_process_test";
const FORM = "application/x-www-form-urlencoded";
const pool = Number(process.env.VITEST_POOL_ID ?? 0);

describe("the running server", () => {
  // One with nothing third-party configured, one with payments and the consented scripts.
  const plainPort = 3290 + pool;
  const configuredPort = 3390 + pool;
  let plain: ReturnType<typeof run>;
  let configured: ReturnType<typeof run>;
  beforeAll(async () => {
    [plain, configured] = await Promise.all([
      startServer(plainPort),
      startServer(configuredPort, {
        STRIPE_SECRET_KEY: "sk_test_server_process",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        ANALYTICS_SCRIPT_URL: "https://analytics.example/tag.js?site=1",
        MESSENGER_SCRIPT_URL: "https://widget.messenger.example/v2/loader.js",
      }),
    ]);
  }, 120_000);
  afterAll(() => {
    plain?.child.kill("SIGKILL");
    configured?.child.kill("SIGKILL");
  });

  it("answers 403, not Remix's 500, to a page action whose Origin is the app's but names another host", async () => {
    // APP_URL is http://localhost:PORT (unset: derived); the request arrives as 127.0.0.1:PORT.
    const body = "emailOrUserName=alex.fan&password=sharpside-demo";
    const mismatched = await post(plainPort, "/sign-in", {
      contentType: FORM,
      body,
      contentLength: body.length,
      headers: { Origin: `http://localhost:${plainPort}` },
    });
    expect(mismatched.status).toBe(403);
    expect(mismatched.body).toBe("Forbidden");
    // The same Origin with the host a proxy forwarded: Remix's check agrees, the action runs.
    const forwarded = await post(plainPort, "/sign-in", {
      contentType: FORM,
      body,
      contentLength: body.length,
      headers: { Origin: `http://localhost:${plainPort}`, "X-Forwarded-Host": `localhost:${plainPort}` },
    });
    expect(forwarded.status).not.toBe(403);
    expect(forwarded.status).toBeLessThan(500);
  });

  describe("request bodies: every one counted as it arrives, 10 MB at most", () => {
    it("refuses a declared Content-Length over 10 MB at once: text on a page, the API's shape under /api", async () => {
      const page = await post(plainPort, "/sign-in", {
        contentType: FORM,
        contentLength: 10 * MB + 1,
        total: 64 * 1024,
      });
      expect(page.status).toBe(413);
      expect(page.body).toBe("Request too large");
      const api = await post(plainPort, WEBHOOK, {
        contentType: "application/json",
        contentLength: 10 * MB + 1,
        total: 64 * 1024,
      });
      expect(api.status).toBe(413);
      expect(api.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(api.body)).toMatchObject({ statusCode: 413, error: expect.any(String) });
    });

    it("refuses a chunked body once 10 MB have arrived, to a page action and to an /api route, and stays up", async () => {
      // Without the count, sign-in's formData() and the webhook's text() would buffer it all. The
      // body is far longer than what the server may still read and drop after refusing (10 MB,
      // then up to 100 MB or 3 s of lingering close): a client that got to send all of it would
      // mean the server read it all, however slow the machine.
      const huge = 400 * MB;
      const page = await post(plainPort, "/sign-in", { contentType: FORM, total: huge });
      expect(page.status).toBe(413);
      expect(page.body).toBe("Request too large");
      expect(page.sent).toBeLessThan(huge);
      const api = await post(configuredPort, WEBHOOK, { contentType: "application/json", total: huge });
      expect(api.status).toBe(413);
      expect(JSON.parse(api.body)).toEqual({ error: expect.any(String), statusCode: 413 });
      expect(api.sent).toBeLessThan(huge);

      for (const port of [plainPort, configuredPort])
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(plain.output()).toContain("refused a request body over the limit");
      expect(plain.output()).not.toMatch(/\n\s+at /); // the route's dropped answer logs no stack
      expect(plain.child.exitCode).toBeNull();
    });

    it("closes the connection once 10 MB of a body nobody reads have arrived (no reading it into nothing for minutes)", async () => {
      // The origin check answers 403 without reading; Node would then read the rest, forever, to
      // keep the connection. This client ignores the answer and keeps sending, up to 200 MB.
      const socket = net.connect(plainPort, "127.0.0.1");
      let received = "";
      socket.on("data", (data) => (received += data));
      socket.on("error", () => {});
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.write(
        `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${plainPort}\r\nOrigin: https://evil.example\r\nContent-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, "a"), Buffer.from("\r\n")]);
      let sent = 0;
      while (!socket.destroyed && sent < 200 * MB) {
        sent += 0x10000;
        if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
      }
      await closed;
      expect(received).toMatch(/^HTTP\/1\.1 403 /);
      expect(sent).toBeLessThan(200 * MB);
      expect((await fetch(`http://127.0.0.1:${plainPort}/api/health`)).status).toBe(200);
    });

    it("streams a body under the limit to the route: a form sign-in, a chunked JSON sign-in, nearly 10 MB, a signed webhook", async () => {
      const fields = "emailOrUserName=alex.fan&password=sharpside-demo";
      const form = await post(plainPort, "/sign-in", { contentType: FORM, body: fields, contentLength: fields.length });
      expect(form.status).toBe(302);
      expect(form.headers.location).toBe("/");
      expect(form.headers["set-cookie"]?.some((cookie) => cookie.startsWith("ss_access="))).toBe(true);

      const session = { session: { emailOrUserName: "alex.fan", password: "sharpside-demo", rememberMe: false } };
      const json = await post(plainPort, "/api/session", {
        contentType: "application/json",
        body: JSON.stringify(session),
      });
      expect(json.status).toBe(200);
      expect(JSON.parse(json.body).payload.user.userName).toBe("alex.fan");

      // A page form has a cap of its own (3 MB, form-input.server.ts): the action reads the rest
      // into nothing and answers 413, which the client receives (no reset while it still sends).
      const large = await post(plainPort, "/sign-in", { contentType: FORM, total: 10 * MB - 1000 });
      expect(large.status).toBe(413);
      expect(large.sent).toBe(10 * MB - 1000);

      // Nearly 10 MB reaches a route that takes that much, the webhook. The signature covers the
      // exact bytes: they arrive unchanged, in 64 kB chunks.
      const event = JSON.stringify({
        id: `evt_process_${Date.now()}`,
        object: "event",
        type: "customer.created",
        data: { object: { id: "cus_1", padding: "x".repeat(10 * MB - 2000) } },
      });
      const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({
        payload: event,
        secret: WEBHOOK_SECRET,
      });
      const webhook = await post(configuredPort, WEBHOOK, {
        contentType: "application/json",
        body: event,
        headers: { "Stripe-Signature": signature },
      });
      expect(webhook.status).toBe(200);
      expect(JSON.parse(webhook.body)).toEqual({
        payload: { received: true, duplicate: false, type: "customer.created" },
      });
    });
  });

  describe("answers to a session, and to what a route does not answer", () => {
    const base = `http://127.0.0.1:${plainPort}`;
    let session = "";
    /** The sign-in's Cache-Control: it sets the session. */
    let signInCaching: string | null = null;
    let sent = 0;
    /** A request with an id of ours, to find its log lines. */
    const ask = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const id = `private-answers-${pool}-${++sent}`;
      return fetch(`${base}${path}`, {
        redirect: "manual",
        ...init,
        headers: { ...init.headers, "X-Request-Id": id },
      }).then((response) => Object.assign(response, { id }));
    };
    /** The server's log lines at error level or above for these requests (read once they are written). */
    const errorLines = async (ids: string[]) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return plain
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string })
        .filter((line) => line.level >= 50 && line.reqId !== undefined && ids.includes(line.reqId));
    };

    beforeAll(async () => {
      const signIn = await fetch(`${base}/api/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          session: { emailOrUserName: "alex.fan", password: "sharpside-demo", rememberMe: true },
        }),
      });
      session = signIn.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      expect(session).toContain("ss_access=");
      signInCaching = signIn.headers.get("cache-control");
    });

    it("is private, no-store whatever answers a session: resource routes, the API, pages, data, 404s, redirects, refusals", async () => {
      const paths = [
        "/notifications/list",
        "/notifications/unread",
        "/experts/LeBronPicks/record",
        "/search/suggestions?q=le",
        "/api/user/me",
        "/api/notifications/see-notifications/counters",
        "/api/no-such-route",
        "/leaderboard",
        "/experts/LeBronPicks",
        "/leaderboard.data",
        "/no-such-page",
        "/sign-out",
        "/img?src=nothing",
        `/search?q=${"a".repeat(5000)}`,
      ];
      const answers: string[] = [];
      for (const path of paths) {
        const response = await ask(path, { headers: { Cookie: session } });
        answers.push(`${path.slice(0, 40)} ${response.status} ${response.headers.get("cache-control")}`);
      }
      expect(answers.filter((answer) => !/ \d{3} private, no-store$/.test(answer))).toEqual([]);
      expect(signInCaching).toBe("private, no-store");
      // Redirects, 404s and a refusal before Remix among them.
      expect(answers.some((answer) => / 30\d /.test(answer))).toBe(true);
      expect(answers.some((answer) => / 404 /.test(answer))).toBe(true);
      expect(answers.some((answer) => / 414 /.test(answer))).toBe(true);

      // A forged or lapsed cookie, or an Authorization header: the same, without looking it up.
      for (const headers of [{ Cookie: "ss_access=forged.1.abc" }, { Cookie: "ss_refresh=forged" }]) {
        for (const path of ["/leaderboard", "/notifications/unread", "/api/user/me"])
          expect((await ask(path, { headers })).headers.get("cache-control"), path).toBe("private, no-store");
      }
      expect((await ask("/api/health", { headers: { Authorization: "Bearer x" } })).headers.get("cache-control")).toBe(
        "private, no-store",
      );
      // What is the same for everyone keeps its own caching, signed in or not.
      const sitemap = await ask("/sitemap.xml", { headers: { Cookie: session } });
      expect(sitemap.headers.get("cache-control")).toBe("public, max-age=3600");
      // A visitor's public page stays public, varying by cookie.
      const visitor = await ask("/leaderboard");
      expect(visitor.headers.get("cache-control")).toContain("public");
      expect(visitor.headers.get("vary")).toMatch(/cookie/i);
    });

    it("answers 405 in the API's shape with Allow to a method a route has no handler for, and logs no error", async () => {
      const asked = [
        ...["PUT", "POST", "PATCH", "DELETE"].map((method) =>
          ask("/api/user/me", {
            method,
            headers: { Cookie: session, "Content-Type": "application/json" },
            body: "{}",
          }),
        ),
        ask("/api/health", { method: "POST" }),
      ];
      const responses = await Promise.all(asked);
      for (const response of responses) {
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(await response.json()).toEqual({ error: "Method not allowed.", statusCode: 405 });
      }
      expect(responses[0].headers.get("cache-control")).toBe("private, no-store");
      // A resource route outside the API: 405 with Allow too, in plain text.
      const page = await ask("/notifications/list", { method: "POST", headers: { Cookie: session } });
      expect(page.status).toBe(405);
      expect(page.headers.get("allow")).toBe("GET, HEAD");
      expect(await page.text()).toBe("Method Not Allowed");
      // A page without an action: Remix's 405 with the Allow it lacked, a warning at most.
      const noAction = await ask("/leaderboard", { method: "POST", headers: { "Content-Type": FORM }, body: "a=1" });
      expect(noAction.status).toBe(405);
      expect(noAction.headers.get("allow")).toBe("GET, HEAD");
      // A method no route takes (the fetch API refuses TRACE: Remix answered 500 with a stack in the
      // log). Asked with node:http, as fetch refuses to send it too.
      const raw = (target: string, method: string, headers: Record<string, string> = {}) => {
        const id = `private-answers-${pool}-${++sent}`;
        return new Promise<{ id: string; status: number; headers: http.IncomingHttpHeaders; body: string }>(
          (resolve, reject) => {
            const request = http.request(`${base}${target}`, { method, headers: { ...headers, "X-Request-Id": id } });
            request.on("response", (response) => {
              let body = "";
              response.setEncoding("utf8");
              response.on("data", (chunk: string) => (body += chunk));
              response.on("end", () => resolve({ id, status: response.statusCode!, headers: response.headers, body }));
            });
            request.on("error", reject);
            request.end();
          },
        );
      };
      const unknown = await Promise.all([
        raw("/api/health", "TRACE"),
        raw("/api/user/me", "PROPFIND", { Cookie: session }),
        raw("/leaderboard", "TRACE"),
      ]);
      for (const response of unknown) {
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      }
      expect(JSON.parse(unknown[0].body)).toEqual({ error: "Method not allowed.", statusCode: 405 });
      expect(unknown[1].headers["cache-control"]).toBe("private, no-store");
      expect(unknown[2].body).toBe("Method Not Allowed");
      expect(await errorLines([...responses, page, noAction, ...unknown].map((response) => response.id))).toEqual([]);
    });

    it("logs no error for a ?_data request or a cross-origin .data request, and answers them as before", async () => {
      const legacy = await ask("/leaderboard?_data=root", { headers: { Cookie: session } });
      expect(legacy.status).toBe(200);
      expect(legacy.headers.get("cache-control")).toBe("private, no-store");
      const crossOrigin = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
      const data = await ask("/leaderboard.data", { headers: crossOrigin });
      expect(data.status).toBe(200);
      // Remix checks the Origin of a HEAD on .data (it runs it as an action) and threw a 500: refused first.
      const head = await ask("/leaderboard.data", { method: "HEAD", headers: crossOrigin });
      expect(head.status).toBe(403);
      const opaque = await ask("/leaderboard.data", { method: "HEAD", headers: { Origin: "null" } });
      expect(opaque.status).toBe(403);
      expect(await errorLines([legacy, data, head, opaque].map((response) => response.id))).toEqual([]);
    });
  });

  describe("the Content-Security-Policy server.ts sends (development mode: the production policy plus Vite's ws:)", () => {
    it("has the fixed directives, this page's nonce, and no third-party origin when none is configured", async () => {
      const response = await fetch(`http://127.0.0.1:${plainPort}/sign-in`);
      expect(response.status).toBe(200);
      const policy = cspDirectives(response.headers.get("content-security-policy")!);
      const nonce = /'nonce-([^']+)'/.exec(policy.get("script-src")!.join(" "))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy.get("script-src")).toEqual(["'self'", "'strict-dynamic'", `'nonce-${nonce}'`]);
      // Every script of the page carries it.
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("worker-src")).toEqual(["'self'"]);
      expect(policy.get("form-action")).toEqual(["'self'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("connect-src")).toEqual(["'self'", "ws:"]);
      const hosts = [...policy].flatMap(([name, sources]) =>
        // A host has "//"; a base64 nonce can too ('nonce-…//…'), and is no host.
        sources
          .filter((source) => source.includes("//") && !source.startsWith("'nonce-"))
          .map((source) => `${name} ${source}`),
      );
      expect(hosts).toEqual(["frame-src https://www.youtube-nocookie.com"]);
    });

    it("adds a configured service's origins to the directives it needs, and nowhere else", async () => {
      const response = await fetch(`http://127.0.0.1:${configuredPort}/sign-in`);
      const policy = cspDirectives(response.headers.get("content-security-policy")!);
      const thirdParty = ["https://analytics.example", "https://widget.messenger.example"];
      expect(policy.get("script-src")!.slice(3)).toEqual([
        "https://js.stripe.com",
        "https://*.js.stripe.com",
        ...thirdParty,
      ]);
      expect(policy.get("connect-src")).toEqual(["'self'", "ws:", "https://api.stripe.com", ...thirdParty]);
      expect(policy.get("frame-src")).toEqual([
        "'self'",
        "https://js.stripe.com",
        "https://*.js.stripe.com",
        "https://hooks.stripe.com",
        "https://www.youtube-nocookie.com",
        ...thirdParty,
      ]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    });
  });
});
