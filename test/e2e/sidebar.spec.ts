import { expect, test } from "./support/test";
import { presetCookieConsent, waitForHydration, widthOf } from "./support/helpers";

test.use({ viewport: { width: 1440, height: 900 } });

const SIDEBAR = 'aside[aria-label="Sidebar"]';

test("the sidebar collapses from 288 to 64 px and the server remembers it", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await presetCookieConsent(context, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
  expect(await widthOf(page, SIDEBAR)).toBe(288);

  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect.poll(() => widthOf(page, SIDEBAR)).toBe(64);
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "sidebar")?.value).toBe("closed");

  // After a reload the page arrives collapsed: no flash of the open sidebar.
  await page.reload();
  expect(await widthOf(page, SIDEBAR)).toBe(64);

  // The server renders that width itself: a browser without JavaScript sees it too.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
  try {
    await noScript.addCookies([
      { name: "sidebar", value: "closed", url: baseURL! },
      { name: "cookieConsent", value: "true", url: baseURL! },
    ]);
    const staticPage = await noScript.newPage();
    await staticPage.goto("/");
    expect(await widthOf(staticPage, SIDEBAR)).toBe(64);
  } finally {
    await noScript.close();
  }

  // And it opens again.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect.poll(() => widthOf(page, SIDEBAR)).toBe(288);
  expect((await context.cookies()).find((cookie) => cookie.name === "sidebar")?.value).toBe("open");
});
