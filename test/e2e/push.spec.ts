import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { E2E_STAND_INS } from "./support/ports";
import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * Push notifications in a real browser: a reader turns push on for this device in the settings,
 * an expert they follow publishes, and the push reaches the device through the push service
 * stand-in (which decrypts it with the device's keys); the background worker shows it; turning it
 * off stops them. Chromium cannot reach Google's push service from here, so the browser's
 * PushManager hands out a subscription at the stand-in instead: the page, the worker, the server
 * and the encryption are all the real ones.
 */
const READER = "chris_w";
const EXPERT = "SundaySteam";
const control = `http://127.0.0.1:${E2E_STAND_INS.controlPort}`;

interface Device {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** This browser's PushManager answers with `device` (at the stand-in) once subscribed. */
async function pushManagerAt(context: BrowserContext, device: Device) {
  await context.addInitScript((subscription) => {
    const made = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        localStorage.removeItem("test-push-subscribed");
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      localStorage.setItem("test-push-subscribed", String(options?.applicationServerKey ?? ""));
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem("test-push-subscribed") !== null ? made() : null) as unknown as PushSubscription;
    };
  }, device);
}

async function publishFreePost(expert: APIRequestContext, baseURL: string, title: string) {
  const categories = (await (await expert.get("/api/categories")).json()).items as { id: number }[];
  const created = await expert.post("/api/posts", {
    headers: { Origin: baseURL },
    data: {
      postType: "Post",
      title,
      body: [{ type: "paragraph", children: [{ text: "Where the totals are soft this week." }] }],
      categoryId: categories[0].id,
      publishDate: new Date(Date.now() - 1000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).payload.id as string;
}

const received = async (device: Device) =>
  (await (await fetch(`${control}/push/received?id=${device.id}`)).json()) as { payload: string; at: number }[];

test("push on for this device: a followed expert's new post arrives within 5 s and shows; off stops them", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const device = (await (await fetch(`${control}/push/subscribe`, { method: "POST" })).json()) as Device;
  const reader = await signedInContext(browser, baseURL!, READER, 1440);
  await reader.grantPermissions(["notifications"], { origin: baseURL! });
  await pushManagerAt(reader, device);
  const expert = await signedInContext(browser, baseURL!, EXPERT);
  const expertId = (await (await reader.request.get(`/api/experts/${EXPERT}`)).json()).payload.id as string;
  expect(
    (await reader.request.post(`/api/experts/${expertId}/follow`, { headers: { Origin: baseURL! } })).status(),
  ).toBe(200);

  const page = await reader.newPage();
  await page.goto("/settings");
  await waitForHydration(page);
  const toggle = page.getByRole("switch", { name: "Push notifications on this device" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toBeEnabled();
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Push notifications are on for this device.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  // Subscribed with the server's VAPID key, through the background worker.
  const key = await page.evaluate(() => localStorage.getItem("test-push-subscribed"));
  expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration("/").then(Boolean))).toBe(true);
  await page.screenshot({ path: test.info().outputPath("push-settings-on-1440.png") });

  // On after a reload: the server knows this device.
  await page.reload();
  await waitForHydration(page);
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  const published = Date.now();
  const postId = await publishFreePost(expert.request, baseURL!, "Soft totals this week");
  await expect.poll(async () => (await received(device)).length, { timeout: 5_000 }).toBeGreaterThan(0);
  const [push] = await received(device);
  expect(push.at - published).toBeLessThan(5_000);
  const message = JSON.parse(push.payload) as { title: string; body: string; url: string; tag: string };
  expect(message).toEqual({
    title: `New post from ${EXPERT}`,
    body: "Soft totals this week",
    url: `/posts/${postId}`,
    tag: `post-${postId}`,
  });

  // The worker shows what arrives (the push event the browser would fire, given the same message).
  const cdp = await reader.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId, data: push.payload });
  await expect
    .poll(() =>
      page.evaluate(() =>
        navigator.serviceWorker.ready.then((registration) =>
          registration.getNotifications().then((shown) => shown.map((n) => `${n.title} | ${n.body}`)),
        ),
      ),
    )
    .toContain(`New post from ${EXPERT} | Soft totals this week`);

  await toggle.click();
  await expect(page.getByText("Push notifications are off for this device.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await waitForHydration(page);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  const before = (await received(device)).length;
  await publishFreePost(expert.request, baseURL!, "Nobody's phone buzzes for this one");
  await page.waitForTimeout(3_000);
  expect((await received(device)).length).toBe(before);

  await reader.request.delete(`/api/experts/${expertId}/follow`, { headers: { Origin: baseURL! } });
  await reader.close();
  await expert.close();
});
