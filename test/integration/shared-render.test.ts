/**
 * Signed-in pages rendered once per audience (decision 047): the real middleware and the real root
 * loader on a test database, behind Express as server.ts mounts them. The "page" here renders the
 * root's data the way the app's root does (the personal placeholder when it is a shared render),
 * so each test reads exactly what a reader's browser would get.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, likes, sessions, users } from "~/db/schema";
import { PUBLIC_PAGE_HEADERS } from "~/modules/http/public-page";
import { PERSONAL_DATA_ID, slotPlaceholder, STAND_IN_USER_ID } from "~/modules/http/shared-render";
import type { FeedPage } from "~/modules/posts/feed-page.server";
import type { ExpertPagePersonal } from "~/modules/experts/expert-page-personal.server";
import type { PostPagePersonal } from "~/modules/posts/post-page-personal.server";
import { PERSONAL_PLACEHOLDER, SharedRenderCache, type SharedRender } from "~/modules/http/shared-render.server";
import { loader as rootLoader, type RootLoaderData } from "~/root";
import { loader as expertLoader } from "~/routes/experts.$userName";
import { loader as postLoader } from "~/routes/posts.$postId";
import { loader as homeLoader } from "~/routes/_index";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { postFixtures, type MadeUser } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let base = "";
let close: () => void = () => {};
/** What each render saw: whether it was shared, and for whom. */
const renders: { path: string; shared: boolean; userName: string | null }[] = [];

let readerA: MadeUser;
let readerB: MadeUser;
let expert: MadeUser;
let subscribedExpert: MadeUser;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  const fx = postFixtures(database.db, context);
  [readerA, readerB, expert, subscribedExpert] = await Promise.all([
    fx.makeUser({ expert: false }),
    fx.makeUser({ expert: false }),
    fx.makeUser({ expert: true }),
    fx.makeUser({ expert: true }),
  ]);
  await fx.subscribe(readerA.user.id, subscribedExpert.user.id);

  const cache = new SharedRenderCache(database.db, context.env.SESSION_SECRET, { ttlMs: 60_000 });
  const app = express();
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}abc`;
    next();
  });
  app.use(cache.middleware((res) => res.locals.cspNonce as string));
  // A page as Remix renders it: the root's loader with the load context server.ts builds.
  app.get("*", async (req, res, next) => {
    try {
      const sharedRender = (res.locals.sharedRender as SharedRender | undefined) ?? null;
      const args = (params: Record<string, string>) =>
        ({
          request: new Request(`http://localhost${req.originalUrl}`, { headers: { Cookie: req.headers.cookie ?? "" } }),
          params,
          context: { ...context, sharedRender },
        }) as never;
      const data = (await rootLoader(args({}))) as RootLoaderData;
      // The expert's page: its own loader too, as Remix runs both.
      // A page's data (`.data`) runs the same loaders.
      const route = req.path.replace(/\.data$/, "");
      const userName = /^\/experts\/([^/]+)$/.exec(route)?.[1];
      const postId = /^\/posts\/([^/]+)$/.exec(route)?.[1];
      const page = userName
        ? await expertLoader(args({ userName: decodeURIComponent(userName) }))
        : postId
          ? unwrap(await postLoader(args({ postId })))
          : route === "/"
            ? unwrap(await homeLoader(args({})))
            : null;
      renders.push({ path: req.path, shared: data.sharedRender, userName: data.user?.userName ?? null });
      // /terms stands for a route that does not declare itself the same for everyone.
      res.set("Cache-Control", req.path === "/terms" ? "private" : PUBLIC_PAGE_HEADERS["Cache-Control"]);
      res.type("html");
      res.write(`<html><head><script nonce="${res.locals.cspNonce}"></script></head><body>`);
      res.end(
        `${data.sharedRender ? PERSONAL_PLACEHOLDER : ""}${route === "/" ? slotPlaceholder("feed") : ""}<pre id="root">${escapeHtml(JSON.stringify(data))}</pre>` +
          `<pre id="page">${escapeHtml(JSON.stringify(page))}</pre></body></html>`,
      );
    } catch (error) {
      next(error);
    }
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
}, 120_000);
afterAll(async () => {
  close();
  await database?.close();
});

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
const unescapeHtml = (text: string) => text.replaceAll("&lt;", "<").replaceAll("&amp;", "&");
/** A loader's value, out of `data(value, init)` when it answers so. */
const unwrap = (result: unknown) =>
  result && typeof result === "object" && "data" in result && "init" in result ? result.data : result;
