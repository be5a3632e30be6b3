/**
 * privateAnswersToSessions (server.ts puts it in front of everything) on a real Express server: the
 * Cache-Control an answer leaves with is decided when its headers are written, whoever set them.
 * The running app's answers are checked in server-process.test.ts.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateAnswersToSessions } from "../../server/private-answers";

describe("privateAnswersToSessions, on a real Express server", () => {
  let base = "";
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use(privateAnswersToSessions());
    app.get("/nothing", (_req, res) => void res.send("no header"));
    app.get(
      "/public-page",
      (_req, res) => void res.set({ "Cache-Control": "public, max-age=0", Vary: "Cookie" }).send("p"),
    );
    app.get("/asset", (_req, res) => void res.set("Cache-Control", "public, max-age=31536000, immutable").send("a"));
    app.get("/inline", (_req, res) => void res.writeHead(200, { "cache-control": "max-age=60" }).end("i"));
    app.get("/redirect", (_req, res) => void res.redirect("/"));
    app.get("/sign-in", (_req, res) => void res.append("Set-Cookie", "ss_access=new; Path=/").send("in"));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const cacheControl = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${base}${path}`, { headers, redirect: "manual" })).headers.get("cache-control");

  it("sends private, no-store to a session whatever the handler set, and leaves visitors' answers alone", async () => {
    const session = { Cookie: "ss_access=anything" };
    for (const path of ["/nothing", "/public-page", "/inline", "/redirect"])
      expect(await cacheControl(path, session), path).toBe("private, no-store");
    expect(await cacheControl("/asset", session)).toBe("public, max-age=31536000, immutable");
    expect(await cacheControl("/nothing")).toBeNull();
    expect(await cacheControl("/public-page")).toBe("public, max-age=0");
    expect(await cacheControl("/inline")).toBe("max-age=60");
    // An answer that sets the session is private even to a request without one.
    expect(await cacheControl("/sign-in")).toBe("private, no-store");
  });
});
