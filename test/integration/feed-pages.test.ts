/**
 * The lists: `/feed`, `/posts/liked` and the signed-in `/` (the feed), with the
 * visitor's landing kept in the page micro-cache while a reader's feed never is (decision 007).
 * Loaders run as Remix runs them; pages are rendered from their loader data; a locked pick's body
 * never reaches a non-subscriber's HTML or loader data.
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes";
import { matchRoutes } from "@remix-run/router";
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import express from "express";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "~/components/posts/feed-list";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { follows, likes, subscriptions } from "~/db/schema";
import { PageCache } from "../../server/page-cache";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";
import { loader as rootLoader } from "~/root";
import Home, * as homePage from "~/routes/_index";
import * as postsRoute from "~/routes/api.posts._index";
import FeedPage, * as feedPage from "~/routes/feed";
import LikedPage, * as likedPage from "~/routes/posts.liked";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { postFixtures, type MadeUser } from "../support/post-fixtures";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let categoryIds: Record<string, number>;

const MARKER = "FEED-PAGES-SECRET-ANALYSIS-7d41";

/** Users as the post-list tests make them (test/support/post-fixtures.ts). */
const makeUser = (expert: boolean): Promise<MadeUser> => postFixtures(database.db, context).makeUser({ expert });

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

/** A live post made through `POST /api/posts`, as the editor makes it (a Pick: a spread on its own coming game). */
async function publish(author: MadeUser, postType: "Post" | "Pick", title: string, secret = false) {
  const eventId =
    postType === "Pick"
      ? (await postFixtures(database.db, context).addEvent({ categoryId: categoryIds.NBA })).id
      : null;
  const response = await callRoute(postsRoute, context, {
    method: "POST",
    path: "/api/posts",
    jar: author.jar,
    body: {
      postType,
      title,
      // The preview keeps the first 300 characters: the marker sits past them, deep in the analysis.
      body: [
        paragraph(`Preview of ${title}.`),
        paragraph("Numbers. ".repeat(40)),
        paragraph(secret ? MARKER : "Free words."),
      ],
      categoryId: categoryIds.NBA,
      publishDate: new Date(Date.now() - 1000).toISOString(),
      ...(postType === "Pick"
        ? { market: "Spread", legs: [{ eventId, market: "Spread", side: "Home", line: -4.5, odds: -110 }], units: 1.5 }
        : {}),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  // Posts made in the same millisecond would tie on the date: keep them apart.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return response.body.payload as { id: string; title: string };
}

/** Runs a page loader like Remix: a thrown Response (a redirect) is answered. */
async function page(loader: (args: never) => unknown, path: string, jar?: CookieJar) {
  const headers = new Headers();
  if (jar) headers.set("Cookie", jar.header());
  try {
    const result = await loader({
      request: new Request(`http://localhost${path}`, { headers }),
      params: {},
      context,
    } as never);
    return { status: 200, data: result as never, location: null as string | null };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: null as never, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/** What `data(value, init)` carries: the value and its headers (a plain object has none). */
function unwrap(result: unknown): { value: Record<string, unknown>; headers: Headers } {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { value: data, headers: new Headers(init?.headers) };
  }
  return { value: result as Record<string, unknown>, headers: new Headers() };
}

/**
 * A page's HTML as the server renders it, from its own and the root loader's data. The memory
 * router of the Remix stub uses useLayoutEffect, which React warns about on the server; only that
 * warning is set aside.
 */
function renderPage(path: string, Component: ComponentType, data: unknown, rootData: unknown): string {
  const pathname = path.split("?")[0];
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [
        {
          id: "page",
          path: pathname.slice(1) || undefined,
          index: pathname === "/" ? true : undefined,
          // Inside the confirmation dialog's provider, as in the app shell.
          Component: () => createElement(ConfirmDialogProvider, null, createElement(Component)),
        } as never,
      ],
    },
  ]);
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: rootData, page: data } } }),
    );
  } finally {
    console.error = original;
  }
}

