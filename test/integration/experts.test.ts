/**
 * The public expert (decision 021): `GET /api/experts/{expertId}`, `GET /api/experts`, the page
 * `/experts/{userName}` (loader and rendered HTML), `/profile`, and `/business` (gates and figures).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { experts, follows, payments, posts, profiles, subscriptions, users } from "~/db/schema";
import { recordFrom } from "~/modules/experts/experts.server";
import * as expertRoute from "~/routes/api.experts.$expertId";
import * as expertsRoute from "~/routes/api.experts._index";
import * as businessPage from "~/routes/business";
import * as expertPage from "~/routes/experts.$userName";
import { GRADED_PICKS_PAGE } from "~/modules/posts/record-panel.server";
import * as recordPanelRoute from "~/routes/experts.$expertId.record";
import * as profilePage from "~/routes/profile";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { postFixtures } from "../support/post-fixtures";
import { closeRealPages, realPages } from "../support/real-pages";
import { signedInJar } from "../support/signed-in";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let categoryIds: Record<string, number>;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  const rows = await database.db.query.categories.findMany();
  categoryIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});
afterAll(async () => {
  await closeRealPages();
  await database?.close();
});
/** The pages as the app answers them (root, route, meta tags and the data serialized for hydration). */
const pages = realPages(() => context);

let counter = 0;
interface MadeUser {
  user: typeof users.$inferSelect;
  jar: CookieJar;
}

/** A user (an expert with an Active membership unless told otherwise), signed in through a cookie jar. */
async function makeUser(
  options: {
    expert?: boolean;
    membership?: "Active" | "Pending" | null;
    confirmed?: boolean;
    firstName?: string;
    lastName?: string;
    userName?: string;
  } = {},
): Promise<MadeUser> {
  counter += 1;
  const { expert = true, confirmed = true } = options;
  const membership = options.membership === undefined ? (expert ? "Active" : null) : options.membership;
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: `expert${counter}@example.com`,
      userName: options.userName ?? `Handicapper${counter}`,
      firstName: options.firstName ?? "Casey",
      lastName: options.lastName ?? `Tester${counter}`,
      roles: expert ? ["Expert"] : ["User"],
      signUpFlow: expert ? "Expert" : "User",
      emailConfirmedAt: confirmed ? new Date() : null,
    })
    .returning();
  await db.insert(profiles).values({
    userId: user.id,
    city: "Austin",
    state: "TX",
    expertAboutText: expert ? `About expert ${counter}` : null,
  });
  if (membership)
    await db.insert(experts).values({ userId: user.id, membershipStatus: membership, membershipPaidAt: new Date() });
  return { user, jar: await signedInJar(db, context.env, user.id) };
}

const BODY_SECRET = "SECRET-ANALYSIS-ONLY-FOR-SUBSCRIBERS";

/**
 * A posted pick (a spread on its own coming game, posted `daysAgo` days ago); with a `pickResult`,
 * graded as the results import grades it: the game started, then result and time in one write.
 */
async function addPick(
  authorId: string,
  values: {
    odds?: number;
    units?: number;
    pickResult?: "Win" | "Loss" | "Push" | "Void" | null;
    category?: string;
    daysAgo?: number;
  },
) {
  const publishDate = new Date(Date.now() - (values.daysAgo ?? 1) * DAY);
  const fixtures = postFixtures(database.db, context);
  const categoryId = categoryIds[values.category ?? "NBA"];
  const event = await fixtures.addEvent({ categoryId });
  const odds = values.odds ?? -110;
  const [row] = await database.db
    .insert(posts)
    .values({
      authorId,
      postType: "Pick",
      title: `Pick ${++counter}`,
      body: [{ type: "paragraph", children: [{ text: BODY_SECRET }] }],
      preview: [{ type: "paragraph", children: [{ text: "A teaser anyone may read." }] }],
      previewText: "A teaser anyone may read.",
      visibility: "Subscribers",
      status: "Published",
      publishDate,
      categoryId,
      eventId: event.id,
      market: "Spread",
      legs: [{ eventId: event.id, market: "Spread", side: "Home", line: -4.5, odds, description: null }],
      selection: "Lakers -4.5",
      odds,
      units: values.units ?? 1,
    })
    .returning({ id: posts.id, eventId: posts.eventId, odds: posts.odds });
  if (values.pickResult) await fixtures.gradePick(row, values.pickResult);
  return row.id;
}