type ExpertPage = Awaited<ReturnType<typeof expertLoader>>;
type PostPage = {
  sharedRender: boolean;
  isAuthor: boolean;
  post: { body: unknown; isLocked: boolean; metadata: { isLiked: boolean } };
  comments: { items: { id: string; canDelete: boolean }[] } | null;
};

async function get(path: string, who: MadeUser | null, extraCookie = "") {
  const cookie = [who?.jar.header(), extraCookie].filter(Boolean).join("; ");
  const response = await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const body = await response.text();
  const element = new RegExp(`<script type="application/json" id="${PERSONAL_DATA_ID}">(.*?)</script>`).exec(body);
  return {
    response,
    body,
    /** The reader's own part, as the browser reads it. */
    personal: element
      ? (JSON.parse(element[1]) as { frame: Pick<RootLoaderData, "user" | "subscriptions" | "topExperts"> }).frame
      : null,
    pagePersonal: element ? (JSON.parse(element[1]) as { page: ExpertPagePersonal | null }).page : null,
    postPersonal: element ? (JSON.parse(element[1]) as { page: PostPagePersonal | null }).page : null,
    feedPersonal: element ? (JSON.parse(element[1]) as { page: FeedPage | null }).page : null,
    /** Everything else: what every reader of the audience shares. */
    shared: element ? body.replace(element[0], "") : body,
    root: JSON.parse(unescapeHtml(/<pre id="root">(.*?)<\/pre>/.exec(body)![1])) as RootLoaderData,
    page: JSON.parse(unescapeHtml(/<pre id="page">(.*?)<\/pre>/.exec(body)![1])) as ExpertPage | null,
    post: JSON.parse(unescapeHtml(/<pre id="page">(.*?)<\/pre>/.exec(body)![1])) as PostPage | null,
  };
}

const identityOf = (person: MadeUser) => [
  person.user.id,
  person.user.email,
  person.user.userName,
  person.user.lastName,
];
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

