import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache } from "../../server/page-cache";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";

let base = "";
let close: () => void = () => {};
let renders = 0;
const cache = new PageCache({ ttlMs: 1_000, maxEntries: 3 });

beforeAll(async () => {
  const app = express();
  let nonceCounter = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCounter}xyz`;
    next();
  });
  app.use(cache.middleware((res) => res.locals.cspNonce));
  // A page rendered in chunks, the way Remix streams one, carrying its nonce and a render count.
  app.get(/^\/page/, (req, res) => {
    renders += 1;
    res.status(200).type("html").set("Cache-Control", PUBLIC_PAGE_HEADERS["Cache-Control"]).set("Vary", "Cookie");
    res.write(`<html><script nonce="${res.locals.cspNonce}">render ${renders}</script>`);
    res.end(`<p>${req.originalUrl}</p></html>`);
  });
  // A page whose render takes a while, so a second request arrives during it.
  let slowRenders = 0;
  app.get("/slow", async (_req, res) => {
    slowRenders += 1;
    const render = slowRenders;
    await new Promise((resolve) => setTimeout(resolve, 300));
    res
      .status(200)
      .type("html")
      .set("Cache-Control", PUBLIC_PAGE_HEADERS["Cache-Control"])
      .send(`<p>slow render ${render}</p>`);
  });
  app.get(
    "/with-cookie",
    (_req, res) => void res.cookie("flash", "1").set(PUBLIC_PAGE_HEADERS).type("html").send("<p>flash</p>"),
  );
  app.get("/undeclared", (_req, res) => void res.type("html").send("<p>token page</p>"));
  app.get("/private", (_req, res) => void res.set("Cache-Control", "private").type("html").send("<p>mine</p>"));
  app.get("/missing", (_req, res) => void res.status(404).type("html").send("<p>404</p>"));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { Accept: "text/html", ...headers } });

describe("the signed-out page cache", () => {
  it("renders once, then answers from the cache with each response's own nonce", async () => {
    const first = await get("/page?a=1");
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await get("/page?a=1");
    const secondBody = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toContain("text/html");
    expect(second.headers.get("cache-control")).toBe(PUBLIC_PAGE_HEADERS["Cache-Control"]);
    // The copy varies with the cookies as the page did: a shared cache in front keeps them apart.
    expect(second.headers.get("vary")).toBe("Cookie");
    expect(secondBody).toContain("render 1");
    const nonces = [firstBody, secondBody].map((b) => /nonce="([^"]+)"/.exec(b)![1]);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(secondBody).toBe(firstBody.replace(nonces[0], nonces[1]));
  });

  it("renders again once the entry is older than the TTL", async () => {
    await get("/page?ttl=1");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await get("/page?ttl=1");
    expect(later.headers.get("x-page-cache")).toBe("miss");
  });

  it("serves the expired copy to others while one request renders its successor, then the new one", async () => {
    await get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const renewing = get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await get("/slow");
    expect(during.headers.get("x-page-cache")).toBe("stale");
    expect(await during.text()).toBe("<p>slow render 1</p>");
    const renewed = await renewing;
    expect(renewed.headers.get("x-page-cache")).toBe("miss");
    expect(await renewed.text()).toBe("<p>slow render 2</p>");
    const after = await get("/slow");
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(await after.text()).toBe("<p>slow render 2</p>");
  });

  it("keeps pages apart by the public preference cookies", async () => {
    await get("/page?c=1", { Cookie: "cookieConsent=true" });
    expect((await get("/page?c=1", { Cookie: "cookieConsent=true" })).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/page?c=1", { Cookie: "cookieConsent=false" })).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/page?c=1", { Cookie: "sidebar=closed; cookieConsent=true" })).headers.get("x-page-cache")).toBe(
      "miss",
    );
  });

  it("never serves or stores a page for a request carrying one of the app's own cookies (a session)", async () => {
    await get("/page?s=1");
    for (const cookie of ["ss_access=abc", "ss_refresh=abc", "ss_google_oauth=state"]) {
      const signedIn = await get("/page?s=1", { Cookie: `cookieConsent=true; ${cookie}` });
      expect(signedIn.headers.get("x-page-cache"), cookie).toBeNull();
      expect(await signedIn.text()).not.toContain("render 1<");
    }
  });

  it("serves a visitor carrying cookies the app never reads (analytics) the same copy", async () => {
    const first = await get("/page?g=1", { Cookie: "cookieConsent=true" });
    const withAnalytics = await get("/page?g=1", { Cookie: "_ga=GA1.1.123.456; cookieConsent=true; _fbp=fb.1.2" });
    expect(withAnalytics.headers.get("x-page-cache")).toBe("hit");
    const nonce = (body: string) => /nonce="([^"]+)"/.exec(body)![1];
    const [a, b] = [await first.text(), await withAnalytics.text()];
    expect(b).toBe(a.replaceAll(nonce(a), nonce(b)));
  });

  it("stores only 200 HTML answers declared public that set no cookie", async () => {
    for (const path of ["/with-cookie", "/private", "/missing", "/undeclared"]) {
      await get(path);
      expect((await get(path)).headers.get("x-page-cache")).toBe("miss");
    }
  });

  it("skips non-GET, API, data and resource requests", () => {
    const req = (method: string, path: string, accept = "text/html") => ({
      method,
      path,
      originalUrl: path,
      headers: { accept },
    });
    expect(cache.keyFor(req("POST", "/contacts"))).toBeNull();
    expect(cache.keyFor(req("GET", "/api/health"))).toBeNull();
    expect(cache.keyFor(req("GET", "/contacts.data"))).toBeNull();
    expect(cache.keyFor(req("GET", "/resources/cookie-consent"))).toBeNull();
    expect(cache.keyFor(req("GET", "/contacts"))).toBe("/contacts|");
    expect(new PageCache({ ttlMs: 0 }).keyFor(req("GET", "/contacts"))).toBeNull();
  });

  it("holds at most maxEntries pages, dropping the oldest", async () => {
    for (const n of [1, 2, 3, 4, 5]) await get(`/page?lru=${n}`);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect((await get("/page?lru=5")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/page?lru=1")).headers.get("x-page-cache")).toBe("miss");
  });
});
