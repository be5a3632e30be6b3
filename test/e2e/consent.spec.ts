import { expect, test, type Page } from "./support/test";
import { E2E_STAND_INS } from "./support/ports";
import { waitForHydration } from "./support/helpers";

/**
 * Consent: the analytics tag and the support messenger (stand-ins configured by
 * ANALYTICS_SCRIPT_URL and MESSENGER_SCRIPT_URL) load only after Accept on the cookie banner;
 * before it, and after Reject, the page makes no request to them.
 */
const THIRD_PARTY = `127.0.0.1:${E2E_STAND_INS.thirdPartyPort}`;

function thirdPartyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(THIRD_PARTY)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test("Reject keeps the third-party tags out, page after page", async ({ page }) => {
  const seen = thirdPartyRequests(page);
  await page.goto("/");
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Reject" }).click();
  await expect(banner).toBeHidden();
  await page.goto("/experts/LeBronPicks");
  await waitForHydration(page);
  await page.waitForTimeout(500);
  expect(seen).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __thirdParty?: string[] }).__thirdParty ?? [])).toEqual([]);
});

test("nothing loads before Accept; both load after it, and on the next pages", async ({ page }) => {
  const seen = thirdPartyRequests(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForTimeout(500);
  expect(seen, "no third-party request before consent").toEqual([]);
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
  await expect.poll(() => [...seen].sort()).toEqual(["/analytics.js", "/messenger.js"]);
  await expect
    .poll(() =>
      page.evaluate(() => [...((window as unknown as { __thirdParty?: string[] }).__thirdParty ?? [])].sort()),
    )
    .toEqual(["analytics", "messenger"]);
  await page.goto("/leaderboard");
  await waitForHydration(page);
  await expect.poll(() => seen.length).toBe(4);
});
