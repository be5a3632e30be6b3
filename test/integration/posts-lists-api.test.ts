/**
 * Post lists, likes and notify-me: `GET /api/posts`, `/api/posts/my`, `/my/feed`,
 * `/my/liked`, `POST|DELETE /api/posts/{id}/like` and `/notify`, and how Remix resolves them.
 */
import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { routeManifestToRouteConfig } from "@remix-run/dev/dist/config/routes.js";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { and, count, eq, lte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, experts, likes, posts, sessions } from "~/db/schema";
import { revokeUserSessions } from "~/modules/accounts/sessions.server";
import { listEventPosts, listFeed, listLatestFreePosts } from "~/modules/posts/post-lists.server";
import * as likeRoute from "~/routes/api.posts.$postId.like";
import * as notifyRoute from "~/routes/api.posts.$postId.notify";
import * as postRoute from "~/routes/api.posts.$postId";
import * as postsRoute from "~/routes/api.posts._index";
import * as myRoute from "~/routes/api.posts.my";
import * as feedRoute from "~/routes/api.posts.my.feed";
import * as likedRoute from "~/routes/api.posts.my.liked";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, HOUR, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_LIKE: "1000/60" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

const get = (module: Parameters<typeof callRoute>[0], url: string, jar?: CookieJar) =>
  callRoute(module, context, { path: url, jar });
const list = (url: string, jar?: CookieJar) => get(postsRoute, url, jar);
const my = (query: string, jar?: CookieJar) => get(myRoute, `/api/posts/my${query}`, jar);
const feed = (query: string, jar?: CookieJar) => get(feedRoute, `/api/posts/my/feed${query}`, jar);
const liked = (query: string, jar?: CookieJar) => get(likedRoute, `/api/posts/my/liked${query}`, jar);
const like = (id: string, jar: CookieJar | undefined, method: "POST" | "DELETE" = "POST", ctx = context) =>
  callRoute(likeRoute, ctx, { method, path: `/api/posts/${id}/like`, params: { postId: id }, jar });
const notify = (id: string, jar: CookieJar | undefined, method: "POST" | "DELETE" = "POST") =>
  callRoute(notifyRoute, context, { method, path: `/api/posts/${id}/notify`, params: { postId: id }, jar });
const read = (id: string, jar?: CookieJar) =>
  callRoute(postRoute, context, { path: `/api/posts/${id}`, params: { postId: id }, jar });
const ids = (response: { body: { items: { id: string }[] } }) => response.body.items.map((item) => item.id);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("route resolution", () => {
  it("static segments win: /api/posts/my, /my/feed, /my/liked are not /api/posts/{postId}", () => {
    const manifest = flatRoutes(path.resolve("app"));
    const routes: AgnosticRouteObject[] = [
      { id: "root", path: "", children: routeManifestToRouteConfig(manifest) as AgnosticRouteObject[] },
    ];
    const leaf = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.id;
    const id = "0b7d3c1e-4f7a-4c3e-9a55-8d1f6f0a2b11";
    expect(leaf("/api/posts")).toBe("routes/api.posts._index");
    expect(leaf("/api/posts/my")).toBe("routes/api.posts.my");
    expect(leaf("/api/posts/my/feed")).toBe("routes/api.posts.my.feed");
    expect(leaf("/api/posts/my/liked")).toBe("routes/api.posts.my.liked");
    expect(leaf(`/api/posts/${id}`)).toBe("routes/api.posts.$postId");
    expect(leaf(`/api/posts/${id}/like`)).toBe("routes/api.posts.$postId.like");
    expect(leaf(`/api/posts/${id}/notify`)).toBe("routes/api.posts.$postId.notify");
    expect(leaf(`/api/posts/${id}/comments`)).toBe("routes/api.posts.$postId.comments");
    expect(leaf(`/api/comments/${id}`)).toBe("routes/api.comments.$commentId");
  });
});