const rootDataFor = async (jar?: CookieJar) => unwrap((await page(rootLoader as never, "/", jar)).data).value;

let followed: MadeUser;
let subscribedTo: MadeUser;
let stranger: MadeUser;
let fan: MadeUser;
const made: Record<string, { id: string; title: string }> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  categoryIds = Object.fromEntries((await database.db.query.categories.findMany()).map((row) => [row.name, row.id]));
  [followed, subscribedTo, stranger, fan] = [
    await makeUser(true),
    await makeUser(true),
    await makeUser(true),
    await makeUser(false),
  ];
  await database.db.insert(follows).values({ followerId: fan.user.id, expertId: followed.user.id });
  await database.db
    .insert(subscriptions)
    .values({ subscriberId: fan.user.id, expertId: subscribedTo.user.id, status: "Activated", priceCents: 1000 });
  made.followedPost = await publish(followed, "Post", "Followed free post");
  made.followedPick = await publish(followed, "Pick", "Followed locked pick", true);
  made.subscribedPick = await publish(subscribedTo, "Pick", "Subscribed readable pick", true);
  made.strangerPost = await publish(stranger, "Post", "Stranger free post");
  made.strangerPick = await publish(stranger, "Pick", "Stranger locked pick", true);
  // The fan liked the stranger's pick first, then the followed expert's locked pick.
  const now = Date.now();
  await database.db.insert(likes).values([
    { userId: fan.user.id, postId: made.strangerPick.id, createdAt: new Date(now - 60_000) },
    { userId: fan.user.id, postId: made.followedPick.id, createdAt: new Date(now - 30_000) },
  ]);
});
afterAll(() => database?.close());

type ListData = {
  posts: { id: string; title: string; isLocked: boolean; metadata: { isLiked: boolean } }[];
  page: number;
  totalPages: number;
};

describe(`/feed (${testDatabaseEngine()})`, () => {
  it("sends a visitor to sign in and back", async () => {
    expect(await page(feedPage.loader, "/feed")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Ffeed",
    });
    expect(await page(likedPage.loader, "/posts/liked")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Fposts%2Fliked",
    });
  });

  it("lists the followed and subscribed experts' posts newest first, a locked pick without its body", async () => {
    const { status, data } = await page(feedPage.loader, "/feed", fan.jar);
    expect(status).toBe(200);
    const feed = data as ListData;
    expect(feed.posts.map((post) => post.title)).toEqual([
      "Subscribed readable pick",
      "Followed locked pick",
      "Followed free post",
    ]);
    expect(feed).toMatchObject({ page: 1, totalPages: 1 });
    expect(feed.posts.find((post) => post.id === made.followedPick.id)).toMatchObject({
      isLocked: true,
      selection: null,
      odds: null,
      legs: null,
      metadata: { isLiked: true },
    });
    // The subscriber may read that pick, but a card never shows a body: the list leaves it out.
    expect(feed.posts.find((post) => post.id === made.subscribedPick.id)).toMatchObject({ isLocked: false });
    for (const post of feed.posts) expect(post).not.toHaveProperty("body");

    const html = renderPage("/feed", FeedPage, data, await rootDataFor(fan.jar));
    expect(html).toContain("Followed locked pick");
    expect(html).toContain("Pick for subscribers");
    expect(html).toContain("Preview of Followed locked pick.");
    expect(html).toContain(`href="/posts/${made.followedPick.id}"`);
    expect(html).toContain(`href="/experts/${followed.user.userName}"`);
    expect(html).not.toContain("Stranger");
    expect(html).not.toContain(MARKER);
    expect(JSON.stringify(data)).not.toContain(MARKER);
    expect(
      feedPage.meta({
        matches: [{ id: "root", data: { appName: "Sharpside" } }],
        location: { pathname: "/" },
      } as never),
    ).toContainEqual({ title: "Feed | SHARPSIDE" });
  });

  it("shows the first home, with the way to every expert, when the feed is empty", async () => {
    const lonely = await makeUser(false);
    const { data } = await page(feedPage.loader, "/feed", lonely.jar);
    expect(data).toMatchObject({ posts: [], totalPages: 0 });
    const html = renderPage("/feed", FeedPage, data, await rootDataFor(lonely.jar));
    expect(html).toContain("Your feed starts here.");
    expect(html).toContain('href="/discover-experts"');
  });

  it("renders the page asked for in ?page (the list's link before JavaScript runs)", async () => {
    const busy = await makeUser(false);
    const prolific = await makeUser(true);
    await database.db.insert(follows).values({ followerId: busy.user.id, expertId: prolific.user.id });
    for (let i = 0; i < LIST_PAGE_SIZE + 2; i++) await publish(prolific, "Post", `Prolific post ${i}`);
    const first = (await page(feedPage.loader, "/feed", busy.jar)).data as ListData;
    expect(first.posts).toHaveLength(LIST_PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, totalPages: 2 });
    const html = renderPage("/feed", FeedPage, first, await rootDataFor(busy.jar));
    expect(html).toContain('href="?page=2"');
    expect(html).toContain("Load more");
    const second = (await page(feedPage.loader, "/feed?page=2", busy.jar)).data as ListData;
    expect(second.posts.map((post) => post.title)).toEqual(["Prolific post 1", "Prolific post 0"]);
    const secondHtml = renderPage("/feed?page=2", FeedPage, second, await rootDataFor(busy.jar));
    expect(secondHtml).toMatch(/<a rel="prev"[^>]*href="\/feed"[^>]*>← Newer posts/);
    expect(secondHtml).not.toContain("Load more");
    expect(((await page(feedPage.loader, "/feed?page=-1", busy.jar)).data as ListData).page).toBe(1);
  });
});

