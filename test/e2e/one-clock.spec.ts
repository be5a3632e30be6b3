/**
 * One clock: the same post read by visitors in three time zones, and by a signed-in
 * reader whose profile names a zone. Every date and time of it, on its page and on its card on the
 * expert's page, is written in the viewer's zone (the profile's, else the browser's once it has
 * told the server, else Eastern), labelled where a time is shown, the same in the server's HTML and
 * after hydration.
 */
import { expect, test, type Page } from "./support/test";
import {
  collectPageErrors,
  presetCookieConsent,
  signedInContext,
  uniqueClientIp,
  waitForHydration,
} from "./support/helpers";

interface DemoPost {
  id: string;
  title: string;
  publishDate: string;
  author: { userName: string };
  eventInfo: { startsAt: string } | null;
}

/** What the site writes, worked out here from the zone with the platform's own Intl. */
const expected = (zone: string) => ({
  day: (iso: string) =>
    new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: zone }).format(
      new Date(iso),
    ),
  game: (iso: string) =>
    new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      timeZone: zone,
    }).format(new Date(iso)),
});

/** The texts of every `<time>` of this moment on the page. */
const timesOf = (page: Page, iso: string) => page.locator(`time[datetime="${iso}"]`).allInnerTexts();

async function readPostAndCard(page: Page, post: DemoPost) {
  await page.goto(`/posts/${post.id}`);
  await waitForHydration(page);
  const onPage = {
    published: await timesOf(page, post.publishDate),
    game: await timesOf(page, post.eventInfo!.startsAt),
  };
  await page.goto(`/experts/${post.author.userName}`);
  await waitForHydration(page);
  const card = page.getByRole("article", { name: post.title }).first();
  const onCard = {
    published: await card.locator(`time[datetime="${post.publishDate}"]`).allInnerTexts(),
    game: await card.locator(`time[datetime="${post.eventInfo!.startsAt}"]`).allInnerTexts(),
  };
  return { onPage, onCard };
}

let post: DemoPost;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const expertId = (await (await api.get("/api/experts/LeBronPicks")).json()).payload.id as string;
  const items = (await (await api.get(`/api/posts?expertId=${expertId}&size=20`)).json()).items as DemoPost[];
  // A published pick on a game, on the expert's first page of posts.
  post = items.find((item) => item.eventInfo !== null && new Date(item.publishDate) <= new Date())!;
  expect(post, "a demo pick on a game").toBeTruthy();
  await api.dispose();
});

for (const zone of ["America/Los_Angeles", "Europe/London", "Asia/Tokyo"]) {
  test(`a visitor in ${zone} reads every date of a post in ${zone}, on its page and its card`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      timezoneId: zone,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    await presetCookieConsent(context, baseURL!);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The first page tells the server the browser's zone; every page after it is written in it.
    await page.goto("/");
    await waitForHydration(page);
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "timeZone")?.value)
      .toBe(encodeURIComponent(zone));
    const { onPage, onCard } = await readPostAndCard(page, post);
    const write = expected(zone);
    expect(onPage.published.length).toBeGreaterThan(0);
    for (const text of [...onPage.published, ...onCard.published]) expect(text).toBe(write.day(post.publishDate));
    expect(onPage.game.length).toBeGreaterThan(0);
    expect(onCard.game.length).toBeGreaterThan(0);
    for (const text of [...onPage.game, ...onCard.game]) expect(text).toBe(write.game(post.eventInfo!.startsAt));
    // The server wrote the same: nothing changed at hydration.
    const html = await (await context.request.get(`/posts/${post.id}`)).text();
    expect(html).toContain(write.game(post.eventInfo!.startsAt));
    expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
    await context.close();
  });
}

test("a signed-in reader whose profile names a zone reads in it, whatever the browser's", async ({
  browser,
  baseURL,
}) => {
  // Demo experts chose Eastern; this browser runs in the machine's zone (UTC here) or another.
  const context = await signedInContext(browser, baseURL!, "FairwayFinder");
  const profile = (await (await context.request.get("/api/user/profile")).json()).payload as { timezone: string };
  expect(profile.timezone).not.toBe("UTC");
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  const { onPage, onCard } = await readPostAndCard(page, post);
  const write = expected(profile.timezone);
  for (const text of [...onPage.game, ...onCard.game]) expect(text).toBe(write.game(post.eventInfo!.startsAt));
  for (const text of [...onPage.published, ...onCard.published]) expect(text).toBe(write.day(post.publishDate));
  await context.close();
});
