import type { AddressInfo } from "node:net";
import http from "node:http";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The Express adapter as server.ts uses it, patched (patches/@remix-run+express+2.17.5.patch):
// a request's signal ends once its response is sent, so nothing Remix ties to it (single fetch's
// 4.95 s timer per response) outlives the response. A dropped connection still aborts at once.
const signals: AbortSignal[] = [];
let releaseSlow: () => void = () => {};

const build = {
  mode: "production",
  entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/signal": {
      id: "routes/signal",
      parentId: "root",
      path: "signal",
      module: {
        loader: ({ request }: { request: Request }) => {
          signals.push(request.signal);
          return new Response("sent");
        },
      },
    },
    "routes/slow": {
      id: "routes/slow",
      parentId: "root",
      path: "slow",
      module: {
        loader: async ({ request }: { request: Request }) => {
          signals.push(request.signal);
          await new Promise<void>((resolve) => (releaseSlow = resolve));
          return new Response("too late");
        },
      },
    },
  },
  assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.all("*", createRequestHandler({ build, mode: "production" }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("a request's signal", () => {
  it("ends, without an Error, once its response is sent", async () => {
    signals.length = 0;
    const response = await fetch(`${base}/signal`);
    expect(await response.text()).toBe("sent");
    const [signal] = signals;
    await until(() => signal.aborted);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ name: "ResponseSent" });
    expect(signal.reason).not.toBeInstanceOf(Error);
  });

  it("aborts while the loader still runs when the connection drops", async () => {
    signals.length = 0;
    const request = http.get(`${base}/slow`);
    request.on("error", () => {});
    await until(() => signals.length === 1);
    const [signal] = signals;
    expect(signal.aborted).toBe(false);
    request.destroy();
    await until(() => signal.aborted);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ name: "AbortError" });
    releaseSlow();
  });
});
