/**
 * The expert's business page (/business): payment account state, price, subscribers and revenue.
 * Read-only here; changes go through the payments API (connect, url, disconnect, price). Earnings
 * are read from the day sums the payments keep (migration 0026), not from every payment.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { expertBusinessDays, experts, payments, profiles, subscriptions, users } from "~/db/schema";
import { zoneOffsetMs } from "~/modules/time/clock";
import { FREE_PROVIDER } from "~/modules/payments/stripe.server";
import { subscribersCountSql } from "./experts.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";

/** Where the expert's payment account stands: nothing yet, Stripe still needs details, or paid out to. */
export type PaymentAccountState = "NotConnected" | "OnboardingIncomplete" | "Ready";

export interface Revenue {
  /**
   * What subscribers and tippers paid (Succeeded payments; refunded ones are left out, and so are
   * Cheers recorded free while payments were off: no money moved).
   */
  grossCents: number;
  /** What the expert earns: gross less the platform's fee. */
  netCents: number;
}

export interface RecentSubscriber {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  since: string;
}

export interface BusinessOverview {
  paymentAccount: PaymentAccountState;
  subscriptionPrice: { price: number; description: string | null } | null;
  /** What new subscribers get from the expert by e-mail and on their first visit. */
  welcomeMessage: string | null;
  /** The free trial new subscribers get, in days (0: none). */
  trialDays: number;
  subscribersCount: number;
  revenue: { thisMonth: Revenue; allTime: Revenue };
  /** Calendar month of `thisMonth`, in the expert's time zone (e.g. "November 2026"). */
  monthLabel: string;
  recentSubscribers: RecentSubscriber[];
}

export const RECENT_SUBSCRIBERS = 8;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The first instant of `now`'s calendar month in `timeZone` (UTC when the zone is unknown). */
export function monthStart(now: Date, timeZone: string): { start: Date; label: string } {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    zone = "UTC";
  }
  const local = new Date(now.getTime() + zoneOffsetMs(now, zone));
  const firstLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  const start = new Date(firstLocal - zoneOffsetMs(new Date(firstLocal), zone));
  const label = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(firstLocal),
  );
  return { start, label };
}

export async function getBusinessOverview(
  db: Database,
  expert: { id: string; timezone: string },
  now = new Date(),
): Promise<BusinessOverview> {
  const { start, label } = monthStart(now, expert.timezone);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  // The month began at `start` in the expert's zone: its whole UTC days come from the day sums,
  // the rest of the first UTC day from the payments themselves (a few rows at most).
  const firstWholeDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1));
  const earned = and(
    eq(payments.expertId, expert.id),
    eq(payments.status, "Succeeded"),
    inArray(payments.kind, ["Subscription", "Tip"]),
    sql`${payments.provider} IS DISTINCT FROM ${FREE_PROVIDER}`,
  );
  const [[account], [revenue], [monthHead], recent] = await Promise.all([
    db
      .select({
        paymentAccountId: experts.paymentAccountId,
        paymentAccountReady: experts.paymentAccountReady,
        priceCents: experts.subscriptionPriceCents,
        priceDescription: experts.subscriptionDescription,
        welcomeMessage: experts.welcomeMessage,
        trialDays: experts.trialDays,
        subscribersCount: subscribersCountSql(expert.id, nowSql),
      })
      .from(users)
      .leftJoin(experts, eq(experts.userId, users.id))
      .where(eq(users.id, expert.id)),
    db
      .select({
        grossAll: sql<string>`coalesce(sum(${expertBusinessDays.grossCents}), 0)::text`,
        feeAll: sql<string>`coalesce(sum(${expertBusinessDays.feeCents}), 0)::text`,
        grossMonth: sql<string>`coalesce(sum(${expertBusinessDays.grossCents}) FILTER (WHERE ${expertBusinessDays.day} >= ${dayOf(firstWholeDay)}::date), 0)::text`,
        feeMonth: sql<string>`coalesce(sum(${expertBusinessDays.feeCents}) FILTER (WHERE ${expertBusinessDays.day} >= ${dayOf(firstWholeDay)}::date), 0)::text`,
      })
      .from(expertBusinessDays)
      .where(eq(expertBusinessDays.expertId, expert.id)),
    db
      .select({
        gross: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text`,
        fee: sql<string>`coalesce(sum(${payments.platformFeeCents}), 0)::text`,
      })
      .from(payments)
      .where(
        and(
          earned,
          sql`${payments.createdAt} >= ${start.toISOString()}::timestamptz`,
          sql`${payments.createdAt} < ${firstWholeDay.toISOString()}::timestamptz`,
        ),
      ),
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: profiles.avatar,
        since: subscriptions.createdAt,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.subscriberId))
      .leftJoin(profiles, eq(profiles.userId, subscriptions.subscriberId))
      .where(and(eq(subscriptions.expertId, expert.id), subscriptionGivesAccessSql(nowSql)))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(RECENT_SUBSCRIBERS),
  ]);
  const money = (gross: string, fee: string): Revenue => ({
    grossCents: Number(gross),
    netCents: Number(gross) - Number(fee),
  });
  return {
    paymentAccount: !account?.paymentAccountId
      ? "NotConnected"
      : account.paymentAccountReady
        ? "Ready"
        : "OnboardingIncomplete",
    subscriptionPrice: account?.priceCents
      ? { price: account.priceCents, description: account.priceDescription }
      : null,
    welcomeMessage: account?.welcomeMessage ?? null,
    trialDays: account?.trialDays ?? 0,
    subscribersCount: Number(account?.subscribersCount ?? 0),
    revenue: {
      thisMonth: money(
        String(Number(revenue.grossMonth) + Number(monthHead.gross)),
        String(Number(revenue.feeMonth) + Number(monthHead.fee)),
      ),
      allTime: money(revenue.grossAll, revenue.feeAll),
    },
    monthLabel: label,
    recentSubscribers: recent.map((row) => ({
      id: row.id,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
      avatar: avatarOrDefault(row.avatar, row.userName),
      since: row.since.toISOString(),
    })),
  };
}