async function addFreePost(authorId: string, category = "NFL", publishDate = new Date(Date.now() - DAY)) {
  const [row] = await database.db
    .insert(posts)
    .values({
      authorId,
      postType: "Post",
      title: `Free post ${++counter}`,
      body: [{ type: "paragraph", children: [{ text: "Free words." }] }],
      previewText: "Free words.",
      visibility: "Free",
      status: "Published",
      publishDate,
      categoryId: categoryIds[category],
    })
    .returning({ id: posts.id });
  return row.id;
}

const getExpert = (expertId: string, jar?: CookieJar) =>
  callRoute(expertRoute, context, { path: `/api/experts/${encodeURIComponent(expertId)}`, params: { expertId }, jar });
const listExperts = (query: string, jar?: CookieJar) =>
  callRoute(expertsRoute, context, { path: `/api/experts${query}`, jar });

/** Runs a page loader like Remix: a thrown Response (redirect, 404, 403) is answered. */
async function page<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  params: Record<string, string> = {},
  jar?: CookieJar,
) {
  const headers = new Headers();
  if (jar) headers.set("Cookie", jar.header());
  try {
    const data = await loader({
      request: new Request(`http://localhost${path}`, { headers }),
      params,
      context,
    } as never);
    return { status: 200, data, location: null as string | null };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: null, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

describe(`the record (${testDatabaseEngine()})`, () => {
  it("rounds units to cents of a unit and ROI to a tenth of a percent", () => {
    expect(recordFrom({ wins: 2, losses: 1, pushes: 1, profit: 3, staked: 5.1 })).toEqual({
      withdrawn: 0,
      wins: 2,
      losses: 1,
      pushes: 1,
      units: 3,
      roi: 58.8,
    });
    expect(recordFrom({ wins: 0, losses: 0, pushes: 0, profit: 0, staked: 0 })).toEqual({
      withdrawn: 0,
      wins: 0,
      losses: 0,
      pushes: 0,
      units: 0,
      roi: 0,
    });
    expect(recordFrom({ wins: 0, losses: 1, pushes: 0, profit: -1.005, staked: 3 }).roi).toBe(-33.5);
  });
});

describe(`GET /api/experts/{expertId} (${testDatabaseEngine()})`, () => {
  it("answers the Expert by id or by userName in any case, with its graded record", async () => {
    const { user } = await makeUser({ firstName: "Marcus", lastName: "Hale" });
    await database.db
      .update(experts)
      .set({ subscriptionPriceCents: 2999, subscriptionDescription: "Every NBA side" })
      .where(eq(experts.userId, user.id));
    await database.db.update(profiles).set({ cover: "uploads/cover.jpg" }).where(eq(profiles.userId, user.id));
    // +150 for 2 units wins 3; -110 for 1.1 units wins 1; a loss of 1; a push; a Void and a pending pick left out.
    await addPick(user.id, { odds: 150, units: 2, pickResult: "Win" });
    await addPick(user.id, { odds: -110, units: 1.1, pickResult: "Win" });
    await addPick(user.id, { odds: -120, units: 1, pickResult: "Loss" });
    await addPick(user.id, { odds: -110, units: 1, pickResult: "Push" });
    await addPick(user.id, { odds: 200, units: 5, pickResult: "Void" });
    await addPick(user.id, { odds: 200, units: 5, pickResult: null });

    const byId = await getExpert(user.id);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({
      payload: {
        id: user.id,
        userName: user.userName,
        firstName: "Marcus",
        lastName: "Hale",
        avatar: `/avatars/${user.userName}.svg`,
        cover: "uploads/cover.jpg",
        expertAboutText: expect.stringContaining("About expert"),
        location: { country: "USA", state: "TX", city: "Austin" },
        subscriptionPrice: { price: 2999, description: "Every NBA side" },
        subscribersCount: 0,
        record: {
          wins: 2,
          losses: 1,
          pushes: 1,
          units: 3,
          roi: 58.8,
          withdrawn: 0,
          confidence: expect.objectContaining({ gradedPicks: 4, roi: 58.8, verdict: "Too few picks to tell" }),
        },
        isSubscribed: false,
        isFollowed: false,
      },
    });
    const byName = await getExpert(user.userName.toUpperCase());
    expect(byName.body).toEqual(byId.body);
  });

  it("answers zeros for an expert without graded picks, and null for no price", async () => {
    const { user } = await makeUser();
    await addPick(user.id, { pickResult: null });
    await addPick(user.id, { pickResult: "Void" });
    const { body } = await getExpert(user.id);
    expect(body.payload.record).toEqual({
      wins: 0,
      losses: 0,
      pushes: 0,
      units: 0,
      roi: 0,
      withdrawn: 0,
      confidence: {
        gradedPicks: 0,
        roi: null,
        roiLow: null,
        roiHigh: null,
        chanceByLuck: null,
        beatCloseShare: null,
        averageClv: null,
        verdict: "Too few picks to tell",
      },
    });
    expect(body.payload.subscriptionPrice).toBeNull();
  });

  it("is a 404 for an unknown id or name, a plain user and a membership not yet active", async () => {
    const plain = await makeUser({ expert: false });
    const pending = await makeUser({ membership: "Pending" });
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "nobody-here",
      plain.user.id,
      plain.user.userName,
      pending.user.id,
      "x".repeat(300),
    ]) {
      const response = await getExpert(id);
      expect(response.status, id).toBe(404);
      expect(response.body).toMatchObject({ statusCode: 404 });
    }
  });

  it("tells a viewer whether they follow and subscribe; counts subscriptions that give access", async () => {
    const { user: expert } = await makeUser();
    const viewer = await makeUser({ expert: false });
    const other = await makeUser({ expert: false });
    const lapsed = await makeUser({ expert: false });
    const expired = await makeUser({ expert: false });
    expect((await getExpert(expert.id, viewer.jar)).body.payload).toMatchObject({
      isSubscribed: false,
      isFollowed: false,
    });

    await database.db.insert(follows).values({ followerId: viewer.user.id, expertId: expert.id });
    await database.db.insert(subscriptions).values([
      // Canceled but paid until next week: still a subscriber.
      {
        subscriberId: viewer.user.id,
        expertId: expert.id,
        status: "Canceled",
        priceCents: 999,
        currentPeriodEnd: new Date(Date.now() + 7 * DAY),
      },
      { subscriberId: other.user.id, expertId: expert.id, status: "PastDue", priceCents: 999 },
      {
        subscriberId: lapsed.user.id,
        expertId: expert.id,
        status: "Canceled",
        priceCents: 999,
        currentPeriodEnd: new Date(Date.now() - DAY),
      },
      { subscriberId: expired.user.id, expertId: expert.id, status: "Expired", priceCents: 999 },
    ]);
    expect((await getExpert(expert.id, viewer.jar)).body.payload).toMatchObject({
      isSubscribed: true,
      isFollowed: true,
      subscribersCount: 2,
    });
    expect((await getExpert(expert.id, lapsed.jar)).body.payload).toMatchObject({
      isSubscribed: false,
      isFollowed: false,
    });
    // A visitor: both false.
    expect((await getExpert(expert.id)).body.payload).toMatchObject({
      isSubscribed: false,
      isFollowed: false,
      subscribersCount: 2,
    });
  });

  it("only answers GET", async () => {
    const response = await callRoute(expertRoute, context, {
      method: "POST",
      path: "/api/experts/x",
      params: { expertId: "x" },
    });
    expect(response.status).toBe(405);
  });
});

