import { expect, test, type APIResponse } from "./support/test";
import { uniqueClientIp } from "./support/helpers";

/** product.md "Error messages", the error catalogue. */
const NOT_FOUND_TEXT = "Sorry, we couldn’t find that page. Please try to use searching or connect to the support team.";
const FORBIDDEN_TEXT =
  "Sorry, but you don’t have permission to access this area. Try another account or connect to the support team.";
const TOO_MANY_TEXT = "Too many requests. Try again later.";

const SUPPORT = "/api/support/requests";
const validRequest = () => ({
  name: "Ada Lovelace",
  phone: "+1 (555) 010-2030",
  email: "ada@example.com",
  preferredTime: "Morning",
  message: "Call me",
});

async function json(response: APIResponse): Promise<Record<string, unknown>> {
  expect(response.headers()["content-type"]).toContain("application/json");
  return (await response.json()) as Record<string, unknown>;
}

test.describe("API conventions", () => {
  test("GET /api/health answers the payload envelope", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await json(response)).toEqual({ payload: { status: "ok", database: "ok" } });
  });

  test("an unknown /api path answers a JSON 404, never the HTML page", async ({ request }) => {
    for (const response of [await request.get("/api/nope"), await request.post("/api/nope/deeper", { data: {} })]) {
      expect(response.status()).toBe(404);
      expect(await json(response)).toEqual({ error: NOT_FOUND_TEXT, statusCode: 404 });
    }
  });

  test("malformed JSON answers 400", async ({ request }) => {
    const response = await request.post(SUPPORT, {
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClientIp() },
      // A Buffer goes out byte for byte (a string with a JSON content type would be re-encoded).
      data: Buffer.from('{"name": "Ada", '),
    });
    expect(response.status()).toBe(400);
    const body = await json(response);
    expect(body.statusCode).toBe(400);
    expect(typeof body.error).toBe("string");
  });

  test("a body over 1 MB answers 413", async ({ request }) => {
    const big = JSON.stringify({ ...validRequest(), message: "x".repeat(1_100_000) });
    const response = await request.post(SUPPORT, {
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClientIp() },
      data: Buffer.from(big),
    });
    expect(response.status()).toBe(413);
    const body = await json(response);
    expect(body.statusCode).toBe(413);
    expect(typeof body.error).toBe("string");
  });

  test("an invalid body answers 422 with errors by field", async ({ request }) => {
    const response = await request.post(SUPPORT, { headers: { "X-Forwarded-For": uniqueClientIp() }, data: {} });
    expect(response.status()).toBe(422);
    const body = await json(response);
    expect(body).toMatchObject({ statusCode: 422, error: expect.any(String) });
    expect(body.errors).toMatchObject({ name: [expect.any(String)], phone: [expect.any(String)] });
  });

  test("request strings are trimmed server-side: blanks are missing values", async ({ request }) => {
    const response = await request.post(SUPPORT, {
      headers: { "X-Forwarded-For": uniqueClientIp() },
      data: { name: "   ", phone: " \t " },
    });
    expect(response.status()).toBe(422);
    const errors = (await json(response)).errors as Record<string, string[]>;
    expect(errors.name).toEqual(["Required"]);
    expect(errors.phone[0]).toBe("Required");
  });

  test("the fourth request within the window answers 429 with Retry-After", async ({ request }) => {
    // The e2e server runs with RATE_LIMIT_SUPPORT_REQUEST=3/60; this caller gets its own counter.
    const headers = { "X-Forwarded-For": uniqueClientIp() };
    for (let i = 0; i < 3; i++) {
      const response = await request.post(SUPPORT, { headers, data: validRequest() });
      expect(response.status(), `request ${i + 1}`).toBe(201);
      expect(await json(response)).toEqual({ payload: { id: expect.any(String) } });
    }
    const limited = await request.post(SUPPORT, { headers, data: validRequest() });
    expect(limited.status()).toBe(429);
    const retryAfter = Number(limited.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await json(limited)).toEqual({ error: TOO_MANY_TEXT, statusCode: 429 });

    // Another caller is not affected.
    const other = await request.post(SUPPORT, {
      headers: { "X-Forwarded-For": uniqueClientIp() },
      data: validRequest(),
    });
    expect(other.status()).toBe(201);
  });

  test("unsafe methods from another origin answer 403; the app's own origin passes", async ({ request, baseURL }) => {
    const headers = { "X-Forwarded-For": uniqueClientIp() };
    const foreign = await request.post(SUPPORT, {
      headers: { ...headers, Origin: "https://evil.example" },
      data: validRequest(),
    });
    expect(foreign.status()).toBe(403);
    expect(await json(foreign)).toEqual({ error: FORBIDDEN_TEXT, statusCode: 403 });

    const crossSite = await request.post(SUPPORT, {
      headers: { ...headers, "Sec-Fetch-Site": "cross-site" },
      data: validRequest(),
    });
    expect(crossSite.status()).toBe(403);

    const sameOrigin = await request.post(SUPPORT, {
      headers: { ...headers, Origin: new URL(baseURL!).origin },
      data: {},
    });
    // Past the origin check: the body is judged (422), not the caller.
    expect(sameOrigin.status()).toBe(422);

    // Page routes too: a fetcher's action (single fetch's `.data` address) posted from another site.
    const pageAction = await request.post("/notifications/unread.data", {
      headers: { ...headers, Origin: "https://evil.example" },
      form: { tillDate: new Date().toISOString() },
    });
    expect(pageAction.status()).toBe(403);

    // Reads are never blocked by the origin check.
    const read = await request.get("/api/health", { headers: { Origin: "https://evil.example" } });
    expect(read.status()).toBe(200);
  });
});

test.describe("HTTP headers", () => {
  test("pages carry a nonce-based CSP, and every script tag carries that nonce", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const csp = response.headers()["content-security-policy"];
    expect(csp).toBeTruthy();
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, `a nonce in ${csp}`).toBeTruthy();
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);

    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // A fresh nonce per response.
    const again = await request.get("/");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });

  test("the JSON API carries its own short set: nothing loads, frames, sniffs or reads it cross-origin", async ({
    request,
  }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  test("hashed assets are cached as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    expect(asset, "the page links a hashed asset").toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    const cacheControl = response.headers()["cache-control"];
    expect(cacheControl).toContain("immutable");
    expect(cacheControl).toMatch(/max-age=(\d{7,})/);
  });

  test("HTML is compressed when the client accepts gzip", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["content-type"]).toContain("text/html");
    // Still readable: the client decompresses it.
    expect(await response.text()).toContain("<html");
  });

  test("every response carries an X-Request-Id, and a sane incoming one is kept", async ({ request }) => {
    for (const path of ["/", "/api/health", "/api/nope"]) {
      const response = await request.get(path);
      expect(response.headers()["x-request-id"], path).toMatch(/^[\w.-]{8,}$/);
    }
    const traced = await request.get("/api/health", { headers: { "X-Request-Id": "e2e-trace-123" } });
    expect(traced.headers()["x-request-id"]).toBe("e2e-trace-123");
  });
});
