import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "~/modules/accounts/gates.server";
import { MAX_CALLBACK_URL_LENGTH, signInHref } from "~/modules/accounts/sign-in-link";

describe("safeCallbackUrl", () => {
  it("keeps a local path, percent-encodes what a Location cannot hold, and sends anything else home", () => {
    expect(safeCallbackUrl("/contacts?x=1")).toBe("/contacts?x=1");
    expect(safeCallbackUrl("/\u2028x")).toBe("/%E2%80%A8x");
    expect(safeCallbackUrl("/experts/José")).toBe("/experts/Jos%C3%A9");
    // Half a surrogate pair cannot be encoded at all (encodeURIComponent throws): home.
    expect(safeCallbackUrl("/\uD800x")).toBe("/");
    for (const external of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/x",
      "",
      null,
      undefined,
    ]) {
      expect(safeCallbackUrl(external, "/feed")).toBe("/feed");
    }
    // Longer than any address of ours: a payload (a loader would echo it), not a place to return to.
    const longest = `/search?q=${"a".repeat(MAX_CALLBACK_URL_LENGTH - 10)}`;
    expect(safeCallbackUrl(longest, "/feed")).toBe(longest);
    expect(safeCallbackUrl(`${longest}a`, "/feed")).toBe("/feed");
    // Whatever it answers, a Location header takes it.
    for (const value of ["/\u2028x", "/experts/José", "/\uD800x", "/ok"])
      expect(() => new Headers({ Location: safeCallbackUrl(value) })).not.toThrow();
  });
});

describe("signInHref", () => {
  it("comes back here, without a query too long to carry, never to sign-in itself", () => {
    expect(signInHref("/experts/LeBronPicks", "?tab=picks")).toBe(
      "/sign-in?callbackUrl=%2Fexperts%2FLeBronPicks%3Ftab%3Dpicks",
    );
    expect(signInHref("/", "")).toBe("/sign-in");
    expect(signInHref("/sign-in", "?callbackUrl=%2Ffeed")).toBe("/sign-in");
    expect(signInHref("/terms", `?q=${"z".repeat(MAX_CALLBACK_URL_LENGTH)}`)).toBe("/sign-in?callbackUrl=%2Fterms");
    expect(signInHref("/", `?q=${"z".repeat(MAX_CALLBACK_URL_LENGTH)}`)).toBe("/sign-in");
    expect(signInHref(`/${"%C3%A9".repeat(MAX_CALLBACK_URL_LENGTH)}`)).toBe("/sign-in");
    // What it gives, sign-in takes back.
    const href = signInHref("/search", `?q=${"z".repeat(1_000)}`);
    expect(safeCallbackUrl(new URL(href, "http://x").searchParams.get("callbackUrl"))).toBe(
      `/search?q=${"z".repeat(1_000)}`,
    );
  });
});
