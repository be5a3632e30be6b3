import { expect, test, type Page } from "./support/test";
import { chooseOption, presetCookieConsent, uniqueClientIp, waitForHydration } from "./support/helpers";

// Each test asks as its own caller, so the support-request rate limit (3/60 on the e2e server)
// never carries over from another test or an earlier run.
test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
});

function formOf(page: Page) {
  const form = page.getByRole("region", { name: "Request a call" });
  return {
    form,
    // By accessible name: the labels' required-marker asterisk is hidden from it.
    name: form.getByRole("textbox", { name: "Name", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone", exact: true }),
    email: form.getByRole("textbox", { name: "E-mail", exact: true }),
    preferredTime: form.getByRole("combobox", { name: "Preferred time", exact: true }),
    message: form.getByRole("textbox", { name: "What can we help with?", exact: true }),
    submit: form.getByRole("button", { name: "Request a call" }),
  };
}

test("the request-a-call form shows field errors, then sends, confirms and resets", async ({ page }) => {
  await page.goto("/contacts");
  await expect(page).toHaveTitle("Contacts | SHARPSIDE");
  await waitForHydration(page);
  const f = formOf(page);

  // Empty: the two required fields say so, and are marked invalid.
  await f.submit.click();
  await expect(f.name).toHaveAttribute("aria-invalid", "true");
  await expect(f.phone).toHaveAttribute("aria-invalid", "true");
  await expect(f.form.getByText("Required", { exact: true })).toHaveCount(2);
  await expect(f.email).not.toHaveAttribute("aria-invalid", "true");
  await expect(f.name).toHaveAccessibleDescription(/Required/);

  // Valid: sent, confirmed by a toast and a message, and the form is empty again.
  await f.name.fill("Grace Hopper");
  await f.phone.fill("+1 (555) 010-9999");
  await f.email.fill("grace@example.com");
  await chooseOption(f.preferredTime, "Evening");
  await f.message.fill("Please call about my subscription.");
  await expect(f.form.getByText("Required", { exact: true })).toHaveCount(0);
  await f.submit.click();

  await expect(page.getByText("Request sent. We will call you soon.")).toBeVisible();
  await expect(f.form.getByRole("status")).toContainText("Thanks, Grace Hopper.");
  await expect(f.form.getByRole("status")).toContainText("in the evening");
  await expect(f.name).toHaveValue("");
  await expect(f.phone).toHaveValue("");
  await expect(f.email).toHaveValue("");
  await expect(f.preferredTime).toHaveText("Any time");
  await expect(f.message).toHaveValue("");
  await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
});

test("a phone number that is not one is refused under its field", async ({ page }) => {
  await page.goto("/contacts");
  await waitForHydration(page);
  const f = formOf(page);
  await f.name.fill("Grace Hopper");
  await f.phone.fill("call me maybe");
  await f.submit.click();
  await expect(f.phone).toHaveAttribute("aria-invalid", "true");
  await expect(f.form.getByText("Enter a valid phone number")).toBeVisible();
  await expect(page.getByText("Request sent. We will call you soon.")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still validates on the server and sends", async ({ page }) => {
    await page.goto("/contacts");
    const f = formOf(page);
    await f.submit.click();
    await expect(f.form.getByText("Required", { exact: true })).toHaveCount(2);

    await f.name.fill("Alan Turing");
    await f.phone.fill("+44 20 7946 0000");
    await f.submit.click();
    await expect(f.form.getByRole("status")).toContainText("Thanks, Alan Turing.");
    await expect(f.name).toHaveValue("");
  });
});
