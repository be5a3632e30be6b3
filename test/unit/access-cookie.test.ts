import { describe, expect, it } from "vitest";
import { accessCookieValue, readAccessCookie } from "~/modules/accounts/sessions.server";

const SECRET = "access-cookie-test-secret-0123456789abcdef";
const SESSION = "7f1d3c52-8a4b-4e7a-9d61-2b0c5e8f9a10";

describe("the access cookie", () => {
  it("names its session while it is unexpired and signed with the secret, however often it is read", () => {
    const issued = new Date();
    const value = accessCookieValue(SESSION, SECRET, issued);
    for (let i = 0; i < 3; i++) expect(readAccessCookie(value, SECRET, issued)).toBe(SESSION);
    // Remembered as verified, it still expires, and still only under the secret that signed it.
    expect(readAccessCookie(value, SECRET, new Date(issued.getTime() + 16 * 60_000))).toBeNull();
    expect(readAccessCookie(value, `${SECRET}-rotated`, issued)).toBeNull();
    expect(readAccessCookie(value, SECRET, issued)).toBe(SESSION);
  });

  it("is refused with a changed session, expiry or signature", () => {
    const now = new Date();
    const [session, expires, signature] = accessCookieValue(SESSION, SECRET, now).split(".");
    const other = "0a0b0c0d-1111-4222-8333-444455556666";
    expect(readAccessCookie(`${other}.${expires}.${signature}`, SECRET, now)).toBeNull();
    expect(readAccessCookie(`${session}.${Number(expires) + 3600}.${signature}`, SECRET, now)).toBeNull();
    const forged = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(readAccessCookie(`${session}.${expires}.${forged}`, SECRET, now)).toBeNull();
    expect(readAccessCookie(`${session}.${expires}`, SECRET, now)).toBeNull();
    expect(readAccessCookie(null, SECRET, now)).toBeNull();
  });
});
