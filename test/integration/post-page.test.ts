/**
 * The post page `/posts/{id}` and the game page `/events/{id}`: their loaders on the real
 * modules and database, and the documents the app answers (test/support/real-pages.ts). A locked pick's body
 * must appear nowhere a locked reader can see: not in the HTML, not in the loader data that is
 * serialized into the page, not in the meta tags.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, events, marketSnapshots, posts, subscriptions } from "~/db/schema";
import * as postsRoute from "~/routes/api.posts._index";
import * as commentsRoute from "~/routes/api.posts.$postId.comments";
import * as eventPage from "~/routes/events.$eventId";
import * as postPage from "~/routes/posts.$postId";
import { callRoute, type CookieJar } from "../support/api-caller";
import { closeRealPages, realPages } from "../support/real-pages";
import { isGradable } from "~/components/posts/post-actions";
import type { CardPost } from "~/modules/posts/card-post";
import { makeLoadContext } from "../support/context";
import { postFixtures, type MadeUser } from "../support/post-fixtures";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let categoryIds: Record<string, number>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, {
    APP_URL: "https://sharpside.example",
    RATE_LIMIT_POST: "1000/60",
    RATE_LIMIT_COMMENT: "1000/60",
  });
  categoryIds = Object.fromEntries((await database.db.query.categories.findMany()).map((row) => [row.name, row.id]));
});
afterAll(async () => {
  await closeRealPages();
  await database?.close();
});
const pages = realPages(() => context);

/** Users as the post-list tests make them (test/support/post-fixtures.ts). */
const makeUser = (options: { expert?: boolean } = {}): Promise<MadeUser> =>
  postFixtures(database.db, context).makeUser(options);

/** A coming game whose market has the pages' pick: Lakers -4.5 at +150. */
async function makeEvent(startsInMs: number) {
  const [row] = await database.db
    .insert(events)
    .values({
      categoryId: categoryIds.NBA,
      homeTeam: "Lakers",
      awayTeam: "Celtics",
      startsAt: new Date(Date.now() + startsInMs),
    })
    .returning({ id: events.id });
  await database.db.insert(marketSnapshots).values([
    { eventId: row.id, market: "Spread", side: "Home", line: -4.5, price: 150, bookmakers: 4 },
    { eventId: row.id, market: "Spread", side: "Away", line: 4.5, price: -180, bookmakers: 4 },
  ]);
  return row.id;
}

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });
/** In the body only: six blocks in, past the preview's five. */
const SECRET = "ZEBRA-SECRET-ANALYSIS-7731";
/** In a prop's description: part of its selection, the subscribers' until the game starts. */
const PROP_SECRET = "ZEBRA-PROP-DESCRIPTION-5512";

const lockedBody = () => [
  paragraph("Opening line anyone may read."),
  paragraph("Second block."),
  paragraph("Third block."),
  paragraph("Fourth block."),
  paragraph("Fifth block."),
  { type: "heading-two", children: [{ text: `Why: ${SECRET}` }] },
  paragraph(`The number is wrong by two points, ${SECRET}.`),
];

/**
 * A live post made through `POST /api/posts`: by default a Pick, a spread on the home side at +150
 * for 1.5 units on the game `eventId` (its own coming "Celtics at Lakers" unless told), so its
 * selection reads "Lakers -4.5". `market` and `legs` may be given whole (a prop, say).
 */
