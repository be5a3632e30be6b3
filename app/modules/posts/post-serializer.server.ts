/**
 * The ONLY way a post leaves the server (decision 017): every path that answers a post — API,
 * loaders, pages, feeds, notifications, e-mails, meta tags — loads a `PostRecord` and passes it
 * through `toPostDTO` with the viewer's access. The body goes out only when `canReadBody` says so.
 */
import { and, eq, inArray, sql, type SQL, type WithSubquery } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { events, likes, notifyRequests, postModalities, posts, profiles, subscriptions, users } from "~/db/schema";
import { canReadBody, canReadPreview, eventHasStarted, pickDetailsPublic } from "~/modules/access/access";
import { holdsAccessSql, subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { withMediaAddresses } from "~/modules/uploads/media-url.server";
import { referenceNames, toEventDTO, type EventDTO, type ReferenceNames } from "~/modules/reference/reference.server";
import type { PickLegRecord } from "~/db/schema";
import type { PickMarket } from "~/modules/record/pick-markets";

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
  /** A Pick's bet: public once its event has started (or it is graded), else only for readers of the body (`market`, its kind, always). */
  selection: string | null;
  odds: number | null;
  units: number | null;
  market: PickMarket | null;
  legs: PickLegRecord[] | null;
  /** The verified record: when the server took the pick, how long before the start it went out, withdrawal, grading. */
  postedAt: string | null;
  postedMinutesBeforeStart: number | null;
  withdrawnAt: string | null;
  selfGraded: boolean;
  settledOdds: number | null;
  clv: number | null;
  /** When a correction of one of its games' results regraded it, with the admin's reason (the trail: GET /api/events/{id}/correction). */
  resultCorrection: { correctedAt: string; reason: string } | null;
  /** SHA-256 of the committed text, public from posting; the text itself (salt included) once the event has started. */
  commitment: string | null;
  committedText: string | null;
  author: { id: string; userName: string; firstName: string; lastName: string; avatar: string };
  likesCount: number;
  commentsCount: number;
  createdAt: string;
  metadata: { isNotifyRequested: boolean; isLiked: boolean };
}

export function toPostDTO(record: PostRecord, access: PostAccess, now: Date = new Date()): PostDTO {
  const readable = access.canReadBody;
  const started = eventHasStarted(record.event, now);
  const recordPublic = pickDetailsPublic({ readable, pickResult: record.pickResult, event: record.event }, now);
  // When readers could first see it: the later of its posting and its publish date.
  const outAt =
    record.postedAt && record.publishDate ? Math.max(record.postedAt.getTime(), record.publishDate.getTime()) : null;
  return {
    id: record.id,
    postType: record.postType,
    title: record.title,
    body: readable ? withMediaAddresses(record.body as unknown[], now.getTime()) : null,
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
    // The kind of bet (a spread, a parlay) is the pick's label for everyone; which side is not.
    market: record.market,
    legs: recordPublic ? record.legs : null,
    postedAt: record.postedAt?.toISOString() ?? null,
    postedMinutesBeforeStart:
      outAt !== null && record.event
        ? Math.max(0, Math.floor((new Date(record.event.startsAt).getTime() - outAt) / 60_000))
        : null,
    withdrawnAt: record.withdrawnAt?.toISOString() ?? null,
    selfGraded: record.selfGraded,
    settledOdds: record.settledOdds,
    clv: record.clv,
    resultCorrection: record.resultCorrectedAt
      ? { correctedAt: record.resultCorrectedAt.toISOString(), reason: record.resultCorrectionReason ?? "" }
      : null,
    commitment: record.commitment,
    committedText: started ? record.commitCanonical : null,
    author: record.author,
    likesCount: record.likesCount,
    commentsCount: record.commentsCount,
    createdAt: record.createdAt.toISOString(),
    metadata: { isNotifyRequested: access.isNotifyRequested, isLiked: access.isLiked },
  };
}

/** What anyone may see of a live post, locked or not: its id and title (search suggestions). */
export interface PostLink {
  id: string;
  title: string;
}

export function toPostLink(post: PostLink): PostLink {
  return { id: post.id, title: post.title };
}

/** One post with its category, event, modalities and author; null when there is none. */
export async function loadPostRecord(db: Database, postId: string): Promise<PostRecord | null> {
  const [view] = await loadPostViews(db, null, [postId]);
  return view?.record ?? null;
}

/** Several posts with their categories, events, modalities and authors, in the order of `ids`. */
export async function loadPostRecords(db: Database, ids: string[]): Promise<PostRecord[]> {
  return (await loadPostViews(db, null, ids)).map((view) => view.record);
}

/** A post as loaded for one viewer: the record and what the viewer may see of it. */
export interface PostView {
  record: PostRecord;
  access: PostAccess;
}

export const viewerParam = sql`${sql.placeholder("viewerId")}::uuid`;
export const nowParam = sql`${sql.placeholder("now")}::timestamptz`;

/**
 * The hot path of every post answer (lists, feeds, the post page): the posts, their author,
 * event and modalities, and the viewer's like, notify-me and subscription to each author, in ONE
 * named prepared statement (parsed and planned once per connection). Categories and modalities
 * are ids here, named from the kept reference lists (`referenceNames`): every join costs each
 * execution its share of PostgreSQL's executor start, whatever the rows.
 */
