/**
 * The search page (`/search?q=&tab=&page=`) and the expert directory (`/discover-experts`):
 * loaders run as Remix runs them on the demo data (app/demo/seed.server.ts) plus a few fixtures,
 * and the pages are rendered from their loader data. A locked pick's body never reaches the
 * search page's loader data or HTML, whoever searches.
 */
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { eq, inArray } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { experts as expertsTable, posts, profiles, users } from "~/db/schema";
import { seedDemoDataIfEmpty } from "~/demo/seed.server";
import type { ListedExpert } from "~/modules/experts/experts.server";
import { PUBLIC_PAGE_HEADERS } from "~/web/public-page";
import { searchTerms } from "~/modules/search/search-matching.server";
import * as searchRoute from "~/routes/api.search";
import * as searchTabRoute from "~/routes/api.search.$tab";
import DiscoverPage, * as discoverPage from "~/routes/discover-experts";
import SearchPage, * as searchPage from "~/routes/search";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures } from "../support/post-fixtures";
import { signedInJar } from "../support/signed-in";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let categoryIds: Record<string, number>;

/** A word no demo text has: the fixture experts' last name and the fixture posts' titles. */
const WORD = "Quillfeather";
/** Sits in the locked pick's body only, past its preview. */
const SECRET = "SEARCH-PAGES-SECRET-ANALYSIS-5c2e";
const FIXTURE_EXPERTS = 12;
const FIXTURE_POSTS = 13;

/** Runs a page loader like Remix: a thrown Response (a redirect) is answered. */
async function load<T>(loader: (args: never) => Promise<T>, path: string, jar?: CookieJar): Promise<T> {
  const headers = new Headers();
  if (jar) headers.set("Cookie", jar.header());
  return loader({ request: new Request(`http://localhost${path}`, { headers }), params: {}, context } as never);
}

/**
 * A page's HTML as the server renders it from its loader data (the root's data is the little the
 * page reads of it). The stub's memory router uses useLayoutEffect, which React warns about on
 * the server; only that warning is set aside.
 */
function render(path: string, Component: ComponentType, data: unknown): string {
  const pathname = path.split("?")[0];
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [{ id: "page", path: pathname.slice(1), Component } as never],
    },
  ]);
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    const root = { appName: "Sharpside", user: null, subscriptions: [], topExperts: [] };
    return renderToString(
      createElement(
        ConfirmDialogProvider,
        null,
        createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root, page: data } } }),
      ),
    );
  } finally {
    console.error = original;
  }
}

const demoUserId = async (userName: string) =>
  (await database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0].id;

const fixtureExpertIds: string[] = [];
let lockedPickId: string;
let fanJar: CookieJar;
let strangerJar: CookieJar;
let subscriberJar: CookieJar;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  await seedDemoDataIfEmpty(database.db);
  categoryIds = Object.fromEntries((await database.db.query.categories.findMany()).map((row) => [row.name, row.id]));
  const fixtures = postFixtures(database.db, context);

  // Twelve experts named alike (two pages of the Experts tab), made one after the other, all
  // publishing in Golf.
  for (let i = 0; i < FIXTURE_EXPERTS; i++) {
    const made = await fixtures.makeUser({ expert: true });
    await database.db
      .update(users)
      .set({ firstName: "Pat", lastName: `${WORD}${String(i).padStart(2, "0")}` })
      .where(eq(users.id, made.user.id));
    await database.db
      .update(profiles)
      .set({ expertAboutText: `Golf outrights, fixture ${i}.\nSecond line.` })
      .where(eq(profiles.userId, made.user.id));
    fixtureExpertIds.push(made.user.id);
    // Apart in time, so "newest" orders them for sure.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const author = fixtureExpertIds[0];
  for (let i = 0; i < FIXTURE_POSTS - 1; i++) {
    await fixtures.addPost(author, {
      title: `${WORD} golf notes ${i}`,
      categoryId: categoryIds.Golf,
      publishDate: new Date(Date.now() - (i + 2) * 60_000),
    });
  }
  const pick = await fixtures.addPost(author, {
    postType: "Pick",
    title: `${WORD} locked golf pick`,
    categoryId: categoryIds.Golf,
    body: [
      fixtures.paragraph("Teaser everyone may read."),
      fixtures.paragraph("Numbers. ".repeat(40)),
      fixtures.paragraph(SECRET),
    ],
  });
  lockedPickId = pick.id;

  fanJar = await signedInJar(database.db, context.env, await demoUserId("alex.fan"));
  const stranger = await fixtures.makeUser();
  strangerJar = stranger.jar;
  const subscriber = await fixtures.makeUser();
  await fixtures.subscribe(subscriber.user.id, author);
  subscriberJar = subscriber.jar;
});
afterAll(() => database?.close());