describe("a page rendered once for an audience of signed-in readers", () => {
  it("is rendered for a stand-in, then answered to another reader with only their own part added", async () => {
    const first = await get("/leaderboard?window=7d", readerA);
    expect(first.response.headers.get("x-page-cache")).toBe("shared-miss");
    const second = await get("/leaderboard?window=7d", readerB);
    expect(second.response.headers.get("x-page-cache")).toBe("shared-hit");
    expect(renders.filter((render) => render.path === "/leaderboard")).toEqual([
      { path: "/leaderboard", shared: true, userName: "" },
    ]);

    for (const answer of [first, second]) {
      // Each reader's copy is theirs alone: no cache in front may keep it.
      expect(answer.response.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.response.headers.get("vary")).toMatch(/Cookie/);
      // The shared part is the stand-in's: no one's id, name, e-mail or subscriptions.
      expect(answer.root.sharedRender).toBe(true);
      expect(answer.root.user).toMatchObject({ id: STAND_IN_USER_ID, userName: "", email: "", roles: ["User"] });
      expect(answer.root.subscriptions).toEqual([]);
      for (const value of [...identityOf(readerA), ...identityOf(readerB)]) expect(answer.shared).not.toContain(value);
    }
    // The same shared bytes for both, each with its own nonce.
    expect(withoutNonce(second.shared)).toBe(withoutNonce(first.shared));
    expect(/nonce="([^"]+)"/.exec(second.body)![1]).not.toBe(/nonce="([^"]+)"/.exec(first.body)![1]);

    // Each reader's own part: their account and their subscriptions, nobody else's.
    expect(first.personal?.user).toMatchObject({ id: readerA.user.id, userName: readerA.user.userName });
    expect(first.personal?.subscriptions.map((s) => s.userName)).toEqual([subscribedExpert.user.userName]);
    expect(first.personal?.topExperts.map((e) => e.id)).not.toContain(subscribedExpert.user.id);
    expect(second.personal?.user).toMatchObject({ id: readerB.user.id, userName: readerB.user.userName });
    expect(second.personal?.subscriptions).toEqual([]);
    for (const value of identityOf(readerA)) expect(second.body).not.toContain(value);
  });

  it("renders each audience apart: an expert's frame is not a reader's", async () => {
    await get("/leaderboard?window=season", readerA);
    const asExpert = await get("/leaderboard?window=season", expert);
    expect(asExpert.response.headers.get("x-page-cache")).toBe("shared-miss");
    expect(asExpert.root.user?.roles).toEqual(["Expert"]);
    expect(asExpert.personal?.user?.id).toBe(expert.user.id);
    // So is a reader whose time zone differs: dates in the page are written in it.
    const other = await get("/leaderboard?window=season", readerB, "timeZone=Asia%2FTokyo");
    expect(other.response.headers.get("x-page-cache")).toBe("shared-miss");
    expect(other.root.timeZone).toBe("Asia/Tokyo");
  });

  it("leaves visitors, other pages and unknown parameters to the page's own render", async () => {
    const visitor = await get("/leaderboard", null);
    expect(visitor.response.headers.get("x-page-cache")).toBeNull();
    expect(visitor.root.user).toBeNull();

    for (const path of [
      "/feed",
      "/settings",
      "/leaderboard?window=7d&utm_source=mail",
      "/leaderboard?page=1&page=2",
      // A page's data, as a revalidation after an action asks for it: always the reader's own.
      `/experts/${subscribedExpert.user.userName}.data`,
      "/leaderboard.data",
    ]) {
      const own = await get(path, readerA);
      expect(own.response.headers.get("x-page-cache"), path).toBeNull();
      expect(own.root.sharedRender, path).toBe(false);
      expect(own.root.user?.id, path).toBe(readerA.user.id);
    }
  });

  it("renders a lapsed session's page as any other, and keeps no page its route did not declare public", async () => {
    const lapsed = await postFixtures(database.db, context).makeUser({ expert: false });
    await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, lapsed.user.id));
    const answer = await get("/leaderboard?window=all", lapsed);
    expect(answer.response.headers.get("x-page-cache")).toBeNull();
    expect(answer.root.user).toBeNull();

    const first = await get("/terms", readerA);
    const again = await get("/terms", readerB);
    expect([first, again].map((a) => a.response.headers.get("x-page-cache"))).toEqual(["shared-miss", "shared-miss"]);
    // Still each reader's own frame.
    expect(again.personal?.user?.id).toBe(readerB.user.id);
  });

  it("keeps a reader's own text inside the data element, whatever it holds", async () => {
    const hostile = await postFixtures(database.db, context).makeUser({ expert: false });
    await database.db
      .update(users)
      .set({ firstName: `</script><script>alert(1)</script>`, lastName: "$& $1 $'" })
      .where(eq(users.id, hostile.user.id));
    const answer = await get("/privacy", hostile);
    expect(answer.body).not.toContain("<script>alert(1)");
    expect(answer.personal?.user?.firstName).toBe(`</script><script>alert(1)</script>`);
    expect(answer.personal?.user?.lastName).toBe("$& $1 $'");
  });
});