describe(`/posts/liked (${testDatabaseEngine()})`, () => {
  it("lists the liked posts, the newest like first, locked picks without their body", async () => {
    const { status, data } = await page(likedPage.loader, "/posts/liked", fan.jar);
    expect(status).toBe(200);
    const liked = data as ListData;
    expect(liked.posts.map((post) => post.title)).toEqual(["Followed locked pick", "Stranger locked pick"]);
    expect(liked.posts.every((post) => post.isLocked && !("body" in post) && post.metadata.isLiked)).toBe(true);
    const html = renderPage("/posts/liked", LikedPage, data, await rootDataFor(fan.jar));
    expect(html).toContain("Stranger locked pick");
    expect(html).not.toContain(MARKER);
    expect(JSON.stringify(data)).not.toContain(MARKER);
    expect(
      likedPage.meta({
        matches: [{ id: "root", data: { appName: "Sharpside" } }],
        location: { pathname: "/" },
      } as never),
    ).toContainEqual({ title: "Likes | SHARPSIDE" });
  });

  it("is its own route, not a post called 'liked'", () => {
    // The app's file routes as Remix builds them, plus /posts/{id} whether or not it exists yet.
    const appDirectory = path.resolve("app");
    const manifest = flatRoutes(appDirectory);
    manifest["routes/posts.$postId"] ??= {
      id: "routes/posts.$postId",
      parentId: "root",
      path: "posts/:postId",
      file: "routes/posts.$postId.tsx",
    };
    type Node = { id: string; path?: string; index?: boolean; children: Node[] };
    const nodes = new Map<string, Node>(
      Object.values(manifest).map((route) => [
        route.id,
        { id: route.id, path: route.path, index: route.index, children: [] },
      ]),
    );
    nodes.set("root", { id: "root", path: "", children: [] });
    for (const route of Object.values(manifest))
      if (route.parentId) nodes.get(route.parentId)!.children.push(nodes.get(route.id)!);
    const leaf = (pathname: string) => matchRoutes([nodes.get("root")!] as never, pathname)?.at(-1)?.route.id;
    expect(leaf("/posts/liked")).toBe("routes/posts.liked");
    expect(leaf("/posts/0b9d1e3a-6c55-4a8e-9a43-9f6a3c1e2d10")).toBe("routes/posts.$postId");
    expect(leaf("/feed")).toBe("routes/feed");
  });

  it("says so when nothing is liked", async () => {
    const lonely = await makeUser(false);
    const { data } = await page(likedPage.loader, "/posts/liked", lonely.jar);
    const html = renderPage("/posts/liked", LikedPage, data, await rootDataFor(lonely.jar));
    expect(html).toContain("No liked posts yet");
  });
});

