/**
 * A sport's page, `/sports/{slug}`: its experts by their record in it (ranked first, then those
 * not ranked yet, never an empty list when someone has graded picks), its latest posts through
 * the serializer, and its coming games; the sitemap lists it.
 */
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapUrls } from "~/modules/seo/sitemap.server";
import SportPage, * as sportPage from "~/routes/sports.$slug";
import { expectConsoleError } from "../support/console-errors";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures } from "../support/post-fixtures";
import { renderToHtml } from "../support/render-html";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  fixtures = postFixtures(database.db, context);
});
afterAll(() => database?.close());

async function load(slug: string) {
  try {
    const result = (await sportPage.loader({
      request: new Request(`http://localhost/sports/${slug}`),
      params: { slug },
      context,
    } as never)) as Record<string, unknown>;
    return { status: 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    throw thrown;
  }
}

describe(`/sports/{slug} (${testDatabaseEngine()})`, () => {
  it("lists the sport's experts with their record in it, not ranked yet below the sample; its posts and coming games", async () => {
    const categories = await database.db.query.categories.findMany();
    const mma = categories.find((category) => category.slug === "mma")!;
    const expert = await fixtures.makeUser({ expert: true });
    for (const result of ["Win", "Win", "Loss"] as const) {
      const pick = await fixtures.addPost(expert.user.id, { postType: "Pick", categoryId: mma.id });
      await fixtures.gradePick(pick, result);
    }
    await fixtures.addPost(expert.user.id, { title: "Cage notes for the weekend", categoryId: mma.id });
    const coming = await fixtures.addEvent({ categoryId: mma.id, homeTeam: "Fighter A", awayTeam: "Fighter B" });

    const { status, data } = await load("mma");
    expect(status).toBe(200);
    expect(data).toMatchObject({ sport: { id: mma.id, name: "MMA", slug: "mma" }, ranked: [] });
    const unranked = data!.unranked as { expert: { id: string }; figures: { wins: number; sample: number } }[];
    expect(unranked.find((entry) => entry.expert.id === expert.user.id)?.figures).toMatchObject({ wins: 2, sample: 3 });
    expect((data!.posts as { title: string }[]).map((post) => post.title)).toContain("Cage notes for the weekend");
    expect((data!.games as { id: number }[]).map((game) => game.id)).toContain(coming.id);

    const Stub = createRemixStub([
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [{ id: "page", path: "sports/:slug", Component: SportPage }],
      },
    ]);
    const html = await expectConsoleError(/useLayoutEffect does nothing on the server/, () =>
      renderToHtml(
        createElement(Stub, {
          initialEntries: ["/sports/mma"],
          hydrationData: { loaderData: { root: {}, page: data } },
        }),
      ),
    );
    expect(html).toContain(`@${expert.user.userName}`);
    expect(html).toContain("Not ranked yet: 3 of 20 graded picks");
    expect(html).toContain("2-1-0");
    expect(html).toContain(`href="/events/${coming.id}"`);
    expect(html).toContain("Cage notes for the weekend");
  });

  it("answers 404 for a sport it does not know; titles the page; is in the sitemap", async () => {
    expect((await load("curling")).status).toBe(404);
    const meta = sportPage.meta({
      data: (await load("nba")).data,
      matches: [{ id: "root", data: { appName: "Sharpside", siteUrl: "https://sharpside.example" } }],
    } as never);
    expect(meta).toContainEqual({ title: "NBA experts, picks and games | SHARPSIDE" });
    const urls = (await sitemapUrls(database.db, "pages-1.xml"))!.map((url) => url.path);
    expect(urls).toContain("/sports/nba");
    expect(urls).toContain("/sports/soccer");
  });
});