describe(`GET /api/posts (${testDatabaseEngine()})`, () => {
  it("live posts only, newest first, filtered by expert and category, with page meta", async () => {
    const expert = await fx.makeUser({ expert: true });
    const other = await fx.makeUser({ expert: true });
    const [old, mid, fresh] = [
      await fx.addPost(expert.user.id, { title: "old", publishDate: minutesAgo(30) }),
      await fx.addPost(expert.user.id, { title: "mid", postType: "Pick", publishDate: minutesAgo(20) }),
      await fx.addPost(expert.user.id, { title: "fresh", publishDate: minutesAgo(10) }),
    ];
    await fx.addPost(expert.user.id, { title: "draft", publishDate: null });
    await fx.addPost(expert.user.id, { title: "scheduled", publishDate: new Date(Date.now() + DAY) });
    await fx.addPost(other.user.id, { title: "other's" });

    const page1 = await list(`/api/posts?expertId=${expert.user.id}&size=2`);
    expect(page1.status).toBe(200);
    expect(ids(page1)).toEqual([fresh.id, mid.id]);
    expect(page1.body.meta).toEqual({ page: 1, size: 2, totalItems: 3, totalPages: 2 });
    const page2 = await list(`/api/posts?expertId=${expert.user.id}&size=2&page=2`);
    expect(ids(page2)).toEqual([old.id]);
    expect(page2.body.meta).toEqual({ page: 2, size: 2, totalItems: 3, totalPages: 2 });
    // The serializer's shape, with the viewer's flags; a visitor's Pick is locked.
    expect(page1.body.items[1]).toMatchObject({
      postType: "Pick",
      isLocked: true,
      body: null,
      metadata: { isLiked: false, isNotifyRequested: false },
    });
    expect(page1.body.items[0]).toMatchObject({ isLocked: false, body: fresh.body });

    const everyone = await list("/api/posts?size=100");
    expect(everyone.body.meta.size).toBe(100);
    const titles = everyone.body.items.map((item: { title: string }) => item.title);
    expect(titles).not.toContain("draft");
    expect(titles).not.toContain("scheduled");
    const dates = everyone.body.items.map((item: { publishDate: string }) => item.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await list("/api/posts")).body.meta.size).toBe(5);
    // Everyone's total comes from the experts' counters, not a count of every post: it must agree
    // with one, scheduled and draft posts left out, and follow a scheduled post falling due.
    const countLive = async () =>
      Number(
        (
          await database.db
            .select({ n: count() })
            .from(posts)
            .where(and(eq(posts.status, "Published"), lte(posts.publishDate, new Date())))
        )[0].n,
      );
    expect((await list("/api/posts")).body.meta.totalItems).toBe(await countLive());
    await database.db
      .update(posts)
      .set({ publishDate: minutesAgo(1) })
      .where(eq(posts.title, "scheduled"));
    const afterDue = (await list("/api/posts")).body.meta.totalItems;
    expect(afterDue).toBe(await countLive());
    expect(afterDue).toBe(everyone.body.meta.totalItems + 1);

    const [otherCategory] = await database.db.query.categories.findMany({
      where: (c, { ne }) => ne(c.id, old.categoryId),
      limit: 1,
    });
    const inOther = await fx.addPost(expert.user.id, { title: "other sport", categoryId: otherCategory.id });
    const byCategory = await list(`/api/posts?expertId=${expert.user.id}&categoryId=${otherCategory.id}`);
    expect(ids(byCategory)).toEqual([inOther.id]);
  });

  it("a malformed query is a 400", async () => {
    for (const query of ["?size=0", "?size=101", "?page=0", "?page=abc", "?expertId=nope", "?categoryId=nba"]) {
      const response = await list(`/api/posts${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors, query).toBeDefined();
    }
  });

  it("listLatestFreePosts and listEventPosts answer live PostDTOs", async () => {
    const expert = await fx.makeUser({ expert: true });
    const [event] = await database.db
      .insert(events)
      .values({
        categoryId: await fx.anyCategory(),
        homeTeam: "Home",
        awayTeam: "Away",
        startsAt: new Date(Date.now() + DAY),
      })
      .returning({ id: events.id });
    const pick = await fx.addPost(expert.user.id, { postType: "Pick", eventId: event.id });
    const free = await fx.addPost(expert.user.id, { eventId: event.id });
    await fx.addPost(expert.user.id, { eventId: event.id, publishDate: null });
    const onEvent = await listEventPosts(database.db, null, event.id, { page: 1, size: 10 });
    expect(onEvent.totalItems).toBe(2);
    expect(onEvent.items.map((item) => item.id).sort()).toEqual([pick.id, free.id].sort());
    expect(onEvent.items.find((item) => item.id === pick.id)).toMatchObject({
      isLocked: true,
      body: null,
      eventInfo: { id: event.id },
    });
    const latest = await listLatestFreePosts(database.db, null, 50);
    expect(latest.every((item) => item.postType === "Post" && !item.isLocked)).toBe(true);
    expect(latest.map((item) => item.id)).toContain(free.id);
  });
});

describe(`GET /api/posts/my (${testDatabaseEngine()})`, () => {
  it("the author's own: Published (with scheduled) by default, Draft on request; others' never", async () => {
    const author = await fx.makeUser({ expert: true });
    const other = await fx.makeUser({ expert: true });
    const live = await fx.addPost(author.user.id, { publishDate: minutesAgo(5) });
    const scheduled = await fx.addPost(author.user.id, { postType: "Pick", publishDate: new Date(Date.now() + DAY) });
    const draft = await fx.addPost(author.user.id, { publishDate: null });
    await fx.addPost(other.user.id);

    const published = await my("", author.jar);
    expect(published.status).toBe(200);
    expect(ids(published)).toEqual([scheduled.id, live.id]);
    expect(published.body.items[0]).toMatchObject({ isLocked: false, status: "Published" });
    expect(published.body.meta).toEqual({ page: 1, size: 5, totalItems: 2, totalPages: 1 });
    const drafts = await my("?status=Draft", author.jar);
    expect(ids(drafts)).toEqual([draft.id]);
    expect(drafts.body.items[0]).toMatchObject({ status: "Draft", publishDate: null });

    expect((await my("", undefined)).status).toBe(401);
    expect((await my("?status=Scheduled", author.jar)).status).toBe(400);
    expect((await my("?size=500", author.jar)).status).toBe(400);
  });
});

describe(`GET /api/posts/my/feed (${testDatabaseEngine()})`, () => {
  it("followed, subscribed and own live posts, newest first; not others, not drafts, scheduled once due", async () => {
    const reader = await fx.makeUser({ expert: true });
    const followed = await fx.makeUser({ expert: true });
    const subscribed = await fx.makeUser({ expert: true });
    const lapsed = await fx.makeUser({ expert: true });
    const stranger = await fx.makeUser({ expert: true });
    await fx.follow(reader.user.id, followed.user.id);
    await fx.subscribe(reader.user.id, subscribed.user.id, "Activated");
    await fx.subscribe(reader.user.id, lapsed.user.id, "Expired", -DAY);

    const a = await fx.addPost(followed.user.id, { publishDate: minutesAgo(50) });
    const followedPick = await fx.addPost(followed.user.id, { postType: "Pick", publishDate: minutesAgo(40) });
    const b = await fx.addPost(subscribed.user.id, { postType: "Pick", publishDate: minutesAgo(30) });
    const own = await fx.addPost(reader.user.id, { publishDate: minutesAgo(20) });
    await fx.addPost(lapsed.user.id, { publishDate: minutesAgo(15) });
    await fx.addPost(stranger.user.id, { publishDate: minutesAgo(10) });
    await fx.addPost(followed.user.id, { publishDate: null });
    await fx.addPost(reader.user.id, { publishDate: null });
    const scheduled = await fx.addPost(subscribed.user.id, { publishDate: new Date(Date.now() + HOUR) });

    const response = await feed("?size=10", reader.jar);
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([own.id, b.id, followedPick.id, a.id]);
    expect(response.body.meta).toEqual({ page: 1, size: 10, totalItems: 4, totalPages: 1 });
    // The subscription opens the subscribed expert's pick; following alone does not.
    const byId = Object.fromEntries(response.body.items.map((item: { id: string }) => [item.id, item]));
    expect(byId[b.id]).toMatchObject({ isLocked: false });
    expect(byId[followedPick.id]).toMatchObject({ isLocked: true, body: null });

    // The scheduled post joins the feed when its time comes.
    await database.db
      .update(posts)
      .set({ publishDate: minutesAgo(1) })
      .where(eq(posts.id, scheduled.id));
    expect(ids(await feed("?size=10", reader.jar))[0]).toBe(scheduled.id);
    const later = await listFeed(database.db, reader.user.id, { page: 2, size: 2 });
    expect(later).toMatchObject({ totalItems: 5 });
    expect(later.items.map((item) => item.id)).toEqual([b.id, followedPick.id]);
    // The total is kept by a trigger (published posts per expert) less the scheduled ones: it
    // follows deletes and a return to draft, and a page past the end still carries it.
    await database.db.delete(posts).where(eq(posts.id, a.id));
    await database.db.update(posts).set({ status: "Draft", publishDate: null }).where(eq(posts.id, own.id));
    expect(await listFeed(database.db, reader.user.id, { page: 9, size: 2 })).toEqual({ items: [], totalItems: 3 });
    expect((await feed("?size=10", reader.jar)).body.meta).toMatchObject({ totalItems: 3, totalPages: 1 });

    expect((await feed("", undefined)).status).toBe(401);
    expect((await feed("?page=x", reader.jar)).status).toBe(400);
  });

  it("totals live posts only, however a post came to be scheduled: inserted so, rescheduled or published for later", async () => {
    const reader = await fx.makeUser();
    const expert = await fx.makeUser({ expert: true });
    await fx.follow(reader.user.id, expert.user.id);
    const total = async () => (await feed("", reader.jar)).body.meta.totalItems;
    const latest = async () =>
      (
        await database.db
          .select({ at: experts.latestPublishDate })
          .from(experts)
          .where(eq(experts.userId, expert.user.id))
      )[0].at;
    const live = await fx.addPost(expert.user.id, { publishDate: minutesAgo(30) });
    const newest = await fx.addPost(expert.user.id, { publishDate: minutesAgo(20) });
    expect(await total()).toBe(2);
    expect(await latest()).toEqual(newest.publishDate);

    // A live post rescheduled: the expert's date moves with it.
    const inDays = (days: number) => new Date(Date.now() + days * DAY);
    await database.db
      .update(posts)
      .set({ publishDate: inDays(1) })
      .where(eq(posts.id, live.id));
    expect((await latest())!.getTime()).toBeGreaterThan(inDays(0.5).getTime());
    expect(await total()).toBe(1);

    // Inserted scheduled, several in one statement: raised to the statement's latest.
    const categoryId = await fx.anyCategory();
    const later = {
      authorId: expert.user.id,
      postType: "Post" as const,
      body: [fx.paragraph("Later")],
      visibility: "Free" as const,
      status: "Published" as const,
      categoryId,
    };
    await database.db.insert(posts).values([
      { ...later, title: "In two days", publishDate: inDays(2) },
      { ...later, title: "In three days", publishDate: inDays(3) },
    ]);
    expect((await latest())!.getTime()).toBeGreaterThan(inDays(2.5).getTime());
    expect(await total()).toBe(1);

    // A draft published for later, then it falls due.
    const draft = await fx.addPost(expert.user.id, { publishDate: null });
    await database.db
      .update(posts)
      .set({ status: "Published", publishDate: inDays(6) })
      .where(eq(posts.id, draft.id));
    expect((await latest())!.getTime()).toBeGreaterThan(inDays(5.5).getTime());
    expect(await total()).toBe(1);
    await database.db
      .update(posts)
      .set({ publishDate: minutesAgo(1) })
      .where(eq(posts.id, draft.id));
    expect(await total()).toBe(2);
    // Never lowered: the date stays where the rescheduled post put it, and only counts what is due.
    expect((await latest())!.getTime()).toBeGreaterThan(inDays(5.5).getTime());

    // One trigger keeps both the count and the date (migration 0015): a post's insert, or a change
    // of its status, author or date, writes its expert's row once, not once per kept figure.
    const writers = await database.db
      .select({ name: sql<string>`t.tgname`, onInsert: sql<boolean>`(t.tgtype & 4) <> 0` })
      .from(sql`pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid`)
      .where(sql`t.tgrelid = 'posts'::regclass AND NOT t.tgisinternal AND f.prosrc LIKE '%UPDATE "experts"%'`);
    expect(writers.filter((writer) => writer.onInsert).map((writer) => writer.name)).toEqual([
      "posts_published_count_insert",
    ]);
    expect(writers.map((writer) => writer.name)).not.toContain("posts_latest_publish_date_update");
  });

  it("pages the same from the newest posts' window as from the per-expert merge, whichever a reader's page needs", async () => {
    // 330 live posts, two a minute, newest first: most by an expert nobody here follows, one in
    // ten by `often`, the 35 oldest by `rarely`. `oftenReader`'s pages are found among the newest
    // posts (the window: 20 per post the page reaches, and 100); `rarelyReader`'s by the merge of
    // each expert's newest posts, page 1 of 10 too, though its window holds 5 of them.
    const [often, rarely, crowd, oftenReader, rarelyReader] = [
      await fx.makeUser({ expert: true }),
      await fx.makeUser({ expert: true }),
      await fx.makeUser({ expert: true }),
      await fx.makeUser(),
      await fx.makeUser(),
    ];
    await fx.follow(oftenReader.user.id, often.user.id);
    await fx.subscribe(rarelyReader.user.id, rarely.user.id, "Activated");
    const categoryId = await fx.anyCategory();
    const start = Date.now() - 60_000;
    const rows = Array.from({ length: 330 }, (_, n) => ({
      authorId: n >= 295 ? rarely.user.id : n % 10 === 3 ? often.user.id : crowd.user.id,
      postType: "Post" as const,
      title: `Window post ${n}`,
      body: [fx.paragraph(`Window body ${n}`)],
      visibility: "Free" as const,
      status: "Published" as const,
      // Two posts share each minute: the id breaks the tie, as the indexes order them.
      publishDate: new Date(start - Math.floor(n / 2) * 60_000),
      categoryId,
    }));
    const inserted = await database.db
      .insert(posts)
      .values(rows)
      .returning({ id: posts.id, authorId: posts.authorId, publishDate: posts.publishDate });
    const newestFirst = (authorId: string) =>
      inserted
        .filter((post) => post.authorId === authorId)
        .sort((a, b) => b.publishDate!.getTime() - a.publishDate!.getTime() || (a.id < b.id ? 1 : -1))
        .map((post) => post.id);
    for (const [reader, expected] of [
      [oftenReader, newestFirst(often.user.id)],
      [rarelyReader, newestFirst(rarely.user.id)],
    ] as const) {
      expect(expected.length).toBeGreaterThanOrEqual(30);
      for (const [page, size] of [
        [1, 5],
        [2, 5],
        [1, 10],
        [3, 10],
        [2, 20],
        [7, 5],
        [1, 50],
      ]) {
        const response = await feed(`?page=${page}&size=${size}`, reader.jar);
        expect(ids(response)).toEqual(expected.slice((page - 1) * size, page * size));
        expect(response.body.meta).toEqual({
          page,
          size,
          totalItems: expected.length,
          totalPages: Math.ceil(expected.length / size),
        });
      }
    }
  });

  it("an empty feed is an empty page; reading it needs a session, not a confirmed e-mail (as /feed)", async () => {
    const loner = await fx.makeUser();
    const response = await feed("", loner.jar);
    expect(response.body).toEqual({ items: [], meta: { page: 1, size: 5, totalItems: 0, totalPages: 0 } });
    const unconfirmed = await fx.makeUser({ confirmed: false });
    expect((await feed("", unconfirmed.jar)).status).toBe(200);
    expect((await feed("", undefined)).status).toBe(401);
  });

  it("checks the session in the feed's own statement: revoked or expired, a still-valid access cookie gets 401", async () => {
    const expert = await fx.makeUser({ expert: true });
    const withPosts = await fx.makeUser();
    await fx.follow(withPosts.user.id, expert.user.id);
    await fx.addPost(expert.user.id, { title: "In the feed", publishDate: minutesAgo(5) });
    const empty = await fx.makeUser();
    const expired = await fx.makeUser();
    for (const reader of [withPosts, empty, expired]) expect((await feed("", reader.jar)).status).toBe(200);
    expect(ids(await feed("", withPosts.jar))).toHaveLength(1);

    // Signing out everywhere revokes the sessions; the signed access cookies alone do not open the feed.
    await revokeUserSessions(database.db, withPosts.user.id, "signed out");
    await revokeUserSessions(database.db, empty.user.id, "signed out");
    await database.db
      .update(sessions)
      .set({ expiresAt: minutesAgo(1) })
      .where(eq(sessions.userId, expired.user.id));
    for (const reader of [withPosts, empty, expired]) {
      const response = await feed("", reader.jar);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: "Please sign in to continue.", statusCode: 401 });
    }
  });
});

describe(`likes and GET /api/posts/my/liked (${testDatabaseEngine()})`, () => {
  it("like and unlike are idempotent and keep likesCount right; isLiked follows", async () => {
    const author = await fx.makeUser({ expert: true });
    const post = await fx.addPost(author.user.id);
    const [first, second] = [await fx.makeUser(), await fx.makeUser()];

    expect((await like(post.id, first.jar)).body).toEqual({ payload: { liked: true, likesCount: 1 } });
    expect((await like(post.id, first.jar)).body).toEqual({ payload: { liked: true, likesCount: 1 } });
    expect((await like(post.id, second.jar)).body).toEqual({ payload: { liked: true, likesCount: 2 } });
    expect((await read(post.id, first.jar)).body.payload).toMatchObject({ likesCount: 2, metadata: { isLiked: true } });
    expect((await read(post.id, author.jar)).body.payload.metadata.isLiked).toBe(false);
    expect((await like(post.id, first.jar, "DELETE")).body).toEqual({ payload: { liked: false, likesCount: 1 } });
    expect((await like(post.id, first.jar, "DELETE")).body).toEqual({ payload: { liked: false, likesCount: 1 } });
    expect((await read(post.id, first.jar)).body.payload).toMatchObject({
      likesCount: 1,
      metadata: { isLiked: false },
    });
    const [row] = await database.db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, post.id));
    expect(row.likesCount).toBe(1);
  });

  it("likes at once all count, and a double like once", async () => {
    const author = await fx.makeUser({ expert: true });
    const post = await fx.addPost(author.user.id);
    const readers = await Promise.all(Array.from({ length: 5 }, () => fx.makeUser()));
    const answers = await Promise.all([
      ...readers.map((reader) => like(post.id, reader.jar)),
      like(post.id, readers[0].jar),
      like(post.id, readers[1].jar),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const [row] = await database.db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, post.id));
    expect(row.likesCount).toBe(5);
    expect(await database.db.$count(likes, eq(likes.postId, post.id))).toBe(5);
  });

  it("gates: 401 for a visitor; 404 for unknown, malformed and others' drafts; others' scheduled posts take notify-me but not likes; locked picks may be liked", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const draft = await fx.addPost(author.user.id, { publishDate: null });
    const scheduled = await fx.addPost(author.user.id, { publishDate: new Date(Date.now() + DAY) });
    const pick = await fx.addPost(author.user.id, { postType: "Pick" });
    expect((await like(pick.id, undefined)).status).toBe(401);
    for (const id of [draft.id, crypto.randomUUID(), "not-a-uuid"]) {
      expect((await like(id, reader.jar)).status, id).toBe(404);
      expect((await notify(id, reader.jar)).status, id).toBe(404);
    }
    const early = await like(scheduled.id, reader.jar);
    expect(early.status).toBe(422);
    expect(early.body.error).toBe("This post is not live yet.");
    expect((await notify(scheduled.id, reader.jar)).body.payload).toEqual({ isNotifyRequested: true });
    expect((await like(draft.id, author.jar)).status).toBe(200);
    expect((await like(pick.id, reader.jar)).body.payload).toEqual({ liked: true, likesCount: 1 });
    expect(
      (
        await callRoute(likeRoute, context, {
          path: `/api/posts/${pick.id}/like`,
          params: { postId: pick.id },
          jar: reader.jar,
        })
      ).status,
    ).toBe(405);
  });

  it("the liked list: live liked posts, the newest like first", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const [p1, p2, p3] = [
      await fx.addPost(author.user.id, { publishDate: minutesAgo(3) }),
      await fx.addPost(author.user.id, { publishDate: minutesAgo(2) }),
      await fx.addPost(author.user.id, { publishDate: minutesAgo(1) }),
    ];
    await fx.addPost(author.user.id);
    for (const post of [p2, p3, p1]) {
      await like(post.id, reader.jar);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const response = await liked("?size=2", reader.jar);
    expect(ids(response)).toEqual([p1.id, p3.id]);
    expect(response.body.meta).toEqual({ page: 1, size: 2, totalItems: 3, totalPages: 2 });
    expect(response.body.items.every((item: { metadata: { isLiked: boolean } }) => item.metadata.isLiked)).toBe(true);
    expect(ids(await liked("?size=2&page=2", reader.jar))).toEqual([p2.id]);
    await like(p3.id, reader.jar, "DELETE");
    expect(ids(await liked("", reader.jar))).toEqual([p1.id, p2.id]);
    expect((await liked("", undefined)).status).toBe(401);
    expect((await liked("?size=-1", reader.jar)).status).toBe(400);
  });

  it("likes are rate-limited per user (RATE_LIMIT_LIKE)", async () => {
    const limited = makeLoadContext(database.db, { RATE_LIMIT_LIKE: "2/3600" });
    const author = await fx.makeUser({ expert: true });
    const post = await fx.addPost(author.user.id);
    const reader = await fx.makeUser();
    expect((await like(post.id, reader.jar, "POST", limited)).status).toBe(200);
    expect((await like(post.id, reader.jar, "DELETE", limited)).status).toBe(200);
    const blocked = await like(post.id, reader.jar, "POST", limited);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBeTruthy();
  });
});

describe(`notify-me (${testDatabaseEngine()})`, () => {
  it("request and cancel, idempotent, reflected in metadata on the post and in lists", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    await fx.follow(reader.user.id, author.user.id);
    const post = await fx.addPost(author.user.id, { postType: "Pick" });
    expect((await notify(post.id, undefined)).status).toBe(401);
    expect((await notify(post.id, reader.jar)).body).toEqual({ payload: { isNotifyRequested: true } });
    expect((await notify(post.id, reader.jar)).body).toEqual({ payload: { isNotifyRequested: true } });
    expect((await read(post.id, reader.jar)).body.payload.metadata).toEqual({
      isNotifyRequested: true,
      isLiked: false,
    });
    expect(
      (await feed("", reader.jar)).body.items.find((item: { id: string }) => item.id === post.id).metadata
        .isNotifyRequested,
    ).toBe(true);
    expect(
      (await list(`/api/posts?expertId=${author.user.id}`, reader.jar)).body.items[0].metadata.isNotifyRequested,
    ).toBe(true);
    expect((await notify(post.id, reader.jar, "DELETE")).body).toEqual({ payload: { isNotifyRequested: false } });
    expect((await notify(post.id, reader.jar, "DELETE")).body).toEqual({ payload: { isNotifyRequested: false } });
    expect((await read(post.id, reader.jar)).body.payload.metadata.isNotifyRequested).toBe(false);
    // The author may ask on their own scheduled post.
    const scheduled = await fx.addPost(author.user.id, { publishDate: new Date(Date.now() + DAY) });
    expect((await notify(scheduled.id, author.jar)).status).toBe(200);
  });
});
