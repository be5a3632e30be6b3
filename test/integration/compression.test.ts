import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shouldCompress } from "../../server/compression";

let base = "";
let close: () => void = () => {};
beforeAll(async () => {
  const app = express();
  app.use(compression({ filter: shouldCompress, threshold: 0 }));
  app.get("/page", (_req, res) => void res.type("html").send("<p>" + "hello ".repeat(500) + "</p>"));
  app.get("/stream", (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.write("data: first\n\n");
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("compression", () => {
  it("compresses pages", async () => {
    const response = await fetch(`${base}/page`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("never buffers server-sent events: the first event arrives while the stream stays open", async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/stream`, {
      headers: { "Accept-Encoding": "gzip" },
      signal: controller.signal,
    });
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = response.body!.getReader();
    const first = await Promise.race([
      reader.read().then((chunk) => new TextDecoder().decode(chunk.value)),
      new Promise((resolve) => setTimeout(() => resolve("nothing within 2 s"), 2000)),
    ]);
    expect(first).toBe("data: first\n\n");
    controller.abort();
  });
});
