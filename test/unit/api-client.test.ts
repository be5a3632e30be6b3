import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiFetch, ApiClientError, apiUrl } from "~/modules/http/api-client";

/**
 * A tiny real HTTP server standing in for the API: each test sets how it answers. It records
 * every request so the tests can count refreshes and replays.
 */
type Answer = { status: number; body?: unknown; raw?: string; delayMs?: number };
type Handler = (req: IncomingMessage, body: string) => Answer | Promise<Answer>;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: { method: string; url: string; body: string; contentType?: string }[];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, body, contentType: req.headers["content-type"] });
      void Promise.resolve(handler(req, body)).then((answer) =>
        setTimeout(() => {
          if (answer.raw !== undefined) {
            res.writeHead(answer.status, { "Content-Type": "text/html" }).end(answer.raw);
          } else if (answer.body === undefined) {
            res.writeHead(answer.status).end();
          } else {
            res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
          }
        }, answer.delayMs ?? 0),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
});

const refreshCalls = () => seen.filter((r) => r.url === "/api/refresh_token").length;
const callsTo = (path: string) => seen.filter((r) => r.url.startsWith(path)).length;

async function rejection(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

describe("apiFetch", () => {
  it("sends JSON with repeated keys for arrays and answers the parsed body", async () => {
    handler = () => ({ status: 200, body: { payload: { ok: true } } });
    const answer = await apiFetch("/experts", { baseUrl, query: { categoryIds: [1, 2], q: "nba", skip: undefined } });
    expect(answer).toEqual({ payload: { ok: true } });
    expect(seen[0].url).toBe("/api/experts?categoryIds=1&categoryIds=2&q=nba");

    await apiFetch("/api/session", {
      baseUrl,
      method: "POST",
      body: { session: { emailOrUserName: "a", password: "b" } },
    });
    expect(seen[1]).toMatchObject({ method: "POST", url: "/api/session", contentType: "application/json" });
    expect(JSON.parse(seen[1].body)).toEqual({ session: { emailOrUserName: "a", password: "b" } });
  });

  it("answers null for an empty body", async () => {
    handler = () => ({ status: 204 });
    expect(await apiFetch("/notifications/see-notifications/mark-read", { baseUrl, method: "PUT" })).toBeNull();
  });

  it("on a 401 refreshes the session once and replays the request", async () => {
    let renewed = false;
    handler = (req) => {
      if (req.url === "/api/refresh_token") {
        renewed = true;
        return { status: 200, body: { payload: {} } };
      }
      return renewed
        ? { status: 200, body: { payload: { user: { id: "u1" } } } }
        : { status: 401, body: { error: "Please sign in to continue.", statusCode: 401 } };
    };
    expect(await apiFetch("/user/me", { baseUrl })).toEqual({ payload: { user: { id: "u1" } } });
    expect(seen.map((r) => r.url)).toEqual(["/api/user/me", "/api/refresh_token", "/api/user/me"]);
  });

  it("treats a second 401 on the replay as final", async () => {
    handler = (req) =>
      req.url === "/api/refresh_token"
        ? { status: 200, body: { payload: {} } }
        : { status: 401, body: { error: "Please sign in to continue.", statusCode: 401 } };
    const error = await rejection(apiFetch("/user/me", { baseUrl }));
    expect(error).toMatchObject({ statusCode: 401, error: "Please sign in to continue." });
    expect(refreshCalls()).toBe(1);
    expect(callsTo("/api/user/me")).toBe(2);
  });

  it("does not replay when the refresh itself fails", async () => {
    handler = () => ({ status: 401, body: { error: "Please sign in to continue.", statusCode: 401 } });
    const error = await rejection(apiFetch("/user/me", { baseUrl }));
    expect(error.statusCode).toBe(401);
    expect(seen.map((r) => r.url)).toEqual(["/api/user/me", "/api/refresh_token"]);
  });

  it("never refreshes for the refresh call itself", async () => {
    handler = () => ({ status: 401, body: { error: "Please sign in to continue.", statusCode: 401 } });
    await rejection(apiFetch("/refresh_token", { baseUrl, method: "POST" }));
    expect(seen).toHaveLength(1);
  });

  it("shares one refresh between concurrent 401s, and replays each request once", async () => {
    // The three 401s leave together (a barrier), so all three reach the client while one refresh runs.
    let renewed = false;
    let release: () => void = () => {};
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    handler = async (req) => {
      if (req.url === "/api/refresh_token") {
        renewed = true;
        return { status: 200, body: { payload: {} }, delayMs: 50 };
      }
      if (renewed) return { status: 200, body: { payload: req.url } };
      if (++waiting === 3) release();
      await allArrived;
      return { status: 401, body: { error: "expired", statusCode: 401 } };
    };
    const answers = await Promise.all(["/a", "/b", "/c"].map((path) => apiFetch(path, { baseUrl })));
    expect(answers).toEqual([{ payload: "/api/a" }, { payload: "/api/b" }, { payload: "/api/c" }]);
    expect(refreshCalls()).toBe(1);
    for (const path of ["/api/a", "/api/b", "/api/c"]) expect(callsTo(path)).toBe(2);
  });

  it.each([
    [
      "the server's message and field errors",
      422,
      { error: "Wrong email, username or password", errors: { email: ["Invalid email"] }, statusCode: 422 },
      "Wrong email, username or password",
    ],
    [
      "the first field error without a message",
      422,
      { errors: { price: ["Price should be at least $1"] } },
      "Price should be at least $1",
    ],
    [
      "the catalogue's text for a bare 404",
      404,
      undefined,
      "Sorry, we couldn’t find that page. Please try to use searching or connect to the support team.",
    ],
    ["the catalogue's text for a 429", 429, {}, "Too many requests. Try again later."],
    [
      "a problem-style detail, a JSON array joined",
      400,
      { type: "about:blank", title: "Bad Request", status: 400, detail: '["one","two"]' },
      "one, two",
    ],
    ["a problem-style title without detail", 409, { title: "Conflict", status: 409 }, "Conflict"],
  ])("turns an error into ApiClientError: %s", async (_name, status, body, message) => {
    handler = () => ({ status, body });
    const error = await rejection(apiFetch("/thing", { baseUrl }));
    expect(error.statusCode).toBe(status);
    expect(error.error).toBe(message);
    expect(error.message).toBe(message);
  });

  it("keeps the field errors and reads an HTML error page as the catalogue's default", async () => {
    handler = () => ({
      status: 422,
      body: { error: "Violation", errors: { email: ["This e-mail is already registered"] } },
    });
    expect((await rejection(apiFetch("/users", { baseUrl, method: "POST", body: {} }))).errors).toEqual({
      email: ["This e-mail is already registered"],
    });
    handler = () => ({ status: 502, raw: "<html>Bad gateway</html>" });
    expect(await rejection(apiFetch("/users", { baseUrl }))).toMatchObject({
      statusCode: 502,
      error: "Oops, something went wrong, please try again or connect to the support team.",
    });
  });

  it("reports a network failure with the default status 500", async () => {
    const error = await rejection(apiFetch("/user/me", { baseUrl: "http://127.0.0.1:1" }));
    expect(error.statusCode).toBe(500);
    expect(error.error).toBe("Oops, something went wrong, please try again or connect to the support team.");
  });
});

describe("apiUrl", () => {
  it("prefixes /api once and drops empty query values", () => {
    expect(apiUrl("/user/me", undefined)).toBe("/api/user/me");
    expect(apiUrl("/api/user/me", undefined)).toBe("/api/user/me");
    expect(apiUrl("search", { searchValue: "lakers", topCount: 5, empty: null })).toBe(
      "/api/search?searchValue=lakers&topCount=5",
    );
  });
});