const postViewFields = (viewer: SQL) => ({
  post: posts,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: profiles.avatar,
  event: {
    id: events.id,
    categoryId: events.categoryId,
    homeTeam: events.homeTeam,
    awayTeam: events.awayTeam,
    startsAt: events.startsAt,
    status: events.status,
    homeScore: events.homeScore,
    awayScore: events.awayScore,
  },
  // Ids only: the names come from the reference lists, not a json_agg per post.
  modalityIds: sql<number[]>`array(SELECT pm.modality_id FROM ${postModalities} pm WHERE pm.post_id = ${posts.id})`,
  isLiked: sql<boolean>`exists(SELECT 1 FROM ${likes} l WHERE l.user_id = ${viewer} AND l.post_id = ${posts.id})`,
  isNotifyRequested: sql<boolean>`exists(SELECT 1 FROM ${notifyRequests} n WHERE n.user_id = ${viewer} AND n.post_id = ${posts.id})`,
  subscriptionActive: sql<boolean>`${holdsAccessSql(viewer, posts.authorId, nowParam)}`,
});

/**
 * Posts with everything their answer shows and the viewer's like, notify-me and subscription to
 * each author, plus `extra` columns; the caller adds the WHERE. The viewer is the `viewerId`
 * placeholder unless `viewer` says otherwise (the feed's reader, found from the session for its
 * API), with the common table expressions `ctes` it reads; `now` is a placeholder.
 */
export function selectPostViews<Extra extends SelectedFields>(
  db: Database,
  extra: Extra,
  viewer: SQL = viewerParam,
  ctes: WithSubquery[] = [],
) {
  return db
    .with(...ctes)
    .select({ ...postViewFields(viewer), ...extra })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(profiles, eq(profiles.userId, posts.authorId))
    .leftJoin(events, eq(events.id, posts.eventId));
}

type PostViewRow = Awaited<ReturnType<ReturnType<typeof postViewsStatement>["execute"]>>[number];

/** The hot path of every post answer: the posts `ids` as views, ONE named prepared statement. */
const postViewsStatement = preparedStatement((db) =>
  selectPostViews(db, {})
    .where(sql`${posts.id} = ANY(${sql.placeholder("ids")}::uuid[])`)
    .prepare("read_post_views"),
);

/**
 * Rows of `selectPostViews` as records and the viewer's access (the paywall decides), with their
 * categories and modalities named.
 */
export async function toPostViews(
  db: Database,
  rows: PostViewRow[],
  viewerId: string | null,
  now: Date,
): Promise<PostView[]> {
  const names = await referenceNames(db, {
    categoryIds: rows.flatMap((row) =>
      row.event?.categoryId == null ? [row.post.categoryId] : [row.post.categoryId, row.event.categoryId],
    ),
    modalityIds: rows.flatMap((row) => row.modalityIds),
  });
  return rows.map((row) => toPostView(row, names, viewerId, now));
}

function toPostView(row: PostViewRow, names: ReferenceNames, viewerId: string | null, now: Date): PostView {
  const event = row.event;
  // The row's own post object, completed rather than copied: a copy of its 33 columns per post
  // was a measurable share of every list's time.
  const record: PostRecord = Object.assign(row.post, {
    category: names.category(row.post.categoryId),
    event:
      event && event.id !== null
        ? toEventDTO(Object.assign({}, event, { categoryName: names.category(event.categoryId).name }))
        : null,
    modalities: names.modalities(row.modalityIds),
    author: {
      id: row.post.authorId,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
      avatar: avatarOrDefault(row.avatar, row.userName),
    },
  });
  const access: PostAccess = {
    canReadBody: canReadBody({
      viewerId,
      post: record,
      subscriptionActive: viewerId !== null && row.subscriptionActive,
      now,
    }),
    canReadPreview: canReadPreview(viewerId, record, now),
    isNotifyRequested: viewerId !== null && row.isNotifyRequested,
    isLiked: viewerId !== null && row.isLiked,
  };
  return { record, access };
}

/**
 * Posts with the viewer's access (`viewerId` null for a visitor), in the order of `ids` (ids
 * without a post are left out). The paywall's verdict comes from `canReadBody`, as everywhere.
 */
export async function loadPostViews(
  db: Database,
  viewerId: string | null,
  ids: string[],
  now = new Date(),
): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const rows = await postViewsStatement(db).execute({ ids, viewerId, now: now.toISOString() });
  const byId = new Map((await toPostViews(db, rows, viewerId, now)).map((view) => [view.record.id, view]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The posts `ids` serialized for this viewer, in that order: what every list answers. */
export async function serializePosts(
  db: Database,
  viewerId: string | null,
  ids: string[],
  now = new Date(),
): Promise<PostDTO[]> {
  return (await loadPostViews(db, viewerId, ids, now)).map((view) => toPostDTO(view.record, view.access, now));
}

/** Does the viewer hold a subscription to this expert that gives access now? */
export async function hasActiveSubscription(
  db: Database,
  viewerId: string,
  expertId: string,
  now = new Date(),
): Promise<boolean> {
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
        subscriptionGivesAccessSql(sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return new Set(rows.map((row) => row.expertId));
}
