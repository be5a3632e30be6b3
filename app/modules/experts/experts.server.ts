import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { experts, profiles, subscriptions, users } from "~/db/schema";

export interface ExpertCard {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  expertAboutText: string | null;
  subscriptionPriceCents: number | null;
  subscribersCount: number;
}

/** The default picture when a user has none: a generated avatar (see routes/avatars.$name). */
export const avatarOrDefault = (avatar: string | null, userName: string) => avatar ?? `/avatars/${encodeURIComponent(userName)}.svg`;

/**
 * Experts with the most active subscribers, newest first among equals. The sidebar's
 * 'Recommended' list and the home page use it until recommendations get their own ranking.
 */
export async function listTopExperts(db: Database, limit: number): Promise<ExpertCard[]> {
  const subscribersCount = sql<number>`(
    SELECT count(*)::int FROM ${subscriptions}
    WHERE ${subscriptions.expertId} = ${users.id} AND ${subscriptions.status} IN ('Activated', 'PastDue', 'Canceled')
  )`;
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: profiles.avatar,
      expertAboutText: profiles.expertAboutText,
      subscriptionPriceCents: experts.subscriptionPriceCents,
      subscribersCount,
    })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .leftJoin(profiles, eq(profiles.userId, experts.userId))
    .where(and(eq(experts.membershipStatus, "Active")))
    .orderBy(desc(subscribersCount), desc(experts.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, avatar: avatarOrDefault(row.avatar, row.userName) }));
}

/** Experts whose membership is active: the count the founding-partner programme (first 300) is measured by. */
export async function countActiveExperts(db: Database): Promise<number> {
  return db.$count(experts, eq(experts.membershipStatus, "Active"));
}
