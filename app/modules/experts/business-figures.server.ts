/**
 * The expert's business over time (`/business` and `GET /api/business/summary`): subscribers and
 * monthly recurring revenue day by day, new and cancelled subscriptions per week, churn, revenue per
 * month, and what each recent post brought. Read from `expert_business_days`, which triggers keep
 * from the subscriptions' spans and the payments (migration 0026), so the cost does not grow with
 * the number of subscriptions or payments: one small row per day with something in it.
 * Days, weeks (from Monday) and months are UTC's.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { expertBusinessDays, posts, postViews, subscriptions, subscriptionSpans } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import {
  CHURN_DAYS,
  DEFAULT_SUMMARY_RANGE,
  POSTS_SHOWN,
  REVENUE_MONTHS,
  type BusinessSummary,
  type DayFigures,
  type MonthRevenue,
  type PostFigures,
  type SummaryRange,
  type WeekFigures,
} from "./business-figures";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
const mondayOf = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;

interface DayRow {
  day: string | null;
  started: number;
  ended: number;
  mrr: number;
  gross: number;
  fee: number;
}

export async function getBusinessSummary(
  db: Database,
  expertId: string,
  range: SummaryRange = DEFAULT_SUMMARY_RANGE,
  now = new Date(),
): Promise<BusinessSummary> {
  const today = utcDay(now);
  const rangeStart = today - (range - 1) * DAY_MS;
  const churnStart = today - CHURN_DAYS * DAY_MS;
  const firstMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REVENUE_MONTHS - 1), 1);
  // Days before `from` only matter as the running totals they leave: summed into one row.
  const from = dayOf(Math.min(rangeStart, churnStart, firstMonth));
  const [days, recentPosts, trials] = await Promise.all([
    db
      .select({
        day: sql<
          string | null
        >`CASE WHEN ${expertBusinessDays.day} < ${from}::date THEN NULL ELSE to_char(${expertBusinessDays.day}, 'YYYY-MM-DD') END`,
        started: sql<number>`sum(${expertBusinessDays.started})::int`,
        ended: sql<number>`sum(${expertBusinessDays.ended})::int`,
        mrr: sql<number>`sum(${expertBusinessDays.mrrChangeCents})::float8`,
        gross: sql<number>`sum(${expertBusinessDays.grossCents})::float8`,
        fee: sql<number>`sum(${expertBusinessDays.feeCents})::float8`,
      })
      .from(expertBusinessDays)
      .where(and(eq(expertBusinessDays.expertId, expertId), sql`${expertBusinessDays.day} <= ${dayOf(today)}::date`))
      .groupBy(sql`1`)
      .orderBy(sql`1 NULLS FIRST`),
    postFigures(db, expertId, now),
    trialFigures(db, expertId, new Date(rangeStart), now),
  ]);
  return { range, ...foldDays(days, { today, rangeStart, churnStart, firstMonth }), posts: recentPosts, trials };
}

/** Walks the days in order, keeping the running totals, into the series the charts draw. */
function foldDays(
  rows: DayRow[],
  bounds: { today: number; rangeStart: number; churnStart: number; firstMonth: number },
): Omit<BusinessSummary, "range" | "posts" | "trials"> {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const before = byDay.get(null);
  let subscribers = before ? before.started - before.ended : 0;
  let mrrCents = before?.mrr ?? 0;
  let subscribersAtChurnStart = 0;
  let cancelledLast30Days = 0;
  let startedLast30Days = 0;
  const daily: DayFigures[] = [];
  const weeks = new Map<string, WeekFigures>();
  const months = new Map<string, MonthRevenue>();
  for (let month = 0; month < REVENUE_MONTHS; month++) {
    const first = new Date(bounds.firstMonth);
    const key = dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + month, 1)).slice(0, 7);
    months.set(key, { month: key, grossCents: 0, netCents: 0 });
  }
  const start = Math.min(bounds.rangeStart, bounds.churnStart, bounds.firstMonth);
  for (let ms = start; ms <= bounds.today; ms += DAY_MS) {
    const date = dayOf(ms);
    const row = byDay.get(date);
    if (row) {
      subscribers += row.started - row.ended;
      mrrCents += row.mrr;
      const month = months.get(date.slice(0, 7));
      if (month) {
        month.grossCents += row.gross;
        month.netCents += row.gross - row.fee;
      }
    }
    if (ms === bounds.churnStart) subscribersAtChurnStart = subscribers;
    if (ms > bounds.churnStart) {
      cancelledLast30Days += row?.ended ?? 0;
      startedLast30Days += row?.started ?? 0;
    }
    if (ms >= bounds.rangeStart) {
      daily.push({ date, subscribers, mrrCents });
      const weekStart = dayOf(mondayOf(ms));
      const week = weeks.get(weekStart) ?? { weekStart, started: 0, cancelled: 0 };
      week.started += row?.started ?? 0;
      week.cancelled += row?.ended ?? 0;
      weeks.set(weekStart, week);
    }
  }
  return {
    daily,
    weekly: [...weeks.values()],
    churnRate: subscribersAtChurnStart > 0 ? cancelledLast30Days / subscribersAtChurnStart : null,
    cancelledLast30Days,
    startedLast30Days,
    monthlyRevenue: [...months.values()],
  };
}

/** The expert's latest live posts: views, subscriptions begun from them, likes and comments. */
async function postFigures(db: Database, expertId: string, now: Date): Promise<PostFigures[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      postType: posts.postType,
      publishDate: posts.publishDate,
      readerViews: sql<number>`coalesce(${postViews.readerViews}, 0)::float8`,
      visitorViews: sql<number>`coalesce(${postViews.visitorViews}, 0)::float8`,
      subscriptionsStarted: sql<number>`(SELECT count(*) FROM ${subscriptionSpans} WHERE ${subscriptionSpans.startedFromPostId} = ${posts.id})::int`,
      likes: posts.likesCount,
      comments: posts.commentsCount,
    })
    .from(posts)
    .leftJoin(postViews, eq(postViews.postId, posts.id))
    .where(and(eq(posts.authorId, expertId), postIsLiveSql(at)))
    .orderBy(desc(posts.publishDate), desc(posts.id))
    .limit(POSTS_SHOWN);
  return rows.map((row) => ({ ...row, publishDate: row.publishDate?.toISOString() ?? null }));
}

/**
 * Trials that ended in the range, and how many became paying: a subscription payment went through
 * from the trial's end on (with payments off, the free subscription's first renewal).
 */
async function trialFigures(db: Database, expertId: string, from: Date, now: Date): Promise<BusinessSummary["trials"]> {
  const [row] = await db
    .select({
      ended: sql<number>`count(*)::int`,
      // Spelled out: inside the subquery an unqualified column would be the payment's.
      converted: sql<number>`(count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM payments p WHERE p.subscription_id = subscriptions.id AND p.kind = 'Subscription'
          AND p.status = 'Succeeded' AND p.created_at >= subscriptions.trial_ends_at - interval '1 day')))::int`,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.expertId, expertId),
        sql`${subscriptions.trialEndsAt} >= ${from.toISOString()}::timestamptz`,
        sql`${subscriptions.trialEndsAt} <= ${now.toISOString()}::timestamptz`,
        sql`${subscriptions.trialStartedAt} IS NOT NULL`,
      ),
    );
  return { ended: row?.ended ?? 0, converted: row?.converted ?? 0 };
}
