/**
 * `GET /api/events/{id}/market` (decision 026): a game's newest market snapshot, its
 * consensus per side, nothing for a game without lines, 404 for an unknown or malformed id.
 */
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDataIfEmpty } from "~/demo/seed.server";
import { categories, events, marketSnapshots, posts } from "~/db/schema";
import { marketRefusal } from "~/modules/record/market-price";
import { latestMarkets } from "~/modules/record/markets.server";
import * as marketRoute from "~/routes/api.events.$id.market";
import { callRoute } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
const HOUR = 3600_000;
let priced: number;
let bare: number;

const call = (id: string) => callRoute(marketRoute, context, { path: `/api/events/${id}/market`, params: { id } });

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
  const [nba] = await database.db.select().from(categories).where(eq(categories.slug, "nba"));
  const now = Date.now();
  const rows = await database.db
    .insert(events)
    .values([
      {
        categoryId: nba.id,
        homeTeam: "Los Angeles Lakers",
        awayTeam: "Boston Celtics",
        startsAt: new Date(now + 5 * HOUR),
      },
      { categoryId: nba.id, homeTeam: "New York Knicks", awayTeam: "Miami Heat", startsAt: new Date(now + 8 * HOUR) },
    ])
    .returning({ id: events.id });
  [priced, bare] = rows.map((row) => row.id);
  // An older spread snapshot, then the newest: only the newest counts.
  await database.db.insert(marketSnapshots).values([
    { eventId: priced, market: "Spread", side: "Home", line: -3.5, price: -110, bookmakers: 6 },
    { eventId: priced, market: "Spread", side: "Away", line: 3.5, price: -110, bookmakers: 6 },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 5));
  await database.db.insert(marketSnapshots).values([
    { eventId: priced, market: "Moneyline", side: "Home", line: null, price: -185, bookmakers: 7 },
    { eventId: priced, market: "Moneyline", side: "Away", line: null, price: 160, bookmakers: 7 },
    // Two spread lines per side: the consensus is the one most bookmakers offer.
    { eventId: priced, market: "Spread", side: "Home", line: -4.5, price: -110, bookmakers: 5 },
    { eventId: priced, market: "Spread", side: "Home", line: -5, price: -102, bookmakers: 2 },
    { eventId: priced, market: "Spread", side: "Away", line: 4.5, price: -110, bookmakers: 5 },
    { eventId: priced, market: "Spread", side: "Away", line: 5, price: -118, bookmakers: 2 },
    { eventId: priced, market: "Total", side: "Over", line: 221.5, price: -112, bookmakers: 4 },
    { eventId: priced, market: "Total", side: "Under", line: 221.5, price: -108, bookmakers: 4 },
  ]);
});
afterAll(() => database.close());

describe(`GET /api/events/{id}/market (${testDatabaseEngine()})`, () => {
  it("answers the game's newest snapshot per market, and each side's consensus", async () => {
    const answer = await call(String(priced));
    expect(answer.status).toBe(200);
    const market = answer.body.payload;
    expect(market.eventId).toBe(priced);
    expect(Number.isNaN(Date.parse(market.takenAt))).toBe(false);
    expect(Date.now() - Date.parse(market.takenAt)).toBeLessThan(60_000);
    // The older -3.5 is gone: the newest spread snapshot only.
    expect(market.offers).toHaveLength(8);
    expect(market.offers).toContainEqual({ market: "Spread", side: "Home", line: -5, price: -102, bookmakers: 2 });
    expect(market.offers.some((offer: { line: number | null }) => offer.line === -3.5)).toBe(false);
    expect(market.consensus).toEqual({
      Moneyline: {
        Home: { market: "Moneyline", side: "Home", line: null, price: -185, bookmakers: 7 },
        Away: { market: "Moneyline", side: "Away", line: null, price: 160, bookmakers: 7 },
      },
      Spread: {
        Home: { market: "Spread", side: "Home", line: -4.5, price: -110, bookmakers: 5 },
        Away: { market: "Spread", side: "Away", line: 4.5, price: -110, bookmakers: 5 },
      },
      Total: {
        Over: { market: "Total", side: "Over", line: 221.5, price: -112, bookmakers: 4 },
        Under: { market: "Total", side: "Under", line: 221.5, price: -108, bookmakers: 4 },
      },
    });
  });

  it("answers an empty market for a game without lines", async () => {
    const answer = await call(String(bare));
    expect(answer.status).toBe(200);
    expect(answer.body.payload).toEqual({
      eventId: bare,
      takenAt: null,
      offers: [],
      consensus: { Moneyline: {}, Spread: {}, Total: {} },
    });
  });

  it("is 404 for an unknown or malformed id, 405 for anything but GET", async () => {
    expect((await call("999999")).status).toBe(404);
    expect((await call("abc")).status).toBe(404);
    expect((await call("1e3")).status).toBe(404);
    const post = await callRoute(marketRoute, context, {
      method: "POST",
      path: `/api/events/${priced}/market`,
      params: { id: String(priced) },
      body: {},
    });
    expect(post.status).toBe(405);
  });
});

