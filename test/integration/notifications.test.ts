/**
 * Notifications: each kind's trigger and recipients, the list's cursor paging, the
 * counter and mark-read, exactly-once publishing of scheduled posts with two runners racing, and
 * the event stream (live delivery, `Last-Event-ID` replay, closing on sign-out), across two
 * database handles as two app instances would have on the PostgreSQL server.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, events, follows, mailOutbox, notifications, notifyRequests, posts, users } from "~/db/schema";
import { revokeUserSessions } from "~/modules/accounts/sessions.server";
import { announceLivePosts, publishDuePosts } from "~/modules/notifications/publishing.server";
import {
  emailNewPicks,
  readPreferences,
  savePreferences,
  unsubscribeToken,
} from "~/modules/notifications/preferences.server";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { notificationsOfGroups, type NotificationDTO } from "~/modules/notifications/notifications.server";
import { startNotificationHub, type NotificationHub } from "~/modules/notifications/stream-hub.server";
import * as likeRoute from "~/routes/api.posts.$postId.like";
import * as commentsRoute from "~/routes/api.posts.$postId.comments";
import * as postsRoute from "~/routes/api.posts._index";
import * as countersRoute from "~/routes/api.notifications.see-notifications.counters";
import * as listRoute from "~/routes/api.notifications.see-notifications.list";
import * as markReadRoute from "~/routes/api.notifications.see-notifications.mark-read";
import * as streamRoute from "~/routes/api.notifications.sse-notifications";
import * as subscriptionsRoute from "~/routes/api.subscriptions._index";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures, type MadeUser } from "../support/post-fixtures";

let database: TestDatabase;
let hub: NotificationHub;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;
let categoryId: number;
const MARKER = "NOTIFICATIONS-SECRET-PICK-9c2e";

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await startNotificationHub(database.handle);
  context = {
    ...makeLoadContext(database.db, {
      RATE_LIMIT_LIKE: "1000/60",
      RATE_LIMIT_COMMENT: "1000/60",
      RATE_LIMIT_POST: "1000/60",
    }),
    notifications: hub,
  };
  fx = postFixtures(database.db, context);
  [{ id: categoryId }] = await database.db.select({ id: categories.id }).from(categories).limit(1);
});
afterAll(async () => {
  await hub?.close();
  await database?.close();
});

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

/** A post made through `POST /api/posts` (a Pick: a spread on its own coming game). */
async function publish(
  author: MadeUser,
  postType: "Post" | "Pick",
  title: string,
  publishDate = new Date(Date.now() - 1000),
) {
  const eventId = postType === "Pick" ? (await fx.addEvent({ categoryId })).id : null;
  const response = await callRoute(postsRoute, context, {
    method: "POST",
    path: "/api/posts",
    jar: author.jar,
    body: {
      postType,
      title,
      body: [paragraph(`Preview of ${title}.`), paragraph("Numbers. ".repeat(40)), paragraph(MARKER)],
      categoryId,
      publishDate: publishDate.toISOString(),
      ...(postType === "Pick"
        ? { market: "Spread", legs: [{ eventId, market: "Spread", side: "Home", line: -4.5, odds: -110 }], units: 1.5 }
        : {}),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.payload as { id: string; title: string };
}

const like = (postId: string, jar: CookieJar, method: "POST" | "DELETE" = "POST") =>
  callRoute(likeRoute, context, { method, path: `/api/posts/${postId}/like`, params: { postId }, jar });
const comment = (postId: string, jar: CookieJar, body: string, parentId?: string) =>
  callRoute(commentsRoute, context, {
    method: "POST",
    path: `/api/posts/${postId}/comments`,
    params: { postId },
    jar,
    body: { body, parentId: parentId ?? null },
  });
const subscribe = (expertId: string, jar: CookieJar) =>
  callRoute(subscriptionsRoute, context, { method: "POST", path: "/api/subscriptions", jar, body: { expertId } });
const list = (jar: CookieJar | undefined, query = "") =>
  callRoute(listRoute, context, { path: `/api/notifications/see-notifications/list${query}`, jar });
const counters = (jar: CookieJar | undefined) =>
  callRoute(countersRoute, context, { path: "/api/notifications/see-notifications/counters", jar });
const kindsOf = async (user: MadeUser) =>
  (await list(user.jar, "?size=100")).body.items.map((n: NotificationDTO) => n.dataType).sort();

describe(`notification kinds and recipients (${testDatabaseEngine()})`, () => {
  it("PostLike goes to the author once per liker and post, never to oneself", async () => {
    const expert = await fx.makeUser({ expert: true });
    const fan = await fx.makeUser();
    const post = await publish(expert, "Post", "Liked post");
    expect((await like(post.id, fan.jar)).status).toBe(200);
    expect((await like(post.id, fan.jar, "DELETE")).status).toBe(200);
    expect((await like(post.id, fan.jar)).status).toBe(200);
    await like(post.id, expert.jar);
    const items = (await list(expert.jar)).body.items as NotificationDTO[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      dataType: "PostLike",
      isRead: false,
      data: {
        postInfo: { id: post.id, title: "Liked post" },
        expertInfo: { id: fan.user.id, userName: fan.user.userName, firstName: fan.user.firstName },
        commentInfo: null,
        eventInfo: null,
      },
    });
    expect(items[0].data.expertInfo!.avatar).toMatch(/^\/avatars\//);
  });

  it("comments: NewComment to the post's author, ReplyComment to the author of the comment replied to", async () => {
    const expert = await fx.makeUser({ expert: true });
    const first = await fx.makeUser();
    const second = await fx.makeUser();
    const post = await publish(expert, "Post", "Discussed post");
    const top = await comment(post.id, first.jar, "First!");
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    const reply = await comment(post.id, second.jar, "Replying", top.body.payload.id);
    // The author answering a comment on their own post: a reply to the commenter only.
    await comment(post.id, expert.jar, "Thanks", top.body.payload.id);
    expect(await kindsOf(expert)).toEqual(["NewComment", "NewComment"]);
    expect(await kindsOf(first)).toEqual(["ReplyComment", "ReplyComment"]);
    const newest = (await list(first.jar)).body.items as NotificationDTO[];
    expect(newest[1]).toMatchObject({
      dataType: "ReplyComment",
      data: {
        postInfo: { id: post.id },
        commentInfo: { id: reply.body.payload.id, authorInfo: { userName: second.user.userName } },
      },
    });
  });

  it("NewSubscription to the expert; ExpertNewPost to followers and subscribers (a Pick only to readers allowed to read it, never its body)", async () => {
    const expert = await fx.makeUser({ expert: true });
    const follower = await fx.makeUser();
    const subscriber = await fx.makeUser();
    await fx.follow(follower.user.id, expert.user.id);
    expect((await subscribe(expert.user.id, subscriber.jar)).status).toBe(200);
    expect(await kindsOf(expert)).toEqual(["NewSubscription"]);

    const free = await publish(expert, "Post", "Free analysis");
    const pick = await publish(expert, "Pick", "Paid pick");
    expect(await kindsOf(follower)).toEqual(["ExpertNewPost"]);
    expect(await kindsOf(subscriber)).toEqual(["ExpertNewPost", "ExpertNewPost"]);
    const followerItems = (await list(follower.jar)).body.items as NotificationDTO[];
    expect(followerItems[0].data.postInfo).toEqual({ id: free.id, title: "Free analysis" });
    expect(followerItems[0].data.expertInfo).toMatchObject({ id: expert.user.id });
    const subscriberAnswer = await list(subscriber.jar);
    expect(subscriberAnswer.body.items.map((n: NotificationDTO) => n.data.postInfo!.id)).toEqual([pick.id, free.id]);
    expect(JSON.stringify(subscriberAnswer.body)).not.toContain(MARKER);
    expect(await kindsOf(expert)).toEqual(["NewSubscription"]);
  });

  it("a scheduled post is announced once when it goes live: PostLive to notify-me, ExpertNewPost to the other readers, with two runners racing", async () => {
    const expert = await fx.makeUser({ expert: true });
    const follower = await fx.makeUser();
    const waiting = await fx.makeUser();
    await fx.follow(follower.user.id, expert.user.id);
    await fx.follow(waiting.user.id, expert.user.id);
    const scheduled = await publish(expert, "Post", "Tonight's card", new Date(Date.now() + 60 * 60_000));
    await database.db.insert(notifyRequests).values({ userId: waiting.user.id, postId: scheduled.id });
    expect(await publishDuePosts(database.db)).toBe(0);
    expect(await kindsOf(follower)).toEqual([]);

    // Its time comes.
    await database.db
      .update(posts)
      .set({ publishDate: new Date(Date.now() - 1000) })
      .where(eq(posts.id, scheduled.id));
    const [one, two] = await Promise.all([publishDuePosts(database.db), publishDuePosts(database.db)]);
    expect(one + two).toBe(1);
    expect(await publishDuePosts(database.db)).toBe(0);
    expect(await database.db.transaction((tx) => announceLivePosts(tx, new Date(), scheduled.id))).toEqual([]);
    expect(await kindsOf(follower)).toEqual(["ExpertNewPost"]);
    expect(await kindsOf(waiting)).toEqual(["PostLive"]);
  });
});

describe(`the notification API (${testDatabaseEngine()})`, () => {
  it("pages by cursor, counts the unread, marks read up to a date, and answers 400 and 401 in the API's shape", async () => {
    const expert = await fx.makeUser({ expert: true });
    const fans = await Promise.all([1, 2, 3].map(() => fx.makeUser()));
    const post = await publish(expert, "Post", "Popular");
    for (const fan of fans) {
      await like(post.id, fan.jar);
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct milliseconds
    }

    expect((await counters(expert.jar)).body).toEqual({ payload: { newNotificationsCount: 3 } });
    const first = await list(expert.jar, "?size=2");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toContain("no-store");
    expect(first.body.meta.hasNextPage).toBe(true);
    expect(first.body.items.map((n: NotificationDTO) => n.data.expertInfo!.id)).toEqual([
      fans[2].user.id,
      fans[1].user.id,
    ]);
    const second = await list(expert.jar, `?size=2&afterCursor=${first.body.meta.endCursor}`);
    expect(second.body.items.map((n: NotificationDTO) => n.data.expertInfo!.id)).toEqual([fans[0].user.id]);
    expect(second.body.meta.hasNextPage).toBe(false);

    // Read up to the second newest: the newest stays unread.
    const tillDate = first.body.items[1].createdOn;
    const marked = await callRoute(markReadRoute, context, {
      method: "PUT",
      path: `/api/notifications/see-notifications/mark-read?tillDate=${tillDate}`,
      jar: expert.jar,
    });
    expect(marked.body).toEqual({ payload: { newNotificationsCount: 1 } });
    expect((await list(expert.jar)).body.items.map((n: NotificationDTO) => n.isRead)).toEqual([false, true, true]);
    // The newest's own createdOn (milliseconds; the column keeps microseconds) includes it.
    const all = await callRoute(markReadRoute, context, {
      method: "PUT",
      path: `/api/notifications/see-notifications/mark-read?tillDate=${first.body.items[0].createdOn}`,
      jar: expert.jar,
    });
    expect(all.body).toEqual({ payload: { newNotificationsCount: 0 } });

    // One kind, in either spelling product.md gives.
    for (const spelling of ["PostLike", "postLike"])
      expect((await list(expert.jar, `?dataType=${spelling}`)).body.items).toHaveLength(3);
    expect((await list(expert.jar, "?dataType=newComment")).body.items).toEqual([]);
    expect((await list(expert.jar, "?dataType=Gossip")).status).toBe(400);
    expect((await list(expert.jar, "?afterCursor=nonsense")).status).toBe(400);
    // A cursor of the right shape whose id is not a uuid is a 400 too, not a failed cast.
    const crafted = Buffer.from(`2026-01-01 00:00:00+00|${"-".repeat(36)}`).toString("base64url");
    expect((await list(expert.jar, `?afterCursor=${crafted}`)).body).toEqual({
      error: "The query is not valid.",
      errors: { afterCursor: ["Must be a cursor from meta.endCursor"] },
      statusCode: 400,
    });
    expect((await list(expert.jar, "?size=0")).body.errors.size).toBeDefined();
    const badDate = await callRoute(markReadRoute, context, {
      method: "PUT",
      path: "/api/notifications/see-notifications/mark-read?tillDate=yesterday",
      jar: expert.jar,
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors.tillDate).toEqual(["Must be a date"]);
    // A date JavaScript accepts but PostgreSQL cannot hold (found by test/integration/hostile-input.test.ts): a 400, not a 500.
    for (const outOfRange of ["-200000-01-01T00:00:00Z", "+020000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"]) {
      const far = await callRoute(markReadRoute, context, {
        method: "PUT",
        path: `/api/notifications/see-notifications/mark-read?tillDate=${encodeURIComponent(outOfRange)}`,
        jar: expert.jar,
      });
      expect(far.status, outOfRange).toBe(400);
      expect(far.body.errors.tillDate).toEqual(["Must be a date"]);
    }
    expect((await counters(undefined)).status).toBe(401);
    expect((await list(undefined)).body).toEqual({ error: "Please sign in to continue.", statusCode: 401 });
  });
});

/** Opens the stream as a browser would; collects its messages. */
async function openStream(user: MadeUser, lastEventId?: string, ctx = context) {
  const abort = new AbortController();
  const headers = new Headers({ Cookie: user.jar.header() });
  if (lastEventId) headers.set("Last-Event-ID", lastEventId);
  const response = (await streamRoute.loader({
    request: new Request("http://localhost/api/notifications/sse-notifications", { headers, signal: abort.signal }),
    params: {},
    context: ctx,
  } as never)) as Response;
  const messages: { id: string; data: NotificationDTO }[] = [];
  let text = "";
  let ended = false;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const id = /^id: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (id && data) messages.push({ id, data: JSON.parse(data) });
      }
    }
    ended = true;
  })();
  return {
    response,
    messages,
    ended: () => ended,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

async function until(check: () => boolean, timeoutMs = 1000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`the notification stream (${testDatabaseEngine()})`, () => {
  it("sends a notification within a second of the commit, replays what a reconnect missed, and closes on sign-out", async () => {
    const expert = await fx.makeUser({ expert: true });
    const fans = await Promise.all([1, 2, 3].map(() => fx.makeUser()));
    const post = await publish(expert, "Post", "Streamed");
    const stream = await openStream(expert);
    expect(stream.response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    await like(post.id, fans[0].jar);
    await until(() => stream.messages.length === 1);
    expect(stream.messages[0].data).toMatchObject({
      dataType: "PostLike",
      data: { expertInfo: { id: fans[0].user.id } },
    });
    expect(stream.messages[0].id).toBe(stream.messages[0].data.id);
    await stream.close();

    // Missed while away; a reconnect with Last-Event-ID gets them first, oldest first.
    await like(post.id, fans[1].jar);
    await like(post.id, fans[2].jar);
    // A Last-Event-ID that is no notification's id replays nothing (and breaks nothing).
    const odd = await openStream(expert, "-".repeat(36));
    expect(odd.response.status).toBe(200);
    await odd.close();
    expect(odd.messages).toEqual([]);
    const back = await openStream(expert, stream.messages[0].id);
    await until(() => back.messages.length === 2);
    expect(back.messages.map((m) => m.data.data.expertInfo!.id)).toEqual([fans[1].user.id, fans[2].user.id]);

    await revokeUserSessions(database.db, expert.user.id, "signed out");
    await until(() => back.ended());
    expect(hub.size).toBe(0);
  });

  it("a burst (one post to hundreds of followers) reaches each stream as the list shows it, and none that muted it", async () => {
    const expert = await fx.makeUser({ expert: true });
    const watchers = await Promise.all([1, 2, 3].map(() => fx.makeUser()));
    const [first, last, quiet] = watchers;
    await fx.follow(first.user.id, expert.user.id);
    // Hundreds more between them: several NOTIFYs of up to 100 each, several delivery slices.
    const crowd = await database.db
      .insert(users)
      .values(
        Array.from({ length: 320 }, (_, i) => ({
          email: `crowd${i}-${expert.user.id}@example.test`,
          userName: `Crowd${i}x${expert.user.userName}`.slice(0, 30),
          firstName: "Crowd",
          lastName: `${i}`,
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(follows).values(crowd.map(({ id }) => ({ followerId: id, expertId: expert.user.id })));
    await fx.follow(last.user.id, expert.user.id);
    await fx.follow(quiet.user.id, expert.user.id);
    await savePreferences(database.db, quiet.user.id, {
      mutedKinds: ["ExpertNewPost"],
      newPickEmails: true,
      followedCategoryIds: [],
    });
    const streams = await Promise.all(watchers.map((watcher) => openStream(watcher)));
    const post = await publish(expert, "Post", "To the crowd");
    await until(() => streams[0].messages.length === 1 && streams[1].messages.length === 1, 5000);
    for (const [i, watcher] of [first, last].entries()) {
      const listed = (await list(watcher.jar)).body.items as NotificationDTO[];
      expect(listed).toHaveLength(1);
      expect(streams[i].messages[0].data).toEqual(listed[0]);
      expect(listed[0]).toMatchObject({
        dataType: "ExpertNewPost",
        data: { postInfo: { id: post.id, title: "To the crowd" }, expertInfo: { id: expert.user.id } },
      });
    }
    expect(await database.db.$count(notifications, eq(notifications.postId, post.id))).toBe(322);
    // A free post is never e-mailed: its notifications are stamped at once, out of the mail job's way.
    expect(
      await database.db.$count(notifications, and(eq(notifications.postId, post.id), isNull(notifications.emailedAt))),
    ).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streams[2].messages).toEqual([]);
    expect(await kindsOf(quiet)).toEqual([]);
    for (const stream of streams) await stream.close();
  });

  it("the hub reads what a group shows from another of its rows when the first is gone, and sends groups in the list's order", async () => {
    const expert = await fx.makeUser({ expert: true });
    const liker = await fx.makeUser();
    const readers = await Promise.all([1, 2, 3].map(() => fx.makeUser()));
    const post = await fx.addPost(expert.user.id, { title: "Read once" });
    const at = new Date("2026-03-01T12:00:00.123456Z");
    const made = await database.db
      .insert(notifications)
      .values(
        readers.map(({ user }) => ({
          recipientId: user.id,
          dataType: "ExpertNewPost" as const,
          postId: post.id,
          createdAt: at,
        })),
      )
      .returning({ id: notifications.id, recipientId: notifications.recipientId });
    const [liked] = await database.db
      .insert(notifications)
      .values({ recipientId: readers[1].user.id, dataType: "PostLike", actorId: liker.user.id, postId: post.id })
      .returning({ id: notifications.id, createdAt: notifications.createdAt });
    // The first row of the burst is gone before the hub reads it (its reader deleted it, say).
    await database.db.delete(notifications).where(eq(notifications.id, made[0].id));
    const group = {
      postId: post.id,
      commentId: null,
      eventId: null,
      isRead: false,
      notifications: made,
    };
    const sent = await notificationsOfGroups(database.db, [
      {
        ...group,
        dataType: "PostLike",
        actorId: liker.user.id,
        createdAtMicros: liked.createdAt.getTime() * 1000,
        notifications: [{ recipientId: readers[1].user.id, id: liked.id }],
      },
      {
        ...group,
        dataType: "ExpertNewPost",
        actorId: null,
        createdAtMicros: Date.parse("2026-03-01T12:00:00.123Z") * 1000 + 456,
      },
    ]);
    // Oldest first, then by id, as the list orders them (its newest first, reversed).
    const byId = [...made].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(sent.map((n) => [n.recipientId, n.dataType])).toEqual([
      ...byId.map((n) => [n.recipientId, "ExpertNewPost"]),
      [readers[1].user.id, "PostLike"],
    ]);
    for (const n of sent.slice(0, 3)) {
      expect(n.createdOn).toBe("2026-03-01T12:00:00.123Z");
      expect(n.data.postInfo).toEqual({ id: post.id, title: "Read once" });
      expect(n.data.expertInfo?.id).toBe(expert.user.id);
    }
    expect(sent[3].data.expertInfo?.id).toBe(liker.user.id);
    // As the list shows them.
    const listed = (await list(readers[2].jar)).body.items as NotificationDTO[];
    const { recipientId: _recipient, ...streamed } = sent.find((n) => n.recipientId === readers[2].user.id)!;
    expect(streamed).toEqual(listed[0]);
  });

  it("reaches a stream opened on another instance (another connection pool and LISTEN)", async () => {
    if (testDatabaseEngine() !== "postgres") return; // PGlite is one process: one instance.
    const { openDatabase } = await import("~/db/client.server");
    const other = await openDatabase({ url: database.url!, dataDir: "unused", poolSize: 2 });
    const otherHub = await startNotificationHub(other);
    try {
      const otherContext = { ...context, db: other.db, notifications: otherHub };
      const expert = await fx.makeUser({ expert: true });
      const fan = await fx.makeUser();
      const post = await publish(expert, "Post", "Across instances");
      const stream = await openStream(expert, undefined, otherContext);
      const started = Date.now();
      await like(post.id, fan.jar);
      await until(() => stream.messages.length === 1);
      expect(Date.now() - started).toBeLessThan(1000);
      await stream.close();
      // Nothing reached this instance's hub for it: no stream is open here.
      expect(await database.db.$count(notifications, eq(notifications.recipientId, expert.user.id))).toBe(1);
    } finally {
      await otherHub.close();
      await other.close();
    }
  });
});

describe(`preferences and new-pick e-mails (${testDatabaseEngine()})`, () => {
  it("a muted kind is never stored; new picks are e-mailed once to subscribers only, without the pick, with one-click unsubscribe", async () => {
    const expert = await fx.makeUser({ expert: true });
    const subscriber = await fx.makeUser();
    const follower = await fx.makeUser();
    const quiet = await fx.makeUser();
    await fx.follow(follower.user.id, expert.user.id);
    for (const reader of [subscriber, quiet]) expect((await subscribe(expert.user.id, reader.jar)).status).toBe(200);
    await savePreferences(database.db, quiet.user.id, {
      mutedKinds: ["ExpertNewPost"],
      newPickEmails: true,
      followedCategoryIds: [],
    });
    expect(await readPreferences(database.db, quiet.user.id)).toEqual({
      mutedKinds: ["ExpertNewPost"],
      newPickEmails: true,
      followedCategoryIds: [],
    });

    const env = context.env;
    await emailNewPicks(database.db, env); // the other tests' picks
    const pick = await publish(expert, "Pick", "Sunday best bet");
    await publish(expert, "Post", "Free notes");
    expect(await kindsOf(quiet)).toEqual([]);
    expect(await emailNewPicks(database.db, env)).toBe(1);
    expect(await emailNewPicks(database.db, env)).toBe(0);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, subscriber.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`New pick from ${expert.user.userName}: Sunday best bet`);
    expect(mails[0].text).toContain(`/posts/${pick.id}`);
    expect(`${mails[0].text}${mails[0].html}`).not.toContain(MARKER);
    // Nor the bet: the selection (a spread at -4.5) and its odds stay on the site.
    expect(`${mails[0].text}${mails[0].html}`).not.toContain("Lakers -4.5");
    expect(`${mails[0].text}${mails[0].html}`).not.toContain("+150");
    expect(mails[0].listUnsubscribe).toBe(
      `${env.APP_URL}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriber.user.id, env.SESSION_SECRET))}`,
    );
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.to, follower.user.email))).toBe(0);

    // One-click: the mail client POSTs to the link; no sign-in needed. A forged token changes nothing.
    const unsubscribe = async (method: "GET" | "POST", path: string) => {
      const request = new Request(
        `http://localhost${path}`,
        method === "POST"
          ? {
              method,
              body: "List-Unsubscribe=One-Click",
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
            }
          : {},
      );
      const result = (await (method === "GET" ? unsubscribeRoute.loader : unsubscribeRoute.action)({
        request,
        params: {},
        context,
      } as never)) as { type?: string; init?: { status?: number } };
      return result?.type === "DataWithResponseInit" ? (result.init?.status ?? 200) : 200;
    };
    expect(await unsubscribe("POST", `/unsubscribe?token=${subscriber.user.id}.forged`)).toBe(400);
    const link = new URL(mails[0].listUnsubscribe!);
    expect(await unsubscribe("GET", `${link.pathname}${link.search}`)).toBe(200);
    expect((await readPreferences(database.db, subscriber.user.id)).newPickEmails).toBe(true);
    expect(await unsubscribe("POST", `${link.pathname}${link.search}`)).toBe(200);
    expect((await readPreferences(database.db, subscriber.user.id)).newPickEmails).toBe(false);
    await publish(expert, "Pick", "Monday best bet");
    expect(await emailNewPicks(database.db, env)).toBe(0);
  });
});

describe(`NewEvent (${testDatabaseEngine()})`, () => {
  it("a game added in a sport goes to that sport's followers, with its title and link data", async () => {
    const fan = await fx.makeUser();
    const other = await fx.makeUser();
    const [nba, nfl] = await database.db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, ["nba", "nfl"]))
      .orderBy(categories.slug);
    await savePreferences(database.db, fan.user.id, {
      mutedKinds: [],
      newPickEmails: true,
      followedCategoryIds: [nba.id, 999],
    });
    await savePreferences(database.db, other.user.id, {
      mutedKinds: [],
      newPickEmails: true,
      followedCategoryIds: [nfl.id],
    });
    expect((await readPreferences(database.db, fan.user.id)).followedCategoryIds).toEqual([nba.id]);
    const [game] = await database.db
      .insert(events)
      .values({
        categoryId: nba.id,
        homeTeam: "Lakers",
        awayTeam: "Celtics",
        startsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: events.id });
    const items = (await list(fan.jar)).body.items as NotificationDTO[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      dataType: "NewEvent",
      data: { eventInfo: { id: game.id, title: "Celtics at Lakers" }, postInfo: null, expertInfo: null },
    });
    expect(await kindsOf(other)).toEqual([]);
  });
});
