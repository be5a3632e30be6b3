/**
 * Follows (product.md "Subscriptions and money"): free, idempotent, the watchlist's experts. A
 * follow gives no access to picks (that is a subscription's), only the expert's news.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { experts, follows, profiles, users } from "~/db/schema";
import { expertSummaryColumns, toExpertSummary, type ExpertSummary } from "~/modules/profiles/expert-summary.server";
import { requireExpert } from "~/modules/profiles/subscribable-expert.server";
import { AppError } from "~/modules/http/app-error";
import { UUID_PATTERN } from "~/modules/http/uuid";

export const FOLLOW_MESSAGES = {
  self: "You cannot follow yourself.",
} as const;

/** Following is free and idempotent: following twice is still one follow. */
export async function follow(db: Database, followerId: string, expertId: string): Promise<{ isFollowed: true }> {
  if (followerId === expertId) throw new AppError(422, FOLLOW_MESSAGES.self, { expertId: [FOLLOW_MESSAGES.self] });
  await requireExpert(db, expertId);
  await db.insert(follows).values({ followerId, expertId }).onConflictDoNothing();
  return { isFollowed: true };
}

export async function unfollow(db: Database, followerId: string, expertId: string): Promise<{ isFollowed: false }> {
  if (!UUID_PATTERN.test(expertId)) throw new AppError(404);
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.expertId, expertId)));
  return { isFollowed: false };
}

/** The experts the user follows, by name (the watchlist). */
export async function listFollowedExperts(
  db: Database,
  followerId: string,
  options: { page: number; size: number },
): Promise<{ items: ExpertSummary[]; totalItems: number }> {
  const where = and(eq(follows.followerId, followerId), eq(experts.membershipStatus, "Active"));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(expertSummaryColumns)
      .from(follows)
      .innerJoin(users, eq(users.id, follows.expertId))
      .innerJoin(experts, eq(experts.userId, follows.expertId))
      .leftJoin(profiles, eq(profiles.userId, follows.expertId))
      .where(where)
      .orderBy(asc(users.userName))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(follows).innerJoin(experts, eq(experts.userId, follows.expertId)).where(where),
  ]);
  return { items: rows.map(toExpertSummary), totalItems: Number(total) };
}
