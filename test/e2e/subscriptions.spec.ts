import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * The subscription journey in a real browser, with payments off (the e2e server has no Stripe keys), on
 * the demo data: taylor88 subscribes to DiamondEdge (whom the seed leaves unsubscribed for them),
 * DiamondEdge's picks unlock, the sidebar's counter rises when DiamondEdge posts and clears once
 * the post is read, and cancelling turns the renewal date into an end date.
 */

const EXPERT = "DiamondEdge";
const READER = "taylor88";

test("subscribe, read the picks, follow the new-post counter, cancel", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const reader = await signedInContext(browser, baseURL!, READER);
  const expert = await signedInContext(browser, baseURL!, EXPERT);
  const page = await reader.newPage();

  // A pick of the expert's, locked for the reader before subscribing.
  const expertInfo = (await (await reader.request.get(`/api/experts/${EXPERT}`)).json()).payload;
  expect(expertInfo.isSubscribed).toBe(false);
  const posts = (await (await reader.request.get(`/api/posts?expertId=${expertInfo.id}&size=50`)).json()).items as {
    id: string;
    postType: string;
  }[];
  const pick = posts.find((post) => post.postType === "Pick");
  expect(pick, "the demo expert has a live pick").toBeTruthy();
  await page.goto(`/posts/${pick!.id}`);
  await expect(page.getByRole("heading", { name: "This pick is for subscribers" })).toBeVisible();

  // Subscribe from the expert's page, through the subscription step and back.
  await page.goto(`/experts/${EXPERT}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Subscribe", exact: true }).click();
  await page.getByRole("button", { name: "Subscribe for free" }).click();
  await expect(page).toHaveURL(`/experts/${EXPERT}`);
  const term = page.getByTestId("subscription-term");
  await expect(term).toHaveText(/^Renews on /);
  const renewal = (await term.textContent())!.replace("Renews on ", "");
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();

  // The pick unlocks.
  await page.goto(`/posts/${pick!.id}`);
  await expect(page.getByRole("heading", { name: "This pick is for subscribers" })).toHaveCount(0);

  // The expert posts: the reader's sidebar counts it.
  const created = await expert.request.post("/api/posts", {
    headers: { Origin: baseURL! },
    data: {
      postType: "Post",
      title: "Bullpen note for tonight",
      body: [{ type: "paragraph", children: [{ text: "Two relievers threw 30+ pitches yesterday." }] }],
      categoryId: (await (await reader.request.get("/api/categories")).json()).items.find(
        (c: { name: string }) => c.name === "MLB",
      ).id,
      modalityIds: [],
      publishDate: new Date().toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const newPost = (await created.json()).payload;
  await page.goto("/feed");
  // The expert may be in the Recommended list too: look in the subscriptions.
  const subscribed = page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("list", { name: "Subscribed experts" });
  const entry = subscribed.getByRole("link", { name: new RegExp(`^${EXPERT}`) });
  await expect(entry.getByTestId("new-posts-count")).toHaveText(/^1/);
  // This expert's count (other specs may post as other experts the reader subscribes to).
  const counters = (await (await reader.request.get("/api/subscriptions/counters/new-posts")).json()).payload as {
    items: { expertId: string; count: number }[];
  };
  expect(counters.items.find((item) => item.expertId === expertInfo.id)?.count).toBe(1);

  // Reading the post clears it.
  await page.goto(`/posts/${newPost.id}`);
  await expect(page.getByRole("heading", { name: "Bullpen note for tonight" })).toBeVisible();
  await page.goto("/feed");
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId("new-posts-count")).toHaveCount(0);

  // Cancel: a confirmation, then the renewal date becomes the end date.
  await page.goto(`/experts/${EXPERT}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(renewal);
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(term).toHaveText(`Ends on ${renewal}`);
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
  // Still paid until then: the pick stays readable.
  await page.goto(`/posts/${pick!.id}`);
  await expect(page.getByRole("heading", { name: "This pick is for subscribers" })).toHaveCount(0);

  // The subscriptions page says the same.
  await page.goto("/subscriptions");
  await expect(page.getByRole("list", { name: "Your subscriptions" })).toContainText(`Ends on ${renewal}`);

  await reader.close();
  await expert.close();
});