describe(`GET /api/experts (${testDatabaseEngine()})`, () => {
  it("pages through public experts only, 5 by default, in the Expert shape", async () => {
    for (let i = 0; i < 6; i++) await makeUser();
    await makeUser({ membership: "Pending" });
    await makeUser({ expert: false });
    const all = await listExperts("?size=100");
    expect(all.status).toBe(200);
    const total = all.body.meta.totalItems as number;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.body.items).toHaveLength(total);
    const [direct] = [(await getExpert(all.body.items[0].id)).body.payload];
    // A listed expert is the Expert plus the sports they publish in (skill or luck is the one
    // expert's answer only).
    expect(all.body.items[0]).toEqual({
      ...direct,
      record: { ...direct.record, confidence: undefined },
      categories: expect.any(Array),
    });
    for (const item of all.body.items) expect((await getExpert(item.id)).status).toBe(200);

    const first = await listExperts("");
    expect(first.body.meta).toEqual({ page: 1, size: 5, totalItems: total, totalPages: Math.ceil(total / 5) });
    expect(first.body.items).toHaveLength(5);
    const second = await listExperts("?page=2&size=5");
    const ids = [...first.body.items, ...second.body.items].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(all.body.items.slice(0, ids.length).map((e: { id: string }) => e.id));
    const beyond = await listExperts(`?page=${Math.ceil(total / 5) + 1}`);
    expect(beyond.body).toMatchObject({ items: [], meta: { totalItems: total } });
  });

  it("orders by subscribers, and filters by name and by category", async () => {
    const popular = await makeUser({ firstName: "Zelda", lastName: "Quartermaine", userName: "zq_percent%picks" });
    const fans = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser({ expert: false })));
    await database.db.insert(subscriptions).values(
      fans.map((fan) => ({
        subscriberId: fan.user.id,
        expertId: popular.user.id,
        status: "Activated" as const,
        priceCents: 500,
      })),
    );
    await addFreePost(popular.user.id, "Golf");

    const ranked = (await listExperts("?size=100")).body.items as { id: string; subscribersCount: number }[];
    expect(ranked[0].id).toBe(popular.user.id);
    const counts = ranked.map((e) => e.subscribersCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const q of ["zelda", "QUARTERMAINE", "zelda quarter", "zq_percent%"]) {
      const found = await listExperts(`?q=${encodeURIComponent(q)}`);
      expect(
        found.body.items.map((e: { id: string }) => e.id),
        q,
      ).toEqual([popular.user.id]);
    }
    // `%` and `_` are letters, not wildcards.
    expect((await listExperts(`?q=${encodeURIComponent("%")}`)).body.items.map((e: { id: string }) => e.id)).toEqual([
      popular.user.id,
    ]);

    const golf = await listExperts(`?categoryIds=${categoryIds.Golf}`);
    expect(golf.body.items.map((e: { id: string }) => e.id)).toEqual([popular.user.id]);
    const either = await listExperts(`?categoryIds=${categoryIds.Golf}&categoryIds=${categoryIds.NBA}&size=100`);
    expect(either.body.items.length).toBeGreaterThan(1);
    expect(either.body.items.map((e: { id: string }) => e.id)).toContain(popular.user.id);
    const nobody = await listExperts(`?categoryIds=${categoryIds.Esports}`);
    expect(nobody.body).toEqual({ items: [], meta: { page: 1, size: 5, totalItems: 0, totalPages: 0 } });
  });

  it("gives each item the viewer's flags", async () => {
    const expert = await makeUser({ userName: "FlaggedExpert" });
    const viewer = await makeUser({ expert: false });
    await database.db.insert(follows).values({ followerId: viewer.user.id, expertId: expert.user.id });
    const seen = await listExperts("?q=FlaggedExpert", viewer.jar);
    expect(seen.body.items[0]).toMatchObject({ isFollowed: true, isSubscribed: false });
    expect((await listExperts("?q=FlaggedExpert")).body.items[0]).toMatchObject({ isFollowed: false });
  });

  it("answers 400 for a malformed query", async () => {
    for (const query of ["?size=101", "?size=0", "?page=0", "?page=abc", "?categoryIds=nfl", `?q=${"x".repeat(101)}`]) {
      const response = await listExperts(query);
      expect(response.status, query).toBe(400);
      expect(response.body.errors).toBeDefined();
    }
  });
});

