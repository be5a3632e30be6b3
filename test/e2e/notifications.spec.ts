import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * The notification journey in a real browser: an expert has a page open, a reader comments on one of
 * their posts, the bell's count rises without a reload, and opening the panel marks it read.
 */
const EXPERT = "PitchSideSharp";
const READER = "alex.fan";

test("a new notification raises the bell live; opening the panel shows it and marks it read", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const expert = await signedInContext(browser, baseURL!, EXPERT);
  const reader = await signedInContext(browser, baseURL!, READER);
  const page = await expert.newPage();
  await page.goto("/feed");
  await waitForHydration(page);
  // Start from nothing unread.
  await expert.request.put(
    `/api/notifications/see-notifications/mark-read?tillDate=${new Date(Date.now() + 60_000).toISOString()}`,
    { headers: { Origin: baseURL! } },
  );
  await page.reload();
  await waitForHydration(page);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  const expertId = (await (await reader.request.get(`/api/experts/${EXPERT}`)).json()).payload.id;
  const post = (
    (await (await reader.request.get(`/api/posts?expertId=${expertId}&size=20`)).json()).items as {
      id: string;
      postType: string;
      title: string;
    }[]
  ).find((item) => item.postType === "Post")!;
  const commented = await reader.request.post(`/api/posts/${post.id}/comments`, {
    headers: { Origin: baseURL! },
    data: { body: "Great read, thanks!", parentId: null },
  });
  expect(commented.status(), await commented.text()).toBe(201);

  // No reload: the stream raises the count.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  await expect(page.getByTestId("notification-badge")).toHaveText("1");
  await page.screenshot({ path: "test-results/notifications-bell-1440.png" });

  await bell.click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toBeVisible();
  await expect(
    panel
      .getByRole("link", { name: new RegExp(`commented on ${post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })
      .first(),
  ).toBeVisible();
  // The first one was unread: everything up to it is marked read, and the badge goes.
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expect(bell).toHaveAccessibleName("Notifications");
  await page.screenshot({ path: "test-results/notifications-panel-1440.png" });
  expect(
    (await (await expert.request.get("/api/notifications/see-notifications/counters")).json()).payload
      .newNotificationsCount,
  ).toBe(0);

  // Escape closes it and gives the focus back to the bell.
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();

  // The full page, and the panel on a phone.
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /commented on/ }).first()).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "test-results/notifications-page-375.png", fullPage: true });
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
  await page.screenshot({ path: "test-results/notifications-panel-375.png" });
  await expert.close();
  await reader.close();
});
