/**
 * The ONLY way a post leaves the server (decision 017): every path that answers a post — API,
 * loaders, pages, feeds, notifications, e-mails, meta tags — loads a `PostRecord` and passes it
 * through `toPostDTO` with the viewer's access. The body goes out only when `canReadBody` says so.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, modalities, notifyRequests, postModalities, posts, profiles, subscriptions, users } from "~/db/schema";
import { avatarOrDefault, subscriptionGivesAccess } from "~/modules/experts/experts.server";
import { getEvent, type EventDTO } from "~/modules/reference/reference.server";
import { canReadBody } from "./paywall";

type PostRow = typeof posts.$inferSelect;

/** A post row with what its answer shows beside it. */
export interface PostRecord extends PostRow {
  category: { id: number; name: string };
  event: EventDTO | null;
  modalities: { id: number; name: string }[];
  author: { id: string; userName: string; firstName: string; lastName: string; avatar: string };
}

/** What the viewer may see of one post; build it with `accessFor`. */
export interface PostAccess {
  canReadBody: boolean;
  isNotifyRequested: boolean;
}

export type PickResult = "Win" | "Loss" | "Push" | "Void";

export interface PostDTO {
  id: string;
  postType: "Post" | "Pick";
  title: string;
  /** null when locked. */
  body: unknown[] | null;
  isLocked: boolean;
  preview: unknown[];
  previewText: string;
  visibility: "Free" | "Subscribers";
  status: "Published" | "Draft";
  publishDate: string | null;
  categoryId: number;
  categoryInfo: { id: number; name: string };
  eventId: number | null;
  eventInfo: EventDTO | null;
  modalityIds: number[];
  modality: { id: number; name: string }[];
  coverImage: string | null;
  pickResult: PickResult | null;
  gradedAt: string | null;
  /** A Pick's record: public once graded, else only for readers of the body. */
  selection: string | null;
  odds: number | null;
  units: number | null;
  author: { id: string; userName: string; firstName: string; lastName: string; avatar: string };
  likesCount: number;
  commentsCount: number;
  createdAt: string;
  metadata: { isNotifyRequested: boolean };
}

export function toPostDTO(record: PostRecord, access: PostAccess): PostDTO {
  const readable = access.canReadBody;
  const recordPublic = readable || record.pickResult !== null;
  return {
    id: record.id,
    postType: record.postType,
    title: record.title,
    body: readable ? (record.body as unknown[]) : null,
    isLocked: !readable,
    preview: record.preview as unknown[],
    previewText: record.previewText,
    visibility: record.visibility,
    status: record.status,
    publishDate: record.publishDate?.toISOString() ?? null,
    categoryId: record.category.id,
    categoryInfo: record.category,
    eventId: record.event?.id ?? null,
    eventInfo: record.event,
    modalityIds: record.modalities.map((modality) => modality.id),
    modality: record.modalities,
    coverImage: record.coverImage,
    pickResult: record.pickResult,
    gradedAt: record.gradedAt?.toISOString() ?? null,
    selection: recordPublic ? record.selection : null,
    odds: recordPublic ? record.odds : null,
    units: recordPublic ? record.units : null,
    author: record.author,
    likesCount: record.likesCount,
    commentsCount: record.commentsCount,
    createdAt: record.createdAt.toISOString(),
    metadata: { isNotifyRequested: access.isNotifyRequested },
  };
}

/** One post with its category, event, modalities and author; null when there is none. */
export async function loadPostRecord(db: Database, postId: string): Promise<PostRecord | null> {
  const [row] = await db
    .select({
      post: posts,
      categoryName: categories.name,
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: profiles.avatar,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(profiles, eq(profiles.userId, posts.authorId))
    .where(eq(posts.id, postId));
  if (!row) return null;
  const [modalityRows, event] = await Promise.all([
    db
      .select({ id: modalities.id, name: modalities.name })
      .from(postModalities)
      .innerJoin(modalities, eq(modalities.id, postModalities.modalityId))
      .where(eq(postModalities.postId, postId))
      .orderBy(modalities.sortOrder, modalities.id),
    row.post.eventId === null ? Promise.resolve(null) : getEvent(db, row.post.eventId),
  ]);
  return {
    ...row.post,
    category: { id: row.post.categoryId, name: row.categoryName },
    event,
    modalities: modalityRows,
    author: {
      id: row.post.authorId,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
      avatar: avatarOrDefault(row.avatar, row.userName),
    },
  };
}

/** Does the viewer hold a subscription to this expert that gives access now? */
export async function hasActiveSubscription(db: Database, viewerId: string, expertId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, viewerId),
        eq(subscriptions.expertId, expertId),
        subscriptionGivesAccess(sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The viewer's access to one post: the paywall's verdict and their notify-me flag. */
export async function accessFor(db: Database, viewerId: string | null, record: Pick<PostRow, "id" | "authorId" | "postType">, now = new Date()): Promise<PostAccess> {
  if (!viewerId) return { canReadBody: canReadBody({ viewerId: null, post: record, subscriptionActive: false }), isNotifyRequested: false };
  const needsSubscription = record.postType === "Pick" && record.authorId !== viewerId;
  const [subscriptionActive, notify] = await Promise.all([
    needsSubscription ? hasActiveSubscription(db, viewerId, record.authorId, now) : Promise.resolve(false),
    db
      .select({ postId: notifyRequests.postId })
      .from(notifyRequests)
      .where(and(eq(notifyRequests.userId, viewerId), eq(notifyRequests.postId, record.id)))
      .limit(1),
  ]);
  return { canReadBody: canReadBody({ viewerId, post: record, subscriptionActive }), isNotifyRequested: notify.length > 0 };
}
