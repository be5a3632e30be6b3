import { expect, test } from "./support/test";
import sharp from "sharp";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * The profile photo editor on /settings in a real browser: a file named .png that is
 * no picture is refused with a toast naming it; a real one, cropped and saved in the dialog, is on
 * the profile at once, with the rest of the form left as it was (even invalid, never saved).
 */

// A demo user no other journey signs in as: their photo changes nobody else's expectations.
const USER = "morgan.lee";

test("a fake .png is refused by name; a real PNG cropped and saved is the profile photo after a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await signedInContext(browser, baseURL!, USER);
  const page = await context.newPage();
  await page.goto("/settings");
  await waitForHydration(page);
  const profile = page.getByRole("region", { name: "Profile" });
  const firstName = profile.getByLabel("First name");
  const storedName = await firstName.inputValue();
  expect(storedName).not.toBe("");
  // An unsaved, invalid change to the form: the photo's Save must not depend on it.
  await firstName.fill("");

  await profile.getByRole("button", { name: "Edit profile photo" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile photo" });
  await expect(dialog).toBeVisible();
  const input = dialog.locator('input[type="file"]');

  await input.setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are my notes, not a picture.\n"),
  });
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "notes.png" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("File type must be one of image/png, image/jpeg, image/webp, image/avif");
  await expect(dialog.getByRole("group", { name: "Crop area" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();

  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("group", { name: "Crop area" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Photo to crop: me.png" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile has been updated." })).toBeVisible();
  await expect(profile.getByText("Save the profile to keep your new photos.")).toHaveCount(0);
  // The form itself was not sent: what was typed is still there, unsaved.
  await expect(firstName).toHaveValue("");

  // Stored: after a reload the photo is the upload, and the name is the stored one.
  await page.reload();
  await waitForHydration(page);
  const photo = page.getByRole("region", { name: "Profile" }).getByRole("img", { name: "Your profile photo" });
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("First name")).toHaveValue(storedName);
  const answer = await context.request.get("/api/user/profile");
  const { payload } = (await answer.json()) as { payload: { avatar: string | null } };
  expect(payload.avatar).toMatch(/^uploads\/.+\.jpg$/);
  const shown = new URL((await photo.getAttribute("src"))!, baseURL);
  expect(shown.pathname).toBe("/img");
  expect(shown.searchParams.get("src")).toBe(payload.avatar);
  // The picture is really served (decoded by the browser, not a broken image).
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  await context.close();
});
