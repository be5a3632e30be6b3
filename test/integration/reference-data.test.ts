import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, events, modalities } from "~/db/schema";
import { referenceNames } from "~/modules/reference/reference.server";
import * as categoriesRoute from "~/routes/api.categories";
import * as eventRoute from "~/routes/api.events.$id";
import * as eventsRoute from "~/routes/api.events._index";
import * as modalitiesRoute from "~/routes/api.modalities";
import { callRoute } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
const HOUR = 3600_000;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
  const [nba] = await database.db.select().from(categories).where(eq(categories.slug, "nba"));
  const [nfl] = await database.db.select().from(categories).where(eq(categories.slug, "nfl"));
  const now = Date.now();
  const rows = await database.db
    .insert(events)
    .values([
      {
        categoryId: nba.id,
        homeTeam: "Lakers",
        awayTeam: "Celtics",
        startsAt: new Date(now - 30 * HOUR),
        status: "Final",
        homeScore: 101,
        awayScore: 99,
      },
      { categoryId: nba.id, homeTeam: "Knicks", awayTeam: "Heat", startsAt: new Date(now - 2 * HOUR), status: "Live" },
      { categoryId: nfl.id, homeTeam: "Chiefs", awayTeam: "Bills", startsAt: new Date(now + 5 * HOUR) },
      { categoryId: nba.id, homeTeam: "Bulls", awayTeam: "Nets", startsAt: new Date(now + 26 * HOUR) },
    ])
    .returning({ id: events.id, homeTeam: events.homeTeam });
  for (const row of rows) ids[row.homeTeam] = row.id;
  ids.nba = nba.id;
});
afterAll(() => database.close());

