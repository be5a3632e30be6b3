/**
 * The expert's business figures (`GET /api/business/summary`, business-figures.server.ts): a
 * seeded history of subscriptions (started, cancelled, resumed, expired, free and paid) and
 * payments (paid, refunded, free, tips) gives the expected figures exactly. The history is written
 * through the tables' own triggers (spans and day sums), as the app's changes write it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, postViews, subscriptionSpans, subscriptions } from "~/db/schema";
import { flushPostViews } from "~/modules/posts/post-views.server";
import { toCurrentUser } from "~/modules/accounts/users.server";
import { getBusinessOverview } from "~/modules/experts/business.server";
import { getBusinessSummary } from "~/modules/experts/business-figures.server";
import { SUMMARY_RANGE_ERROR } from "~/modules/experts/business-figures";
import { subscribe } from "~/modules/subscriptions/subscription-changes.server";
import { cancelFree, renewFreeSubscriptions } from "~/modules/subscriptions/subscriptions.server";
import * as summaryRoute from "~/routes/api.business.summary";
import * as postPage from "~/routes/posts.$postId";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { DAY, postFixtures, type MadeUser } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

/** "Today" of the history: a Monday, noon UTC. */
const T = new Date("2026-11-30T12:00:00Z");
const at = (days: number) => new Date(T.getTime() + days * DAY);

/** A subscription as a webhook would have made it: started (paid unless said) at `started`. */
async function started(expert: MadeUser, days: number, priceCents: number, provider = "stripe") {
  const reader = await fx.makeUser();
  const [row] = await database.db
    .insert(subscriptions)
    .values({
      subscriberId: reader.user.id,
      expertId: expert.user.id,
      status: "Activated",
      priceCents,
      provider,
      currentPeriodEnd: at(days + 30),
      createdAt: at(days),
      updatedAt: at(days),
    })
    .returning();
  return row;
}
const change = (id: string, days: number, set: Partial<typeof subscriptions.$inferInsert>) =>
  database.db
    .update(subscriptions)
    .set({ ...set, updatedAt: at(days) })
    .where(eq(subscriptions.id, id));

async function paid(
  expert: MadeUser,
  days: number,
  amountCents: number,
  options: { kind?: "Subscription" | "Tip"; status?: "Succeeded" | "Refunded"; provider?: string } = {},
) {
  const payer = await fx.makeUser();
  const [row] = await database.db
    .insert(payments)
    .values({
      payerId: payer.user.id,
      expertId: expert.user.id,
      kind: options.kind ?? "Subscription",
      status: options.status ?? "Succeeded",
      amountCents,
      platformFeeCents: amountCents / 10,
      provider: options.provider ?? "stripe",
      createdAt: at(days),
      updatedAt: at(days),
    })
    .returning();
  return row;
}

const summary = (path: string, jar?: CookieJar) => callRoute(summaryRoute, context, { path, jar });

