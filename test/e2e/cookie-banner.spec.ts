import { expect, test, type Page } from "./support/test";

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

async function consentCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "cookieConsent")?.value;
}

test("Accept hides the banner, stores cookieConsent=true and the choice survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  expect(await consentCookie(page)).toBeUndefined();

  await banner(page).getByRole("button", { name: "Accept" }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => consentCookie(page)).toBe("true");

  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test("Reject hides the banner, stores cookieConsent=false and the choice survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(banner(page)).toBeVisible();

  await banner(page).getByRole("button", { name: "Reject" }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => consentCookie(page)).toBe("false");

  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test.describe("without JavaScript (or before the scripts have loaded)", () => {
  test.use({ javaScriptEnabled: false });

  test("the banner's plain form stores the choice and comes back to the page", async ({ page }) => {
    await page.goto("/contacts");
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL("/contacts");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe("true");
  });
});