describe(`/search (${testDatabaseEngine()})`, () => {
  it("asks for a query when there is none, looking nothing up", async () => {
    const data = await load(searchPage.loader, "/search");
    expect(data).toMatchObject({
      q: "",
      tab: "experts",
      page: 1,
      totalItems: 0,
      totalPages: 0,
      experts: [],
      categories: [],
      posts: [],
    });
    // Spaces only are no query either; an unknown tab is Experts.
    expect(await load(searchPage.loader, "/search?q=%20%20&tab=nonsense")).toMatchObject({
      q: "",
      tab: "experts",
      totalItems: 0,
    });
    const html = render("/search", SearchPage, data);
    expect(html).toContain("What are you looking for?");
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain(">Search</h1>");
    expect(
      searchPage.meta({
        data,
        matches: [{ id: "root", data: { appName: "Sharpside" } }],
        location: { pathname: "/" },
      } as never),
    ).toContainEqual({ title: "Search | SHARPSIDE" });
  });

  it("Experts: finds the demo expert by name, with a line about them, linking to their page", async () => {
    const data = await load(searchPage.loader, "/search?q=Dana%20Whitfield&tab=experts");
    expect(data.totalItems).toBe(1);
    expect(data.experts[0]).toMatchObject({ userName: "GridironGuru", firstName: "Dana", lastName: "Whitfield" });
    expect(data.categories).toEqual([]);
    expect(data.posts).toEqual([]);
    const html = render("/search?q=Dana%20Whitfield&tab=experts", SearchPage, data);
    expect(html).toContain('href="/experts/GridironGuru"');
    expect(html).toContain("@GridironGuru");
    expect(html).toContain("Twelve seasons charting NFL line movement.");
    expect(html).toContain("1 expert found");
    // The tabs: a nav, the current one marked, each keeping the query.
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/search\?q=Dana\+Whitfield&amp;tab=experts"/);
    expect(html).toContain('href="/search?q=Dana+Whitfield&amp;tab=categories"');
    expect(html).toContain('href="/search?q=Dana+Whitfield&amp;tab=posts"');
    expect(html).toContain('value="Dana Whitfield"');
    expect(
      searchPage.meta({
        data,
        matches: [{ id: "root", data: { appName: "Sharpside" } }],
        location: { pathname: "/" },
      } as never),
    ).toContainEqual({
      title: 'Search results for "Dana Whitfield" | SHARPSIDE',
    });
  });

  it("Experts: pages of ten, the second holding the rest", async () => {
    const first = await load(searchPage.loader, `/search?q=${WORD}&tab=experts`);
    expect(first).toMatchObject({ totalItems: FIXTURE_EXPERTS, totalPages: 2, page: 1 });
    expect(first.experts).toHaveLength(searchPage.SEARCH_PAGE_SIZE);
    const second = await load(searchPage.loader, `/search?q=${WORD}&tab=experts&page=2`);
    expect(second.experts).toHaveLength(FIXTURE_EXPERTS - searchPage.SEARCH_PAGE_SIZE);
    const ids = [...first.experts, ...second.experts].map((expert) => expert.id);
    expect(new Set(ids)).toEqual(new Set(fixtureExpertIds));
    const html = render(`/search?q=${WORD}&tab=experts`, SearchPage, first);
    expect(html).toMatch(new RegExp(`<a rel="next"[^>]*href="/search\\?q=${WORD}&amp;tab=experts&amp;page=2"`));
    expect(html).toContain("Page 1 of 2");
    // Past the last page: a way back rather than an empty list.
    const past = await load(searchPage.loader, `/search?q=${WORD}&tab=experts&page=9`);
    expect(past).toMatchObject({ totalItems: FIXTURE_EXPERTS, experts: [] });
    expect(render(`/search?q=${WORD}&tab=experts&page=9`, SearchPage, past)).toContain("Back to the first page");
  });

  it("Categories: sports by name with their live posts counted, linking to the sport's page", async () => {
    const nba = await load(searchPage.loader, "/search?q=nba&tab=categories");
    expect(nba.categories[0]).toMatchObject({ id: categoryIds.NBA, name: "NBA" });
    const live = await database.db.$count(posts, eq(posts.categoryId, categoryIds.NBA));
    expect(nba.categories[0].postsCount).toBe(live);
    const html = render("/search?q=nba&tab=categories", SearchPage, nba);
    expect(html).toContain('href="/sports/nba"');
    expect(html).toContain(`${live} posts`);

    // One letter: the sports whose name starts with it.
    const n = await load(searchPage.loader, "/search?q=n&tab=categories");
    expect(n.categories.map((category) => category.name).sort()).toEqual(["NBA", "NCAAB", "NCAAF", "NFL", "NHL"]);
    expect(n).toMatchObject({ totalItems: 5, totalPages: 1, experts: [], posts: [] });
  });

  it("Posts: pages of ten; a locked pick shows its preview and a lock, never its body", async () => {
    const first = await load(searchPage.loader, `/search?q=${WORD}&tab=posts`);
    expect(first).toMatchObject({ totalItems: FIXTURE_POSTS, totalPages: 2 });
    expect(first.posts).toHaveLength(10);
    const second = await load(searchPage.loader, `/search?q=${WORD}&tab=posts&page=2`);
    expect(second.posts).toHaveLength(FIXTURE_POSTS - 10);
    expect(new Set([...first.posts, ...second.posts].map((post) => post.id)).size).toBe(FIXTURE_POSTS);

    for (const jar of [undefined, strangerJar, fanJar]) {
      const data = await load(searchPage.loader, `/search?q=${WORD}%20locked&tab=posts`, jar);
      expect(data.totalItems).toBe(1);
      const hit = data.posts[0];
      expect(hit).toMatchObject({ id: lockedPickId, postType: "Pick", isLocked: true, categoryName: "Golf" });
      expect(hit.previewText).toContain("Teaser everyone may read.");
      expect(hit).not.toHaveProperty("body");
      expect(JSON.stringify(data)).not.toContain(SECRET);
      const html = render(`/search?q=${WORD}%20locked&tab=posts`, SearchPage, data);
      expect(html).toContain(`href="/posts/${lockedPickId}"`);
      expect(html).toContain("Subscribers only");
      expect(html).toContain("Teaser everyone may read.");
      expect(html).not.toContain(SECRET);
    }
    // The secret words find the pick only for a reader of its body, and even then the row has no body.
    expect(await load(searchPage.loader, `/search?q=${SECRET}&tab=posts`, strangerJar)).toMatchObject({
      totalItems: 0,
    });
    const subscribed = await load(searchPage.loader, `/search?q=${SECRET}&tab=posts`, subscriberJar);
    expect(subscribed.posts.map((post) => post.id)).toEqual([lockedPickId]);
    expect(subscribed.posts[0].isLocked).toBe(false);
    expect(subscribed.posts[0]).not.toHaveProperty("body");
    expect(JSON.stringify(subscribed.posts)).not.toContain(SECRET);
  });

  it("says Nothing found for a query without results, on the tab asked for", async () => {
    const data = await load(searchPage.loader, "/search?q=zzzqqqxxx&tab=posts");
    expect(data).toMatchObject({ tab: "posts", totalItems: 0, posts: [] });
    const html = render("/search?q=zzzqqqxxx&tab=posts", SearchPage, data);
    expect(html).toContain("Nothing found");
    expect(html).toMatch(/<a aria-current="page"[^>]*tab=posts"/);
  });

  it("lets the page cache keep a visitor's copy", () => {
    expect(searchPage.headers()).toEqual(PUBLIC_PAGE_HEADERS);
  });
});

/**
 * Queries of several words: a user name typed as words ('ice cold' → IceColdLocks),
 * misspelt across them ('gridron guru', 'sunday stem'), or a full name misspelt as a whole, on
 * the demo experts, in the header's suggestions (`GET /api/search`, visitor and signed in), the
 * Experts tab's API and the /search page.
 */
describe(`several words (${testDatabaseEngine()})`, () => {
  const CASES = [
    ["ice cold", "IceColdLocks"],
    ["Ice Cold Locks", "IceColdLocks"],
    ["cold locks", "IceColdLocks"],
    ["ice-cold", "IceColdLocks"],
    ["gridron guru", "GridironGuru"],
    ["gridiron  guru", "GridironGuru"],
    ["sunday stem", "SundaySteam"],
    ["parlay profesor", "ParlayProfessor"],
    ["dana whitfeld", "GridironGuru"],
    ["erik lindqvst", "IceColdLocks"],
  ] as const;
  const userNames = (hits: { userName: string }[]) => hits.map((hit) => hit.userName);

  it("run the words together for user names only when there are several (or punctuation between)", () => {
    expect(searchTerms("Ice Cold")).toMatchObject({ needle: "ice cold", words: ["ice", "cold"], compact: "icecold" });
    expect(searchTerms("alex.fan").compact).toBe("alexfan");
    expect(searchTerms("lebr").compact).toBeNull();
    expect(searchTerms("a").compact).toBeNull();
  });

  it("the header's suggestions show the expert first, to a visitor and to a signed-in reader", async () => {
    for (const [query, expected] of CASES) {
      for (const jar of [undefined, fanJar]) {
        const { status, body } = await callRoute(searchRoute, context, {
          path: `/api/search?searchValue=${encodeURIComponent(query)}&topCount=5`,
          jar,
        });
        expect(status, query).toBe(200);
        expect(userNames(body.payload.expertsInfo)[0], query).toBe(expected);
        expect(body.payload.postsInfo, query).toEqual(expect.any(Array));
      }
    }
  });

  it("the Experts tab's API and the /search page find the expert, best match first", async () => {
    for (const [query, expected] of CASES) {
      const api = await callRoute(searchTabRoute, context, {
        path: `/api/search/experts?searchValue=${encodeURIComponent(query)}`,
        params: { tab: "experts" },
      });
      expect(api.status, query).toBe(200);
      expect(userNames(api.body.items)[0], query).toBe(expected);
      const page = await load(searchPage.loader, `/search?q=${encodeURIComponent(query)}&tab=experts`);
      expect(userNames(page.experts)[0], query).toBe(expected);
    }
    const html = render(
      "/search?q=gridron%20guru&tab=experts",
      SearchPage,
      await load(searchPage.loader, "/search?q=gridron%20guru&tab=experts"),
    );
    expect(html).toContain('href="/experts/GridironGuru"');
  });

  it("finds no name that is not alike", async () => {
    for (const [query, expected] of [
      ["ice cold", ["IceColdLocks"]],
      ["gridron guru", ["GridironGuru"]],
      ["sunday stem", ["SundaySteam"]],
      ["zzq xvv", []],
      ["golf picks", []],
    ] as const) {
      const page = await load(searchPage.loader, `/search?q=${encodeURIComponent(query)}&tab=experts`);
      expect(userNames(page.experts), query).toEqual(expected);
      expect(page.totalItems, query).toBe(expected.length);
      const { body } = await callRoute(searchRoute, context, {
        path: `/api/search?searchValue=${encodeURIComponent(query)}`,
      });
      expect(userNames(body.payload.expertsInfo), query).toEqual(expected);
    }
  });

  it("a user name's start typed with a letter or two wrong finds the expert; a short or far word does not", async () => {
    for (const [query, expected] of [
      ["gridrion", "GridironGuru"],
      ["lebrn", "LeBronPicks"],
      ["icecolt", "IceColdLocks"],
    ] as const) {
      const page = await load(searchPage.loader, `/search?q=${encodeURIComponent(query)}&tab=experts`);
      expect(userNames(page.experts)[0], query).toBe(expected);
    }
    for (const query of ["grid", "zzzzzzz"]) {
      const page = await load(searchPage.loader, `/search?q=${query}&tab=experts`);
      expect(userNames(page.experts), query).not.toContain("LeBronPicks");
    }
  });

  it("a sport's name finds the experts who post in it, and every tab says how many it holds", async () => {
    const page = await load(searchPage.loader, "/search?q=nba&tab=experts");
    expect(userNames(page.experts)).toEqual(expect.arrayContaining(["LeBronPicks", "ParlayProfessor"]));
    expect(userNames(page.experts)).not.toContain("FairwayFinder");
    expect(page.counts).toMatchObject({ experts: page.totalItems, categories: 1 });
    expect(page.counts!.posts).toBeGreaterThan(0);
    const html = render("/search?q=nba&tab=experts", SearchPage, page);
    for (const [tab, count] of Object.entries(page.counts!))
      expect(html, tab).toMatch(
        new RegExp(`tab=${tab}"[^>]*>[^<]*<span[^>]*><span class="sr-only">, </span>${count}<`),
      );
  });

  it("leave the posts search as it was: every word a prefix, a locked body still hidden", async () => {
    const data = await load(
      searchPage.loader,
      `/search?q=${encodeURIComponent(`golf ${WORD}`)}&tab=posts`,
      strangerJar,
    );
    expect(data.totalItems).toBe(FIXTURE_POSTS);
    expect(JSON.stringify(data)).not.toContain(SECRET);
    expect(await load(searchPage.loader, "/search?q=ice%20cold&tab=posts")).toMatchObject({
      tab: "posts",
      totalItems: 0,
    });
  });
});

type DiscoverData = Awaited<ReturnType<typeof discoverPage.loader>>;
const names = (data: DiscoverData) => data.experts.map((expert) => expert.userName);

describe(`/discover-experts (${testDatabaseEngine()})`, () => {
  const totalExperts = 12 + FIXTURE_EXPERTS;

  it("lists every public expert, most subscribers first, twelve a page", async () => {
    const first = await load(discoverPage.loader, "/discover-experts");
    expect(first).toMatchObject({
      categoryIds: [],
      sort: "subscribers",
      page: 1,
      totalItems: totalExperts,
      totalPages: 2,
      viewerId: null,
      subscriptions: {},
    });
    expect(first.experts).toHaveLength(discoverPage.DISCOVER_PAGE_SIZE);
    expect(first.categories.map((category) => category.name)).toEqual(Object.keys(categoryIds));
    const second = await load(discoverPage.loader, "/discover-experts?page=2");
    const counts = [...first.experts, ...second.experts].map((expert) => expert.subscribersCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(new Set([...names(first), ...names(second)]).size).toBe(totalExperts);
  });

  it("filters by sport: one, or any of several; unknown ids are left out", async () => {
    const nfl = await load(discoverPage.loader, `/discover-experts?categoryIds=${categoryIds.NFL}`);
    expect(nfl.categoryIds).toEqual([categoryIds.NFL]);
    expect(names(nfl).sort()).toEqual(["GridironGuru", "ParlayProfessor", "SundaySteam"]);
    for (const expert of nfl.experts) expect(expert.categories.map((category) => category.name)).toContain("NFL");

    const several = await load(
      discoverPage.loader,
      `/discover-experts?categoryIds=${categoryIds.NHL}&categoryIds=${categoryIds.Tennis}&categoryIds=abc&categoryIds=9999`,
    );
    expect(several.categoryIds).toEqual([categoryIds.NHL, categoryIds.Tennis]);
    expect(names(several).sort()).toEqual(["BaselineBets", "IceColdLocks"]);

    // Golf: the demo's golfer and the fixture expert who wrote the golf posts.
    const golf = await load(discoverPage.loader, `/discover-experts?categoryIds=${categoryIds.Golf}`);
    expect(golf.experts.map((expert) => expert.id).sort()).toEqual(
      [await demoUserId("FairwayFinder"), fixtureExpertIds[0]].sort(),
    );

    const none = await load(discoverPage.loader, "/discover-experts?categoryIds=abc");
    expect(none).toMatchObject({ categoryIds: [], totalItems: totalExperts });
  });

  it("sorts by best record: most units won first", async () => {
    const data = await load(discoverPage.loader, "/discover-experts?sort=record");
    expect(data.sort).toBe("record");
    const units = data.experts.map((expert) => expert.record.units);
    expect(units).toEqual([...units].sort((a, b) => b - a));
    // The demo has graded picks: the best record won something.
    expect(units[0]).toBeGreaterThan(0);
    const filtered = await load(discoverPage.loader, `/discover-experts?sort=record&categoryIds=${categoryIds.NFL}`);
    const nflUnits = filtered.experts.map((expert) => expert.record.units);
    expect(nflUnits).toEqual([...nflUnits].sort((a, b) => b - a));
  });

  it("sorts by newest: the experts who joined last first; an unknown sort is most subscribers", async () => {
    const data = await load(discoverPage.loader, "/discover-experts?sort=newest");
    expect(data.sort).toBe("newest");
    expect(data.experts.map((expert) => expert.id)).toEqual([...fixtureExpertIds].reverse());
    expect((await load(discoverPage.loader, "/discover-experts?sort=oldest")).sort).toBe("subscribers");
  });

  it("gives a signed-in reader their follows and subscriptions on the cards", async () => {
    const data = await load(discoverPage.loader, "/discover-experts?categoryIds=" + categoryIds.NBA, fanJar);
    expect(data.viewerId).toBe(await demoUserId("alex.fan"));
    const byName = Object.fromEntries(data.experts.map((expert) => [expert.userName, expert])) as Record<
      string,
      ListedExpert
    >;
    // alex.fan subscribes to LeBronPicks (not ParlayProfessor) and follows LeBronPicks (app/demo/seed.server.ts).
    expect(byName.LeBronPicks).toMatchObject({ isSubscribed: true, isFollowed: true });
    expect(byName.ParlayProfessor).toMatchObject({ isSubscribed: false });
    expect(data.subscriptions[byName.LeBronPicks.id]).toMatchObject({ status: "Activated", isActive: true });
    expect(data.subscriptions[byName.ParlayProfessor.id]).toBeUndefined();
    // Only the listed experts' subscriptions are sent.
    const listed = new Set(data.experts.map((expert) => expert.id));
    for (const expertId of Object.keys(data.subscriptions)) expect(listed.has(expertId)).toBe(true);
  });

  it("renders chips, the sort control and the cards, with prices, records and sign-in links for a visitor", async () => {
    const path = `/discover-experts?categoryIds=${categoryIds.NFL}&sort=record`;
    const data = await load(discoverPage.loader, path);
    const html = render(path, DiscoverPage, data);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain(">Discover experts</h1>");
    // The pressed chip's form takes NFL away; an unpressed one adds its sport; the sort is kept.
    expect(html).toMatch(/<button type="submit" aria-pressed="true"[^>]*>NFL<\/button>/);
    expect(html).toMatch(/<button type="submit" aria-pressed="false"[^>]*>All<\/button>/);
    expect(html).toMatch(
      new RegExp(
        `name="categoryIds" value="${categoryIds.NFL}"/><input type="hidden" name="categoryIds" value="${categoryIds.NBA}"/><input type="hidden" name="sort" value="record"/><button type="submit" aria-pressed="false"`,
      ),
    );
    expect(html).toMatch(
      new RegExp(
        `<a aria-current="true"[^>]*href="/discover-experts\\?categoryIds=${categoryIds.NFL}&amp;sort=record"[^>]*>Best record</a>`,
      ),
    );
    expect(html).toContain(`href="/discover-experts?categoryIds=${categoryIds.NFL}"`);
    expect(html).toContain(`href="/discover-experts?categoryIds=${categoryIds.NFL}&amp;sort=newest"`);
    // GridironGuru: $49.99 a month, NFL and NCAAF, a record.
    expect(html).toContain("$49.99/month");
    expect(html).toContain('href="/experts/GridironGuru"');
    expect(html).toMatch(/W-L-P<\/dt><dd[^>]*>\d+-\d+-\d+<\/dd>/);
    expect(html).toMatch(/[+-]?\d+\.\d\du</);
    expect(html).toContain(`href="/sign-in?callbackUrl=${encodeURIComponent("/experts/GridironGuru")}"`);
    expect(html).toContain("3 experts");
    expect(
      discoverPage.meta({
        matches: [{ id: "root", data: { appName: "Sharpside" } }],
        location: { pathname: "/" },
      } as never),
    ).toContainEqual({ title: "Discover experts | SHARPSIDE" });
  });

  it("shows Free for an expert without a price and the viewer's own card without actions", async () => {
    const own = fixtureExpertIds[0];
    await database.db
      .update(expertsTable)
      .set({ subscriptionPriceCents: null })
      .where(inArray(expertsTable.userId, fixtureExpertIds));
    const jar = await signedInJar(database.db, context.env, own);
    const path = `/discover-experts?categoryIds=${categoryIds.Golf}`;
    const data = await load(discoverPage.loader, path, jar);
    const html = render(path, DiscoverPage, data);
    expect(html).toContain("Free");
    expect(html).toContain("Your profile");
    expect(discoverPage.headers()).toEqual(PUBLIC_PAGE_HEADERS);
  });
});