describe(`/ (${testDatabaseEngine()})`, () => {
  it("gives a signed-in reader their feed, marked private", async () => {
    const result = await page(homePage.loader, "/", fan.jar);
    const { value, headers } = unwrap(result.data);
    expect(value.view).toBe("feed");
    expect((value as unknown as { feed: ListData }).feed.posts.map((post) => post.title)).toEqual([
      "Subscribed readable pick",
      "Followed locked pick",
      "Followed free post",
    ]);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(
      homePage.headers({
        loaderHeaders: headers,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    ).toEqual({
      "Cache-Control": "private, no-store",
    });
    const html = renderPage("/", Home, value, await rootDataFor(fan.jar));
    expect(html).toContain("Followed locked pick");
    expect(html).not.toContain("Featured experts");
    expect(html).not.toContain(MARKER);
    expect(JSON.stringify(value)).not.toContain(MARKER);
  });

  it("gives a visitor the public landing with the latest free posts as cards", async () => {
    const { value, headers } = unwrap((await page(homePage.loader, "/")).data);
    expect(value.view).toBe("landing");
    expect(
      homePage.headers({
        loaderHeaders: headers,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    ).toEqual(PUBLIC_PAGE_HEADERS);
    const html = renderPage("/", Home, value, await rootDataFor());
    expect(html).toContain("Professional Handicappers");
    expect(html).toContain("Featured experts");
    expect(html).toContain('aria-labelledby="latest-posts"');
    expect((value.latestPosts as { postType: string }[]).every((post) => post.postType === "Post")).toBe(true);
    const latest = value.latestPosts as { title: string }[];
    expect(latest.length).toBeGreaterThan(0);
    expect(html.match(/<article /g)).toHaveLength(latest.length);
    for (const post of latest) expect(html).toContain(post.title);
    expect(html).not.toContain("locked pick");
    expect(html).not.toContain(MARKER);
  });
});

describe(`the page micro-cache on / (${testDatabaseEngine()})`, () => {
  let base = "";
  let close: () => void = () => {};
  let renders = 0;

  // server.ts's order: the cache in front, then the page rendered from the real loader and headers.
  beforeAll(async () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${renders}`;
      next();
    });
    app.use(cache.middleware((res) => res.locals.cspNonce as string));
    app.get("/", async (req, res) => {
      renders += 1;
      const jarHeaders = new Headers(req.headers.cookie ? { Cookie: req.headers.cookie } : {});
      const request = new Request(`http://localhost${req.originalUrl}`, { headers: jarHeaders });
      const { value, headers } = unwrap(await homePage.loader({ request, params: {}, context } as never));
      const root = unwrap(await rootLoader({ request, params: {}, context } as never)).value;
      const pageHeaders = homePage.headers({
        loaderHeaders: headers,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }) as Record<string, string>;
      res
        .status(200)
        .type("html")
        .set(pageHeaders)
        .send(renderPage("/", Home, value, root));
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = (cookie?: string) => fetch(`${base}/`, { headers: cookie ? { Cookie: cookie } : {} });

  it("keeps the visitors' landing, never serves it to a reader, and never keeps a reader's feed", async () => {
    const first = await get("cookieConsent=true");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toContain("Featured experts");
    const second = await get("cookieConsent=true");
    expect(second.headers.get("x-page-cache")).toBe("hit");

    const reader = await get(`cookieConsent=true; ${fan.jar.header()}`);
    expect(reader.headers.get("x-page-cache")).toBeNull();
    expect(reader.headers.get("cache-control")).toBe("private, no-store");
    const readerHtml = await reader.text();
    expect(readerHtml).toContain("Followed locked pick");
    expect(readerHtml).not.toContain("Featured experts");
    expect(readerHtml).not.toContain(MARKER);

    // The reader's render left nothing behind: the next visitor gets the landing from the cache.
    const rendersBefore = renders;
    const visitor = await get("cookieConsent=true");
    expect(visitor.headers.get("x-page-cache")).toBe("hit");
    const visitorHtml = await visitor.text();
    expect(visitorHtml).toContain("Featured experts");
    expect(visitorHtml).not.toContain("Followed locked pick");
    expect(renders).toBe(rendersBefore);
  });
});

describe(`the first home, before the feed has a post (${testDatabaseEngine()})`, () => {
  type FirstHomeData = {
    experts: { id: string; isFollowed: boolean; record: { wins: number } }[];
    freePosts: { id: string; postType: string; title: string }[];
    leaders: unknown[];
  };

  it("shows experts to follow with their records, the leaderboard's top and free posts, on / and /feed", async () => {
    const newcomer = await makeUser(false);
    const home = unwrap((await page(homePage.loader, "/", newcomer.jar)).data).value as {
      firstHome: FirstHomeData | null;
    };
    expect(home.firstHome).not.toBeNull();
    const experts = home.firstHome!.experts.map((expert) => expert.id);
    expect(experts).toEqual(expect.arrayContaining([followed.user.id, stranger.user.id]));
    for (const expert of home.firstHome!.experts) expect(expert.record).toHaveProperty("wins");
    // Free posts only, the most liked first (other tests' posts may lead).
    const posts = home.firstHome!.freePosts;
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((post) => post.postType === "Post")).toBe(true);
    expect(Array.isArray(home.firstHome!.leaders)).toBe(true);

    const html = renderPage("/", Home, home, await rootDataFor(newcomer.jar));
    for (const text of ["Your feed starts here.", "Experts to follow", "Free posts worth reading", posts[0].title])
      expect(html).toContain(text);
    expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Follow<\/button>/);
    expect(html).not.toContain("Your feed is empty");
    // No pick's analysis on the way.
    expect(html).not.toContain(MARKER);

    const feed = (await page(feedPage.loader, "/feed", newcomer.jar)).data as { firstHome: FirstHomeData | null };
    expect(feed.firstHome?.experts.map((expert) => expert.id)).toEqual(experts);
  });

  it("leaves out the experts already followed, and gives way to the feed once it has a post", async () => {
    const quiet = await makeUser(true);
    const newcomer = await makeUser(false);
    await database.db.insert(follows).values({ followerId: newcomer.user.id, expertId: quiet.user.id });
    const before = unwrap((await page(homePage.loader, "/", newcomer.jar)).data).value as {
      firstHome: FirstHomeData | null;
    };
    expect(before.firstHome).not.toBeNull();
    expect(before.firstHome!.experts.map((expert) => expert.id)).not.toContain(quiet.user.id);

    await publish(quiet, "Post", "The quiet expert speaks");
    const after = unwrap((await page(homePage.loader, "/", newcomer.jar)).data).value as {
      firstHome: FirstHomeData | null;
      feed: ListData;
    };
    expect(after.firstHome).toBeNull();
    expect(after.feed.posts.map((post) => post.title)).toEqual(["The quiet expert speaks"]);
    // A reader with a feed never sees it.
    expect(unwrap((await page(homePage.loader, "/", fan.jar)).data).value).toMatchObject({ firstHome: null });
  });
});
