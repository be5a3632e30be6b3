import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { uniqueClientIp } from "./support/helpers";

/**
 * The end-to-end leak test of issue 5 against the production server: a unique marker in a Pick's
 * body never appears in any page or answer a visitor or a non-subscriber can request, while its
 * author and an active subscriber see it. Demo data (app/db/seed.server.ts): alex.fan subscribes
 * to LeBronPicks; jordan_bets neither subscribes to nor follows LeBronPicks.
 */

const DEMO_PASSWORD = "sharpside-demo";
const AUTHOR = "LeBronPicks";

async function signedInContext(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, userName: string): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL, "X-Forwarded-For": uniqueClientIp() },
  });
  const response = await context.post("/api/session", { data: { session: { emailOrUserName: userName, password: DEMO_PASSWORD, rememberMe: false } } });
  expect(response.status(), `sign-in as ${userName}`).toBe(200);
  return context;
}

async function textOf(context: APIRequestContext, url: string): Promise<{ status: number; text: string }> {
  const response = await context.get(url, { maxRedirects: 0 });
  return { status: response.status(), text: await response.text() };
}

test("a pick's analysis reaches only its author and subscribers, on every page and answer", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const marker = `LEAK-MARKER-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const author = await signedInContext(playwright, baseURL!, AUTHOR);
  const subscriber = await signedInContext(playwright, baseURL!, "alex.fan");
  const stranger = await signedInContext(playwright, baseURL!, "jordan_bets");
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });

  const categories = (await (await visitor.get("/api/categories")).json()) as { items: { id: number; name: string }[] };
  const nba = categories.items.find((category) => category.name === "NBA")!;
  const events = (await (await visitor.get(`/api/events?categoryId=${nba.id}&size=50`)).json()) as { items: { id: number; startsAt: string }[] };
  const upcoming = events.items.find((event) => new Date(event.startsAt).getTime() > Date.now() + 3_600_000);
  expect(upcoming, "the demo data has an upcoming NBA game").toBeTruthy();

  const created = await author.post("/api/posts", {
    data: {
      postType: "Pick",
      title: "Tonight's best side",
      categoryId: nba.id,
      modalityIds: [],
      market: "Spread",
      legs: [{ eventId: upcoming!.id, market: "Spread", side: "Home", line: -4.5, odds: -110 }],
      units: 2,
      publishDate: new Date().toISOString(),
      body: [
        // The preview (what everyone sees) is the first 300 characters: the marker comes after them.
        { type: "paragraph", children: [{ text: `Rest days favour the home side tonight, and the line has not moved yet. ${"The numbers agree. ".repeat(14)}` }] },
        { type: "paragraph", children: [{ text: `The play and why: ${marker}` }] },
        { type: "image", url: `/uploads/${marker}.png`, children: [{ text: "" }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = ((await created.json()) as { payload: { id: string; author: { id: string } } }).payload;

  // The stranger likes the pick and asks to be notified, so it is in their lists too.
  expect((await stranger.post(`/api/posts/${post.id}/like`)).status()).toBe(200);
  expect((await stranger.post(`/api/posts/${post.id}/notify`)).status()).toBe(200);

  const everywhere = [
    "/",
    `/posts/${post.id}`,
    `/posts/${post.id}?scrollTo=00000000-0000-0000-0000-000000000000`,
    `/experts/${AUTHOR}`,
    `/experts/${AUTHOR}?graded=2`,
    `/api/experts/${AUTHOR}/record`,
    "/leaderboard?window=all",
    "/api/leaderboard?window=all",
    "/sitemap.xml",
    "/sitemap/posts-1.xml",
    "/sitemap/events-1.xml",
    `/events/${upcoming!.id}`,
    "/feed",
    "/posts/liked",
    `/api/posts/${post.id}`,
    "/api/posts",
    `/api/posts?expertId=${post.author.id}`,
    `/api/posts?categoryId=${nba.id}`,
    "/api/posts/my/feed",
    "/api/posts/my/liked",
    `/api/posts/${post.id}/comments`,
    `/api/experts/${AUTHOR}`,
    `/api/events/${upcoming!.id}`,
  ];
  for (const [who, context] of [
    ["visitor", visitor],
    ["signed-in non-subscriber", stranger],
  ] as const) {
    for (const url of everywhere) {
      const { status, text } = await textOf(context, url);
      expect(status, `${who} ${url}`).toBeLessThan(500);
      expect(text, `${who} ${url} must not carry the pick's analysis`).not.toContain(marker);
    }
  }
  // The locked answer says so and keeps the preview.
  const locked = (await (await stranger.get(`/api/posts/${post.id}`)).json()) as { payload: { body: unknown; isLocked: boolean; preview: unknown[] } };
  expect(locked.payload).toMatchObject({ body: null, isLocked: true });
  expect(JSON.stringify(locked.payload.preview)).toContain("Rest days favour the home side");

  for (const [who, context] of [
    ["author", author],
    ["subscriber", subscriber],
  ] as const) {
    for (const url of [`/posts/${post.id}`, `/api/posts/${post.id}`]) {
      const { status, text } = await textOf(context, url);
      expect(status, `${who} ${url}`).toBe(200);
      expect(text, `${who} ${url} carries the analysis`).toContain(marker);
    }
  }
  // The subscriber's feed carries it too; the author's own list as well.
  expect((await textOf(subscriber, "/api/posts/my/feed?size=20")).text).toContain(marker);
  expect((await textOf(author, "/api/posts/my?size=20")).text).toContain(marker);

  // Clean up so other tests see the demo data as seeded.
  // A posted pick is never deleted: withdrawn, it leaves the other tests' lists of coming picks.
  expect((await author.post(`/api/posts/${post.id}/withdraw`)).status()).toBe(200);
  await Promise.all([author.dispose(), subscriber.dispose(), stranger.dispose(), visitor.dispose()]);
});
