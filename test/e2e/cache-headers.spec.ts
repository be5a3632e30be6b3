/**
 * Shared caches never keep a personal page: every page route of the route manifest, and
 * its data (`.data`), answers a signed-in viewer `private, no-store`; what a route serves visitors
 * as public says `Vary: Cookie`, so a cache in front keeps a visitor's copy from anyone signed in.
 */
import { expect, test, type APIRequestContext } from "./support/test";
import { uniqueClientIp } from "./support/helpers";
import { apiSignedIn, dataUrl, pageUrls } from "./support/routes";

test("every page and its data: private for a signed-in viewer, public ones varying by cookie for visitors", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const user = await apiSignedIn(playwright, baseURL!, "alex.fan");
  const urls = await pageUrls(visitor);

  const problems: string[] = [];
  const check = async (who: "visitor" | "user", client: APIRequestContext, url: string) => {
    const response = await client.get(url, { maxRedirects: 0, timeout: 20_000 });
    // A redirect renders nothing of the viewer's.
    if (response.status() >= 300 && response.status() < 400) return;
    const cacheControl = response.headers()["cache-control"] ?? "";
    const vary = response.headers()["vary"] ?? "";
    if (who === "user" && cacheControl !== "private, no-store")
      problems.push(`${url} (${response.status()}) signed in: Cache-Control "${cacheControl}"`);
    if (who === "visitor" && /\bpublic\b/.test(cacheControl) && !/\bcookie\b/i.test(vary))
      problems.push(`${url} (${response.status()}) visitor: public without Vary: Cookie ("${vary}")`);
  };
  for (const url of urls) {
    for (const target of [url, dataUrl(url)]) {
      await check("visitor", visitor, target);
      await check("user", user, target);
    }
  }
  expect(problems).toEqual([]);
  // And the public pages really are public to visitors (the page micro-cache keeps them).
  const expertPage = await visitor.get("/experts/LeBronPicks");
  expect(expertPage.headers()["cache-control"]).toContain("public");
  expect(expertPage.headers()["vary"]).toMatch(/cookie/i);
  await Promise.all([visitor.dispose(), user.dispose()]);
});

test("resource routes, the API and refusals: private to a session; a method no route answers is a 405 with Allow", async ({
  playwright,
  baseURL,
}) => {
  const user = await apiSignedIn(playwright, baseURL!, "alex.fan");
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const problems: string[] = [];
  for (const url of [
    "/notifications/list",
    "/notifications/unread",
    "/experts/LeBronPicks/record",
    "/search/suggestions?q=le",
    "/api/user/me",
    "/api/no-such-route",
    "/no-such-page",
    "/leaderboard?_data=root",
  ]) {
    const response = await user.get(url, { maxRedirects: 0 });
    const cacheControl = response.headers()["cache-control"] ?? "";
    if (cacheControl !== "private, no-store") problems.push(`${url} (${response.status()}): "${cacheControl}"`);
  }
  expect(problems).toEqual([]);
  // The same for everyone keeps its own caching.
  expect((await user.get("/sitemap.xml")).headers()["cache-control"]).toBe("public, max-age=3600");

  for (const method of ["PUT", "POST", "PATCH", "DELETE"]) {
    const refused = await user.fetch("/api/user/me", { method, data: {} });
    expect(refused.status(), method).toBe(405);
    expect(refused.headers()["allow"]).toBe("GET, HEAD");
    expect(refused.headers()["cache-control"]).toBe("private, no-store");
    expect(await refused.json()).toEqual({ error: "Method not allowed.", statusCode: 405 });
  }
  const health = await visitor.post("/api/health");
  expect([health.status(), health.headers()["allow"]]).toEqual([405, "GET, HEAD"]);
  // A preflight or a HEAD from another origin on a page's data: refused before Remix's own check (a 500).
  for (const method of ["OPTIONS", "HEAD"]) {
    const preflight = await visitor.fetch("/leaderboard.data", {
      method,
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status(), method).toBe(403);
  }
  await Promise.all([user.dispose(), visitor.dispose()]);
});