describe("a visitor the visitors' cache skips for an app cookie (decision 049)", () => {
  it("gets the visitors' page from one render, and a session cookie still gets its own render", async () => {
    const [first, second] = [
      await get("/leaderboard?window=30d", null, "ss_google_oauth=state-one-7f3a"),
      await get("/leaderboard?window=30d", null, "ss_google_oauth=state-two-9b1c; cookieConsent=true"),
    ];
    // The consent cookie is part of the page: another copy.
    expect(second.response.headers.get("x-page-cache")).toBe("shared-miss");
    const third = await get("/leaderboard?window=30d", null, "ss_google_oauth=state-three-c4d2");
    expect([first, third].map((a) => a.response.headers.get("x-page-cache"))).toEqual(["shared-miss", "shared-hit"]);
    for (const answer of [first, second, third]) {
      expect(answer.root.user).toBeNull();
      expect(answer.root.sharedRender).toBe(false);
      // The visitors' page, with the headers its route gives visitors.
      expect(answer.response.headers.get("cache-control")).toBe(PUBLIC_PAGE_HEADERS["Cache-Control"]);
      expect(answer.body).not.toContain(PERSONAL_DATA_ID);
    }
    expect(third.body).not.toContain("state-one-7f3a");
    expect(withoutNonce(third.body)).toBe(withoutNonce(first.body));

    // A lapsed or forged session cookie is not a visitor's for this layer: its page renders.
    const forged = await get("/leaderboard?window=30d", null, "ss_google_oauth=x; ss_access=forged");
    expect(forged.response.headers.get("x-page-cache")).toBeNull();
    // A page its route does not declare the same for everyone is never kept.
    const terms = [await get("/terms", null, "ss_google_oauth=a"), await get("/terms", null, "ss_google_oauth=b")];
    expect(terms.map((a) => a.response.headers.get("x-page-cache"))).toEqual(["shared-miss", "shared-miss"]);
  });
});

describe("the home rendered once per audience, each reader's feed in its slot", () => {
  it("shares the page around the feed, and gives each reader their own feed, paywall applied", async () => {
    const fx = postFixtures(database.db, context);
    const author = await fx.makeUser({ expert: true });
    const [fan, follower, stranger] = await Promise.all([
      fx.makeUser({ expert: false }),
      fx.makeUser({ expert: false }),
      fx.makeUser({ expert: false }),
    ]);
    await fx.subscribe(fan.user.id, author.user.id);
    await fx.follow(follower.user.id, author.user.id);
    const pick = await fx.addPost(author.user.id, { postType: "Pick", title: "Home slot pick" });
    const free = await fx.addPost(author.user.id, { title: "Home slot words" });
    await database.db.insert(likes).values({ userId: fan.user.id, postId: free.id });

    const first = await get("/", fan);
    const second = await get("/", follower);
    const third = await get("/", stranger);
    expect([first, second, third].map((a) => a.response.headers.get("x-page-cache"))).toEqual([
      "shared-miss",
      "shared-hit",
      "shared-hit",
    ]);
    // One copy for all three, rendered for the stand-in with no feed in it.
    expect(withoutNonce(second.shared)).toBe(withoutNonce(first.shared));
    expect(withoutNonce(third.shared)).toBe(withoutNonce(first.shared));
    expect(first.page).toEqual({ view: "feed", feed: null });
    expect(first.shared).toContain(slotPlaceholder("feed"));
    for (const value of [...identityOf(fan), ...identityOf(follower), pick.id, free.id])
      expect(first.shared).not.toContain(value);
    expect(first.response.headers.get("cache-control")).toBe("private, no-store");

    // Each reader's feed, as the paywall serves it to them: unlocked for the subscriber only.
    const cards = (answer: typeof first) => new Map(answer.feedPersonal?.posts.map((post) => [post.id, post]));
    expect(cards(first).get(pick.id)).toMatchObject({ isLocked: false, title: "Home slot pick" });
    expect(cards(first).get(free.id)?.metadata.isLiked).toBe(true);
    expect(cards(second).get(pick.id)).toMatchObject({ isLocked: true, selection: null });
    expect(cards(second).get(free.id)?.metadata.isLiked).toBe(false);
    expect(third.feedPersonal).toEqual({ posts: [], page: 1, totalPages: 0 });
    const selection = cards(first).get(pick.id)?.selection;
    expect(selection).toBeTruthy();
    expect(second.body).not.toContain(JSON.stringify(selection));

    // A further page of the feed is shared too; any other parameter is the reader's own render.
    expect((await get("/?page=2", fan)).feedPersonal).toMatchObject({ posts: [], page: 2 });
    const own = await get("/?ref=mail", fan);
    expect(own.response.headers.get("x-page-cache")).toBeNull();
    expect((own.page as unknown as { feed: FeedPage }).feed.posts.map((post) => post.id)).toContain(pick.id);
  });
});

