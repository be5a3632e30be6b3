/**
 * Posts and picks core (decision 017): `POST /api/posts`, `GET`/`PUT`/`DELETE /api/posts/{id}`,
 * `PUT /api/posts/{id}/pick-result`, the paywall on every answer, and record integrity.
 */
import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, follows, marketSnapshots, posts, subscriptions } from "~/db/schema";
import { listExpertPosts } from "~/modules/posts/expert-page-posts.server";
import { listEventPosts, listLatestFreePosts } from "~/modules/posts/post-lists.server";
import * as commentRoute from "~/routes/api.comments.$commentId";
import * as postRoute from "~/routes/api.posts.$postId";
import * as commentsRoute from "~/routes/api.posts.$postId.comments";
import * as likeRoute from "~/routes/api.posts.$postId.like";
import * as notifyRoute from "~/routes/api.posts.$postId.notify";
import * as pickResultRoute from "~/routes/api.posts.$postId.pick-result";
import * as postsRoute from "~/routes/api.posts._index";
import * as myPostsRoute from "~/routes/api.posts.my";
import * as feedRoute from "~/routes/api.posts.my.feed";
import * as likedRoute from "~/routes/api.posts.my.liked";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { personMaker, type PersonOptions } from "../support/people";
import { DEFAULT_MARKET } from "../support/post-fixtures";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let categoryIds: Record<string, number>;
let modalityIds: number[];
/** A coming NBA game the picks are on unless a test says otherwise. */
let nbaEventId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_POST: "1000/60" });
  categoryIds = Object.fromEntries((await database.db.query.categories.findMany()).map((row) => [row.name, row.id]));
  modalityIds = (await database.db.query.modalities.findMany()).map((row) => row.id);
  nbaEventId = await makeEvent(2 * DAY);
});
afterAll(() => database?.close());

const makeUser = (options?: PersonOptions) => personMaker(database.db, context.env)(options);

async function makeEvent(startsInMs: number, category = "NBA") {
  const [row] = await database.db
    .insert(events)
    .values({
      categoryId: categoryIds[category],
      homeTeam: "Lakers",
      awayTeam: "Celtics",
      startsAt: new Date(Date.now() + startsInMs),
    })
    .returning({ id: events.id });
  await database.db.insert(marketSnapshots).values(DEFAULT_MARKET.map((offer) => ({ eventId: row.id, ...offer })));
  return row.id;
}

/** The game starts now (a start still ahead may move; never before a pick posted on it). */
async function startEvent(eventId: number) {
  await database.db
    .update(events)
    .set({ startsAt: new Date() })
    .where(and(eq(events.id, eventId), gt(events.startsAt, new Date())));
}

/** The game has started and its final result is in: its props may now be self-graded. */
async function finishEvent(eventId: number) {
  await startEvent(eventId);
  await database.db
    .update(events)
    .set({ status: "Final", homeScore: 101, awayScore: 99, resultedAt: new Date() })
    .where(eq(events.id, eventId));
}

async function subscribe(
  subscriberId: string,
  expertId: string,
  status: "Activated" | "PastDue" | "Canceled" | "Expired" | "Pending",
  periodEndMs: number | null,
) {
  await database.db.insert(subscriptions).values({
    subscriberId,
    expertId,
    status,
    priceCents: 1000,
    currentPeriodEnd: periodEndMs === null ? null : new Date(Date.now() + periodEndMs),
  });
}

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

/** A spread pick on the home side (`eventId` names its game: the shared one by default). */
function pickPayload(overrides: Record<string, unknown> = {}) {
  const { eventId = nbaEventId, ...rest } = overrides;
  return {
    postType: "Pick",
    title: "Lakers cover tonight",
    body: [paragraph("Why the Lakers cover."), paragraph("More analysis.")],
    categoryId: categoryIds.NBA,
    modalityIds: [modalityIds[0], modalityIds[1]],
    market: "Spread",
    legs: [{ eventId, market: "Spread", side: "Home", line: -4.5, odds: -110 }],
    units: 1.5,
    publishDate: new Date(Date.now() - 1000).toISOString(),
    ...rest,
  };
}

