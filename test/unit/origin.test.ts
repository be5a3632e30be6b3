import { describe, expect, it } from "vitest";
import { isAllowedOrigin, originHostMismatch, remixChecksOrigin } from "../../server/origin";

const base = { requestOrigin: "http://127.0.0.1:3000", appUrl: "https://sharpside.app" };

describe("isAllowedOrigin (CSRF check on unsafe methods)", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("lets %s through from anywhere", (method) => {
    expect(isAllowedOrigin({ ...base, method, origin: "https://evil.example" })).toBe(true);
  });

  it.each([
    ["the request's own origin", "http://127.0.0.1:3000", true],
    ["the public APP_URL origin", "https://sharpside.app", true],
    ["another site", "https://evil.example", false],
    ["a look-alike host", "https://sharpside.app.evil.example", false],
    ["another port on the same host", "http://127.0.0.1:4000", false],
    ["an opaque origin", "null", false],
  ])("POST from %s → %s", (_label, origin, expected) => {
    expect(isAllowedOrigin({ ...base, method: "POST", origin })).toBe(expected);
  });

  it("accepts an opaque origin only when the browser says the request is same-origin", () => {
    expect(isAllowedOrigin({ ...base, method: "POST", origin: "null", secFetchSite: "same-origin" })).toBe(true);
    expect(isAllowedOrigin({ ...base, method: "POST", origin: "null", secFetchSite: "cross-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "POST", origin: "null" })).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(isAllowedOrigin({ ...base, method: "DELETE", secFetchSite: "cross-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "DELETE", secFetchSite: "same-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "DELETE", secFetchSite: "same-origin" })).toBe(true);
    expect(isAllowedOrigin({ ...base, method: "PUT" })).toBe(true);
  });
});

describe("originHostMismatch (what Remix's own action check would refuse)", () => {
  it("is a mismatch when the Origin's host differs from X-Forwarded-Host, else Host", () => {
    expect(originHostMismatch({ origin: "https://sharpside.example", host: "sharpside.example" })).toBe(false);
    expect(
      originHostMismatch({
        origin: "https://sharpside.example",
        host: "10.0.0.5:3000",
        forwardedHost: "sharpside.example, proxy",
      }),
    ).toBe(false);
    expect(originHostMismatch({ origin: "https://sharpside.example", host: "10.0.0.5:3000" })).toBe(true);
    expect(originHostMismatch({ origin: "http://localhost:3000", host: "127.0.0.1:3000" })).toBe(true);
    expect(originHostMismatch({ origin: "https://sharpside.example" })).toBe(true);
    expect(originHostMismatch({ origin: "not a url", host: "sharpside.example" })).toBe(true);
    // No Origin: Remix does not compare (the other check decides).
    expect(originHostMismatch({ host: "sharpside.example" })).toBe(false);
    // An opaque one: Remix compares "null" with the host, and throws.
    expect(originHostMismatch({ origin: "null", host: "sharpside.example" })).toBe(true);
  });
});

describe("remixChecksOrigin (which requests Remix's own check sees)", () => {
  it("checks page actions and every .data request but a GET, HEAD and preflights included", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(remixChecksOrigin(method, "/sign-in")).toBe(true);
      expect(remixChecksOrigin(method, "/sign-in.data")).toBe(true);
    }
    expect(remixChecksOrigin("HEAD", "/leaderboard.data")).toBe(true);
    expect(remixChecksOrigin("OPTIONS", "/_root.data")).toBe(true);
    expect(remixChecksOrigin("GET", "/leaderboard.data")).toBe(false);
    expect(remixChecksOrigin("HEAD", "/leaderboard")).toBe(false);
    expect(remixChecksOrigin("OPTIONS", "/leaderboard")).toBe(false);
  });
});
