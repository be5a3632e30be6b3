import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * Cheers (decision 024) in a real browser with payments off (the e2e server has no Stripe keys),
 * on the demo data: a fan who follows an expert sends Cheers from the expert's page, the tip is
 * recorded at once, and the expert finds it on /business and in the notifications.
 */

const EXPERT = "RespawnOdds";
const FAN = "chris_w";

test("a follower sends Cheers; the expert sees them on /business and is notified", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const fan = await signedInContext(browser, baseURL!, FAN);
  const expert = await signedInContext(browser, baseURL!, EXPERT);
  const expertInfo = (await (await fan.request.get(`/api/experts/${EXPERT}`)).json()).payload as { id: string };
  const followed = await fan.request.post(`/api/experts/${expertInfo.id}/follow`, { headers: { Origin: baseURL! } });
  expect(followed.status(), await followed.text()).toBe(200);

  const page = await fan.newPage();
  await page.goto(`/experts/${EXPERT}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send Cheers" }).click();
  const dialog = page.getByRole("dialog", { name: `Send Cheers to ${EXPERT}` });
  await expect(dialog.getByRole("radio", { name: "$5" })).toBeChecked();
  await dialog.getByText("$10", { exact: true }).click();
  const message = `GG on the map picks ${Date.now()}`;
  await dialog.getByLabel("Message (optional)").fill(message);
  await dialog.getByRole("button", { name: "Send $10.00" }).click();
  await expect(page.getByText(`Cheers sent to ${EXPERT}: $10.00.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const business = await expert.newPage();
  await business.goto("/business#cheers");
  const cheers = business.getByRole("list", { name: "Cheers received" });
  await expect(cheers.getByText(`“${message}”`)).toBeVisible();
  await expect(cheers.getByRole("listitem").filter({ hasText: message }).getByText("$10.00")).toBeVisible();

  const notifications = (
    await (await expert.request.get("/api/notifications/see-notifications/list?size=20&dataType=Cheer")).json()
  ).items as {
    data: { cheerInfo: { amount: number; message: string | null } | null };
  }[];
  expect(notifications.some((n) => n.data.cheerInfo?.amount === 1000 && n.data.cheerInfo.message === message)).toBe(
    true,
  );

  await fan.close();
  await expert.close();
});

test("a visitor's Send Cheers leads to sign-in", async ({ page }) => {
  await page.goto(`/experts/${EXPERT}`);
  const link = page.getByRole("link", { name: "Send Cheers" });
  await expect(link).toHaveAttribute("href", `/sign-in?callbackUrl=${encodeURIComponent(`/experts/${EXPERT}`)}`);
});
