import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the server-rendered document and its effects have had a
 * chance to run: the last element of the page carries React's fiber key, then two frames pass.
 * Interactions before this would hit plain HTML (and, for buttons, do nothing).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer");
    const w = window as unknown as { __remixRouter?: { state: { initialized: boolean } } };
    return Boolean(
      footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber")) && w.__remixRouter?.state.initialized,
    );
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/** Sets the cookie-consent choice up front, so the banner stays out of tests about other things. */
export async function presetCookieConsent(
  context: BrowserContext,
  baseURL: string,
  value: "true" | "false" = "true",
): Promise<void> {
  await context.addCookies([{ name: "cookieConsent", value, url: baseURL }]);
}

/**
 * A documentation-range IPv6 address (RFC 3849) unique to this call. Sent as X-Forwarded-For,
 * which the server believes from loopback, it gives a test its own per-IP rate-limit counter.
 */
export function uniqueClientIp(): string {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::${group()}`;
}

/** Collects uncaught page errors and console errors (e.g. a script blocked by the CSP). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/** The rendered width of an element in CSS pixels, rounded. */
export async function widthOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).boundingBox();
  expect(box, `${selector} should be rendered`).not.toBeNull();
  return Math.round(box!.width);
}

/** The demo accounts' password (app/demo/seed.server.ts). */
export const DEMO_PASSWORD = "sharpside-demo";

/**
 * A visitor's browser context at a phone's 375 px (touch, mobile) or a desktop's 1440 px, with its
 * own client address and the cookie banner answered.
 */
export async function contextAtWidth(browser: Browser, baseURL: string, width: 375 | 1440): Promise<BrowserContext> {
  const phone = width === 375;
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? { width: 375, height: 812 } : { width: 1440, height: 900 },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  await presetCookieConsent(context, baseURL);
  return context;
}

/**
 * A browser context signed in as a demo user, with its own client address and the cookie banner
 * answered; at a phone's or a desktop's width (`contextAtWidth`) when one is given.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  userName: string,
  width?: 375 | 1440,
): Promise<BrowserContext> {
  let context: BrowserContext;
  if (width) context = await contextAtWidth(browser, baseURL, width);
  else {
    context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
    await presetCookieConsent(context, baseURL);
  }
  const response = await context.request.post("/api/session", {
    headers: { Origin: baseURL },
    data: { session: { emailOrUserName: userName, password: DEMO_PASSWORD, rememberMe: false } },
  });
  expect(response.status(), `sign-in as ${userName}`).toBe(200);
  return context;
}

/**
 * Chooses `option` in a select box: from the list under the box on a large screen, from the
 * full-screen list on a phone (below 640 px).
 */
export async function chooseOption(box: Locator, option: string): Promise<void> {
  const page = box.page();
  await box.click();
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    await page.getByRole("dialog").getByRole("button", { name: option, exact: true }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } else {
    await page.getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
    await expect(page.getByRole("listbox")).toHaveCount(0);
  }
  await expect(box).toHaveText(option);
}
