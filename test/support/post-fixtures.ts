/**
 * Users, posts, follows and subscriptions for the post list, interaction and comment tests,
 * written straight to the database (the write API has its own tests in posts-api.test.ts).
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, gt, sql } from "drizzle-orm";
import { categories, events, follows, marketSnapshots, posts, subscriptions } from "~/db/schema";
import type { MarketOffer } from "~/modules/record/market-price";
import type { Database } from "~/db/client.server";
import { buildPreview } from "~/modules/posts/slate";
import { personMaker, type Person } from "./people";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type MadeUser = Person;

/** The fixtures' games' market: Lakers -4.5 at -110 (ML -200 / +170), total 220.5 at -110. */
export const DEFAULT_MARKET: MarketOffer[] = [
  { market: "Moneyline", side: "Home", line: null, price: -200, bookmakers: 6 },
  { market: "Moneyline", side: "Away", line: null, price: 170, bookmakers: 6 },
  { market: "Spread", side: "Home", line: -4.5, price: -110, bookmakers: 6 },
  { market: "Spread", side: "Away", line: 4.5, price: -110, bookmakers: 6 },
  { market: "Total", side: "Over", line: 220.5, price: -110, bookmakers: 6 },
  { market: "Total", side: "Under", line: 220.5, price: -110, bookmakers: 6 },
];

export function postFixtures(db: Database, context: AppLoadContext) {
  const makeUser = personMaker(db, context.env);

  let categoryId: number | undefined;
  async function anyCategory(): Promise<number> {
    categoryId ??= (await db.select({ id: categories.id }).from(categories).limit(1))[0].id;
    return categoryId;
  }

  const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

  /**
   * A game in the category, starting `startsInMs` from now (two days by default), with the market's
   * lines (`DEFAULT_MARKET` unless told; `market: []` for a game without market data).
   */
  async function addEvent(
    options: {
      categoryId?: number;
      startsInMs?: number;
      homeTeam?: string;
      awayTeam?: string;
      market?: MarketOffer[];
    } = {},
  ) {
    const [event] = await db
      .insert(events)
      .values({
        categoryId: options.categoryId ?? (await anyCategory()),
        homeTeam: options.homeTeam ?? "Los Angeles Lakers",
        awayTeam: options.awayTeam ?? "Boston Celtics",
        startsAt: new Date(Date.now() + (options.startsInMs ?? 2 * DAY)),
      })
      .returning();
    await addMarket(event.id, options.market ?? DEFAULT_MARKET);
    return event;
  }

  /** A snapshot of the game's market, taken now (the database stamps it). */
  async function addMarket(eventId: number, offers: MarketOffer[]) {
    if (offers.length > 0) await db.insert(marketSnapshots).values(offers.map((offer) => ({ eventId, ...offer })));
  }

  /** A post straight into the table: live a minute ago unless `publishDate`/`status` say otherwise. */
  async function addPost(
    authorId: string,
    options: {
      postType?: "Post" | "Pick";
      title?: string;
      body?: unknown[];
      publishDate?: Date | null;
      categoryId?: number;
      eventId?: number | null;
      /** A Pick's odds and stake (-110, 1 unit by default): fixed once posted, so set here. */
      odds?: number;
      units?: number;
    } = {},
  ) {
    const postType = options.postType ?? "Post";
    const body = options.body ?? [paragraph(`Body of ${options.title ?? "a post"}`)];
    const publishDate = options.publishDate === undefined ? new Date(Date.now() - 60_000) : options.publishDate;
    const { preview, previewText } = buildPreview(body);
    const categoryId = options.categoryId ?? (await anyCategory());
    // A pick names its game (a coming one unless told) and its bet: the record's guard insists.
    const eventId = options.eventId ?? (postType === "Pick" ? (await addEvent({ categoryId })).id : null);
    const odds = options.odds ?? -110;
    const [row] = await db
      .insert(posts)
      .values({
        authorId,
        postType,
        title: options.title ?? "A post",
        body,
        preview,
        previewText,
        visibility: postType === "Post" ? "Free" : "Subscribers",
        status: publishDate ? "Published" : "Draft",
        publishDate,
        categoryId,
        eventId,
        market: postType === "Pick" ? "Spread" : null,
        legs:
          postType === "Pick" && eventId !== null
            ? [{ eventId, market: "Spread", side: "Home", line: -4.5, odds, description: null }]
            : null,
        selection: postType === "Pick" ? "Lakers -4.5" : null,
        odds: postType === "Pick" ? odds : null,
        units: postType === "Pick" ? (options.units ?? 1) : null,
      })
      .returning();
    return row;
  }

  /**
   * The game starts: its start moved to `at` (now by default). The database lets a start still
   * ahead move into the past, never one already past nor before a pick posted on it, so a started
   * game is left as it is.
   */
  async function startEvent(eventId: number, at = new Date()) {
    await db
      .update(events)
      .set({ startsAt: at })
      .where(and(eq(events.id, eventId), gt(events.startsAt, new Date())));
  }

  /**
   * A posted pick graded as the results import grades it: its game started (at `startedAt`, an
   * hour before the grade by default), then result, time and settled odds in one write.
   */
  async function gradePick(
    pick: { id: string; eventId: number | null; odds: number | null },
    pickResult: "Win" | "Loss" | "Push" | "Void",
    options: { gradedAt?: Date; startedAt?: Date; selfGraded?: boolean } = {},
  ) {
    const gradedAt = options.gradedAt ?? new Date();
    if (pick.eventId !== null) await startEvent(pick.eventId, options.startedAt ?? new Date());
    const selfGraded = options.selfGraded ? { selfGraded: true } : {};
    const grade = () =>
      db
        .update(posts)
        .set({ pickResult, gradedAt, settledOdds: pick.odds, ...selfGraded })
        .where(eq(posts.id, pick.id))
        .returning();
    // Self-graded is decided at posting (by its market): a fixture's is written as history.
    if (Math.abs(gradedAt.getTime() - Date.now()) < 60_000 && !options.selfGraded) return (await grade())[0];
    // A grade dated in the past is history: the guard refuses it (a grade is dated when given), so
    // it is written as the demo seed writes history, with the guard off, as only the tables' owner
    // can; the rolling windows are then summed again for today.
    await db.execute(sql`ALTER TABLE posts DISABLE TRIGGER posts_guard_pick_record`);
    try {
      const [row] = await grade();
      await db.execute(sql`SELECT roll_standings(${new Date().toISOString().slice(0, 10)}::date)`);
      return row;
    } finally {
      await db.execute(sql`ALTER TABLE posts ENABLE TRIGGER posts_guard_pick_record`);
    }
  }

  async function follow(followerId: string, expertId: string) {
    await db.insert(follows).values({ followerId, expertId });
  }

  async function subscribe(
    subscriberId: string,
    expertId: string,
    status: "Activated" | "Canceled" | "Expired" | "Pending" = "Activated",
    periodEndMs = 30 * DAY,
  ) {
    await db.insert(subscriptions).values({
      subscriberId,
      expertId,
      status,
      priceCents: 1000,
      currentPeriodEnd: new Date(Date.now() + periodEndMs),
    });
  }

  return { makeUser, addPost, addEvent, addMarket, startEvent, gradePick, follow, subscribe, paragraph, anyCategory };
}
