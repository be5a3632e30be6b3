import { expect, test } from "./support/test";
import { presetCookieConsent, waitForHydration } from "./support/helpers";

/**
 * Inter is ours: the page draws its text in Inter on every system, fetched from our own
 * origin under /assets (a year of immutable caching), and only the Latin file an English page
 * needs: one font download of under 60 KB, no other subset, no font from anyone else.
 */

// What the network sends: the background worker would answer a repeat page from its cache.
test.use({ serviceWorkers: "block" });

test("pages are set in Inter from our own origin, fetching only the Latin file", async ({ page, context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  const fonts: { url: string; status: number; cacheControl: string; bytes: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "font") return;
    fonts.push({
      url: response.url(),
      status: response.status(),
      cacheControl: response.headers()["cache-control"] ?? "",
      bytes: (await response.body()).length,
    });
  });

  const answer = await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");

  // Drawn in Inter: the font loaded and the text asks for it first.
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', "Sharpside"))).toBe(true);
  expect(
    await page.evaluate(() =>
      [...document.fonts].some(
        (font) => font.family.replace(/"/g, "") === "Inter Variable" && font.status === "loaded",
      ),
    ),
  ).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable"?,/);

  // One file, ours, Latin only, cached for good.
  expect(fonts.map((font) => new URL(font.url).pathname)).toEqual([
    expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
  ]);
  const [latin] = fonts;
  expect(new URL(latin.url).origin).toBe(new URL(baseURL!).origin);
  expect(latin.status).toBe(200);
  expect(latin.cacheControl).toMatch(/max-age=31536000/);
  expect(latin.cacheControl).toMatch(/immutable/);
  expect(latin.bytes).toBeLessThan(60 * 1024);

  // The Content-Security-Policy lets our own fonts load (and nobody else's is needed).
  const csp = answer!.headers()["content-security-policy"] ?? "";
  const fontSrc = /(?:^|;)\s*font-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(fontSrc.split(/\s+/)).toContain("'self'");
});
