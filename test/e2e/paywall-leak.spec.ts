import { expect, test, type APIRequestContext, type APIResponse } from "./support/test";
import { uniqueClientIp } from "./support/helpers";
import { E2E_STAND_INS } from "./support/ports";
import { apiSignedIn as signedInContext, dataUrl, routeManifest } from "./support/routes";
import type { CaughtMail } from "./support/accounts";

/**
 * The paywall leak sweep against the production server.
 * A unique marker sits in every Pick a non-subscriber could meet — live, scheduled, a draft, a
 * graded one of a second expert, their comments — in every kind of block (text past the 300-character
 * preview, a heading, a link's address and text, an image's address and alt text, an embed, a quote,
 * a list). Then every GET route of the app's route manifest (app/routes.ts, evaluated here: a new
 * route is swept, or the test fails until it is filled or skipped below), and each page's loader
 * data (`.data`, single fetch), is requested as a visitor and as a signed-in non-subscriber who
 * follows the expert, liked the picks and asked to be notified: no answer may carry the marker,
 * nor may the follower's notification stream, nor any e-mail the app sent. The author and a
 * subscriber do see it (so the sweep can fail), and search finds it for the subscriber only.
 *
 * Demo data (app/demo/seed.server.ts): alex.fan subscribes to LeBronPicks; jordan_bets neither
 * subscribes to nor follows LeBronPicks, nor subscribes to GridironGuru; sharpside.admin is an admin.
 */

const AUTHOR = "LeBronPicks";
const SECOND_AUTHOR = "GridironGuru";
const SUBSCRIBER = "alex.fan";
const STRANGER = "jordan_bets";
const DEMO_MAIL = (userName: string) => `${userName.replace(/[._]/g, "")}@demo.sharpside.app`;

/**
 * The one marker, in every pick body and comment. Letters and digits only, so every escaping
 * (HTML, JSON, URL, turbo-stream) leaves it as it is and full-text search indexes it as one word.
 * Searches send a prefix of it, so a page echoing the query cannot look like a leak.
 */
