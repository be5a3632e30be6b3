/**
 * What an expert's page shows of its reader (decision 047): whether they follow the expert, their
 * subscription to them (any state), and their like and notify-me on each post the page lists.
 * Everything else on the page is the same for every reader of one audience (a subscriber of the
 * expert, or not), so a page rendered once for the audience gets this beside it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { follows, likes, notifyRequests, users } from "~/db/schema";
import { findSubscription, type SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";

/** What the page lists: its expert and the posts of its cards. */
export interface ExpertPageSubject {
  expertId: string;
  postIds: string[];
}

export interface ExpertPagePersonal {
  isFollowed: boolean;
  subscription: SubscriptionDTO | null;
  /** Per post id of the subject: the reader's like and notify-me. */
  posts: Record<string, { isLiked: boolean; isNotifyRequested: boolean }>;
}

/** The ids of a JSON array the statement answered. */
const idsOf = (value: unknown) => new Set(Array.isArray(value) ? value.map(String) : []);

const ids = sql`${sql.placeholder("postIds")}::uuid[]`;
const reader = sql`${sql.placeholder("readerId")}::uuid`;

/** One row (the reader's own) carrying the three answers; named and planned once per connection. */
const personalStatement = preparedStatement((db) =>
  db
    .select({
      isFollowed: sql<boolean>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${reader}
        AND ${follows.expertId} = ${sql.placeholder("expertId")}::uuid)`,
      liked: sql<unknown>`(SELECT coalesce(json_agg(${likes.postId}), '[]') FROM ${likes}
        WHERE ${likes.userId} = ${reader} AND ${likes.postId} = ANY(${ids}))`,
      notified: sql<unknown>`(SELECT coalesce(json_agg(${notifyRequests.postId}), '[]') FROM ${notifyRequests}
        WHERE ${notifyRequests.userId} = ${reader} AND ${notifyRequests.postId} = ANY(${ids}))`,
    })
    .from(users)
    .where(sql`${users.id} = ${reader}`)
    .prepare("read_expert_page_personal"),
);

/** The reader's follow of `expertId` and their like and notify-me on each of `postIds`: one statement. */
export async function readReaderStates(
  db: Database,
  readerId: string,
  expertId: string,
  postIds: string[],
): Promise<Omit<ExpertPagePersonal, "subscription">> {
  const [row] = await personalStatement(db).execute({ readerId, expertId, postIds });
  const liked = idsOf(row?.liked);
  const notified = idsOf(row?.notified);
  return {
    isFollowed: Boolean(row?.isFollowed),
    posts: Object.fromEntries(
      postIds.map((id) => [id, { isLiked: liked.has(id), isNotifyRequested: notified.has(id) }]),
    ),
  };
}

export async function readExpertPagePersonal(
  db: Database,
  readerId: string,
  subject: ExpertPageSubject,
  now = new Date(),
): Promise<ExpertPagePersonal> {
  const [states, subscription] = await Promise.all([
    readReaderStates(db, readerId, subject.expertId, subject.postIds),
    findSubscription(db, readerId, subject.expertId, now),
  ]);
  return { ...states, subscription };
}
