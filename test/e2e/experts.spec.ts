import { expect, test, type Page } from "./support/test";
import sharp from "sharp";
import { signUp, uniqueEmail, verifyByCode } from "./support/accounts";
import { chooseOption, presetCookieConsent, uniqueClientIp, waitForHydration } from "./support/helpers";

// Every journey here signs up, verifies the e-mail and becomes an expert first: on two busy cores
// (the full run, two workers) that passed 30 s.
test.describe.configure({ timeout: 60_000 });

/** The expert journeys in a real browser: becoming an expert (payments off), the price, the profile and its photo. */

test.beforeEach(async ({ context, baseURL }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await presetCookieConsent(context, baseURL!);
});

/** Signs up through the Expert flow, verifies the e-mail and becomes an expert (payments are off here). */
async function becomeExpert(page: Page) {
  const email = uniqueEmail("expert");
  await signUp(page, email, "Expert sign up");
  await verifyByCode(page, email);
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/become-expert$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Become an expert", exact: true }).click();
  await expect(page).toHaveURL(/\/congratulates-on-membership$/);
  await expect(page.getByRole("heading", { name: "Congratulations, Casey!" })).toBeVisible();
}

test("sign up as an Expert with payments off, reach the congratulations page, and set a price", async ({ page }) => {
  await becomeExpert(page);
  // The header now offers what experts get.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Business" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/business");
  await waitForHydration(page);
  const price = page.getByLabel("Monthly price (USD)");
  await price.fill("0.5");
  await price.blur();
  await expect(page.getByText("Price should be at least $1")).toBeVisible();
  const description = page.getByLabel("What subscribers get");
  await description.fill("x".repeat(121));
  await description.blur();
  await expect(page.getByText("Maximum 120 characters allowed")).toBeVisible();

  await price.fill("29.99");
  await description.fill("Every NBA side I bet, before tip-off.");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText("Subscription price has been updated.")).toBeVisible();
  // Once saved, the form starts from the saved price.
  await expect(price).toHaveValue("29.99");

  // The public page shows it.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/experts\/[^/]+$/);
  await expect(page.getByText("$29.99").first()).toBeVisible();
});

test("upload, crop and save a profile photo, and see it in the header", async ({ page }) => {
  await becomeExpert(page);
  await page.goto("/settings");
  await waitForHydration(page);
  await chooseOption(page.getByLabel("State"), "Nevada (NV)");
  await page.getByLabel("City").fill("Las Vegas");

  await page.getByRole("button", { name: "Edit profile photo" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile photo" });
  await expect(dialog).toBeVisible();
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 60 } } })
    .png()
    .toBuffer();
  await dialog.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await expect(dialog.getByLabel("Crop area")).toBeVisible();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  // The cropper's Save stores the photo itself: no "Save profile" needed.
  await expect(page.getByText("Profile has been updated.")).toBeVisible();
  const headerAvatar = page.getByRole("button", { name: "Account menu" }).locator("img");
  await expect(headerAvatar).toHaveAttribute("src", /src=uploads%2F/);
  // The proxied image really is an image.
  const response = await page.request.get((await headerAvatar.getAttribute("src"))!, {
    headers: { Accept: "image/webp" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
});

test("edit the profile: each validation message is shown, then a valid save", async ({ page }) => {
  await becomeExpert(page);
  await page.goto("/settings");
  await waitForHydration(page);

  await page.getByLabel("First name").fill("");
  await page.getByLabel("City").fill("");
  await chooseOption(page.getByLabel("Year"), "2001");
  await chooseOption(page.getByLabel("Month"), "February");
  await chooseOption(page.getByLabel("Day"), "31");
  await expect(page.getByText("Kept private: it confirms you are old enough to use Sharpside.")).toBeVisible();
  await page.getByRole("button", { name: "Save profile" }).click();

  const profile = page.locator("form", { has: page.getByRole("button", { name: "Save profile" }) });
  await expect(profile.getByText("Required")).toHaveCount(3); // first name, state, city
  await expect(profile.getByText("Should be a valid date")).toBeVisible();

  await page.getByLabel("First name").fill("Casey");
  await chooseOption(page.getByLabel("State"), "Nevada (NV)");
  await page.getByLabel("City").fill("Reno");
  await chooseOption(page.getByLabel("Day"), "28");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile has been updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("City")).toHaveValue("Reno");
  await expect(page.getByLabel("Day")).toHaveText("28");
});
