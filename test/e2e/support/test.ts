/**
 * Playwright's `test` with one addition: an error the page logs (console.error, an uncaught
 * exception) fails the test, as console.error fails a unit test. A failed request's own line
 * ("Failed to load resource") is left out: tests ask for 4xx answers on purpose; so is the
 * AbortError Remix logs (or leaves unhandled) when a navigation cancels a fetcher's request in
 * flight. A test file that provokes a logged error on purpose lists it with
 * `test.use({ allowedPageErrors: [/…/] })`.
 */
import { test as base, expect } from "@playwright/test";

export * from "@playwright/test";

const BENIGN = [
  /^Failed to load resource/,
  /^AbortError: signal is aborted without reason/,
  /^uncaught: signal is aborted without reason/,
];

export const test = base.extend<{ allowedPageErrors: RegExp[] }>({
  allowedPageErrors: [[], { option: true }],
  page: async ({ page, allowedPageErrors }, provide) => {
    const errors: string[] = [];
    const note = (text: string) => {
      if (![...BENIGN, ...allowedPageErrors].some((pattern) => pattern.test(text))) errors.push(text);
    };
    page.on("pageerror", (error) => note(`uncaught: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") note(message.text());
    });
    await provide(page);
    expect(errors, "errors the page logged").toEqual([]);
  },
});
