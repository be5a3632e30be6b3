import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { experts, profiles, users } from "~/db/schema";
import { isPublicExpert, subscribersCountSql, type ExpertCard } from "./experts.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";

/**
 * Experts with the most active subscribers, newest first among equals: the home page's featured
 * experts (the sidebar's 'Recommended' list has its own ranking: recommendations.server.ts).
 */
export async function listTopExperts(db: Database, limit: number, now = new Date()): Promise<ExpertCard[]> {
  const subscribersCount = subscribersCountSql(users.id, sql`${now.toISOString()}::timestamptz`);
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
    .where(isPublicExpert)
    .orderBy(desc(subscribersCount), desc(experts.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, avatar: avatarOrDefault(row.avatar, row.userName) }));
}