describe("the business figures of a seeded history", () => {
  let expert: MadeUser;

  beforeAll(async () => {
    expert = await fx.makeUser({ expert: true });
    // S5: paid, a year ago, ended before the charts' 90 days: only the running totals keep it.
    const s5 = await started(expert, -200, 1000);
    await change(s5.id, -160, { status: "Canceled", currentPeriodEnd: at(-150), cancelAtPeriodEnd: true });
    await change(s5.id, -150, { status: "Expired" });
    // S1: paid $10 since 100 days ago, running.
    await started(expert, -100, 1000);
    // S2: paid $20 from 60 days ago, cancelled 20 days ago, its period ending 10 days ago.
    const s2 = await started(expert, -60, 2000);
    await change(s2.id, -20, { status: "Canceled", currentPeriodEnd: at(-10), cancelAtPeriodEnd: true });
    await change(s2.id, -10, { status: "Expired" });
    // S3: free (payments off) from 40 days ago, expired 5 days ago: a subscriber, no revenue.
    const s3 = await started(expert, -40, 1200, "free");
    await change(s3.id, -5, { status: "Expired" });
    // S6: paid $10 from 30 days ago, cancelled at 25 (its period runs on), resumed at 20: one span.
    const s6 = await started(expert, -30, 1000);
    await change(s6.id, -25, { status: "Canceled", currentPeriodEnd: at(5), cancelAtPeriodEnd: true });
    await change(s6.id, -20, { status: "Activated", cancelAtPeriodEnd: false });
    // S4: paid $15 from 10 days ago, cancelled 2 days ago: it still runs for 20 days.
    const s4 = await started(expert, -10, 1500);
    await change(s4.id, -2, { status: "Canceled", currentPeriodEnd: at(20), cancelAtPeriodEnd: true });

    await paid(expert, -100, 1000); // 2026-08
    await paid(expert, -70, 1000); // 2026-09
    await paid(expert, -60, 2000); // 2026-10
    await paid(expert, -40, 1000); // 2026-10
    await paid(expert, -30, 2000); // 2026-10
    await paid(expert, -10, 1000); // 2026-11
    await paid(expert, -1, 500, { kind: "Tip" }); // 2026-11
    await paid(expert, -3, 5000, { status: "Refunded" });
    await paid(expert, -4, 3000, { provider: "free" });
    // Paid, then refunded: its day takes it back.
    const refunded = await paid(expert, -2, 700);
    await database.db.update(payments).set({ status: "Refunded" }).where(eq(payments.id, refunded.id));
  });

  it("counts subscribers and recurring revenue per day, from the first day of the range to today", async () => {
    const figures = await getBusinessSummary(database.db, expert.user.id, 90, T);
    expect(figures.range).toBe(90);
    expect(figures.daily).toHaveLength(90);
    const day = (days: number) => figures.daily.find((d) => d.date === at(days).toISOString().slice(0, 10));
    expect(figures.daily[0]).toEqual({ date: "2026-09-02", subscribers: 1, mrrCents: 1000 });
    expect(day(-60)).toEqual({ date: "2026-10-01", subscribers: 2, mrrCents: 3000 });
    // The free one counts as a subscriber, not as revenue.
    expect(day(-40)).toMatchObject({ subscribers: 3, mrrCents: 3000 });
    expect(day(-30)).toMatchObject({ subscribers: 4, mrrCents: 4000 });
    // Cancelled with its period still running, then resumed: still there all along.
    expect(day(-25)).toMatchObject({ subscribers: 4, mrrCents: 4000 });
    expect(day(-20)).toMatchObject({ subscribers: 4, mrrCents: 4000 });
    // S2 ends and S4 starts the same day.
    expect(day(-10)).toMatchObject({ subscribers: 4, mrrCents: 3500 });
    expect(day(-5)).toMatchObject({ subscribers: 3, mrrCents: 3500 });
    expect(figures.daily.at(-1)).toEqual({ date: "2026-11-30", subscribers: 3, mrrCents: 3500 });
  });

  it("counts new and cancelled subscriptions per week (from Monday) and the churn of the last 30 days", async () => {
    const figures = await getBusinessSummary(database.db, expert.user.id, 30, T);
    expect(figures.daily).toHaveLength(30);
    expect(figures.weekly).toEqual([
      { weekStart: "2026-10-26", started: 0, cancelled: 0 },
      { weekStart: "2026-11-02", started: 0, cancelled: 0 },
      { weekStart: "2026-11-09", started: 0, cancelled: 0 },
      { weekStart: "2026-11-16", started: 1, cancelled: 1 },
      { weekStart: "2026-11-23", started: 0, cancelled: 1 },
      { weekStart: "2026-11-30", started: 0, cancelled: 0 },
    ]);
    // Four subscribers 30 days ago; two of them ended since.
    expect(figures.cancelledLast30Days).toBe(2);
    // S4 (S6 began exactly 30 days ago, at the window's start).
    expect(figures.startedLast30Days).toBe(1);
    expect(figures.churnRate).toBe(0.5);
    const year = await getBusinessSummary(database.db, expert.user.id, 365, T);
    expect(year.weekly.reduce((sum, week) => sum + week.started, 0)).toBe(6);
    expect(year.weekly.reduce((sum, week) => sum + week.cancelled, 0)).toBe(3);
  });

  it("sums the revenue of twelve months net of the platform's fee, as the earnings count it", async () => {
    const figures = await getBusinessSummary(database.db, expert.user.id, 90, T);
    expect(figures.monthlyRevenue.map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(figures.monthlyRevenue.slice(-4)).toEqual([
      { month: "2026-08", grossCents: 1000, netCents: 900 },
      { month: "2026-09", grossCents: 1000, netCents: 900 },
      { month: "2026-10", grossCents: 5000, netCents: 4500 },
      { month: "2026-11", grossCents: 1500, netCents: 1350 },
    ]);
    const overview = await getBusinessOverview(database.db, { id: expert.user.id, timezone: "UTC" }, T);
    expect(overview.revenue.allTime).toEqual({ grossCents: 8500, netCents: 7650 });
  });

  it("answers experts only, with a clear error for a range it does not draw", async () => {
    const answer = await summary("/api/business/summary?days=30", expert.jar);
    expect(answer.status).toBe(200);
    expect(answer.body.payload).toMatchObject({ range: 30, churnRate: expect.any(Number) });
    expect(answer.body.payload.daily).toHaveLength(30);
    expect((await summary("/api/business/summary", expert.jar)).body.payload.range).toBe(90);
    const wrong = await summary("/api/business/summary?days=7", expert.jar);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ days: [SUMMARY_RANGE_ERROR] });
    expect((await summary("/api/business/summary")).status).toBe(401);
    const reader = await fx.makeUser();
    expect((await summary("/api/business/summary", reader.jar)).status).toBe(403);
  });
});

