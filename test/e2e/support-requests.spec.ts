import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { mailWithSubject } from "./support/accounts";
import { chooseOption, contextAtWidth, signedInContext, waitForHydration } from "./support/helpers";

/**
 * A support request reaches someone, at 1440 and 375 px: a visitor asks for a call on /contacts;
 * the support address (SUPPORT_EMAIL, the default here) gets the request through the SMTP stand-in
 * and the visitor a receipt; the admin finds it on /admin/support (linked from the navigation),
 * marks it handled, and finds it under Handled with who handled it.
 */
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

for (const width of [1440, 375] as const) {
  test(`at ${width} px: a call request is e-mailed to support, listed for the admin and marked handled`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const unique = `${width}${Date.now().toString(36)}`;
    const name = `Casey Caller ${unique}`;
    const email = `caller.${unique}@example.com`;

    const visitor = await contextAtWidth(browser, baseURL!, width);
    const page = await visitor.newPage();
    await page.goto("/contacts");
    await waitForHydration(page);
    const form = page.getByRole("region", { name: "Request a call" });
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 (555) 010-4242");
    await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
    await chooseOption(form.getByRole("combobox", { name: "Preferred time", exact: true }), "Morning");
    await form.getByRole("textbox", { name: "What can we help with?", exact: true }).fill("My card was charged twice.");
    await form.getByRole("button", { name: "Request a call" }).click();
    await expect(page.getByText("Request sent. We will call you soon.")).toBeVisible();

    // The support team's e-mail and the caller's receipt, through real SMTP.
    const toSupport = await mailWithSubject("support@sharpside.app", `Call request: ${name}, +1 (555) 010-4242`);
    expect(toSupport.text).toContain("Message: My card was charged twice.");
    expect(toSupport.text).toContain(`E-mail: ${email}`);
    expect(toSupport.text).toContain("/admin/support");
    const receipt = await mailWithSubject(email, "We received your call request");
    expect(receipt.text).toContain("We will call you at +1 (555) 010-4242 in the morning");

    // The admin: from the navigation to the list, the request with who and what.
    const admin = await signedInContext(browser, baseURL!, "sharpside.admin", width);
    const desk = await admin.newPage();
    await desk.goto("/");
    await waitForHydration(desk);
    if (width === 375) await desk.getByRole("button", { name: "Open menu" }).click();
    await desk.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Support" }).click();
    await expect(desk).toHaveURL(/\/admin\/support$/);
    await expect(desk.getByRole("heading", { name: "Support requests", level: 1 })).toBeVisible();
    await waitForHydration(desk);
    const request = desk.getByRole("article", { name: `Request from ${name}` });
    await expect(request).toContainText("+1 (555) 010-4242");
    await expect(request).toContainText(email);
    await expect(request).toContainText("My card was charged twice.");
    await expect(request).toContainText("best time: Morning · not signed in");
    await shot(desk, "support-open", width);

    // Handled: off the list to call, onto the handled one, with who handled it.
    await request.getByRole("button", { name: `Mark handled: ${name}` }).click();
    await expect(desk.getByRole("article", { name: `Request from ${name}` })).toHaveCount(0);
    await desk.getByRole("link", { name: /^Handled \(\d+\)$/ }).click();
    await expect(desk).toHaveURL(/state=handled/);
    const handled = desk.getByRole("article", { name: `Request from ${name}` });
    await expect(handled).toContainText("by @sharpside.admin");
    await expect(handled.getByRole("button", { name: `Open again: ${name}` })).toBeVisible();
    await shot(desk, "support-handled", width);

    await visitor.close();
    await admin.close();
  });
}