/** A player prop: graded by its expert once the game has started. */
const propPayload = (eventId: number, overrides: Record<string, unknown> = {}) =>
  pickPayload({
    market: "PlayerProp",
    legs: [{ eventId, market: "PlayerProp", side: "Over", line: 25.5, odds: -115, description: "LeBron James points" }],
    ...overrides,
  });

/** A free Post: a Pick without the pick fields. */
const postPayload = (overrides: Record<string, unknown> = {}) =>
  pickPayload({ postType: "Post", market: undefined, legs: undefined, units: undefined, ...overrides });

const create = (jar: CookieJar | undefined, body: unknown) =>
  callRoute(postsRoute, context, { method: "POST", path: "/api/posts", jar, body });
const read = (id: string, jar?: CookieJar) =>
  callRoute(postRoute, context, { path: `/api/posts/${id}`, params: { postId: id }, jar });
const update = (id: string, jar: CookieJar | undefined, body: unknown) =>
  callRoute(postRoute, context, { method: "PUT", path: `/api/posts/${id}`, params: { postId: id }, jar, body });
const remove = (id: string, jar?: CookieJar) =>
  callRoute(postRoute, context, { method: "DELETE", path: `/api/posts/${id}`, params: { postId: id }, jar });
const listRoute = (
  module: Parameters<typeof callRoute>[0],
  path: string,
  jar?: CookieJar,
  params: Record<string, string> = {},
) => callRoute(module, context, { path, jar, params });
const like = (id: string, jar?: CookieJar) =>
  callRoute(likeRoute, context, { method: "POST", path: `/api/posts/${id}/like`, params: { postId: id }, jar });
const notify = (id: string, jar?: CookieJar) =>
  callRoute(notifyRoute, context, { method: "POST", path: `/api/posts/${id}/notify`, params: { postId: id }, jar });
const postComment = (id: string, jar: CookieJar | undefined, body: unknown) =>
  callRoute(commentsRoute, context, {
    method: "POST",
    path: `/api/posts/${id}/comments`,
    params: { postId: id },
    jar,
    body,
  });
const deleteComment = (id: string, jar?: CookieJar) =>
  callRoute(commentRoute, context, { method: "DELETE", path: `/api/comments/${id}`, params: { commentId: id }, jar });
const grade = (id: string, jar: CookieJar | undefined, pickResult: string) =>
  callRoute(pickResultRoute, context, {
    method: "PUT",
    path: `/api/posts/${id}/pick-result?pickResult=${pickResult}`,
    params: { postId: id },
    jar,
  });