describe("an expert's page rendered once per audience", () => {
  it("gives the expert's subscribers one copy with the paid cards, and each their own follow, subscription and likes", async () => {
    const fx = postFixtures(database.db, context);
    const author = await fx.makeUser({ expert: true });
    const [fan, otherFan, stranger] = await Promise.all([
      fx.makeUser({ expert: false }),
      fx.makeUser({ expert: false }),
      fx.makeUser({ expert: false }),
    ]);
    await fx.subscribe(fan.user.id, author.user.id);
    await fx.subscribe(otherFan.user.id, author.user.id);
    await fx.follow(fan.user.id, author.user.id);
    const pick = await fx.addPost(author.user.id, { postType: "Pick", title: "Sunday card" });
    const free = await fx.addPost(author.user.id, { title: "Free words" });
    await database.db.insert(likes).values({ userId: fan.user.id, postId: free.id });
    const path = `/experts/${author.user.userName}`;

    const first = await get(path, fan);
    const second = await get(path, otherFan);
    expect([first, second].map((a) => a.response.headers.get("x-page-cache"))).toEqual(["shared-miss", "shared-hit"]);
    expect(withoutNonce(second.shared)).toBe(withoutNonce(first.shared));
    // The audience's page: the pick readable, and nothing of the reader it was rendered for.
    expect(first.page?.sharedRender).toBe(true);
    expect(first.page?.posts.find((p) => p.id === pick.id)?.isLocked).toBe(false);
    expect(first.page?.expert.isFollowed).toBe(false);
    expect(first.page?.subscription).toBeNull();
    expect(first.page?.posts.every((p) => !p.metadata.isLiked)).toBe(true);
    for (const value of [...identityOf(fan), ...identityOf(otherFan)]) expect(second.shared).not.toContain(value);
    // Each reader's own part.
    expect(first.pagePersonal).toMatchObject({ isFollowed: true, subscription: { status: "Activated" } });
    expect(first.pagePersonal?.posts[free.id]).toEqual({ isLiked: true, isNotifyRequested: false });
    expect(second.pagePersonal).toMatchObject({ isFollowed: false, subscription: { status: "Activated" } });
    expect(second.pagePersonal?.posts[free.id]).toEqual({ isLiked: false, isNotifyRequested: false });

    // A reader who does not subscribe is another audience: the pick stays locked for them.
    const locked = await get(path, stranger);
    expect(locked.response.headers.get("x-page-cache")).toBe("shared-miss");
    expect(locked.page?.posts.find((p) => p.id === pick.id)?.isLocked).toBe(true);
    expect(locked.pagePersonal).toMatchObject({ isFollowed: false, subscription: null });
    const selection = first.page?.posts.find((p) => p.id === pick.id)?.selection;
    expect(selection).toBeTruthy();
    expect(locked.body).not.toContain(JSON.stringify(selection));

    // The expert's own page is theirs alone.
    const own = await get(path, author);
    expect(own.response.headers.get("x-page-cache")).toBeNull();
    expect(own.page).toMatchObject({ sharedRender: false, isOwner: true });
  });
});