const MARKER = `zqleak${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const SEARCH_PREFIX = MARKER.slice(0, -3);

interface Fixtures {
  postIds: string[];
  live: string;
  commentIds: string[];
  experts: { id: string; userName: string }[];
  eventIds: number[];
  categoryIds: number[];
  sitemapFiles: string[];
}

type UrlsFor = (fx: Fixtures) => string[];
const each = (template: (id: string) => string) => (fx: Fixtures) => fx.postIds.map(template);
const expertKeys = (fx: Fixtures) => fx.experts.flatMap((expert) => [expert.userName, expert.id]);
const SEARCH_TABS = ["experts", "categories", "posts"];
const MADE_UP_TOKEN = "not-a-token-0123456789abcdef";

/** Routes with parameters (or queries that matter): the addresses that fill them from the fixtures. */
const FILL: Record<string, UrlsFor> = {
  "/posts/:postId": (fx) => [
    ...fx.postIds.map((id) => `/posts/${id}`),
    ...fx.commentIds.map((comment) => `/posts/${fx.live}?scrollTo=${comment}`),
  ],
  "/api/posts/:postId": each((id) => `/api/posts/${id}`),
  "/api/posts/:postId/comments": (fx) => [
    ...fx.postIds.map((id) => `/api/posts/${id}/comments`),
    `/api/posts/${fx.live}/comments?size=100`,
  ],
  "/api/posts/:postId/like": each((id) => `/api/posts/${id}/like`),
  "/api/posts/:postId/notify": each((id) => `/api/posts/${id}/notify`),
  "/api/posts/:postId/withdraw": each((id) => `/api/posts/${id}/withdraw`),
  "/api/posts/:postId/pick-result": each((id) => `/api/posts/${id}/pick-result?pickResult=Win`),
  "/api/comments/:commentId": (fx) => fx.commentIds.map((id) => `/api/comments/${id}`),
  "/experts/:userName": (fx) =>
    fx.experts.flatMap((expert) => [`/experts/${expert.userName}`, `/experts/${expert.userName}?graded=2`]),
  "/api/experts/:expertId": (fx) => expertKeys(fx).map((key) => `/api/experts/${key}`),
  "/api/experts/:expertId/record": (fx) => expertKeys(fx).map((key) => `/api/experts/${key}/record`),
  "/api/experts/:expertId/cheers": (fx) => expertKeys(fx).map((key) => `/api/experts/${key}/cheers`),
  "/api/experts/:expertId/follow": (fx) => expertKeys(fx).map((key) => `/api/experts/${key}/follow`),
  "/subscription-payment/:userName": (fx) => fx.experts.map((expert) => `/subscription-payment/${expert.userName}`),
  "/subscribe/:userName": (fx) => fx.experts.map((expert) => `/subscribe/${expert.userName}`),
  // An expert's own code (DELETE only): whatever is asked, no post in the answer.
  "/api/business/promo-codes/:codeId": () => ["/api/business/promo-codes/00000000-0000-4000-8000-000000000000"],
  // Every sport's page: its posts, through the serializer.
  "/sports/:slug": () =>
    ["nfl", "nba", "mlb", "nhl", "ncaaf", "ncaab", "soccer", "mma", "boxing", "tennis", "golf", "esports"].map(
      (slug) => `/sports/${slug}`,
    ),
  "/events/:eventId": (fx) => fx.eventIds.map((id) => `/events/${id}`),
  // The pages' own lists and actions (route actions beside /api): the same answers, the same rule.
  "/lists/:list": (fx) => [
    ...["feed", "liked", "watchlist", "follows", "payments", "cheers"].map((list) => `/lists/${list}?size=100`),
    ...fx.experts.map((expert) => `/lists/posts?expertId=${expert.id}&size=100`),
  ],
  "/experts/:expertId/record": (fx) =>
    expertKeys(fx).flatMap((key) => [`/experts/${key}/record`, `/experts/${key}/record?graded=2`]),
  "/experts/:expertId/subscription": (fx) => expertKeys(fx).map((key) => `/experts/${key}/subscription`),
  "/experts/:expertId/cheers": (fx) => expertKeys(fx).map((key) => `/experts/${key}/cheers`),
  "/experts/:expertId/follow": (fx) => expertKeys(fx).map((key) => `/experts/${key}/follow`),
  "/posts/:postId/pick-result": each((id) => `/posts/${id}/pick-result`),
  "/posts/:postId/comments": each((id) => `/posts/${id}/comments?size=100`),
  "/posts/:postId/notify": each((id) => `/posts/${id}/notify`),
  "/posts/:postId/like": each((id) => `/posts/${id}/like`),
  "/api/events/:id": (fx) => fx.eventIds.map((id) => `/api/events/${id}`),
  "/api/events/:id/market": (fx) => fx.eventIds.map((id) => `/api/events/${id}/market`),
  "/api/events/:id/correction": (fx) => fx.eventIds.map((id) => `/api/events/${id}/correction`),
  "/sitemap/:file": (fx) => fx.sitemapFiles,
  "/api/search/:tab": () =>
    SEARCH_TABS.flatMap((tab) => [
      `/api/search/${tab}?searchValue=${SEARCH_PREFIX}&size=100`,
      `/api/search/${tab}?searchValue=best`,
    ]),
  "/avatars/:name": (fx) => fx.experts.map((expert) => `/avatars/${expert.userName}.svg`),
  // No real token can be known here: a made-up one takes the path every guess takes.
  "/reset-password/:token": () => [`/reset-password/${MADE_UP_TOKEN}`],
  "/api/forgot_password/:resetToken": () => [`/api/forgot_password/${MADE_UP_TOKEN}`],
  "/api/confirm_email/:token": () => [`/api/confirm_email/${MADE_UP_TOKEN}`],
  // A video plays only at an address signed for a reader of its body: a made-up one is refused.
  "/media/*": () => [
    "/media/uploads/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001.mp4",
    `/media/uploads/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001.mp4?expires=9999999999&signature=${MADE_UP_TOKEN}`,
  ],
  "/api/*": (fx) => ["/api/no-such-endpoint", `/api/posts/${fx.live}/no-such-thing`],
  "/*": (fx) => ["/no-such-page", `/posts/${fx.live}/no-such-thing`],
};

/** Routes without parameters are requested at their path; these also with the queries that matter. */
const EXTRA: Record<string, UrlsFor> = {
  "/search": () => [`/search?q=${SEARCH_PREFIX}`, ...SEARCH_TABS.map((tab) => `/search?q=${SEARCH_PREFIX}&tab=${tab}`)],
  "/api/search": () => [`/api/search?searchValue=${SEARCH_PREFIX}&topCount=20`],
  "/api/posts": (fx) => [
    "/api/posts?size=100",
    ...fx.experts.map((expert) => `/api/posts?expertId=${expert.id}&size=100`),
    ...fx.categoryIds.map((id) => `/api/posts?categoryId=${id}&size=100`),
  ],
  "/api/posts/my": () => ["/api/posts/my?size=100", "/api/posts/my?status=Draft&size=100"],
  "/api/posts/my/feed": () => ["/api/posts/my/feed?size=100"],
  "/api/posts/my/liked": () => ["/api/posts/my/liked?size=100"],
  "/api/posts/my/notify": () => ["/api/posts/my/notify?size=100"],
  "/api/events": (fx) => fx.categoryIds.map((id) => `/api/events?categoryId=${id}&size=100`),
  "/leaderboard": () => ["/leaderboard?window=all"],
  "/api/leaderboard": () => ["/api/leaderboard?window=all"],
  "/api/notifications/see-notifications/list": () => ["/api/notifications/see-notifications/list?size=100"],
  "/unsubscribe": () => [`/unsubscribe?token=${MADE_UP_TOKEN}`],
  "/discover-experts": () => ["/discover-experts?sort=record"],
};

/** Routes not requested by the sweep loop, and why. */
const SKIP: Record<string, string> = {
  "/api/notifications/sse-notifications":
    "an open event stream: read separately below, as the follower and as a visitor",
};

async function textOf(context: APIRequestContext, url: string): Promise<{ status: number; text: string }> {
  const response = await context.get(url, { maxRedirects: 0, timeout: 20_000 });
  // Headers too: a Location or Link header could carry it as well.
  return { status: response.status(), text: `${JSON.stringify(response.headers())}\n${await response.text()}` };
}

const carriesMarker = (text: string) => text.toLowerCase().includes(MARKER.toLowerCase());

async function allMail(query = ""): Promise<(CaughtMail & { to: string[]; html: string })[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_STAND_INS.mailHttpPort}/messages${query}`);
  return (await response.json()) as (CaughtMail & { to: string[]; html: string })[];
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/** A body with the marker in every kind of block, all of it after the preview (the first 300 characters). */
function markedBody(lead: string): unknown[] {
  return [
    {
      type: "paragraph",
      children: [{ text: `${lead} ${"The numbers agree and the market has not caught up yet. ".repeat(6)}` }],
    },
    { type: "heading-one", children: [{ text: `The angle: ${MARKER}` }] },
    { type: "heading-two", children: [{ text: `Why ${MARKER} matters` }] },
    {
      type: "paragraph",
      children: [
        { text: "The play and why: " },
        { type: "link", url: `https://example.com/${MARKER}/notes`, children: [{ text: `my notes ${MARKER}` }] },
        { text: ` then ${MARKER}.`, bold: true },
      ],
    },
    { type: "image", url: `/uploads/${MARKER}.png`, alt: `chart ${MARKER}`, children: [{ text: "" }] },
    { type: "embed", provider: "x", url: `https://x.com/${MARKER}/status/1234567890`, children: [{ text: "" }] },
    { type: "block-quote", children: [{ text: `Quoted ${MARKER}` }] },
    { type: "bulleted-list", children: [{ type: "list-item", children: [{ text: `Point ${MARKER}` }] }] },
  ];
}