describe(`POST /api/posts (${testDatabaseEngine()})`, () => {
  it("an expert creates a Pick: 201 with the full post, visibility and status derived, preview built", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(DAY);
    const response = await create(author.jar, pickPayload({ eventId, coverImage: "https://cdn.example/cover.png" }));
    expect(response.status).toBe(201);
    const post = response.body.payload;
    expect(post).toMatchObject({
      postType: "Pick",
      title: "Lakers cover tonight",
      isLocked: false,
      visibility: "Subscribers",
      status: "Published",
      categoryInfo: { id: categoryIds.NBA, name: "NBA" },
      eventInfo: { id: eventId, homeTeam: "Lakers", awayTeam: "Celtics" },
      coverImage: "https://cdn.example/cover.png",
      selection: "Lakers -4.5",
      odds: -110,
      units: 1.5,
      market: "Spread",
      legs: [{ eventId, market: "Spread", side: "Home", line: -4.5, odds: -110, description: null }],
      pickResult: null,
      withdrawnAt: null,
      selfGraded: false,
      committedText: null,
      author: { id: author.user.id, userName: author.user.userName, firstName: author.user.firstName },
      likesCount: 0,
      commentsCount: 0,
      metadata: { isNotifyRequested: false, isLiked: false },
    });
    expect(post.body).toEqual([paragraph("Why the Lakers cover."), paragraph("More analysis.")]);
    expect(post.preview).toEqual(post.body);
    expect(post.previewText).toBe("Why the Lakers cover. More analysis.");
    expect(post.modality.map((m: { id: number }) => m.id).sort()).toEqual([modalityIds[0], modalityIds[1]].sort());
    expect(post.author.avatar).toMatch(/^\/avatars\//);
    // Posted by the server's clock, a day before the start, with its commitment public at once.
    expect(Date.now() - new Date(post.postedAt).getTime()).toBeLessThan(60_000);
    expect(post.postedMinutesBeforeStart).toBeGreaterThanOrEqual(24 * 60 - 2);
    expect(post.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it("no publishDate → Draft; a future one → scheduled (Published with that date); a past one → now", async () => {
    const author = await makeUser({ expert: true });
    const draft = await create(author.jar, { ...pickPayload(), postType: "Post", publishDate: undefined });
    expect(draft.body.payload).toMatchObject({
      status: "Draft",
      publishDate: null,
      visibility: "Free",
      selection: null,
    });
    const future = new Date(Date.now() + HOUR).toISOString();
    const scheduled = await create(author.jar, pickPayload({ publishDate: future }));
    expect(scheduled.body.payload).toMatchObject({ status: "Published", publishDate: future });
    const past = await create(author.jar, pickPayload({ publishDate: "2020-01-01T00:00:00Z" }));
    expect(new Date(past.body.payload.publishDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("validation: 422 with each field's message", async () => {
    const author = await makeUser({ expert: true });
    const response = await create(author.jar, {
      postType: "Pick",
      title: "",
      body: [paragraph("   ")],
      visibility: "Free",
      categoryId: "NBA",
      modalityIds: ["x"],
      market: "Spread",
      legs: [{ eventId: "x", market: "Spread", side: "Over", odds: 50 }],
      units: 11,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      title: ["Required"],
      body: ["Required"],
      categoryId: ["Invalid input"],
      "modalityIds.0": ["Invalid input"],
      "legs.0.eventId": ["Invalid input"],
      "legs.0.odds": ["Odds must be whole American odds: -100 or lower, or +100 or higher"],
      units: ["Units must be between 0.1 and 10, in steps of 0.1"],
    });
    const long = await create(author.jar, pickPayload({ title: "x".repeat(1001) }));
    expect(long.body.errors).toEqual({ title: ["Must contain at most 1000 character(s)"] });
    const contradicting = await create(author.jar, pickPayload({ visibility: "Free" }));
    expect(contradicting.status).toBe(422);
    expect(contradicting.body.errors).toEqual({
      visibility: ["Visibility must be Free for a Post and Subscribers for a Pick"],
    });
    const missing = await create(author.jar, pickPayload({ market: null, legs: undefined, units: undefined }));
    expect(missing.body.errors).toEqual({ market: ["Required"], legs: ["Required"], units: ["Required"] });
    // Each market's rules, by leg.
    const legErrors = async (market: string, legs: unknown[]) =>
      (await create(author.jar, pickPayload({ market, legs }))).body.errors;
    expect(
      await legErrors("Spread", [{ eventId: nbaEventId, market: "Spread", side: "Over", line: -4.25, odds: -110 }]),
    ).toEqual({
      "legs.0.side": ["Choose a side this market takes"],
      "legs.0.line": ["Lines are whole or half points"],
    });
    expect(await legErrors("Total", [{ eventId: nbaEventId, market: "Total", side: "Over", odds: -110 }])).toEqual({
      "legs.0.line": ["Required"],
    });
    expect(await legErrors("PlayerProp", [{ eventId: nbaEventId, market: "PlayerProp", odds: -110 }])).toEqual({
      "legs.0.description": ["Describe the prop"],
    });
    expect(
      await legErrors("PlayerProp", [
        { eventId: nbaEventId, market: "PlayerProp", side: "Home", line: 2.5, odds: -110, description: "Points" },
      ]),
    ).toEqual({ "legs.0.side": ["Choose a side this market takes"] });
    expect(
      await legErrors("Moneyline", [{ eventId: nbaEventId, market: "Spread", side: "Home", line: 1.5, odds: -110 }]),
    ).toEqual({ "legs.0.market": ["The leg's market must be the pick's market"] });
    expect(await legErrors("Parlay", [{ eventId: nbaEventId, market: "Moneyline", side: "Home", odds: -110 }])).toEqual(
      { legs: ["A parlay has 2 to 10 legs"] },
    );
    // A basketball game cannot end level: its moneyline has no draw (the editor offers none either).
    expect(
      await legErrors("Moneyline", [{ eventId: nbaEventId, market: "Moneyline", side: "Draw", odds: 280 }]),
    ).toEqual({ "legs.0.side": ["Choose a side this market takes"] });
  });

  it("references: unknown category, modality or event, an event of another sport, a started event → 422", async () => {
    const author = await makeUser({ expert: true });
    expect((await create(author.jar, pickPayload({ categoryId: 999_999 }))).body.errors).toEqual({
      categoryId: ["Unknown category"],
    });
    expect((await create(author.jar, pickPayload({ modalityIds: [999_999] }))).body.errors).toEqual({
      modalityIds: ["Unknown modality"],
    });
    expect((await create(author.jar, pickPayload({ eventId: 999_999 }))).body.errors).toEqual({
      "legs.0.eventId": ["Unknown event"],
    });
    const nflEvent = await makeEvent(DAY, "NFL");
    expect((await create(author.jar, pickPayload({ eventId: nflEvent }))).body.errors).toEqual({
      "legs.0.eventId": ["The event is not in the chosen category"],
    });
    const soon = await makeEvent(HOUR);
    const late = await create(
      author.jar,
      pickPayload({ eventId: soon, publishDate: new Date(Date.now() + 2 * HOUR).toISOString() }),
    );
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ publishDate: ["A pick must be published before its event starts"] });
    const started = await makeEvent(-HOUR);
    const response = await create(author.jar, pickPayload({ eventId: started }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      "legs.0.eventId": ["This event has already started: picks can only be made before it starts."],
    });
    // A parlay's event is its first game; every leg's game must be ahead.
    const later = await makeEvent(3 * DAY);
    const parlay = await create(
      author.jar,
      pickPayload({
        market: "Parlay",
        legs: [
          { eventId: later, market: "Moneyline", side: "Away", odds: 150 },
          { eventId: nbaEventId, market: "Total", side: "Under", line: 220.5, odds: -110 },
        ],
      }),
    );
    expect(parlay.status).toBe(201);
    expect(parlay.body.payload).toMatchObject({
      eventId: nbaEventId,
      odds: 377,
      selection: "2-leg parlay: Celtics ML + Under 220.5 (Celtics at Lakers)",
    });
    const withStarted = await create(
      author.jar,
      pickPayload({
        market: "Parlay",
        legs: [
          { eventId: later, market: "Moneyline", side: "Away", odds: 150 },
          { eventId: started, market: "Moneyline", side: "Home", odds: -200 },
        ],
      }),
    );
    expect(withStarted.body.errors).toEqual({
      "legs.1.eventId": ["This event has already started: picks can only be made before it starts."],
    });
  });

  it("posting is rate-limited per expert (RATE_LIMIT_POST)", async () => {
    const limited = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_POST: "1/3600" });
    const author = await makeUser({ expert: true });
    const post = (jar: CookieJar) =>
      callRoute(postsRoute, limited, { method: "POST", path: "/api/posts", jar, body: pickPayload() });
    expect((await post(author.jar)).status).toBe(201);
    expect((await post(author.jar)).status).toBe(429);
  });

  it("gates: 401 for a visitor, 403 for a plain user and an unconfirmed expert; 400 for bad JSON", async () => {
    expect((await create(undefined, pickPayload())).status).toBe(401);
    expect((await create((await makeUser()).jar, pickPayload())).status).toBe(403);
    expect((await create((await makeUser({ expert: true, confirmed: false })).jar, pickPayload())).status).toBe(403);
    expect((await create((await makeUser({ expert: true })).jar, "{not json")).status).toBe(400);
  });
});

describe(`GET /api/posts/{postId} and the paywall (${testDatabaseEngine()})`, () => {
  it("leak test: a Pick body's marker reaches only its author and active subscribers", async () => {
    const MARKER = `MARKER-${crypto.randomUUID()}`;
    const author = await makeUser({ expert: true });
    // The marker deep in the body, past what the preview keeps.
    const body = [
      paragraph("x".repeat(320)),
      paragraph(`The real play: ${MARKER}`),
      { type: "image", url: `https://cdn.example/${MARKER}.png`, children: [{ text: "" }] },
    ];
    const eventId = await makeEvent(DAY);
    const created = await create(author.jar, pickPayload({ body, eventId }));
    expect(created.status).toBe(201);
    const id = created.body.payload.id;
    // The author's comment on it: the discussion of a locked pick is locked too.
    const authorComment = await postComment(id, author.jar, { body: `Comment ${MARKER}` });
    expect(authorComment.status).toBe(201);

    const plain = await makeUser();
    const otherExpert = await makeUser({ expert: true });
    const expired = await makeUser();
    await subscribe(expired.user.id, author.user.id, "Expired", -DAY);
    const pending = await makeUser();
    await subscribe(pending.user.id, author.user.id, "Pending", null);
    const canceledOver = await makeUser();
    await subscribe(canceledOver.user.id, author.user.id, "Canceled", -HOUR);
    const active = await makeUser();
    await subscribe(active.user.id, author.user.id, "Activated", 30 * DAY);
    const canceledPaid = await makeUser();
    await subscribe(canceledPaid.user.id, author.user.id, "Canceled", 5 * DAY);
    const subscriberOfAnother = await makeUser();
    await subscribe(subscriberOfAnother.user.id, otherExpert.user.id, "Activated", 30 * DAY);

    const lockedReaders = [plain, otherExpert, expired, pending, canceledOver, subscriberOfAnother];
    // Put the pick on every list of theirs: followed (feed), liked (liked list).
    for (const reader of lockedReaders)
      await database.db.insert(follows).values({ followerId: reader.user.id, expertId: author.user.id });
    for (const jar of [undefined, ...lockedReaders.map((reader) => reader.jar)]) {
      const viewerId = lockedReaders.find((reader) => reader.jar === jar)?.user.id ?? null;
      const answers = [
        await listRoute(postsRoute, "/api/posts?size=100", jar),
        await listRoute(postsRoute, `/api/posts?expertId=${author.user.id}`, jar),
        await listRoute(postsRoute, `/api/posts?categoryId=${categoryIds.NBA}&size=100`, jar),
        await listRoute(myPostsRoute, "/api/posts/my", jar),
        await listRoute(feedRoute, "/api/posts/my/feed?size=100", jar),
        await like(id, jar),
        await listRoute(likedRoute, "/api/posts/my/liked?size=100", jar),
        await notify(id, jar),
        await listRoute(commentsRoute, `/api/posts/${id}/comments`, jar, { postId: id }),
        await postComment(id, jar, { body: "Let me in" }),
        await deleteComment(authorComment.body.payload.id, jar),
      ];
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(MARKER);
      if (jar) {
        // The pick is on their feed and liked list, locked.
        for (const listed of [answers[4], answers[6]])
          expect(listed.body.items.find((item: { id: string }) => item.id === id)).toMatchObject({
            isLocked: true,
            body: null,
          });
        expect(answers[8].status).toBe(403);
      }
      const onEvent = await listEventPosts(database.db, viewerId, eventId, { page: 1, size: 100 });
      const domainLists = [
        await listExpertPosts(database.db, viewerId, author.user.id, { page: 1, size: 100 }),
        onEvent,
        await listLatestFreePosts(database.db, viewerId, 100),
      ];
      expect(JSON.stringify(domainLists)).not.toContain(MARKER);
      expect(onEvent.items.map((item) => item.id)).toEqual([id]);
    }

    for (const jar of [
      undefined,
      plain.jar,
      otherExpert.jar,
      expired.jar,
      pending.jar,
      canceledOver.jar,
      subscriberOfAnother.jar,
    ]) {
      const response = await read(id, jar);
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(MARKER);
      expect(response.body.payload).toMatchObject({
        body: null,
        isLocked: true,
        selection: null,
        odds: null,
        units: null,
        title: "Lakers cover tonight",
      });
      expect(response.body.payload.previewText).toBe("x".repeat(300));
      // Writes answer nothing of the post either.
      for (const answer of [await update(id, jar, pickPayload()), await remove(id, jar), await grade(id, jar, "Win")]) {
        expect(JSON.stringify(answer.body)).not.toContain(MARKER);
        expect([401, 403]).toContain(answer.status);
      }
    }

    for (const reader of [author, active, canceledPaid]) {
      const jar = reader.jar;
      // Every list that holds the pick answers its body to the author and to subscribers.
      await like(id, jar);
      const lists = [
        await listRoute(postsRoute, `/api/posts?expertId=${author.user.id}`, jar),
        await listRoute(feedRoute, "/api/posts/my/feed?size=100", jar),
        await listRoute(likedRoute, "/api/posts/my/liked?size=100", jar),
      ];
      for (const listed of lists)
        expect(JSON.stringify(listed.body.items.find((item: { id: string }) => item.id === id).body)).toContain(MARKER);
      if (reader === author)
        expect(JSON.stringify((await listRoute(myPostsRoute, "/api/posts/my", jar)).body)).toContain(MARKER);
      const discussion = await listRoute(commentsRoute, `/api/posts/${id}/comments`, jar, { postId: id });
      expect(discussion.status).toBe(200);
      expect(JSON.stringify(discussion.body)).toContain(MARKER);
      expect(
        JSON.stringify(
          (await listExpertPosts(database.db, reader.user.id, author.user.id, { page: 1, size: 100 })).items,
        ),
      ).toContain(MARKER);
      expect(
        JSON.stringify((await listEventPosts(database.db, reader.user.id, eventId, { page: 1, size: 100 })).items),
      ).toContain(MARKER);

      const response = await read(id, jar);
      expect(response.body.payload.isLocked).toBe(false);
      expect(JSON.stringify(response.body.payload.body)).toContain(MARKER);
      expect(response.body.payload).toMatchObject({ selection: "Lakers -4.5", odds: -110, units: 1.5 });
    }
    // The creating answer went to the author only; the DB row still holds the body.
    expect(JSON.stringify(created.body)).toContain(MARKER);
  });

  it("a free Post is readable by everyone", async () => {
    const author = await makeUser({ expert: true });
    const created = await create(author.jar, {
      ...pickPayload(),
      postType: "Post",
      body: [paragraph("Free words for all.")],
    });
    const response = await read(created.body.payload.id);
    expect(response.body.payload).toMatchObject({
      isLocked: false,
      body: [paragraph("Free words for all.")],
      visibility: "Free",
    });
  });

  it("drafts: only their author; scheduled posts: a teaser for others; unknown or malformed ids → 404", async () => {
    const author = await makeUser({ expert: true });
    const draft = (await create(author.jar, pickPayload({ publishDate: null }))).body.payload.id;
    const goesLive = new Date(Date.now() + DAY).toISOString();
    const scheduled = (
      await create(author.jar, postPayload({ publishDate: goesLive, body: [paragraph("SCHEDULED-SECRET opening")] }))
    ).body.payload.id;
    const reader = await makeUser();
    expect((await read(draft)).status).toBe(404);
    expect((await read(draft, reader.jar)).status).toBe(404);
    expect((await update(draft, reader.jar, pickPayload())).status).toBe(404);
    expect((await read(draft, author.jar)).status).toBe(200);
    // Someone else's scheduled post: title, date and author, nothing of its body or preview, so readers can ask notify-me.
    for (const jar of [undefined, reader.jar]) {
      const teaser = await read(scheduled, jar);
      expect(teaser.status).toBe(200);
      expect(teaser.body.payload).toMatchObject({
        id: scheduled,
        body: null,
        isLocked: true,
        preview: [],
        previewText: "",
        publishDate: goesLive,
      });
      expect(JSON.stringify(teaser.body)).not.toContain("SCHEDULED-SECRET");
    }
    expect((await update(scheduled, reader.jar, postPayload())).status).toBe(403);
    expect((await read(scheduled, author.jar)).body.payload).toMatchObject({
      isLocked: false,
      previewText: "SCHEDULED-SECRET opening",
    });
    expect((await read(crypto.randomUUID())).status).toBe(404);
    expect((await read("not-a-uuid")).status).toBe(404);
  });

  it("once its game starts a Pick's bet and committed text are public, graded or not; its body stays locked", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(DAY);
    const id = (await create(author.jar, propPayload(eventId))).body.payload.id;
    const before = (await read(id)).body.payload;
    expect(before).toMatchObject({ selection: null, odds: null, legs: null, committedText: null });
    expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
    await startEvent(eventId);
    const started = (await read(id)).body.payload;
    expect(started).toMatchObject({
      isLocked: true,
      body: null,
      selection: "LeBron James points Over 25.5",
      odds: -115,
      units: 1.5,
      pickResult: null,
    });
    expect(started.committedText).toContain("selection: LeBron James points Over 25.5");
    expect((await grade(id, author.jar, "Win")).body.error).toBe(
      "A self-graded pick can be graded only after its game has a final result.",
    );
    await finishEvent(eventId);
    expect((await grade(id, author.jar, "Win")).status).toBe(200);
    const response = await read(id);
    expect(response.body.payload).toMatchObject({
      isLocked: true,
      body: null,
      selection: "LeBron James points Over 25.5",
      odds: -115,
      units: 1.5,
      pickResult: "Win",
      selfGraded: true,
    });
    expect(response.body.payload.gradedAt).not.toBeNull();
  });
});

describe(`PUT and DELETE /api/posts/{id} (${testDatabaseEngine()})`, () => {
  it("the author edits: fields, modalities and preview are replaced; a live post keeps its publish date", async () => {
    const author = await makeUser({ expert: true });
    const created = (await create(author.jar, pickPayload())).body.payload;
    const response = await update(
      created.id,
      author.jar,
      pickPayload({
        title: "Edited",
        body: [paragraph("New analysis.")],
        modalityIds: [modalityIds[2]],
        publishDate: new Date().toISOString(),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.payload).toMatchObject({
      title: "Edited",
      units: 1.5,
      previewText: "New analysis.",
      modalityIds: [modalityIds[2]],
      publishDate: created.publishDate,
    });
    // A posted pick keeps its bet; a draft's may change.
    for (const change of [
      { units: 2 },
      { legs: [{ eventId: nbaEventId, market: "Spread", side: "Home", line: -3.5, odds: -110 }] },
      { market: "Moneyline", legs: [{ eventId: nbaEventId, market: "Moneyline", side: "Home", odds: -200 }] },
    ]) {
      const refused = await update(created.id, author.jar, pickPayload(change));
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe("A posted pick's selection, line, odds and units cannot change.");
    }
    const draft = (await create(author.jar, pickPayload({ publishDate: null }))).body.payload;
    expect(draft.postedAt).toBeNull();
    expect(
      (await update(draft.id, author.jar, pickPayload({ units: 2, publishDate: null }))).body.payload,
    ).toMatchObject({ units: 2, status: "Draft" });
  });

  it("others: 401 for a visitor, 403 for another user; validation 422", async () => {
    const author = await makeUser({ expert: true });
    const id = (await create(author.jar, pickPayload())).body.payload.id;
    const other = await makeUser({ expert: true });
    expect((await update(id, undefined, pickPayload())).status).toBe(401);
    expect((await update(id, other.jar, pickPayload())).status).toBe(403);
    expect((await remove(id, other.jar)).status).toBe(403);
    const invalid = await update(id, author.jar, pickPayload({ title: "" }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ title: ["Required"] });
  });

  it("the author deletes a post or a draft pick; then it is gone. A posted pick is withdrawn, never deleted", async () => {
    const author = await makeUser({ expert: true });
    for (const payload of [postPayload(), pickPayload({ publishDate: null })]) {
      const id = (await create(author.jar, payload)).body.payload.id;
      const response = await remove(id, author.jar);
      expect(response.status).toBe(200);
      expect((await read(id, author.jar)).status).toBe(404);
      expect((await remove(id, author.jar)).status).toBe(404);
    }
    const posted = (await create(author.jar, pickPayload())).body.payload.id;
    const refused = await remove(posted, author.jar);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      "A posted pick is part of the verified record: withdraw it before its event starts instead.",
    );
  });

  it("record integrity: a graded Pick or one whose event started cannot be edited or deleted (422)", async () => {
    const author = await makeUser({ expert: true });
    const gradedEvent = await makeEvent(DAY);
    const graded = (await create(author.jar, propPayload(gradedEvent))).body.payload.id;
    await finishEvent(gradedEvent);
    expect((await grade(graded, author.jar, "Loss")).status).toBe(200);
    for (const response of [
      await update(graded, author.jar, propPayload(gradedEvent)),
      await remove(graded, author.jar),
    ]) {
      expect(response.status).toBe(422);
      expect(response.body.error).toBe("This pick has been graded: it can no longer be edited or deleted.");
    }

    const eventId = await makeEvent(DAY);
    const started = (await create(author.jar, pickPayload({ eventId }))).body.payload.id;
    await startEvent(eventId);
    for (const response of [
      await update(started, author.jar, pickPayload({ eventId })),
      await remove(started, author.jar),
    ]) {
      expect(response.status).toBe(422);
      expect(response.body.error).toBe("This pick's event has started: it can no longer be edited or deleted.");
    }
    expect(await database.db.query.posts.findFirst({ where: eq(posts.id, started) })).toBeTruthy();
  });

  it("a free Post whose event started may still be edited", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(DAY);
    const id = (await create(author.jar, { ...pickPayload({ eventId }), postType: "Post" })).body.payload.id;
    await database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(events.id, eventId));
    expect(
      (await update(id, author.jar, { ...pickPayload({ eventId, title: "Recap" }), postType: "Post" })).status,
    ).toBe(200);
  });
});

describe(`PUT /api/posts/{postId}/pick-result (${testDatabaseEngine()})`, () => {
  it("the author grades a prop once, after its game started; gradedAt is set and the grade flagged self-graded", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(DAY);
    const id = (await create(author.jar, propPayload(eventId))).body.payload.id;
    const early = await grade(id, author.jar, "Win");
    expect(early.status).toBe(422);
    expect(early.body.error).toBe("A pick is graded only after its event has started.");
    await startEvent(eventId);
    const unfinished = await grade(id, author.jar, "Push");
    expect(unfinished.status).toBe(422);
    expect(unfinished.body.error).toBe("A self-graded pick can be graded only after its game has a final result.");
    await finishEvent(eventId);
    const response = await grade(id, author.jar, "Push");
    expect(response.status).toBe(200);
    expect(response.body.payload).toMatchObject({ pickResult: "Push", isLocked: false, selfGraded: true });
    const row = await database.db.query.posts.findFirst({ where: eq(posts.id, id) });
    expect(row?.gradedAt).toBeInstanceOf(Date);
    const again = await grade(id, author.jar, "Win");
    expect(again.status).toBe(422);
    expect(again.body.error).toBe("This pick has already been graded.");
  });

  it("a pick the score decides is not the expert's to grade", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(DAY);
    const id = (await create(author.jar, pickPayload({ eventId }))).body.payload.id;
    await startEvent(eventId);
    const response = await grade(id, author.jar, "Win");
    expect(response.status).toBe(422);
    expect(response.body.error).toBe("This pick is graded from the final score.");
  });

  it("of two grades at once, one lands", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(DAY);
    const id = (await create(author.jar, propPayload(eventId))).body.payload.id;
    await finishEvent(eventId);
    const statuses = (await Promise.all([grade(id, author.jar, "Win"), grade(id, author.jar, "Loss")]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 422]);
  });

  it("failures: bad value 400, others 401/403, a Post or unpublished Pick 422, unknown 404", async () => {
    const author = await makeUser({ expert: true });
    const id = (await create(author.jar, pickPayload())).body.payload.id;
    expect((await grade(id, author.jar, "Maybe")).status).toBe(400);
    expect((await grade(id, undefined, "Win")).status).toBe(401);
    expect((await grade(id, (await makeUser()).jar, "Win")).status).toBe(403);
    const post = (await create(author.jar, { ...pickPayload(), postType: "Post" })).body.payload.id;
    const onPost = await grade(post, author.jar, "Win");
    expect(onPost.status).toBe(422);
    expect(onPost.body.error).toBe("Only picks can be graded.");
    const draft = (await create(author.jar, propPayload(nbaEventId, { publishDate: null }))).body.payload.id;
    const onDraft = await grade(draft, author.jar, "Void");
    expect(onDraft.status).toBe(422);
    expect(onDraft.body.error).toBe("Only a published pick can be graded.");
    expect((await grade(crypto.randomUUID(), author.jar, "Win")).status).toBe(404);
  });
});