describe("a post's page rendered once per audience", () => {
  it("learns the pick's author from its first render, then shares it among the author's subscribers only", async () => {
    const fx = postFixtures(database.db, context);
    const author = await fx.makeUser({ expert: true });
    const [fan, otherFan, stranger] = await Promise.all([
      fx.makeUser({ expert: false }),
      fx.makeUser({ expert: false }),
      fx.makeUser({ expert: false }),
    ]);
    await fx.subscribe(fan.user.id, author.user.id);
    await fx.subscribe(otherFan.user.id, author.user.id);
    const marker = "SHARED-RENDER-PAID-ANALYSIS-5c2e";
    const pick = await fx.addPost(author.user.id, {
      postType: "Pick",
      title: "Monday card",
      body: [fx.paragraph("The preview."), fx.paragraph("Numbers. ".repeat(40)), fx.paragraph(marker)],
    });
    await database.db.insert(likes).values({ userId: fan.user.id, postId: pick.id });
    const [fanComment] = await database.db
      .insert(comments)
      .values({ postId: pick.id, authorId: fan.user.id, body: "Tailing this one." })
      .returning();
    const path = `/posts/${pick.id}`;

    // The first render tells the author; the next subscriber gets that copy.
    const first = await get(path, fan);
    const second = await get(path, otherFan);
    expect([first, second].map((a) => a.response.headers.get("x-page-cache"))).toEqual(["shared-miss", "shared-hit"]);
    expect(withoutNonce(second.shared)).toBe(withoutNonce(first.shared));
    expect(second.shared).toContain(marker);
    expect(first.post).toMatchObject({ sharedRender: true, isAuthor: false, post: { isLocked: false } });
    expect(first.post?.post.metadata.isLiked).toBe(false);
    expect(first.post?.comments?.items.map((c) => c.canDelete)).toEqual([false]);
    // The fan's comment shows its author to everyone, as it always does; nothing else of a reader.
    for (const value of [fan.user.email, ...identityOf(otherFan)]) expect(second.shared).not.toContain(value);
    // Each reader's own part: the fan's like and the fan's comment are theirs alone.
    expect(first.postPersonal).toEqual({
      post: { isLiked: true, isNotifyRequested: false },
      deletableComments: [fanComment.id],
    });
    expect(second.postPersonal).toEqual({ post: { isLiked: false, isNotifyRequested: false }, deletableComments: [] });

    // Everyone else reads it locked, from a copy of their own audience.
    const locked = await get(path, stranger);
    expect(locked.response.headers.get("x-page-cache")).toBe("shared-miss");
    expect(locked.post?.post).toMatchObject({ isLocked: true, body: null });
    expect(locked.body).not.toContain(marker);

    // The author's page is theirs alone.
    const own = await get(path, author);
    expect(own.response.headers.get("x-page-cache")).toBeNull();
    expect(own.post).toMatchObject({ sharedRender: false, isAuthor: true });
  });

  it("keeps no copy of a render made for the post's author before the page was known", async () => {
    const fx = postFixtures(database.db, context);
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser({ expert: false });
    const post = await fx.addPost(author.user.id, { title: "Free notes" });
    const path = `/posts/${post.id}`;
    const asAuthor = await get(path, author);
    expect(asAuthor.response.headers.get("x-page-cache")).toBe("shared-miss");
    expect(asAuthor.response.headers.get("cache-control")).toBe("private, no-store");
    expect(asAuthor.post).toMatchObject({ sharedRender: false, isAuthor: true });
    const asReader = await get(path, reader);
    expect(asReader.response.headers.get("x-page-cache")).toBe("shared-miss");
    expect(asReader.post).toMatchObject({ sharedRender: true, isAuthor: false });
    expect(asReader.shared).not.toContain(author.user.email);
  });
});
