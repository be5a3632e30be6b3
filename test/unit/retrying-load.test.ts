/**
 * `loadWithRetry` against a small HTTP server that fails on cue: what is asked again (the network,
 * a 5xx), what never is (a 4xx the server meant), and what a redirect means.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadWithRetry, RETRY_WAITS_MS } from "~/components/ui/retrying-load";

type Reply = (response: ServerResponse, request: IncomingMessage) => void;
const json =
  (status: number, body: unknown): Reply =>
  (response) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
const cut: Reply = (response, request) => request.socket.destroy();

let server: Server;
let origin: string;
let script: Reply[] = [];
let asked = 0;
const waits = [5, 5, 5];

beforeAll(async () => {
  server = createServer((request, response) => {
    const reply = script[Math.min(asked, script.length - 1)];
    asked += 1;
    reply(response, request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = 0;
});

describe("loadWithRetry", () => {
  it("asks three more times, waiting longer each time, on the product's schedule", () => {
    expect(RETRY_WAITS_MS).toEqual([1000, 2000, 4000]);
  });

  it("asks again after a cut connection and a 5xx, and answers with what came in the end", async () => {
    script = [cut, json(502, {}), json(200, { ok: true, items: [1] })];
    const retries: number[] = [];
    const outcome = await loadWithRetry(`${origin}/list`, { waits, onRetry: (n) => retries.push(n) });
    expect(outcome).toEqual({ kind: "answer", data: { ok: true, items: [1] } });
    expect(asked).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it("gives up after the first try and three retries", async () => {
    script = [json(503, { ok: false })];
    expect(await loadWithRetry(`${origin}/list`, { waits })).toEqual({ kind: "failed" });
    expect(asked).toBe(4);
    script = [cut];
    asked = 0;
    expect(await loadWithRetry(`${origin}/list`, { waits })).toEqual({ kind: "failed" });
    expect(asked).toBe(4);
  });

  it("never asks again after a 4xx: the server's words, or the catalogue's when it sent none", async () => {
    script = [json(429, { ok: false, error: "Too many requests. Try again later.", statusCode: 429 })];
    expect(await loadWithRetry(`${origin}/list`, { waits })).toEqual({
      kind: "answer",
      data: { ok: false, error: "Too many requests. Try again later.", statusCode: 429 },
    });
    expect(asked).toBe(1);
    script = [(response) => (response.writeHead(404, { "Content-Type": "text/html" }), response.end("<h1>x</h1>"))];
    asked = 0;
    expect(await loadWithRetry(`${origin}/list`, { waits })).toEqual({
      kind: "answer",
      data: {
        ok: false,
        error: "Sorry, we couldn’t find that page. Please try to use searching or connect to the support team.",
        statusCode: 404,
      },
    });
    expect(asked).toBe(1);
  });

  it("reports a redirect (a session that ended) without following it", async () => {
    script = [(response) => (response.writeHead(302, { Location: "/sign-in" }), response.end())];
    expect(await loadWithRetry(`${origin}/list`, { waits })).toEqual({ kind: "redirected" });
    expect(asked).toBe(1);
  });

  it("asks again when a 200 is not an answer (a captive portal's page)", async () => {
    script = [(response) => response.end("<html>Sign in to the Wi-Fi</html>"), json(200, { ok: true })];
    expect(await loadWithRetry(`${origin}/list`, { waits })).toEqual({ kind: "answer", data: { ok: true } });
    expect(asked).toBe(2);
  });

  it("stops when its caller drops it, even between tries", async () => {
    script = [json(500, {})];
    const controller = new AbortController();
    const load = loadWithRetry(`${origin}/list`, { waits: [10_000], signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await expect(load).rejects.toBeDefined();
    expect(asked).toBe(1);
  });
});
