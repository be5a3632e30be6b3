/**
 * Playwright's `test` with one addition: an error the page logs (console.error, an uncaught
 * exception) fails the test, as console.error fails a unit test. A failed request's own line
 * ("Failed to load resource") is left out: tests ask for 4xx answers on purpose. A spec that
 * provokes a logged error on purpose lists it with `test.use({ allowedPageErrors: [/…/] })`.
 */
import { test as base, expect } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ allowedPageErrors: RegExp[] }>({
  allowedPageErrors: [[], { option: true }],
  page: async ({ page, allowedPageErrors }, provide) => {
    const errors: string[] = [];
    const note = (text: string) => {
      if (!allowedPageErrors.some((pattern) => pattern.test(text))) errors.push(text);
    };
    page.on("pageerror", (error) => note(`uncaught: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) note(message.text());
    });
    await provide(page);
    expect(errors, "errors the page logged").toEqual([]);
  },
});
