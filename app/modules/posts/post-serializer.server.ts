/**
 * The ONLY way a post leaves the server (decision 017): every path that answers a post — API,
 * loaders, pages, feeds, notifications, e-mails, meta tags — loads a `PostRecord` and passes it
 * through `toPostDTO` with the viewer's access. The body goes out only when `canReadBody` says so.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, likes, modalities, notifyRequests, postModalities, posts, profiles, subscriptions, users } from "~/db/schema";
import { avatarOrDefault, subscriptionGivesAccess } from "~/modules/experts/experts.server";
import { getEvents, type EventDTO } from "~/modules/reference/reference.server";
import { canReadBody, isLive } from "./paywall";

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
  /** false for someone else's scheduled post: until it goes live only its teaser (title, date, author) shows. */
  canReadPreview: boolean;
  isNotifyRequested: boolean;
  isLiked: boolean;
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
  metadata: { isNotifyRequested: boolean; isLiked: boolean };
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
    preview: access.canReadPreview ? (record.preview as unknown[]) : [],
    previewText: access.canReadPreview ? record.previewText : "",
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
    metadata: { isNotifyRequested: access.isNotifyRequested, isLiked: access.isLiked },
  };
}

/** One post with its category, event, modalities and author; null when there is none. */
export async function loadPostRecord(db: Database, postId: string): Promise<PostRecord | null> {
  const [record] = await loadPostRecords(db, [postId]);
  return record ?? null;
}

/**
 * Several posts with their categories, events, modalities and authors in three queries whatever
 * their number, in the order of `ids` (ids without a post are left out).
 */
export async function loadPostRecords(db: Database, ids: string[]): Promise<PostRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
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
    .where(inArray(posts.id, ids));
  if (rows.length === 0) return [];
  const eventIds = [...new Set(rows.flatMap((row) => (row.post.eventId === null ? [] : [row.post.eventId])))];
  const [modalityRows, eventsById] = await Promise.all([
    db
      .select({ postId: postModalities.postId, id: modalities.id, name: modalities.name })
      .from(postModalities)
      .innerJoin(modalities, eq(modalities.id, postModalities.modalityId))
      .where(inArray(postModalities.postId, rows.map((row) => row.post.id)))
      .orderBy(modalities.sortOrder, modalities.id),
    getEvents(db, eventIds),
  ]);
  const modalitiesByPost = new Map<string, { id: number; name: string }[]>();
  for (const { postId, id, name } of modalityRows) {
    const list = modalitiesByPost.get(postId) ?? [];
    list.push({ id, name });
    modalitiesByPost.set(postId, list);
  }
  const byId = new Map(
    rows.map((row): [string, PostRecord] => [
      row.post.id,
      {
        ...row.post,
        category: { id: row.post.categoryId, name: row.categoryName },
        event: row.post.eventId === null ? null : (eventsById.get(row.post.eventId) ?? null),
        modalities: modalitiesByPost.get(row.post.id) ?? [],
        author: {
          id: row.post.authorId,
          userName: row.userName,
          firstName: row.firstName,
          lastName: row.lastName,
          avatar: avatarOrDefault(row.avatar, row.userName),
        },
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Does the viewer hold a subscription to this expert that gives access now? */
export async function hasActiveSubscription(db: Database, viewerId: string, expertId: string, now = new Date()): Promise<boolean> {
  return (await subscribedExperts(db, viewerId, [expertId], now)).has(expertId);
}

/** Of these experts, the ones the viewer holds a subscription to that gives access now. */
async function subscribedExperts(db: Database, viewerId: string, expertIds: string[], now: Date): Promise<Set<string>> {
  if (expertIds.length === 0) return new Set();
  const rows = await db
    .select({ expertId: subscriptions.expertId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, viewerId),
        inArray(subscriptions.expertId, expertIds),
        subscriptionGivesAccess(sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return new Set(rows.map((row) => row.expertId));
}

type AccessSubject = Pick<PostRow, "id" | "authorId" | "postType" | "status" | "publishDate">;

/** The viewer's access to one post: the paywall's verdict, their like and their notify-me flag. */
export async function accessFor(db: Database, viewerId: string | null, record: AccessSubject, now = new Date()): Promise<PostAccess> {
  return (await accessForMany(db, viewerId, [record], now)).get(record.id)!;
}

/**
 * The viewer's access to several posts by post id, in three queries whatever their number: their
 * subscriptions to the Picks' authors, their likes and their notify-me requests among the posts.
 */
export async function accessForMany(db: Database, viewerId: string | null, records: AccessSubject[], now = new Date()): Promise<Map<string, PostAccess>> {
  if (!viewerId || records.length === 0) {
    return new Map(
      records.map((record) => [
        record.id,
        {
          canReadBody: canReadBody({ viewerId: null, post: record, subscriptionActive: false, now }),
          canReadPreview: isLive(record, now),
          isNotifyRequested: false,
          isLiked: false,
        },
      ]),
    );
  }
  const postIds = records.map((record) => record.id);
  const pickAuthors = [...new Set(records.filter((record) => record.postType === "Pick" && record.authorId !== viewerId).map((record) => record.authorId))];
  const [subscribed, likedRows, notifyRows] = await Promise.all([
    subscribedExperts(db, viewerId, pickAuthors, now),
    db
      .select({ postId: likes.postId })
      .from(likes)
      .where(and(eq(likes.userId, viewerId), inArray(likes.postId, postIds))),
    db
      .select({ postId: notifyRequests.postId })
      .from(notifyRequests)
      .where(and(eq(notifyRequests.userId, viewerId), inArray(notifyRequests.postId, postIds))),
  ]);
  const liked = new Set(likedRows.map((row) => row.postId));
  const notified = new Set(notifyRows.map((row) => row.postId));
  return new Map(
    records.map((record) => [
      record.id,
      {
        canReadBody: canReadBody({ viewerId, post: record, subscriptionActive: subscribed.has(record.authorId), now }),
        canReadPreview: record.authorId === viewerId || isLive(record, now),
        isNotifyRequested: notified.has(record.id),
        isLiked: liked.has(record.id),
      },
    ]),
  );
}

/** Serializes loaded records for this viewer: the batch form of `accessFor` + `toPostDTO`. */
export async function toPostDTOs(db: Database, viewerId: string | null, records: PostRecord[], now = new Date()): Promise<PostDTO[]> {
  const access = await accessForMany(db, viewerId, records, now);
  return records.map((record) => toPostDTO(record, access.get(record.id)!));
}
