/**
 * Found by search engines: robots.txt, the sitemap index and its files, paged by
 * 50,000 URLs; only public experts, live free Posts (never a Pick, a draft or a scheduled post),
 * games and the site's own pages.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { experts } from "~/db/schema";
import { sitemapFiles, sitemapUrls } from "~/modules/seo/sitemap.server";
import * as robotsRoute from "~/routes/robots[.]txt";
import * as sitemapIndexRoute from "~/routes/sitemap[.]xml";
import * as sitemapFileRoute from "~/routes/sitemap.$file";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
const ORIGIN = "https://sharpside.example";

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: ORIGIN });
  fixtures = postFixtures(database.db, context);
});
afterAll(() => database?.close());

async function get(module: { loader: (args: never) => unknown }, path: string, params: Record<string, string> = {}) {
  const response = (await module.loader({
    request: new Request(`http://localhost${path}`),
    params,
    context,
  } as never)) as Response;
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

/** The XML is well formed; its <loc> elements in order. */
function locations(xml: string): string[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ isArray: (name) => name === "url" || name === "sitemap" }).parse(xml) as {
    urlset?: { url?: { loc: string }[] };
    sitemapindex?: { sitemap?: { loc: string }[] };
  };
  return (parsed.urlset?.url ?? parsed.sitemapindex?.sitemap ?? []).map((entry) => entry.loc);
}

describe(`robots.txt and the sitemap (${testDatabaseEngine()})`, () => {
  it("robots.txt: everything public, not a user's own screens nor the API; where the sitemap is", async () => {
    const robots = await get(robotsRoute, "/robots.txt");
    expect(robots.type).toContain("text/plain");
    const lines = robots.text.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /settings",
        "Disallow: /feed",
        "Disallow: /admin/",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(lines).not.toContain("Disallow: /experts");
  });

  it("lists public experts, live free posts, games and the site's pages; never a pick, a draft, a scheduled post or a lapsed expert", async () => {
    const expert = await fixtures.makeUser({ expert: true });
    const lapsed = await fixtures.makeUser({ expert: true });
    await database.db.update(experts).set({ membershipStatus: "None" }).where(eq(experts.userId, lapsed.user.id));
    const free = await fixtures.addPost(expert.user.id, { title: "Free read" });
    const pick = await fixtures.addPost(expert.user.id, { postType: "Pick" });
    const draft = await fixtures.addPost(expert.user.id, { publishDate: null });
    const scheduled = await fixtures.addPost(expert.user.id, { publishDate: new Date(Date.now() + DAY) });

    const index = await get(sitemapIndexRoute, "/sitemap.xml");
    expect(index.type).toContain("application/xml");
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(index.text)).toEqual(
      ["pages-1", "experts-1", "posts-1", "events-1"].map((file) => `${ORIGIN}/sitemap/${file}.xml`),
    );

    const file = async (name: string) =>
      locations((await get(sitemapFileRoute, `/sitemap/${name}`, { file: name })).text);
    expect(await file("pages-1.xml")).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/leaderboard`,
        `${ORIGIN}/leaderboard?window=all`,
        `${ORIGIN}/verify`,
        `${ORIGIN}/discover-experts`,
      ]),
    );
    const expertUrls = await file("experts-1.xml");
    expect(expertUrls).toContain(`${ORIGIN}/experts/${expert.user.userName}`);
    expect(expertUrls).not.toContain(`${ORIGIN}/experts/${lapsed.user.userName}`);
    const postUrls = await file("posts-1.xml");
    expect(postUrls).toContain(`${ORIGIN}/posts/${free.id}`);
    for (const hidden of [pick, draft, scheduled]) expect(postUrls).not.toContain(`${ORIGIN}/posts/${hidden.id}`);
    expect(await file("events-1.xml")).toContain(`${ORIGIN}/events/${pick.eventId}`);
    const posts = await get(sitemapFileRoute, "/sitemap/posts-1.xml", { file: "posts-1.xml" });
    expect(posts.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    for (const missing of ["posts-2.xml", "pages-0.xml", "secrets.xml", "posts-1.json"])
      expect((await get(sitemapFileRoute, `/sitemap/${missing}`, { file: missing })).status).toBe(404);
  });

  it("pages a kind past the limit into more files", async () => {
    for (let i = 0; i < 3; i++) await fixtures.makeUser({ expert: true });
    const now = new Date();
    const files = await sitemapFiles(database.db, now, 2);
    const expertFiles = files.filter((name) => name.startsWith("experts-"));
    expect(expertFiles.length).toBeGreaterThanOrEqual(2);
    const all = (await Promise.all(expertFiles.map((name) => sitemapUrls(database.db, name, now, 2))))
      .flat()
      .map((url) => url!.path);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe((await sitemapUrls(database.db, "experts-1.xml", now, 1000))!.length);
    expect(await sitemapUrls(database.db, `experts-${expertFiles.length + 1}.xml`, now, 2)).toBeNull();
    expect((await sitemapUrls(database.db, "pages-1.xml", now, 2))!.length).toBe(2);
  });
});
