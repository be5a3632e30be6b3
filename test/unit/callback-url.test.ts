import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "~/modules/accounts/gates.server";

describe("safeCallbackUrl", () => {
  it("keeps a local path, percent-encodes what a Location cannot hold, and sends anything else home", () => {
    expect(safeCallbackUrl("/contacts?x=1")).toBe("/contacts?x=1");
    expect(safeCallbackUrl("/\u2028x")).toBe("/%E2%80%A8x");
    expect(safeCallbackUrl("/experts/José")).toBe("/experts/Jos%C3%A9");
    // Half a surrogate pair cannot be encoded at all (encodeURIComponent throws): home.
    expect(safeCallbackUrl("/\uD800x")).toBe("/");
    for (const external of ["https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/x", "", null, undefined]) {
      expect(safeCallbackUrl(external, "/feed")).toBe("/feed");
    }
    // Whatever it answers, a Location header takes it.
    for (const value of ["/\u2028x", "/experts/José", "/\uD800x", "/ok"]) expect(() => new Headers({ Location: safeCallbackUrl(value) })).not.toThrow();
  });
});
