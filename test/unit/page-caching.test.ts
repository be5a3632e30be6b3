import { describe, expect, it } from "vitest";
import { applyPageCaching, carriesSession } from "~/web/page-caching.server";

const request = (cookie?: string) =>
  new Request("http://localhost/experts/someone", { headers: cookie ? { Cookie: cookie } : {} });

describe("applyPageCaching", () => {
  it("makes every answer to a session private and unstored, whatever the route said", () => {
    for (const cookie of ["ss_access=abc", "cookieConsent=true; ss_refresh=xyz", " ss_access=1 ;sidebar=collapsed"]) {
      expect(carriesSession(request(cookie))).toBe(true);
      const headers = new Headers({ "Cache-Control": "public, max-age=0, must-revalidate" });
      applyPageCaching(request(cookie), headers);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(headers.get("Vary")).toBeNull();
    }
  });

  it("keeps a visitor's public page public and says it varies with the cookies; leaves the rest alone", () => {
    for (const cookie of [undefined, "cookieConsent=true", "sidebar=open", "ss_access_old=1"]) {
      expect(carriesSession(request(cookie))).toBe(false);
      const headers = new Headers({ "Cache-Control": "public, max-age=0, must-revalidate", Vary: "Accept-Encoding" });
      applyPageCaching(request(cookie), headers);
      expect(headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      expect(headers.get("Vary")).toBe("Accept-Encoding, Cookie");
      applyPageCaching(request(cookie), headers);
      expect(headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    }
    const unmarked = new Headers();
    applyPageCaching(request(), unmarked);
    expect([unmarked.get("Cache-Control"), unmarked.get("Vary")]).toEqual([null, null]);
  });
});