describe("this month's earnings in the expert's time zone", () => {
  it("counts the month from its first moment there: the first UTC day from the payments, the rest from the day sums", async () => {
    const expert = await fx.makeUser({ expert: true });
    const pay = (iso: string, amountCents: number) => paid(expert, (Date.parse(iso) - T.getTime()) / DAY, amountCents);
    await pay("2026-10-31T23:00:00Z", 100); // October in New York
    await pay("2026-11-01T03:00:00Z", 200); // still October 31 in New York
    await pay("2026-11-01T05:00:00Z", 400); // November 1, 1 am in New York
    await pay("2026-11-02T10:00:00Z", 800);
    const now = new Date("2026-11-15T12:00:00Z");
    const overview = await getBusinessOverview(database.db, { id: expert.user.id, timezone: "America/New_York" }, now);
    expect(overview.monthLabel).toBe("November 2026");
    expect(overview.revenue.thisMonth).toEqual({ grossCents: 1200, netCents: 1080 });
    expect(overview.revenue.allTime).toEqual({ grossCents: 1500, netCents: 1350 });
    const tokyo = await getBusinessOverview(database.db, { id: expert.user.id, timezone: "Asia/Tokyo" }, now);
    // November began at 15:00 UTC on October 31 in Tokyo.
    expect(tokyo.revenue.thisMonth.grossCents).toBe(1500);
  });
});

describe("what each post brought", () => {
  it("counts views by readers and visitors, subscriptions begun from it, likes and comments", async () => {
    const expert = await fx.makeUser({ expert: true });
    const other = await fx.makeUser({ expert: true });
    const post = await fx.addPost(expert.user.id, { title: "Why the Bucks", publishDate: at(-1) });
    const older = await fx.addPost(expert.user.id, { title: "Older", publishDate: at(-3) });
    const theirs = await fx.addPost(other.user.id, { title: "Not theirs", publishDate: at(-1) });
    const reader = await fx.makeUser();
    // The post page's loader, as Remix runs it for a reader, a visitor and the author.
    const view = async (id: string, jar?: CookieJar) => {
      const headers = new Headers(jar ? { Cookie: jar.header() } : {});
      const request = new Request(`http://localhost/posts/${id}`, { headers });
      const answer = await postPage.loader({ request, params: { postId: id }, context } as never);
      expect(answer).toBeTruthy();
    };
    await view(post.id, reader.jar);
    await view(post.id, reader.jar);
    await view(post.id);
    // The author reading their own post is no view.
    await view(post.id, expert.jar);
    // Views are written a moment later, every post's in one statement: none is lost or doubled.
    await flushPostViews(database.db);

    // Subscribed from the post's page: counted for it; from another expert's post: for none.
    await subscribe(context, toCurrentUser(reader.user, null), expert.user.id, T, `/posts/${post.id}?scrollTo=x`);
    const second = await fx.makeUser();
    await subscribe(context, toCurrentUser(second.user, null), expert.user.id, T, `/posts/${theirs.id}`);
    const spans = await database.db
      .select({ from: subscriptionSpans.startedFromPostId })
      .from(subscriptionSpans)
      .where(eq(subscriptionSpans.expertId, expert.user.id));
    expect(spans.map((s) => s.from).sort()).toEqual([post.id, null].sort());

    const figures = await getBusinessSummary(database.db, expert.user.id, 30, T);
    expect(figures.posts.map((p) => p.title)).toEqual(["Why the Bucks", "Older"]);
    expect(figures.posts[0]).toMatchObject({
      id: post.id,
      postType: "Post",
      readerViews: 2,
      visitorViews: 1,
      subscriptionsStarted: 1,
      likes: 0,
      comments: 0,
    });
    expect(figures.posts[1]).toMatchObject({ id: older.id, readerViews: 0, visitorViews: 0, subscriptionsStarted: 0 });
    const [row] = await database.db.select().from(postViews).where(eq(postViews.postId, post.id));
    expect(row).toMatchObject({ readerViews: 2, visitorViews: 1 });
  });

  it("follows a free subscription through cancel and expiry into the day sums", async () => {
    const expert = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    await subscribe(context, toCurrentUser(reader.user, null), expert.user.id, at(-40));
    await cancelFree(database.db, reader.user.id, expert.user.id, at(-35));
    // The renewal job lets it expire once its 30 days have passed.
    await renewFreeSubscriptions(database.db, at(-9));
    const figures = await getBusinessSummary(database.db, expert.user.id, 90, T);
    const on = (days: number) => figures.daily.find((d) => d.date === at(days).toISOString().slice(0, 10));
    expect(on(-41)?.subscribers).toBe(0);
    expect(on(-40)?.subscribers).toBe(1);
    expect(on(-11)?.subscribers).toBe(1);
    expect(on(-10)?.subscribers).toBe(0);
    expect(figures.daily.at(-1)).toMatchObject({ subscribers: 0, mrrCents: 0 });
  });
});
