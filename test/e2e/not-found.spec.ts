import { expect, test } from "./support/test";
import { presetCookieConsent } from "./support/helpers";

test("an unknown path answers 404 with the error page inside the layout", async ({ page, context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  const response = await page.goto("/no-such-page/really");
  expect(response?.status()).toBe(404);

  await expect(page).toHaveTitle("Not found | SHARPSIDE");
  const main = page.locator("#main-content");
  await expect(main.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(main.getByText("The link you followed may be broken, or the page may have been removed.")).toBeVisible();
  // The header and footer stay: the error page is drawn inside the normal frame.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sharpside home" })).toBeVisible();

  const back = main.getByRole("link", { name: "Back to home" });
  await expect(back).toHaveAttribute("href", "/");
  await back.click();
  await expect(page).toHaveURL("/");
  await expect(page).toHaveTitle("SHARPSIDE");
  await expect(page.getByRole("region", { name: "Featured experts" })).toBeVisible();
});