test("a pick's analysis reaches only its author and subscribers, on every route, stream and e-mail", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const routes = await routeManifest();

  // The manifest and the tables agree: every route with parameters is filled or skipped, and the
  // tables name no route that is gone.
  const paths = new Set(routes.map((route) => route.path));
  const unfilled = routes
    .filter((route) => /[:*]/.test(route.path) && !(route.path in FILL) && !(route.path in SKIP))
    .map((route) => route.path);
  expect(unfilled, "new routes with parameters: fill them in FILL (or say why not in SKIP)").toEqual([]);
  const stale = [...Object.keys(FILL), ...Object.keys(EXTRA), ...Object.keys(SKIP)].filter((path) => !paths.has(path));
  expect(stale, "routes in the tables that app/routes.ts no longer has").toEqual([]);

  const author = await signedInContext(playwright, baseURL!, AUTHOR);
  const secondAuthor = await signedInContext(playwright, baseURL!, SECOND_AUTHOR);
  const admin = await signedInContext(playwright, baseURL!, "sharpside.admin");
  const subscriber = await signedInContext(playwright, baseURL!, SUBSCRIBER);
  const stranger = await signedInContext(playwright, baseURL!, STRANGER);
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const newcomer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
  });
  const cleanup: (() => Promise<APIResponse | undefined>)[] = [];
  const withdrawn = new Set<string>();
  const cleanupProblems: string[] = [];
  let stream: AbortController | undefined;

  try {
    const categories = (await (await visitor.get("/api/categories")).json()) as {
      items: { id: number; name: string }[];
    };
    const nba = categories.items.find((category) => category.name === "NBA")!;
    const nfl = categories.items.find((category) => category.name === "NFL")!;
    const upcomingIn = async (categoryId: number) => {
      const events = (await (await visitor.get(`/api/events?categoryId=${categoryId}&size=50`)).json()) as {
        items: { id: number; startsAt: string }[];
      };
      const event = events.items.find((item) => new Date(item.startsAt).getTime() > Date.now() + 3_600_000);
      expect(event, `the demo data has an upcoming game in category ${categoryId}`).toBeTruthy();
      return event!;
    };
    // The first coming NBA game, so the other tests' choice of games stays as it was.
    const game = await upcomingIn(nba.id);
    const nflGame = await upcomingIn(nfl.id);
    // Its market: the picks below are taken at its consensus home spread and price.
    const gameMarket = (await (await visitor.get(`/api/events/${game.id}/market`)).json()) as {
      payload: { consensus: { Spread: { Home?: { line: number; price: number } } } };
    };
    const homeSpread = gameMarket.payload.consensus.Spread.Home;
    expect(homeSpread, "the demo's coming games carry lines").toBeTruthy();
    const expertOf = async (userName: string) => ({
      id: ((await (await visitor.get(`/api/experts/${userName}`)).json()) as { payload: { id: string } }).payload.id,
      userName,
    });
    const experts = [await expertOf(AUTHOR), await expertOf(SECOND_AUTHOR)];

    const pick = (title: string, lead: string, publishDate: string | undefined, eventId = game.id) => ({
      postType: "Pick",
      title,
      categoryId: nba.id,
      modalityIds: [],
      market: "Spread",
      legs: [{ eventId, market: "Spread", side: "Home", line: homeSpread!.line, odds: homeSpread!.price }],
      units: 2,
      publishDate,
      body: markedBody(lead),
    });
    const create = async (context: APIRequestContext, data: object) => {
      const created = await context.post("/api/posts", { data });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { payload: { id: string } }).payload.id;
    };
    const run = Math.random().toString(36).slice(2, 7);
    const titles = {
      live: `Tonight's best side (${run})`,
      soon: `Late line move (${run})`,
      soonToo: `Second late move (${run})`,
      later: `Tip-off special (${run})`,
      draft: `Draft angle (${run})`,
      graded: `Quarterback yards (${run})`,
    };

    // The follower's stream, opened with their session cookie before the picks below go live.
    const cookie = (await stranger.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    stream = new AbortController();
    let streamed = "";
    const streamResponse = await fetch(`${baseURL}/api/notifications/sse-notifications`, {
      headers: { Cookie: cookie, Accept: "text/event-stream", "X-Forwarded-For": uniqueClientIp() },
      signal: stream.signal,
    });
    expect(streamResponse.status, "the follower's notification stream").toBe(200);
    const reading = (async () => {
      const reader = streamResponse.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          streamed += decoder.decode(value, { stream: true });
        }
      } catch {
        // Aborted at the end.
      }
    })();

    // The follower's phone, with push on: what it is pushed is checked below.
    const control = `http://127.0.0.1:${E2E_STAND_INS.controlPort}`;
    const device = (await (await fetch(`${control}/push/subscribe`, { method: "POST" })).json()) as {
      id: string;
      endpoint: string;
      keys: object;
    };
    const turnedOn = await stranger.post("/api/push/subscriptions", {
      data: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(turnedOn.status(), await turnedOn.text()).toBe(201);
    cleanup.push(() => stranger.delete("/api/push/subscriptions", { data: { endpoint: device.endpoint } }));

    // Scheduled a few seconds ahead, with the follower's notify-me: they go live under the open stream.
    const goLive = new Date(Date.now() + 10_000).toISOString();
    const soon = await create(author, pick(titles.soon, "The late move is real.", goLive));
    cleanup.push(() => author.post(`/api/posts/${soon}/withdraw`));
    expect((await stranger.post(`/api/posts/${soon}/notify`)).status()).toBe(200);
    cleanup.push(() => stranger.delete(`/api/posts/${soon}/notify`));
    // A second one at the same time, so the stream has a notification to replay from.
    const soonToo = await create(author, pick(titles.soonToo, "A second late move.", goLive));
    cleanup.push(async () => (withdrawn.has(soonToo) ? undefined : author.post(`/api/posts/${soonToo}/withdraw`)));
    expect((await stranger.post(`/api/posts/${soonToo}/notify`)).status()).toBe(200);
    cleanup.push(() => stranger.delete(`/api/posts/${soonToo}/notify`));

    const live = await create(
      author,
      pick(
        titles.live,
        "Rest days favour the home side tonight, and the line has not moved yet.",
        new Date().toISOString(),
      ),
    );
    cleanup.push(() => author.post(`/api/posts/${live}/withdraw`));
    const later = await create(
      author,
      pick(
        titles.later,
        "Tip-off is where this one is won.",
        new Date(new Date(game.startsAt).getTime() - 20 * 60_000).toISOString(),
      ),
    );
    cleanup.push(() => author.post(`/api/posts/${later}/withdraw`));
    const draft = await create(author, pick(titles.draft, "Still working on this one.", undefined));
    cleanup.push(() => author.delete(`/api/posts/${draft}`));

    // A second expert's prop, graded once its game has its result (the admin moves the start to
    // now, as test/e2e/record.spec.ts does; Void leaves the record's figures as they are).
    const graded = await create(secondAuthor, {
      postType: "Pick",
      title: titles.graded,
      categoryId: nfl.id,
      modalityIds: [],
      market: "PlayerProp",
      legs: [
        {
          eventId: nflGame.id,
          market: "PlayerProp",
          description: "Starting quarterback over 245.5 passing yards",
          odds: -115,
        },
      ],
      units: 1,
      publishDate: new Date().toISOString(),
      body: markedBody("The matchup is the whole story here."),
    });
    const moved = await admin.patch(`/api/events/${nflGame.id}`, { data: { startsAt: new Date().toISOString() } });
    expect(moved.status(), await moved.text()).toBe(200);
    // A self-grade waits for the game's result: the admin calls it off (a cancelled game voids the
    // picks on it, so no figure moves).
    const called = await admin.post("/api/events/results", { data: [{ eventId: nflGame.id, status: "Canceled" }] });
    expect(called.status(), await called.text()).toBe(200);
    const gradedAnswer = await secondAuthor.put(`/api/posts/${graded}/pick-result?pickResult=Void`);
    expect(gradedAnswer.status(), await gradedAnswer.text()).toBe(200);

    // The stranger follows the expert, likes the picks and asks to be notified: they are in their lists.
    const follow = await stranger.post(`/api/experts/${experts[0].id}/follow`);
    expect(follow.status(), await follow.text()).toBe(200);
    cleanup.push(() => stranger.delete(`/api/experts/${experts[0].id}/follow`));
    for (const id of [live, graded]) {
      expect((await stranger.post(`/api/posts/${id}/like`)).status()).toBe(200);
      cleanup.push(() => stranger.delete(`/api/posts/${id}/like`));
    }
    for (const id of [live, later, graded]) {
      expect((await stranger.post(`/api/posts/${id}/notify`)).status()).toBe(200);
      cleanup.push(() => stranger.delete(`/api/posts/${id}/notify`));
    }

    // The discussion: a subscriber's comment and the author's reply on the live pick, the author's on the graded one.
    const comment = async (context: APIRequestContext, postId: string, data: object) => {
      const answer = await context.post(`/api/posts/${postId}/comments`, { data });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { payload: { id: string } }).payload.id;
    };
    const first = await comment(subscriber, live, { body: `Tailing this, ${MARKER} is the key.` });
    const reply = await comment(author, live, { body: `Exactly: ${MARKER}.`, parentId: first });
    const onGraded = await comment(secondAuthor, graded, { body: `Settled: ${MARKER}.` });

    // The scheduled pick goes live (the publishing job runs every 5 s) and the follower's stream announces it.
    await expect
      .poll(() => streamed.includes(soon) && streamed.includes(soonToo), {
        timeout: 25_000,
        message: "the stream announces the picks going live",
      })
      .toBe(true);

    const sitemapIndex = await (await visitor.get("/sitemap.xml")).text();
    const sitemapFiles = [...sitemapIndex.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(sitemapFiles.length, "the sitemap index names its files").toBeGreaterThan(0);
    const fx: Fixtures = {
      postIds: [live, soon, soonToo, later, draft, graded],
      live,
      commentIds: [first, reply, onGraded],
      experts,
      eventIds: [game.id, nflGame.id],
      categoryIds: [nba.id, nfl.id],
      sitemapFiles: [...sitemapFiles, "/sitemap/posts-2.xml"],
    };

    // Every route of the manifest, filled; each page also as its loader data.
    const urls = new Set<string>();
    for (const route of routes) {
      if (route.path in SKIP) continue;
      const filled = route.path in FILL ? FILL[route.path](fx) : [route.path, ...(EXTRA[route.path]?.(fx) ?? [])];
      for (const url of filled) {
        urls.add(url);
        if (route.page) urls.add(dataUrl(url));
      }
    }
    // Single fetch with the routes named, as client navigations ask; the route discovery manifest.
    urls.add(`/posts/${live}.data?_routes=${encodeURIComponent("root,routes/posts.$postId")}`);
    urls.add(`/experts/${AUTHOR}.data?_routes=${encodeURIComponent("routes/experts.$userName")}`);
    // Remix's older data requests (`?_data=<route id>`), should anything still answer them.
    urls.add(`/posts/${live}?_data=${encodeURIComponent("routes/posts.$postId")}`);
    urls.add(`/experts/${AUTHOR}?_data=${encodeURIComponent("routes/experts.$userName")}`);
    urls.add(`/__manifest?p=${encodeURIComponent(`/posts/${live}`)}&p=${encodeURIComponent(`/experts/${AUTHOR}`)}`);

    // The post page's HTML: the title, the preview, the meta tags and the JSON-LD (an Article, not free).
    const mustShow: Record<string, string[]> = {
      [`/posts/${live}`]: [
        titles.live,
        "Rest days favour the home side",
        'property="og:description"',
        "application/ld+json",
        '"isAccessibleForFree":false',
      ],
      [dataUrl(`/posts/${live}`)]: [titles.live, "Rest days favour the home side"],
      [`/posts/${graded}`]: [titles.graded, "The matchup is the whole story"],
      [`/experts/${AUTHOR}`]: [titles.live, titles.later],
    };

    const problems: string[] = [];
    let requests = 0;
    const personas = [
      ["visitor", visitor],
      ["signed-in non-subscriber", stranger],
    ] as const;
    // A visitor who has just signed up (e-mail not confirmed yet): every address naming the picks or the marker's search.
    const newcomerEmail = `leak.sweep.${run}@example.com`;
    const signedUp = await newcomer.post("/api/users", {
      data: {
        user: {
          email: newcomerEmail,
          fullName: "Casey Newcomer",
          password: "correct horse 42",
          passwordConfirmation: "correct horse 42",
        },
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(201);
    const namesThePicks = (url: string) =>
      fx.postIds.some((id) => url.includes(id)) ||
      url.includes(SEARCH_PREFIX) ||
      /^\/(_root\.data|feed|notifications|posts\/liked|api\/posts|api\/notifications)/.test(url) ||
      url === "/";
    await inBatches(
      [
        ...personas.flatMap(([who, context]) => [...urls].map((url) => ({ who, context, url }))),
        ...[...urls].filter(namesThePicks).map((url) => ({ who: "new user", context: newcomer, url })),
      ],
      6,
      async ({ who, context, url }) => {
        const { status, text } = await textOf(context, url);
        requests += 1;
        if (status >= 500) problems.push(`${who} ${url}: ${status}`);
        if (carriesMarker(text)) problems.push(`${who} ${url}: carries the marker`);
        // A few answers must show the pick at all, so a broken page cannot pass for a safe one.
        for (const expected of mustShow[url] ?? [])
          if (!text.includes(expected)) problems.push(`${who} ${url}: does not show ${JSON.stringify(expected)}`);
      },
    );
    test.info().annotations.push({
      type: "sweep",
      description: `${routes.length} routes, ${urls.size} addresses × 2 personas + the new user's share: ${requests} requests`,
    });
    expect(problems, "answers to a visitor or a non-subscriber").toEqual([]);

    // The channels the sweep relies on are real: the pick is in the follower's lists and notifications.
    expect((await textOf(stranger, "/api/posts/my/liked?size=100")).text).toContain(live);
    expect((await textOf(stranger, "/api/posts/my/notify?size=100")).text).toContain(later);
    expect((await textOf(stranger, "/api/notifications/see-notifications/list?size=100")).text).toContain(soon);
    expect((await textOf(visitor, `/experts/${AUTHOR}`)).text).toContain(titles.later);

    // The locked answer says so and keeps the preview; the scheduled one is a teaser without it.
    const locked = (await (await stranger.get(`/api/posts/${live}`)).json()) as {
      payload: { body: unknown; isLocked: boolean; preview: unknown[] };
    };
    expect(locked.payload).toMatchObject({ body: null, isLocked: true });
    expect(JSON.stringify(locked.payload.preview)).toContain("Rest days favour the home side");
    const teaser = (await (await stranger.get(`/api/posts/${later}`)).json()) as {
      payload: { body: unknown; isLocked: boolean; preview: unknown[] };
    };
    expect(teaser.payload).toMatchObject({ body: null, isLocked: true, preview: [] });
    expect((await stranger.get(`/api/posts/${live}/comments`)).status()).toBe(403);
    expect((await visitor.get(`/api/posts/${live}/comments`)).status()).toBe(401);
    // Search does not find a word only the locked body holds (not even the pick's id or title).
    for (const url of [
      `/api/search?searchValue=${SEARCH_PREFIX}&topCount=20`,
      `/api/search/posts?searchValue=${SEARCH_PREFIX}&size=100`,
    ]) {
      for (const [who, context] of personas)
        expect((await textOf(context, url)).text, `${who} ${url}`).not.toContain(live);
    }

    // The follower's phone was pushed the picks going live (decrypted at the push service): title and
    // expert, never the pick.
    const pushesOf = async () =>
      (await (await fetch(`${control}/push/received?id=${device.id}`)).json()) as { payload: string }[];
    await expect.poll(async () => (await pushesOf()).some((push) => push.payload.includes(soon))).toBe(true);
    for (const push of await pushesOf()) expect(carriesMarker(push.payload), `push ${push.payload}`).toBe(false);

    // The stream: visitors are turned away; the follower's events never carry the pick.
    expect((await textOf(visitor, "/api/notifications/sse-notifications")).status).toBe(401);
    stream.abort();
    await reading;
    expect(streamed).toMatch(/^data: /m);
    expect(carriesMarker(streamed), "the follower's notification stream").toBe(false);
    // Reopened after an older notification, the stream replays what came since: none carries it either.
    const list = (await (await stranger.get("/api/notifications/see-notifications/list?size=100")).json()) as {
      items: { id: string }[];
    };
    const newest = list.items.findIndex(
      (item) => JSON.stringify(item).includes(soon) || JSON.stringify(item).includes(soonToo),
    );
    const missed = JSON.stringify(list.items[newest]).includes(soon) ? soon : soonToo;
    const before = list.items[newest + 1];
    expect(JSON.stringify(before), "the other pick's notification, just before").toContain(
      missed === soon ? soonToo : soon,
    );
    const replay = new AbortController();
    const replayed = await fetch(`${baseURL}/api/notifications/sse-notifications?lastEventId=${before.id}`, {
      headers: { Cookie: cookie, Accept: "text/event-stream", "X-Forwarded-For": uniqueClientIp() },
      signal: replay.signal,
    });
    expect(replayed.status).toBe(200);
    let replayText = "";
    const replayReader = replayed.body!.getReader();
    const decoder = new TextDecoder();
    const stopReplay = setTimeout(() => replay.abort(), 3_000);
    try {
      while (!replayText.includes(missed)) {
        const { done, value } = await replayReader.read();
        if (done) break;
        replayText += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted after three seconds.
    } finally {
      clearTimeout(stopReplay);
      replay.abort();
    }
    expect(replayText, "the replay").toContain(missed);
    expect(carriesMarker(replayText), "the replayed notifications").toBe(false);

    // Positive control: the author and the subscriber see it everywhere the sweep looked.
    for (const [who, context] of [
      ["author", author],
      ["subscriber", subscriber],
    ] as const) {
      for (const url of [
        `/posts/${live}`,
        dataUrl(`/posts/${live}`),
        `/api/posts/${live}`,
        `/api/posts/${live}/comments`,
        `/api/search/posts?searchValue=${SEARCH_PREFIX}&size=100`,
      ]) {
        const { status, text } = await textOf(context, url);
        expect(status, `${who} ${url}`).toBe(200);
        expect(carriesMarker(text), `${who} ${url} carries the analysis`).toBe(true);
      }
      expect(
        (await textOf(context, `/api/search?searchValue=${SEARCH_PREFIX}&topCount=20`)).text,
        `${who} finds it by a word of its body`,
      ).toContain(live);
    }
    // Right after the subscriber's render, a visitor asking for the same address gets their own
    // (the page micro-cache keeps signed-out pages only).
    for (const url of [`/posts/${live}`, `/experts/${AUTHOR}`, "/"]) {
      await textOf(subscriber, url);
      expect(carriesMarker((await textOf(visitor, url)).text), `visitor ${url} just after the subscriber`).toBe(false);
    }
    expect(
      carriesMarker((await textOf(secondAuthor, `/posts/${graded}`)).text),
      "the second author reads their graded pick",
    ).toBe(true);
    expect(carriesMarker((await textOf(author, `/api/posts/${draft}`)).text), "the author reads their draft").toBe(
      true,
    );
    // The subscriber's feed carries it too; the author's own list as well.
    expect(carriesMarker((await textOf(subscriber, "/api/posts/my/feed?size=20")).text)).toBe(true);
    expect(carriesMarker((await textOf(author, "/api/posts/my?size=20")).text)).toBe(true);

    // Withdrawn, a pick stays locked: its page, data and answer still hold the preview only.
    const withdrawAnswer = await author.post(`/api/posts/${soonToo}/withdraw`);
    expect(withdrawAnswer.status(), await withdrawAnswer.text()).toBe(200);
    withdrawn.add(soonToo);
    for (const url of [
      `/posts/${soonToo}`,
      dataUrl(`/posts/${soonToo}`),
      `/api/posts/${soonToo}`,
      `/experts/${AUTHOR}`,
      `/api/posts?expertId=${experts[0].id}&size=100`,
    ]) {
      for (const [who, context] of personas) {
        const { status, text } = await textOf(context, url);
        expect(status, `${who} ${url} after the withdrawal`).toBeLessThan(500);
        expect(carriesMarker(text), `${who} ${url} after the withdrawal`).toBe(false);
      }
    }
    expect(
      carriesMarker((await textOf(subscriber, `/api/posts/${soonToo}`)).text),
      "the subscriber still reads the withdrawn pick",
    ).toBe(true);

    // E-mails: the subscriber is told of the new picks (the expert's name, the title and a link:
    // decision 024, never the pick); no message the app sent anyone carries the marker.
    await expect
      .poll(
        async () =>
          (await allMail(`?to=${encodeURIComponent(DEMO_MAIL(SUBSCRIBER))}`)).filter((mail) =>
            mail.subject.includes(run),
          ).length,
        {
          timeout: 20_000,
          message: "the subscriber's new-pick e-mails",
        },
      )
      .toBeGreaterThanOrEqual(3);
    const mails = await allMail();
    const toSubscriber = mails.filter(
      (mail) => mail.to.includes(DEMO_MAIL(SUBSCRIBER)) && mail.subject.includes(titles.live),
    );
    expect(toSubscriber.length).toBe(1);
    expect(toSubscriber[0].text).toContain(`/posts/${live}`);
    const leaking = mails
      .filter((mail) => carriesMarker(`${mail.subject}\n${mail.text}\n${mail.html}`))
      .map((mail) => `${mail.to.join(",")}: ${mail.subject}`);
    expect(leaking, "e-mails carrying the marker").toEqual([]);
    expect(
      mails.some((mail) => mail.to.includes(newcomerEmail)),
      "the new user's verification e-mail",
    ).toBe(true);
    expect(
      mails.filter((mail) => mail.to.includes(DEMO_MAIL(STRANGER))).every((mail) => !mail.subject.includes(run)),
    ).toBe(true);
  } finally {
    stream?.abort();
    // Clean up so other tests see the demo data as seeded: a posted pick is never deleted, it is
    // withdrawn and leaves the lists of coming picks; the graded one stays on the record (Void).
    for (const undo of cleanup.reverse()) {
      const undone = await undo();
      if (undone && !undone.ok()) cleanupProblems.push(`${undone.url()}: ${undone.status()} ${await undone.text()}`);
    }
    await Promise.all([
      author.dispose(),
      secondAuthor.dispose(),
      admin.dispose(),
      subscriber.dispose(),
      stranger.dispose(),
      visitor.dispose(),
      newcomer.dispose(),
    ]);
  }
  expect(cleanupProblems, "clean-up").toEqual([]);
});
