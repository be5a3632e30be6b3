import { describe, expect, it } from "vitest";
import { REDACTED, redactUrl } from "~/modules/logger.server";

const TOKEN = "Zq8k2LwY0c-6HbT_pR3n";

describe("redactUrl (what the request log keeps of a URL)", () => {
  it.each([
    // Password reset: the page, its single-fetch data and the API.
    [`/reset-password/${TOKEN}`, `/reset-password/${REDACTED}`],
    [`/reset-password/${TOKEN}.data`, `/reset-password/${REDACTED}.data`],
    [
      `/reset-password/${TOKEN}?_routes=routes%2Freset-password.%24token`,
      `/reset-password/${REDACTED}?_routes=routes%2Freset-password.%24token`,
    ],
    [`/api/forgot_password/${TOKEN}`, `/api/forgot_password/${REDACTED}`],
    // E-mail confirmation by the API and by the magic link.
    [`/api/confirm_email/${TOKEN}`, `/api/confirm_email/${REDACTED}`],
    [`/email-verification?token=${TOKEN}`, `/email-verification?token=${REDACTED}`],
    [
      `/email-verification?token=${TOKEN}&callbackUrl=%2Fsettings`,
      `/email-verification?token=${REDACTED}&callbackUrl=%2Fsettings`,
    ],
    [`/email-verification.data?token=${TOKEN}`, `/email-verification.data?token=${REDACTED}`],
    // One-click unsubscribe, and the social sign-up's signed token.
    [`/unsubscribe?token=${TOKEN}`, `/unsubscribe?token=${REDACTED}`],
    [`/sign-up/complete?provider=google&token=${TOKEN}`, `/sign-up/complete?provider=google&token=${REDACTED}`],
    // Google's callback: both the code and the state.
    [
      `/auth/google/callback?state=${TOKEN}&code=4%2F0Ab-${TOKEN}&scope=email`,
      `/auth/google/callback?state=${REDACTED}&code=${REDACTED}&scope=email`,
    ],
  ])("redacts %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain(TOKEN);
  });

  it("reads names as the router does: any case, percent-encoded, and absolute URLs too", () => {
    expect(redactUrl(`/Reset-Password/${TOKEN}`)).toBe(`/Reset-Password/${REDACTED}`);
    expect(redactUrl(`/reset%2Dpassword/${TOKEN}`)).toBe(`/reset%2Dpassword/${REDACTED}`);
    expect(redactUrl(`/api/confirm_email/${TOKEN}/`)).toBe(`/api/confirm_email/${REDACTED}/`);
    expect(redactUrl(`/unsubscribe?TOKEN=${TOKEN}`)).toBe(`/unsubscribe?TOKEN=${REDACTED}`);
    expect(redactUrl(`/unsubscribe?to%6Ben=${TOKEN}`)).toBe(`/unsubscribe?to%6Ben=${REDACTED}`);
    expect(redactUrl(`/unsubscribe?a=1&token=${TOKEN}&token=${TOKEN}`)).toBe(
      `/unsubscribe?a=1&token=${REDACTED}&token=${REDACTED}`,
    );
    expect(redactUrl(`http://localhost:3000/reset-password/${TOKEN}?x=1`)).toBe(
      `http://localhost:3000/reset-password/${REDACTED}?x=1`,
    );
  });

  it("redacts a token inside a local path passed as a query value (a sign-in callback)", () => {
    const callback = encodeURIComponent(`/email-verification?token=${TOKEN}`);
    const redacted = redactUrl(`/sign-in?callbackUrl=${callback}`);
    expect(redacted).not.toContain(TOKEN);
    expect(decodeURIComponent(redacted)).toBe(`/sign-in?callbackUrl=/email-verification?token=${REDACTED}`);
    expect(redactUrl(`/sign-in?callbackUrl=%2Freset-password%2F${TOKEN}`)).toBe(
      `/sign-in?callbackUrl=${encodeURIComponent(`/reset-password/${REDACTED}`)}`,
    );
  });

  it.each([
    "/",
    "/api/health",
    "/posts/3f2a9c1e-1111-4222-8333-444455556666?scrollTo=comments",
    "/search?q=state+of+the+game&tab=posts",
    "/reset-password/done",
    "/reset-password/done.data",
    "/reset-password",
    "/api/forgot_password",
    "/api/confirm_email",
    "/sign-in?callbackUrl=%2Fsettings%2Fprofile",
    "/img?src=uploads%2Fabc%2Fphoto.png&w=320&q=75",
    "/discover-experts?sort=roi&page=2",
    "/weird?%E0%A4%A=1&flag",
  ])("keeps the ordinary URL %s as it is", (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