async function createPost(author: MadeUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const { eventId: givenEventId, ...rest } = overrides;
  const isPick = (overrides.postType ?? "Pick") === "Pick";
  const eventId = givenEventId ?? (isPick && !overrides.legs ? await makeEvent(2 * DAY) : undefined);
  const response = await callRoute(postsRoute, context, {
    method: "POST",
    path: "/api/posts",
    jar: author.jar,
    body: {
      postType: "Pick",
      title: "Celtics at Lakers: the side",
      body: lockedBody(),
      categoryId: categoryIds.NBA,
      modalityIds: [],
      ...(isPick
        ? { market: "Spread", legs: [{ eventId, market: "Spread", side: "Home", line: -4.5, odds: 150 }], units: 1.5 }
        : { eventId }),
      coverImage: "uploads/cover.jpg",
      publishDate: new Date(Date.now() - 1000).toISOString(),
      ...rest,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.payload.id as string;
}

/** A player prop whose description (free text, part of its selection) carries `words`. */
async function createProp(
  author: MadeUser,
  words: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; eventId: number }> {
  const eventId = await makeEvent(2 * DAY);
  const legs = [
    {
      eventId,
      market: "PlayerProp",
      side: "Over",
      line: 25.5,
      odds: -115,
      description: `LeBron James points ${words}`,
    },
  ];
  const id = await createPost(author, { title: "LeBron over", market: "PlayerProp", legs, ...overrides });
  return { id, eventId };
}

const startEvent = (eventId: number) =>
  database.db.update(events).set({ startsAt: new Date() }).where(eq(events.id, eventId));

type LoaderResult = { status: number; data: Record<string, unknown> | null; headers: Headers | null };

/** Runs a page loader like Remix: a thrown Response is answered; `data(...)` answers are unwrapped. */
async function load(
  loader: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  jar?: CookieJar,
): Promise<LoaderResult> {
  const headers = new Headers();
  if (jar) headers.set("Cookie", jar.header());
  try {
    const result = await loader({
      request: new Request(`http://localhost${path}`, { headers }),
      params,
      context,
    } as never);
    if (
      result &&
      typeof result === "object" &&
      "type" in result &&
      (result as { type: string }).type === "DataWithResponseInit"
    ) {
      const wrapped = result as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 200, data: wrapped.data, headers: new Headers(wrapped.init?.headers) };
    }
    return { status: 200, data: result as Record<string, unknown>, headers: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, headers: thrown.headers };
    throw thrown;
  }
}

const loadPost = (id: string, jar?: CookieJar, search = "") =>
  load(postPage.loader, `/posts/${id}${search}`, { postId: id }, jar);
const loadEvent = (id: string, jar?: CookieJar, search = "") =>
  load(eventPage.loader, `/events/${id}${search}`, { eventId: id }, jar);

/** The page as the app answers it to `viewer` (a visitor when null): the whole document, meta tags and serialized data included. */
const pageHtml = async (path: string, viewer: MadeUser | null) => (await pages.page(path, viewer?.jar)).text;

/**
 * Whether the page offers `viewer` the Grade pick menu. The menu comes with the page's JavaScript
 * (the server keeps no place for it), so this is the component's own rule on the page's data.
 */
async function offersGrading(id: string, viewer: MadeUser): Promise<boolean> {
  const post = (await loadPost(id, viewer.jar)).data!.post as CardPost;
  return post.author.id === viewer.user.id && isGradable(post, post.pickResult);
}

const metaOf = (data: unknown) =>
  postPage.meta({ data, matches: [{ id: "root", data: { appName: "Sharpside" } }] } as never) as Record<
    string,
    string
  >[];

describe(`/posts/{id}: the paywall on the page (${testDatabaseEngine()})`, () => {
  let author: MadeUser;
  let subscriber: MadeUser;
  let stranger: MadeUser;
  let pickId: string;
  let propId: string;

  beforeAll(async () => {
    author = await makeUser({ expert: true });
    subscriber = await makeUser();
    stranger = await makeUser();
    await database.db.insert(subscriptions).values({
      subscriberId: subscriber.user.id,
      expertId: author.user.id,
      status: "Activated",
      priceCents: 1000,
      currentPeriodEnd: new Date(Date.now() + 30 * DAY),
    });
    pickId = await createPost(author);
    propId = (await createProp(author, PROP_SECRET)).id;
  });

  it("the author reads the body, with the pick, Edit and Withdraw (a posted pick is never deleted)", async () => {
    const { status } = await loadPost(pickId, author.jar);
    expect(status).toBe(200);
    const html = await pageHtml(`/posts/${pickId}`, author);
    expect(html).toContain(SECRET);
    expect(html).toContain("Lakers -4.5");
    expect(html).toContain("+150");
    expect(html).toContain("1.5 units");
    expect(html).toContain("Pending");
    expect(html).toContain(`?createEditPost=${pickId}`);
    expect(html).toContain("Withdraw pick");
    expect(html).not.toContain("Delete pick");
    // A spread is graded from the final score, and nothing is graded before the start.
    expect(await offersGrading(pickId, author)).toBe(false);
    expect(html).toContain('id="comments"');
  });

  it("a subscriber reads the body and the discussion, without the author's controls", async () => {
    const { status, data, headers } = await loadPost(pickId, subscriber.jar);
    expect(status).toBe(200);
    // A reader's copy holds a paid body: no cache may keep it.
    expect(headers?.get("Cache-Control")).toBe("private, no-store");
    const html = await pageHtml(`/posts/${pickId}`, subscriber);
    expect(html).toContain(SECRET);
    expect(html).toContain("Lakers -4.5");
    expect(JSON.stringify(data)).toContain('"line":-4.5');
    // The discussion is open to them: the form's place (the form comes with the page's JavaScript).
    expect(html).toContain('data-testid="comment-form-slot"');
    expect(html).not.toContain(`createEditPost=${pickId}`);
    expect(html).not.toContain("Withdraw pick");
    expect(await offersGrading(pickId, subscriber)).toBe(false);
    // The prop's words are the subscriber's to read.
    const prop = await loadPost(propId, subscriber.jar);
    expect(await pageHtml(`/posts/${propId}`, subscriber)).toContain(`${PROP_SECRET} Over 25.5`);
    expect(JSON.stringify(prop.data)).toContain('"line":25.5');
  });

  for (const who of ["visitor", "signed-in non-subscriber"] as const) {
    it(`a ${who} gets the locked view: the body's words and the bet are nowhere in the HTML, the loader data or the meta tags`, async () => {
      const viewer = who === "visitor" ? null : stranger;
      for (const id of [pickId, propId]) {
        const { status, data, headers } = await loadPost(id, viewer?.jar);
        expect(status).toBe(200);
        // Before the game starts the bet is the subscribers' too: selection, odds, stake and legs (its kind is everyone's).
        expect(data, id).toMatchObject({
          post: {
            isLocked: true,
            body: null,
            selection: null,
            odds: null,
            units: null,
            market: id === pickId ? "Spread" : "PlayerProp",
            legs: null,
            committedText: null,
          },
          comments: null,
        });
        expect(headers?.get("Cache-Control") ?? null).toBe(who === "visitor" ? null : "private, no-store");
        const html = await pageHtml(`/posts/${id}`, viewer);
        const meta = metaOf(data);
        // And what a client-side navigation to the pick reads.
        const navigation = await pages.data(`/posts/${id}`, viewer?.jar);
        expect(navigation.status).toBe(200);
        expect(navigation.text).toContain("Opening line anyone may read.");
        for (const place of [html, navigation.text, JSON.stringify(data), JSON.stringify(meta)]) {
          expect(place).not.toContain(SECRET);
          expect(place).not.toContain(PROP_SECRET);
          expect(place).not.toContain("ZEBRA");
          expect(place).not.toContain("Lakers -4.5");
          expect(place).not.toContain('"line":-4.5');
          expect(place).not.toContain("Over 25.5");
          expect(place).not.toContain('"line":25.5');
          expect(place).not.toContain("+150");
          expect(place).not.toContain("1.5 units");
        }
        expect(html).toContain("Opening line anyone may read.");
        expect(html).toContain("This pick is for subscribers");
        expect(html).toContain(`href="/experts/${author.user.userName}"`);
        // Subscribe leads to the subscription step, returning to this pick.
        expect(html).toContain(`href="/subscribe/${author.user.userName}?next=${encodeURIComponent(`/posts/${id}`)}"`);
        expect(html).toContain("Subscribe to this expert to read and join the discussion.");
        expect(html).not.toContain('data-testid="comment-form-slot"');
        expect(html).not.toContain("Withdraw pick");
        // A visitor may also just sign in; a signed-in reader is not asked to.
        if (who === "visitor") expect(html).toContain(`/sign-in?callbackUrl=${encodeURIComponent(`/posts/${id}`)}`);
        else expect(html).not.toContain("/sign-in?callbackUrl=");
      }
    });
  }

  it("the meta tags: the title in the template, the preview as description, the cover as og:image", async () => {
    const { data } = await loadPost(pickId);
    const meta = metaOf(data);
    expect(meta).toContainEqual({ title: "Celtics at Lakers: the side | SHARPSIDE" });
    expect(meta).toContainEqual({
      name: "description",
      content: "Opening line anyone may read. Second block. Third block. Fourth block. Fifth block.",
    });
    expect(meta).toContainEqual({ property: "og:title", content: "Celtics at Lakers: the side" });
    expect(meta).toContainEqual({
      property: "og:description",
      content: "Opening line anyone may read. Second block. Third block. Fourth block. Fifth block.",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://sharpside.example/img?src=uploads%2Fcover.jpg&w=1280&q=75",
    });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `https://sharpside.example/posts/${pickId}`,
    });
    expect(meta.find((tag) => tag.name === "robots")).toBeUndefined();
  });

  it("a graded pick's record is public to a locked reader; the analysis stays locked, and Edit is gone for the author", async () => {
    const eventId = await makeEvent(2 * DAY);
    const gradedId = await createPost(author, { eventId, title: "Graded one" });
    // Graded as the results import grades it: after the game started.
    await startEvent(eventId);
    await database.db
      .update(posts)
      .set({ pickResult: "Win", gradedAt: new Date(), settledOdds: 150 })
      .where(eq(posts.id, gradedId));
    const visitor = await loadPost(gradedId);
    expect(visitor.data).toMatchObject({
      post: { isLocked: true, body: null, pickResult: "Win", selection: "Lakers -4.5", odds: 150, units: 1.5 },
    });
    const html = await pageHtml(`/posts/${gradedId}`, null);
    expect(html).toContain("+150");
    expect(html).toContain("Win");
    expect(html).toContain("Lakers -4.5");
    expect(JSON.stringify(visitor.data)).not.toContain(SECRET);
    expect(html).not.toContain(SECRET);
    const ownHtml = await pageHtml(`/posts/${gradedId}`, author);
    expect(ownHtml).not.toContain(`createEditPost=${gradedId}`);
    expect(ownHtml).not.toContain("Withdraw pick");
    expect(await offersGrading(gradedId, author)).toBe(false);
  });

  it("a pick whose game has started cannot be edited or withdrawn; its bet is public, its analysis still locked", async () => {
    const eventId = await makeEvent(2 * HOUR);
    const id = await createPost(author, { eventId, title: "Started soon" });
    await startEvent(eventId);
    const own = await loadPost(id, author.jar);
    expect(own.data).toMatchObject({ eventStarted: true });
    const html = await pageHtml(`/posts/${id}`, author);
    expect(html).not.toContain(`createEditPost=${id}`);
    expect(html).not.toContain("Withdraw pick");
    expect(html).not.toContain("Delete pick");
    // Graded from the final score: not by its author.
    expect(await offersGrading(id, author)).toBe(false);
    expect(html).toContain(`href="/events/${eventId}"`);

    // The game is on: anyone sees the bet and the committed text; the analysis stays the subscribers'.
    const visitor = await loadPost(id);
    expect(visitor.data).toMatchObject({
      post: {
        isLocked: true,
        body: null,
        selection: "Lakers -4.5",
        odds: 150,
        units: 1.5,
        market: "Spread",
        pickResult: null,
      },
    });
    const committedText = (visitor.data!.post as { committedText: string | null }).committedText;
    expect(committedText).toContain("selection: Lakers -4.5");
    const visitorHtml = await pageHtml(`/posts/${id}`, null);
    expect(visitorHtml).toContain("Lakers -4.5");
    expect(visitorHtml).toContain("+150");
    for (const place of [visitorHtml, JSON.stringify(visitor.data), JSON.stringify(metaOf(visitor.data))])
      expect(place).not.toContain(SECRET);
  });

  it("a prop whose game has its final result is graded by its author: Grade pick, and nothing else to change", async () => {
    const { id, eventId } = await createProp(author, "tonight");
    const before = await pageHtml(`/posts/${id}`, author);
    expect(await offersGrading(id, author)).toBe(false);
    expect(before).toContain("Withdraw pick");
    expect(before).toContain("Self-reported");
    await startEvent(eventId);
    // Started, still being played: the self-grade waits for the final result.
    expect(await offersGrading(id, author)).toBe(false);
    await database.db
      .update(events)
      .set({ status: "Final", homeScore: 101, awayScore: 99, resultedAt: new Date() })
      .where(eq(events.id, eventId));
    const html = await pageHtml(`/posts/${id}`, author);
    expect(await offersGrading(id, author)).toBe(true);
    expect(html).not.toContain(`createEditPost=${id}`);
    expect(html).not.toContain("Withdraw pick");
    // Nobody else grades it.
    expect(await offersGrading(id, subscriber)).toBe(false);
  });

  it("a scheduled post: its author reads it; everyone else gets a teaser with notify-me and none of its text", async () => {
    const teaserText = "QUOKKA-NOT-YET";
    const id = await createPost(author, {
      postType: "Post",
      title: "Later",
      body: [paragraph(`Coming: ${teaserText}`)],
      publishDate: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    const own = await loadPost(id, author.jar);
    expect(own.status).toBe(200);
    const ownHtml = await pageHtml(`/posts/${id}`, author);
    expect(ownHtml).toContain("Scheduled for");
    expect(ownHtml).toContain(teaserText);
    expect(metaOf(own.data)).toContainEqual({ name: "robots", content: "noindex" });
    for (const viewer of [null, subscriber]) {
      const { status, data } = await loadPost(id, viewer?.jar);
      expect(status).toBe(200);
      expect(data).toMatchObject({ post: { isLocked: true, body: null }, comments: null, isLive: false });
      const html = await pageHtml(`/posts/${id}`, viewer);
      for (const place of [html, JSON.stringify(data), JSON.stringify(metaOf(data))])
        expect(place).not.toContain(teaserText);
      expect(html).toContain("This post is not live yet");
      expect(html).toContain("Notify me");
      expect(html).toContain("The discussion opens when this post goes live.");
      expect(html).not.toContain("This pick is for subscribers");
    }
  });

  it("a draft is a 404 for everyone but its author", async () => {
    const id = await createPost(author, {
      postType: "Post",
      title: "Draft",
      body: [paragraph("Draft words.")],
      publishDate: null,
    });
    expect((await loadPost(id, author.jar)).status).toBe(200);
    expect((await loadPost(id)).status).toBe(404);
    expect((await loadPost(id, subscriber.jar)).status).toBe(404);
  });

  it("unknown and malformed ids are a 404", async () => {
    expect((await loadPost("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await loadPost("not-a-post")).status).toBe(404);
    const meta = postPage.meta({ data: undefined, matches: [{ id: "root", data: { appName: "Sharpside" } }] } as never);
    expect(meta).toEqual([{ title: "Not found | SHARPSIDE" }]);
  });
});

describe(`/posts/{id}: comments (${testDatabaseEngine()})`, () => {
  let author: MadeUser;
  let reader: MadeUser;
  let postId: string;
  const commentIds: string[] = [];

  beforeAll(async () => {
    author = await makeUser({ expert: true });
    reader = await makeUser();
    postId = await createPost(author, { postType: "Post", title: "Free post", body: [paragraph("Free to read.")] });
    // 12 top-level comments, a second apart, oldest first; the oldest has a reply.
    const start = Date.now() - HOUR;
    for (let i = 0; i < 12; i += 1) {
      const [row] = await database.db
        .insert(comments)
        .values({
          postId,
          authorId: reader.user.id,
          body: `Comment number ${i} <script>alert(1)</script>`,
          createdAt: new Date(start + i * 1000),
        })
        .returning({ id: comments.id });
      commentIds.push(row.id);
    }
    const reply = await callRoute(commentsRoute, context, {
      method: "POST",
      path: `/api/posts/${postId}/comments`,
      params: { postId },
      jar: author.jar,
      body: { body: "The author answers.", parentId: commentIds[0] },
    });
    expect(reply.status).toBe(201);
    commentIds.push(reply.body.payload.id as string);
  });

  it("renders the newest page of comments, their text as text, and the comment form's place", async () => {
    const { data } = await loadPost(postId, reader.jar);
    expect(data).toMatchObject({ comments: { page: 1, size: 10, totalItems: 12 }, scrollTo: null });
    const html = await pageHtml(`/posts/${postId}`, reader);
    expect(html).toContain("Comment number 11");
    expect(html).not.toContain("Comment number 1 ");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");
    // The form sends with JavaScript only: the server keeps its place, the browser renders it
    // (its label: test/component/comments.test.tsx).
    expect(html).toContain('data-testid="comment-form-slot"');
    expect(html).not.toContain("Add a comment");
    expect(html).toContain("Load more comments");
  });

  it("?scrollTo renders the page that holds the comment, or its parent for a reply", async () => {
    const onPageTwo = await loadPost(postId, undefined, `?scrollTo=${commentIds[1]}`);
    expect(onPageTwo.data).toMatchObject({ comments: { page: 2 }, scrollTo: commentIds[1] });
    const html = await pageHtml(`/posts/${postId}?scrollTo=${commentIds[1]}`, null);
    expect(html).toContain(`id="comment-${commentIds[1]}"`);
    expect(html).toContain("Show the newest comments");
    const reply = await loadPost(postId, undefined, `?scrollTo=${commentIds[12]}`);
    expect(reply.data).toMatchObject({ comments: { page: 2 }, scrollTo: commentIds[12] });
    expect(await pageHtml(`/posts/${postId}?scrollTo=${commentIds[12]}`, null)).toContain("The author answers.");
    const newest = await loadPost(postId, undefined, `?scrollTo=${commentIds[11]}`);
    expect(newest.data).toMatchObject({ comments: { page: 1 } });
    const unknown = await loadPost(postId, undefined, "?scrollTo=00000000-0000-4000-8000-000000000000");
    expect(unknown.data).toMatchObject({ comments: { page: 1 }, scrollTo: null });
    const garbage = await loadPost(postId, undefined, "?scrollTo=<x>");
    expect(garbage.data).toMatchObject({ comments: { page: 1 }, scrollTo: null });
  });

  it("a visitor reads the discussion and is asked to sign in to join it", async () => {
    const html = await pageHtml(`/posts/${postId}`, null);
    expect(html).toContain("to join the discussion.");
    expect(html).not.toContain('data-testid="comment-form-slot"');
  });
});

describe(`/events/{id} (${testDatabaseEngine()})`, () => {
  it("shows the game and its live posts through the serializer; 404 for unknown ids", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(3 * DAY);
    const freeId = await createPost(author, {
      postType: "Post",
      eventId,
      title: "Free take on the game",
      body: [paragraph("Free words.")],
    });
    const pickId = await createPost(author, { eventId, title: "Locked pick on the game" });
    await createPost(author, {
      postType: "Post",
      eventId,
      title: "Scheduled take",
      body: [paragraph("Later.")],
      publishDate: new Date(Date.now() + DAY).toISOString(),
    });
    const { status, data } = await loadEvent(String(eventId));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      event: { id: eventId, title: "Celtics at Lakers" },
      page: 1,
      totalPages: 1,
      totalItems: 2,
    });
    expect((data!.posts as { id: string }[]).map((post) => post.id)).toEqual([pickId, freeId]);
    const html = await pageHtml(`/events/${eventId}`, null);
    expect(html).toContain("Celtics at Lakers");
    expect(html).toContain("Free take on the game");
    expect(html).toContain("Locked pick on the game");
    expect(html).not.toContain("Scheduled take");
    for (const place of [html, JSON.stringify(data)]) {
      expect(place).not.toContain(SECRET);
      // The locked pick's bet, before the game: the subscribers' only.
      expect(place).not.toContain("Lakers -4.5");
      expect(place).not.toContain('"line":-4.5');
    }
    const meta = eventPage.meta({ data, matches: [{ id: "root", data: { appName: "Sharpside" } }] } as never) as Record<
      string,
      string
    >[];
    expect(meta).toContainEqual({ title: "Celtics at Lakers | SHARPSIDE" });

    expect((await loadEvent("99999999")).status).toBe(404);
    expect((await loadEvent("abc")).status).toBe(404);
    expect((await loadEvent("1e3")).status).toBe(404);
  });

  it("pages the posts ten at a time", async () => {
    const author = await makeUser({ expert: true });
    const eventId = await makeEvent(3 * DAY);
    for (let i = 0; i < 11; i += 1)
      await createPost(author, { postType: "Post", eventId, title: `Take ${i}`, body: [paragraph("x")] });
    const first = await loadEvent(String(eventId));
    expect(first.data).toMatchObject({ page: 1, totalPages: 2, totalItems: 11 });
    expect(await pageHtml(`/events/${eventId}`, null)).toContain("?page=2");
    const second = await loadEvent(String(eventId), undefined, "?page=2");
    expect((second.data!.posts as unknown[]).length).toBe(1);
  });
});

describe(`/posts/{id}: a pick page that says what it is (${testDatabaseEngine()})`, () => {
  it("labels a pick by its own market, even locked; a parlay lists each leg's side, line, price and game", async () => {
    const author = await makeUser({ expert: true });
    const [first, second] = [await makeEvent(2 * DAY), await makeEvent(3 * DAY)];
    const id = await createPost(author, {
      title: "Two road favourites",
      modalityIds: [],
      market: "Parlay",
      legs: [
        { eventId: first, market: "Spread", side: "Home", line: -4.5, odds: 150 },
        { eventId: second, market: "Spread", side: "Away", line: 4.5, odds: -180 },
      ],
      units: 1,
    });

    // Locked, before the games: the kind of bet is the label, the legs and their games are not shown.
    const before = await loadPost(id);
    expect(before.data).toMatchObject({ post: { market: "Parlay", legs: null }, legGames: null });
    const lockedHtml = await pageHtml(`/posts/${id}`, null);
    expect(lockedHtml).toContain(">Parlay</span>");
    expect(lockedHtml).toContain("This pick is for subscribers");
    expect(lockedHtml).not.toContain("Lakers -4.5");

    // Once the games have started the bet is public: every leg names its team, line, price and game.
    await startEvent(first);
    await startEvent(second);
    const after = await loadPost(id);
    expect((after.data!.legGames as { id: number }[]).map((game) => game.id)).toEqual([first, second]);
    const html = await pageHtml(`/posts/${id}`, null);
    const legs = /<ol[^>]*aria-label="Parlay legs"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? "";
    expect(legs).toContain("1. Lakers -4.5");
    expect(legs).toContain("2. Celtics +4.5");
    expect(legs).toContain("+150");
    expect(legs).toContain("-180");
    for (const game of [first, second]) {
      expect(legs).toContain(`href="/events/${game}"`);
      // The game bar lists each game, not the first only.
      expect(html.split(`href="/events/${game}"`).length - 1).toBeGreaterThanOrEqual(2);
    }
    // What is locked now is the write-up only, and the page says so.
    expect(html).toContain("The analysis is for subscribers");
    expect(html).not.toContain("This pick is for subscribers");
    expect(html).not.toContain(SECRET);
  });
});
