import { expect, test } from "./support/test";
import { collectPageErrors, presetCookieConsent } from "./support/helpers";

test("the home page renders the signed-out shell and the demo experts", async ({ page, context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  const errors = collectPageErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);

  await expect(page).toHaveTitle("SHARPSIDE");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Professional Handicappers");

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sharpside home" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Become an expert" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In / Sign up" })).toBeVisible();

  // Demo data: the seeded experts are on the page, each a link to their profile.
  const featured = page.getByRole("region", { name: "Featured experts" });
  const experts = featured.getByRole("listitem");
  await expect(experts.first()).toBeVisible();
  expect(await experts.count()).toBeGreaterThanOrEqual(3);
  await expect(experts.first().getByRole("link")).toHaveAttribute("href", /^\/experts\/[\w.-]+$/);
  await expect(page.getByRole("region", { name: "Latest free posts" }).getByRole("article").first()).toBeVisible();

  // Hydration ran without errors: no script blocked by the CSP, no React mismatch.
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
