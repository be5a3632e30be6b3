/**
 * The business figures' shapes and constants, for the server (business-figures.server.ts) and the
 * page that draws them.
 */
import { z } from "zod";

export const SUMMARY_RANGES = [30, 90, 365] as const;
export type SummaryRange = (typeof SUMMARY_RANGES)[number];
export const DEFAULT_SUMMARY_RANGE: SummaryRange = 90;
/** Churn is measured over this many days, whatever range the charts show. */
export const CHURN_DAYS = 30;
export const REVENUE_MONTHS = 12;
export const POSTS_SHOWN = 10;

export interface DayFigures {
  date: string;
  /** Subscriptions giving access at the end of the day (free ones included). */
  subscribers: number;
  /** What the paid ones bring each month, in cents. */
  mrrCents: number;
}
export interface WeekFigures {
  /** The week's Monday; the first week of a range may start before it (its days outside are not counted). */
  weekStart: string;
  started: number;
  cancelled: number;
}
export interface MonthRevenue {
  month: string;
  grossCents: number;
  netCents: number;
}
export interface PostFigures {
  id: string;
  title: string;
  postType: "Post" | "Pick";
  publishDate: string | null;
  readerViews: number;
  visitorViews: number;
  subscriptionsStarted: number;
  likes: number;
  comments: number;
}
export interface BusinessSummary {
  range: SummaryRange;
  daily: DayFigures[];
  weekly: WeekFigures[];
  /** Cancelled in the last 30 days over the subscribers at their start; null when there were none. */
  churnRate: number | null;
  cancelledLast30Days: number;
  startedLast30Days: number;
  monthlyRevenue: MonthRevenue[];
  posts: PostFigures[];
  /** Free trials that ended in the range, and how many of them went on to a payment. */
  trials: { ended: number; converted: number };
}

export const SUMMARY_RANGE_ERROR = "Choose 30, 90 or 365 days.";

/** `?days=` of `GET /api/business/summary` and `/business`: 30, 90 or 365 (90 when absent). */
export const summaryQuerySchema = z.object({
  days: z
    .enum(["30", "90", "365"], { errorMap: () => ({ message: SUMMARY_RANGE_ERROR }) })
    .optional()
    .transform((days): SummaryRange => (days ? (Number(days) as SummaryRange) : DEFAULT_SUMMARY_RANGE)),
});

/** The page's range: what the address asks for when it is one of the ranges, else the default. */
export function summaryRangeOf(url: URL): SummaryRange {
  const parsed = summaryQuerySchema.safeParse({ days: url.searchParams.get("days") ?? undefined });
  return parsed.success ? parsed.data.days : DEFAULT_SUMMARY_RANGE;
}