describe(`demo games carry demo lines (${testDatabaseEngine()})`, () => {
  const now = new Date();
  beforeAll(async () => {
    // The fixtures above made no account: the demo seeds beside them.
    expect(await seedDemoDataIfEmpty(database.db, now)).not.toBeNull();
  });

  it("prices every game still ahead: moneyline (a draw in soccer), spread and its mirror, total, per sport", async () => {
    const sports = new Map((await database.db.select().from(categories)).map((c) => [c.id, c.name]));
    const ahead = (await database.db.select().from(events).where(gt(events.startsAt, now))).filter(
      (e) => e.id !== priced && e.id !== bare,
    );
    const markets = await latestMarkets(
      database.db,
      ahead.map((e) => e.id),
    );
    expect(ahead.length).toBeGreaterThan(30);
    const TOTALS: Record<string, [number, number]> = {
      NBA: [215, 235],
      NFL: [38, 52],
      MLB: [7.5, 9.5],
      NHL: [5.5, 6.5],
      NCAAB: [130, 150],
      NCAAF: [45, 60],
      Soccer: [2.5, 2.5],
    };
    for (const event of ahead) {
      const sport = sports.get(event.categoryId)!;
      const offers = markets.get(event.id)?.offers ?? [];
      const of = (market: string, side: string) => offers.find((o) => o.market === market && o.side === side);
      expect(of("Moneyline", "Home"), `${sport} ${event.id}`).toBeDefined();
      expect(of("Moneyline", "Away")).toBeDefined();
      expect(Boolean(of("Moneyline", "Draw"))).toBe(sport === "Soccer");
      for (const offer of offers) expect(offer.bookmakers).toSatisfy((n: number) => n >= 3 && n <= 8);
      const total = TOTALS[sport];
      if (!total) {
        expect(offers.map((o) => o.market)).toEqual(["Moneyline", "Moneyline"]);
        continue;
      }
      const [home, away] = [of("Spread", "Home")!, of("Spread", "Away")!];
      expect(away.line).toBe(-home.line!);
      // The moneyline agrees with the spread: the side giving points is the favourite.
      expect(of("Moneyline", home.line! < 0 ? "Home" : "Away")!.price).toBeLessThan(
        of("Moneyline", home.line! < 0 ? "Away" : "Home")!.price,
      );
      const [over, under] = [of("Total", "Over")!, of("Total", "Under")!];
      expect(over.line).toBe(under.line);
      expect(over.line).toSatisfy((line: number) => line >= total[0] && line <= total[1]);
      for (const offer of sport === "Soccer" ? [over, under] : [home, away, over, under])
        expect(offer.price).toSatisfy((p: number) => p <= -105 && p >= -120);
    }
  });

  it("the demo's picks on games still ahead are the market's own line and price", async () => {
    const ahead = await database.db
      .select()
      .from(posts)
      .innerJoin(events, eq(events.id, posts.eventId))
      .where(and(isNotNull(posts.postedAt), gt(events.startsAt, now)));
    expect(ahead.length).toBeGreaterThanOrEqual(10);
    const markets = await latestMarkets(
      database.db,
      ahead.map((row) => row.events.id),
    );
    for (const { posts: pick, events: event } of ahead) {
      const taken = markets.get(event.id)!;
      expect(taken.takenAt.getTime()).toBeLessThan(pick.postedAt!.getTime());
      for (const leg of pick.legs!) expect(marketRefusal(leg, event, taken.offers), pick.selection ?? "").toBeNull();
    }
    // And the API says it.
    const answer = await call(String(ahead[0].events.id));
    expect(answer.body.payload.offers.length).toBeGreaterThan(0);
    expect(answer.body.payload.takenAt).not.toBeNull();
  });
});