describe(`reference data API (${testDatabaseEngine()})`, () => {
  it("lists the twelve sports and eight bet types in display order", async () => {
    const sports = await callRoute(categoriesRoute, context, { path: "/api/categories" });
    expect(sports.status).toBe(200);
    expect(sports.body.items.map((c: { name: string }) => c.name)).toEqual([
      "NFL",
      "NBA",
      "MLB",
      "NHL",
      "NCAAF",
      "NCAAB",
      "Soccer",
      "MMA",
      "Boxing",
      "Tennis",
      "Golf",
      "Esports",
    ]);
    expect(sports.body.meta).toEqual({ page: 1, size: 12, totalItems: 12, totalPages: 1 });
    expect(typeof sports.body.items[0].id).toBe("number");
    const betTypes = await callRoute(modalitiesRoute, context, { path: "/api/modalities" });
    expect(betTypes.body.items.map((m: { name: string }) => m.name)).toEqual([
      "Moneyline",
      "Spread",
      "Total",
      "Player Prop",
      "Team Prop",
      "Parlay",
      "Futures",
      "Live",
    ]);
  });

  it("lists the games still worth a pick by default, soonest first, with paging", async () => {
    const list = await callRoute(eventsRoute, context, { path: "/api/events?size=2" });
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: { id: number }) => e.id)).toEqual([ids.Knicks, ids.Chiefs]);
    expect(list.body.meta).toEqual({ page: 1, size: 2, totalItems: 3, totalPages: 2 });
    expect(list.body.items[0]).toMatchObject({
      title: "Heat at Knicks",
      status: "Live",
      categoryInfo: { id: ids.nba, name: "NBA" },
    });
    const second = await callRoute(eventsRoute, context, { path: "/api/events?size=2&page=2" });
    expect(second.body.items.map((e: { id: number }) => e.id)).toEqual([ids.Bulls]);
  });

  it("filters by category and by a time window", async () => {
    const nba = await callRoute(eventsRoute, context, { path: `/api/events?categoryId=${ids.nba}&size=10` });
    expect(nba.body.items.map((e: { id: number }) => e.id)).toEqual([ids.Knicks, ids.Bulls]);
    const from = new Date(Date.now() - 48 * HOUR).toISOString();
    const to = new Date(Date.now()).toISOString();
    const past = await callRoute(eventsRoute, context, {
      path: `/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&size=10`,
    });
    expect(past.body.items.map((e: { id: number }) => e.id)).toEqual([ids.Lakers, ids.Knicks]);
    expect(past.body.items[0]).toMatchObject({ status: "Final", homeScore: 101, awayScore: 99 });
  });

  it("answers 400 by field for a malformed query", async () => {
    const bad = await callRoute(eventsRoute, context, { path: "/api/events?categoryId=nba&from=yesterday&size=500" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["categoryId", "from", "size"]);
  });

  it("answers one game, and 404 for an unknown or malformed id", async () => {
    const one = await callRoute(eventRoute, context, {
      path: `/api/events/${ids.Chiefs}`,
      params: { id: String(ids.Chiefs) },
    });
    expect(one.status).toBe(200);
    expect(one.body.payload).toMatchObject({
      id: ids.Chiefs,
      title: "Bills at Chiefs",
      status: "Scheduled",
      homeScore: null,
    });
    expect(
      (await callRoute(eventRoute, context, { path: "/api/events/999999", params: { id: "999999" } })).status,
    ).toBe(404);
    expect((await callRoute(eventRoute, context, { path: "/api/events/abc", params: { id: "abc" } })).status).toBe(404);
  });

  it("refuses other methods", async () => {
    expect(
      (await callRoute(categoriesRoute, context, { method: "POST", path: "/api/categories", body: {} })).status,
    ).toBe(405);
  });

  it("names post modalities and categories from one read per database, read again only for an id it has not seen", async () => {
    const db = database.db;
    const [moneyline] = await db.select().from(modalities).where(eq(modalities.slug, "moneyline"));
    const [nba] = await db.select().from(categories).where(eq(categories.slug, "nba"));
    const names = (wanted: { categoryIds?: number[]; modalityIds?: number[] }) =>
      referenceNames(db, { categoryIds: wanted.categoryIds ?? [], modalityIds: wanted.modalityIds ?? [] });
    expect((await names({ modalityIds: [moneyline.id] })).modalities([moneyline.id])).toEqual([
      { id: moneyline.id, name: "Moneyline" },
    ]);
    expect((await names({ categoryIds: [nba.id] })).category(nba.id)).toEqual({ id: nba.id, name: "NBA" });
    // Kept: a rename (only migrations change reference data) is not read again on each post answer.
    await db.update(modalities).set({ name: "Money line" }).where(eq(modalities.id, moneyline.id));
    await db.update(categories).set({ name: "Basketball" }).where(eq(categories.id, nba.id));
    try {
      const kept = await names({ categoryIds: [nba.id], modalityIds: [moneyline.id] });
      expect(kept.modalities([moneyline.id])).toEqual([{ id: moneyline.id, name: "Moneyline" }]);
      expect(kept.category(nba.id)).toEqual({ id: nba.id, name: "NBA" });
      // One added while the instance runs is found by reading again.
      const [teaser] = await db
        .insert(modalities)
        .values({ name: "Teaser", slug: "teaser", sortOrder: 99 })
        .returning();
      const [cricket] = await db
        .insert(categories)
        .values({ name: "Cricket", slug: "cricket", sortOrder: 99 })
        .returning();
      const fresh = await names({ categoryIds: [cricket.id], modalityIds: [teaser.id] });
      expect(fresh.modalities([moneyline.id, teaser.id])).toEqual([
        { id: moneyline.id, name: "Money line" },
        { id: teaser.id, name: "Teaser" },
      ]);
      expect([fresh.category(cricket.id), fresh.category(nba.id)]).toEqual([
        { id: cricket.id, name: "Cricket" },
        { id: nba.id, name: "Basketball" },
      ]);
      await db.delete(modalities).where(eq(modalities.id, teaser.id));
      await db.delete(categories).where(eq(categories.id, cricket.id));
    } finally {
      await db.update(modalities).set({ name: "Moneyline" }).where(eq(modalities.id, moneyline.id));
      await db.update(categories).set({ name: "NBA" }).where(eq(categories.id, nba.id));
    }
  });
});
