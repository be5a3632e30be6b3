import { describe, expect, it } from "vitest";
import { cacheControlForSession, carriesCredentials, setsSession } from "../../server/private-answers";

describe("cacheControlForSession", () => {
  it("makes anything a shared cache could keep, or that varies by cookie, private and unstored", () => {
    for (const [cacheControl, vary] of [
      [undefined, undefined],
      ["no-store", undefined],
      ["no-cache", undefined],
      ["max-age=60", undefined],
      ["public, max-age=0, must-revalidate", "Cookie"],
      ["public, max-age=0, must-revalidate", "Accept-Encoding, cookie"],
      ["public, max-age=60", "*"],
    ] as const)
      expect(cacheControlForSession(cacheControl, vary), `${cacheControl} / ${vary}`).toBe("private, no-store");
  });

  it("keeps what is already private, and what its route declared the same for everyone", () => {
    expect(cacheControlForSession("private, no-store", "Cookie")).toBe("private, no-store");
    expect(cacheControlForSession("private, max-age=60", undefined)).toBe("private, max-age=60");
    expect(cacheControlForSession("public, max-age=31536000, immutable", "Accept")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(cacheControlForSession("public, max-age=3600", undefined)).toBe("public, max-age=3600");
    expect(cacheControlForSession("max-age=31536000,immutable", undefined)).toBe("max-age=31536000,immutable");
  });
});

describe("carriesCredentials and setsSession", () => {
  it("sees a session cookie, valid or not, or an Authorization header", () => {
    expect(carriesCredentials({ cookie: "ss_access=forged" })).toBe(true);
    expect(carriesCredentials({ cookie: "sidebar=open; ss_refresh=x" })).toBe(true);
    expect(carriesCredentials({ authorization: "Bearer abc" })).toBe(true);
    expect(carriesCredentials({})).toBe(false);
    expect(carriesCredentials({ cookie: "cookieConsent=true; ss_access_old=1; x=ss_access" })).toBe(false);
  });

  it("sees an answer setting or clearing the session cookies", () => {
    expect(setsSession(["ss_access=abc; Path=/; HttpOnly", "sidebar=open"])).toBe(true);
    expect(setsSession("ss_refresh=; Max-Age=0")).toBe(true);
    expect(setsSession(["sidebar=open", "ss_social=1"])).toBe(false);
    expect(setsSession(undefined)).toBe(false);
  });
});