describe(`the expert page /experts/{userName} (${testDatabaseEngine()})`, () => {
  it("renders the profile, the record and the posts, never a locked pick's body", async () => {
    const { user } = await makeUser({ firstName: "Dana", lastName: "Whitfield" });
    await database.db.update(experts).set({ subscriptionPriceCents: 2999 }).where(eq(experts.userId, user.id));
    await addPick(user.id, { odds: 120, units: 1, pickResult: "Win" });
    await addPick(user.id, { pickResult: null });
    await addFreePost(user.id);

    const { status, data } = await page(expertPage.loader, `/experts/${user.userName}`, { userName: user.userName });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      isOwner: false,
      page: 1,
      totalPages: 1,
      canonicalUrl: `https://sharpside.example/experts/${user.userName}`,
    });
    expect(data!.posts).toHaveLength(3);
    expect(data!.posts.filter((p) => p.postType === "Pick").every((p) => p.isLocked)).toBe(true);
    expect(data!.posts.find((p) => p.pickResult)).toMatchObject({
      selection: "Lakers -4.5",
      odds: 120,
      units: 1,
      pickResult: "Win",
    });
    // The pending pick's game has not started: its bet is the subscribers' too (its kind is everyone's).
    expect(data!.posts.find((p) => p.postType === "Pick" && !p.pickResult)).toMatchObject({
      selection: null,
      odds: null,
      units: null,
      market: "Spread",
      legs: null,
    });
    // Cards get what a card renders: never a body, a preview document or a commitment.
    for (const post of data!.posts)
      for (const key of ["body", "preview", "commitment", "committedText"]) expect(post).not.toHaveProperty(key);
    expect(JSON.stringify(data)).not.toContain(BODY_SECRET);

    const answer = await pages.page(`/experts/${user.userName}`);
    expect(answer.status).toBe(200);
    const html = answer.text;
    expect(html).toContain("Dana Whitfield");
    expect(html).toContain(`@${user.userName}`);
    expect(html).toContain("Austin, TX");
    expect(html).toContain("$29.99/month");
    expect(html).toContain("1-0-0");
    expect(html).toContain("+1.20");
    expect(html).toContain("A teaser anyone may read.");
    expect(html).toContain("Pick for subscribers");
    // A visitor's Subscribe and Follow lead to sign-in and back.
    expect(html).toContain(`href="/sign-in?callbackUrl=${encodeURIComponent(`/experts/${user.userName}`)}"`);
    expect(html).toMatch(/>Subscribe<\/a>/);
    expect(html).toMatch(/>Follow<\/a>/);
    expect(html).not.toContain("Edit profile");
    expect(html).not.toContain(BODY_SECRET);

    // The document's head, from the route's meta: title, canonical address, share card and description.
    expect(html).toContain(`<title>Dana Whitfield (@${user.userName}) | SHARPSIDE</title>`);
    expect(html).toContain(`<link rel="canonical" href="https://sharpside.example/experts/${user.userName}"/>`);
    expect(html).toContain(`<meta property="og:title" content="Dana Whitfield (@${user.userName})"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]*About expert/);
    // What a client-side navigation to the page reads carries no body either.
    const navigation = await pages.data(`/experts/${user.userName}`);
    expect(navigation.status).toBe(200);
    expect(navigation.text).toContain(`"${user.userName}"`);
    expect(navigation.text).not.toContain(BODY_SECRET);
  });

  it("leaves the record panel to load on scroll, renders it for ?graded=, and /experts/{id}/record answers it", async () => {
    const { user } = await makeUser();
    await addPick(user.id, { odds: 150, units: 2, pickResult: "Win", daysAgo: 3 });
    for (let i = 0; i < GRADED_PICKS_PAGE; i++) await addPick(user.id, { pickResult: "Loss", daysAgo: 2 });
    await addPick(user.id, { pickResult: null });

    // The first view: the panel's place, a link that renders it without JavaScript, none of its data.
    const first = await page(expertPage.loader, `/experts/${user.userName}`, { userName: user.userName });
    expect(first.data!.recordPanel).toBeNull();
    const firstHtml = (await pages.page(`/experts/${user.userName}`)).text;
    expect(firstHtml).toContain("Record and figures");
    expect(firstHtml).toContain(`href="/experts/${user.userName}?graded=1#verified-record-heading"`);
    expect(firstHtml).not.toContain("Graded picks");

    // A page of graded picks in the address: the panel comes with the page, that page of it.
    const second = await page(expertPage.loader, `/experts/${user.userName}?graded=2`, { userName: user.userName });
    expect(second.data!.recordPanel).toMatchObject({ gradedPage: 2, gradedPages: 2 });
    expect(second.data!.recordPanel!.gradedPicks).toHaveLength(1);
    expect(second.data!.recordPanel!.gradedPicks[0]).toMatchObject({ pickResult: "Win", odds: 150, units: 2 });
    const secondHtml = (await pages.page(`/experts/${user.userName}?graded=2`)).text;
    expect(secondHtml).toContain("Graded picks");
    expect(secondHtml).toContain(`Units won by ${user.userName}, running total`);

    // What the page loads on scroll: by id or userName, for anyone, the same figures; the pending
    // pick is not among the graded ones and no analysis comes with any of them.
    // A resource route's JSON, as the browser's own fetch reads it.
    const panel = async (path: string, jar?: CookieJar) => {
      const { data } = await page(recordPanelRoute.loader, path, { expertId: path.split("/")[2] }, jar);
      return (await data!.json()) as Record<string, unknown>;
    };
    const byId = await panel(`/experts/${user.id}/record`);
    expect(byId).toMatchObject({ ok: true, gradedPage: 1, gradedPages: 2 });
    expect(byId.figures).toMatchObject({ overall: { all: { wins: 1, losses: 5 } } });
    expect(byId.gradedPicks).toHaveLength(GRADED_PICKS_PAGE);
    expect(byId.chart).toEqual(second.data!.recordPanel!.chart);
    expect(await panel(`/experts/${user.userName}/record?graded=2`)).toMatchObject({
      gradedPage: 2,
      gradedPicks: [{ pickResult: "Win" }],
    });
    const reader = await makeUser({ expert: false });
    expect(await panel(`/experts/${user.id}/record`, reader.jar)).toEqual(byId);
    expect(JSON.stringify(byId)).not.toContain(BODY_SECRET);
    for (const key of ["body", "preview", "commitment", "committedText"])
      expect((byId.gradedPicks as object[])[0]).not.toHaveProperty(key);

    // No such expert (or not an expert): the failure in the page's own shape.
    const plain = await makeUser({ expert: false });
    for (const name of ["nobody-here", plain.user.userName])
      expect(await panel(`/experts/${name}/record`)).toMatchObject({ ok: false, statusCode: 404 });
  });

  it("shows the owner an Edit profile link and their picks unlocked; a subscriber too", async () => {
    const owner = await makeUser();
    await addPick(owner.user.id, { pickResult: null });
    const own = await page(
      expertPage.loader,
      `/experts/${owner.user.userName}`,
      { userName: owner.user.userName },
      owner.jar,
    );
    expect(own.data).toMatchObject({ isOwner: true });
    expect(own.data!.posts[0].isLocked).toBe(false);
    const html = (await pages.page(`/experts/${owner.user.userName}`, owner.jar)).text;
    expect(html).toContain("Edit profile");
    expect(html).toContain('href="/settings"');
    expect(html).not.toContain(BODY_SECRET);

    const fan = await makeUser({ expert: false });
    await database.db
      .insert(subscriptions)
      .values({ subscriberId: fan.user.id, expertId: owner.user.id, status: "Activated", priceCents: 500 });
    const subscribed = await page(
      expertPage.loader,
      `/experts/${owner.user.userName}`,
      { userName: owner.user.userName },
      fan.jar,
    );
    expect(subscribed.data).toMatchObject({ isOwner: false, expert: { isSubscribed: true } });
    expect(subscribed.data!.posts[0].isLocked).toBe(false);
    // The reader's standing: their subscription and follow; the owner has none on their own page.
    expect(own.data).toMatchObject({ expert: { isSubscribed: false, isFollowed: false }, subscription: null });
    const asFan = async () =>
      (await page(expertPage.loader, `/experts/${owner.user.userName}`, { userName: owner.user.userName }, fan.jar))
        .data!;
    expect(await asFan()).toMatchObject({
      expert: { isSubscribed: true, isFollowed: false },
      subscription: { status: "Activated", isActive: true, price: 500 },
    });
    await database.db.insert(follows).values({ followerId: fan.user.id, expertId: owner.user.id });
    expect(await asFan()).toMatchObject({ expert: { isSubscribed: true, isFollowed: true } });
    // Cancelled: access until the paid period ends, then none (the subscription is still shown).
    const ends = async (at: Date) =>
      database.db
        .update(subscriptions)
        .set({ status: "Canceled", currentPeriodEnd: at })
        .where(eq(subscriptions.subscriberId, fan.user.id));
    await ends(new Date(Date.now() + 86_400_000));
    expect(await asFan()).toMatchObject({ expert: { isSubscribed: true }, subscription: { status: "Canceled" } });
    await ends(new Date(Date.now() - 86_400_000));
    const lapsed = await asFan();
    expect(lapsed).toMatchObject({
      expert: { isSubscribed: false, isFollowed: true },
      subscription: { status: "Canceled", isActive: false },
    });
    expect(lapsed.posts[0].isLocked).toBe(true);
  });

  it("is a 404 for unknown names and non-experts, and sends other spellings to the canonical address", async () => {
    const plain = await makeUser({ expert: false });
    expect((await page(expertPage.loader, "/experts/nobody-here", { userName: "nobody-here" })).status).toBe(404);
    expect(
      (await page(expertPage.loader, `/experts/${plain.user.userName}`, { userName: plain.user.userName })).status,
    ).toBe(404);
    const { user } = await makeUser({ userName: "CanonicalCase" });
    expect(await page(expertPage.loader, "/experts/canonicalcase?page=1", { userName: "canonicalcase" })).toMatchObject(
      {
        status: 302,
        location: "/experts/CanonicalCase?page=1",
      },
    );
    expect(await page(expertPage.loader, `/experts/${user.id}`, { userName: user.id })).toMatchObject({
      status: 302,
      location: "/experts/CanonicalCase",
    });
  });

  it("lists scheduled posts under Coming up, apart from the live ones and their count", async () => {
    const { user } = await makeUser();
    const params = { userName: user.userName };
    for (let i = 0; i < expertPage.EXPERT_PAGE_POSTS; i++) await addFreePost(user.id);
    const none = await page(expertPage.loader, `/experts/${user.userName}`, params);
    expect(none.data).toMatchObject({ upcoming: [], totalPages: 1 });
    // One scheduled in an hour, one next week: teasers, not live posts, and not in the page count.
    const soon = await addFreePost(user.id, "NFL", new Date(Date.now() + 3_600_000));
    const later = await addFreePost(user.id, "NFL", new Date(Date.now() + 7 * DAY));
    const { data } = await page(expertPage.loader, `/experts/${user.userName}`, params);
    expect(data!.upcoming.map((post) => post.id)).toEqual([soon, later]);
    expect(data).toMatchObject({ totalPages: 1 });
    expect(data!.posts.map((post) => post.id)).not.toContain(soon);
    expect(data!.posts).toHaveLength(expertPage.EXPERT_PAGE_POSTS);
  });

  it("pages the posts five at a time (the rest load on scroll)", async () => {
    const { user } = await makeUser();
    const newestFirst: string[] = [];
    for (let i = 0; i < 7; i++) newestFirst.push(await addPick(user.id, { pickResult: null, daysAgo: i + 1 }));
    const first = await page(expertPage.loader, `/experts/${user.userName}`, { userName: user.userName });
    expect(first.data).toMatchObject({ page: 1, totalPages: 2 });
    expect(first.data!.posts).toHaveLength(expertPage.EXPERT_PAGE_POSTS);
    const second = await page(expertPage.loader, `/experts/${user.userName}?page=2`, { userName: user.userName });
    expect(second.data).toMatchObject({ page: 2, totalPages: 2 });
    // Newest first across the pages, none twice, none left out.
    expect([...first.data!.posts, ...second.data!.posts].map((post) => post.id)).toEqual(newestFirst);
    const silly = await page(expertPage.loader, `/experts/${user.userName}?page=-4`, { userName: user.userName });
    expect(silly.data).toMatchObject({ page: 1 });
  });

  it("is a public page: the micro-cache may keep it", () => {
    expect(expertPage.headers()).toEqual({ "Cache-Control": "public, max-age=0, must-revalidate" });
  });
});

describe(`/profile (${testDatabaseEngine()})`, () => {
  it("sends experts to their page, other users to settings and visitors to sign in", async () => {
    const expert = await makeUser();
    const plain = await makeUser({ expert: false });
    expect(await page(profilePage.loader, "/profile", {}, expert.jar)).toMatchObject({
      status: 302,
      location: `/experts/${expert.user.userName}`,
    });
    expect(await page(profilePage.loader, "/profile", {}, plain.jar)).toMatchObject({
      status: 302,
      location: "/settings",
    });
    expect(await page(profilePage.loader, "/profile")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Fprofile",
    });
  });
});

describe(`/business (${testDatabaseEngine()})`, () => {
  it("is for experts: visitors sign in, unconfirmed users verify, other users get a 403", async () => {
    expect(await page(businessPage.loader, "/business")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Fbusiness",
    });
    const unconfirmed = await makeUser({ confirmed: false });
    expect(await page(businessPage.loader, "/business", {}, unconfirmed.jar)).toMatchObject({
      status: 302,
      location: "/email-verification?callbackUrl=%2Fbusiness",
    });
    const plain = await makeUser({ expert: false });
    expect((await page(businessPage.loader, "/business", {}, plain.jar)).status).toBe(403);
  });

  it("shows the payment account, price, subscribers and earnings from succeeded payments", async () => {
    const expert = await makeUser();
    const other = await makeUser();
    const fans = await Promise.all([1, 2, 3].map(() => makeUser({ expert: false })));
    const empty = await page(businessPage.loader, "/business", {}, expert.jar);
    expect(empty.data).toMatchObject({
      paymentAccount: "NotConnected",
      paymentsEnabled: false,
      subscriptionPrice: null,
      subscribersCount: 0,
      revenue: { thisMonth: { grossCents: 0, netCents: 0 }, allTime: { grossCents: 0, netCents: 0 } },
      recentSubscribers: [],
    });

    await database.db
      .update(experts)
      .set({
        paymentProvider: "stripe",
        paymentAccountId: `acct_${counter}`,
        paymentAccountReady: false,
        subscriptionPriceCents: 1999,
        subscriptionDescription: "Daily card",
      })
      .where(eq(experts.userId, expert.user.id));
    await database.db.insert(subscriptions).values([
      {
        subscriberId: fans[0].user.id,
        expertId: expert.user.id,
        status: "Activated",
        priceCents: 1999,
        createdAt: new Date(Date.now() - 3 * DAY),
      },
      {
        subscriberId: fans[1].user.id,
        expertId: expert.user.id,
        status: "Activated",
        priceCents: 1999,
        createdAt: new Date(Date.now() - DAY),
      },
      { subscriberId: fans[2].user.id, expertId: expert.user.id, status: "Expired", priceCents: 1999 },
    ]);
    const lastYear = new Date(Date.now() - 400 * DAY);
    const mine = { expertId: expert.user.id, payerId: fans[0].user.id };
    await database.db.insert(payments).values([
      { ...mine, kind: "Subscription", status: "Succeeded", amountCents: 1999, platformFeeCents: 200 },
      { ...mine, kind: "Tip", status: "Succeeded", amountCents: 500, platformFeeCents: 50 },
      {
        ...mine,
        kind: "Subscription",
        status: "Succeeded",
        amountCents: 1999,
        platformFeeCents: 200,
        createdAt: lastYear,
      },
      { ...mine, kind: "Subscription", status: "Failed", amountCents: 1999, platformFeeCents: 200 },
      { ...mine, kind: "Subscription", status: "Refunded", amountCents: 1999, platformFeeCents: 200 },
      { ...mine, kind: "Subscription", status: "Pending", amountCents: 1999, platformFeeCents: 200 },
      { payerId: expert.user.id, expertId: null, kind: "Membership", status: "Succeeded", amountCents: 4900 },
      {
        expertId: other.user.id,
        payerId: fans[1].user.id,
        kind: "Subscription",
        status: "Succeeded",
        amountCents: 777,
        platformFeeCents: 77,
      },
    ]);

    const { data } = await page(businessPage.loader, "/business", {}, expert.jar);
    expect(data).toMatchObject({
      paymentAccount: "OnboardingIncomplete",
      subscriptionPrice: { price: 1999, description: "Daily card" },
      subscribersCount: 2,
      revenue: { thisMonth: { grossCents: 2499, netCents: 2249 }, allTime: { grossCents: 4498, netCents: 4048 } },
      userName: expert.user.userName,
    });
    expect(data!.recentSubscribers.map((s) => s.id)).toEqual([fans[1].user.id, fans[0].user.id]);
    expect(data!.recentSubscribers[0]).toMatchObject({
      userName: fans[1].user.userName,
      avatar: `/avatars/${fans[1].user.userName}.svg`,
    });

    await database.db.update(experts).set({ paymentAccountReady: true }).where(eq(experts.userId, expert.user.id));
    expect((await page(businessPage.loader, "/business", {}, expert.jar)).data).toMatchObject({
      paymentAccount: "Ready",
    });
  });

  it("says whether payments are switched on", async () => {
    const expert = await makeUser();
    const on = makeLoadContext(database.db, {
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    const data = await businessPage.loader({
      request: new Request("http://localhost/business", { headers: { Cookie: expert.jar.header() } }),
      params: {},
      context: on,
    });
    expect(data.paymentsEnabled).toBe(true);
  });
});
