/**
 * Writing posts and picks (decision 017): create, read one, edit, delete, grade. Every answer
 * goes through `toPostDTO`. Record integrity (DECISIONS.md "Posts and picks"): a Pick whose event
 * has started or that is graded can be neither edited nor deleted; only its author grades it.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { announceLivePosts } from "~/modules/notifications/notifications.server";
import { categories, events, modalities, postModalities, posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { statusFor, type PostInput } from "./post-schema";
import { loadPostViews, serializePosts, toPostDTO, type PickResult, type PostDTO, type PostRecord, type PostView } from "./post-serializer.server";
import { isLive } from "./paywall";
import { buildPreview } from "./slate";
import { UUID_PATTERN } from "./post-queries";

export const POST_RULE_MESSAGES = {
  graded: "This pick has been graded: it can no longer be edited or deleted.",
  eventStarted: "This pick's event has started: it can no longer be edited or deleted.",
  pickOnStartedEvent: "This event has already started: picks can only be made before it starts.",
  onlyPicks: "Only picks can be graded.",
  notPublished: "Only a published pick can be graded.",
  alreadyGraded: "This pick has already been graded.",
  unknownCategory: "Unknown category",
  unknownModality: "Unknown modality",
  unknownEvent: "Unknown event",
  eventCategory: "The event is not in the chosen category",
  publishAfterEvent: "A pick must be published before its event starts",
} as const;


function invalid(field: string, message: string): AppError {
  return new AppError(422, defaultErrorMessage(422), { [field]: [message] });
}

/**
 * The post if this viewer may see it at all: a draft only for its author, else 404. A scheduled
 * post is visible to everyone as a teaser (the serializer keeps its body and preview back) so
 * readers can ask to be notified when it goes live.
 */
async function findVisible(db: Database, viewerId: string | null, postId: string | undefined, now = new Date()): Promise<PostView> {
  const [view] = postId && UUID_PATTERN.test(postId) ? await loadPostViews(db, viewerId, [postId], now) : [];
  if (!view) throw new AppError(404);
  if (view.record.authorId !== viewerId && view.record.status === "Draft") throw new AppError(404);
  return view;
}

/** The viewer's own post (404 when they may not see it, 403 when it is someone else's). */
async function findOwn(db: Database, viewerId: string, postId: string | undefined): Promise<PostRecord> {
  const { record } = await findVisible(db, viewerId, postId);
  if (record.authorId !== viewerId) throw new AppError(403);
  return record;
}

/** A Pick that is graded or whose event has started is the verified record: hands off. */
function assertChangeable(record: PostRecord, now: Date) {
  if (record.postType !== "Pick") return;
  if (record.pickResult !== null) throw new AppError(422, POST_RULE_MESSAGES.graded);
  if (record.event && new Date(record.event.startsAt).getTime() <= now.getTime()) throw new AppError(422, POST_RULE_MESSAGES.eventStarted);
}

/** Category, modalities and event must exist; a Pick's event must not have started, nor start before the pick goes live. */
async function checkReferences(db: Database, input: PostInput, publishDate: Date | null, now: Date) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!category) throw invalid("categoryId", POST_RULE_MESSAGES.unknownCategory);
  if (input.modalityIds.length > 0) {
    const found = await db.select({ id: modalities.id }).from(modalities).where(inArray(modalities.id, input.modalityIds));
    if (found.length !== input.modalityIds.length) throw invalid("modalityIds", POST_RULE_MESSAGES.unknownModality);
  }
  if (input.eventId !== null) {
    const [event] = await db.select({ categoryId: events.categoryId, startsAt: events.startsAt }).from(events).where(eq(events.id, input.eventId));
    if (!event) throw invalid("eventId", POST_RULE_MESSAGES.unknownEvent);
    if (event.categoryId !== input.categoryId) throw invalid("eventId", POST_RULE_MESSAGES.eventCategory);
    if (input.postType === "Pick" && event.startsAt.getTime() <= now.getTime()) throw invalid("eventId", POST_RULE_MESSAGES.pickOnStartedEvent);
    if (input.postType === "Pick" && publishDate && publishDate.getTime() >= event.startsAt.getTime()) {
      throw invalid("publishDate", POST_RULE_MESSAGES.publishAfterEvent);
    }
  }
}

/**
 * The publish date to store: none → Draft; a future date schedules; a date in the past means
 * "now" (a post is never back-dated), except that a live post keeps its original date.
 */
function publishDateFor(requested: Date | null, existing: Date | null, now: Date): Date | null {
  if (!requested) return null;
  if (requested.getTime() > now.getTime()) return requested;
  if (existing && existing.getTime() <= now.getTime()) return existing;
  return now;
}

function columnsFor(input: PostInput, publishDate: Date | null) {
  const { preview, previewText } = buildPreview(input.body);
  return {
    postType: input.postType,
    title: input.title,
    body: input.body,
    preview,
    previewText,
    coverImage: input.coverImage,
    visibility: input.visibility,
    status: statusFor(publishDate),
    publishDate,
    categoryId: input.categoryId,
    eventId: input.eventId,
    selection: input.selection,
    odds: input.odds,
    units: input.units,
  } as const;
}

async function answerFor(db: Database, viewerId: string, postId: string, now: Date): Promise<PostDTO> {
  const [post] = await serializePosts(db, viewerId, [postId], now);
  if (!post) throw new AppError(404);
  return post;
}

export async function createPost(db: Database, authorId: string, input: PostInput, now = new Date()): Promise<PostDTO> {
  const publishDate = publishDateFor(input.publishDate, null, now);
  await checkReferences(db, input, publishDate, now);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({ authorId, ...columnsFor(input, publishDate) })
      .returning({ id: posts.id });
    if (input.modalityIds.length > 0) await tx.insert(postModalities).values(input.modalityIds.map((modalityId) => ({ postId: row.id, modalityId })));
    // Live at once: its readers hear of it now (a scheduled one, from the publishing job).
    await announceLivePosts(tx, now, row.id);
    return row.id;
  });
  return answerFor(db, authorId, id, now);
}

/** `GET /api/posts/{postId}`: anyone; drafts only for their author; someone else's scheduled post as a teaser. */
export async function readPost(db: Database, viewerId: string | null, postId: string | undefined, now = new Date()): Promise<PostDTO> {
  const { record, access } = await findVisible(db, viewerId, postId, now);
  return toPostDTO(record, access);
}

export async function updatePost(db: Database, viewerId: string, postId: string | undefined, input: PostInput, now = new Date()): Promise<PostDTO> {
  const record = await findOwn(db, viewerId, postId);
  assertChangeable(record, now);
  const publishDate = publishDateFor(input.publishDate, record.publishDate, now);
  await checkReferences(db, input, publishDate, now);
  await db.transaction(async (tx) => {
    // Conditional on the pick still being ungraded: a grade landing meanwhile wins.
    const updated = await tx
      .update(posts)
      .set({ ...columnsFor(input, publishDate), updatedAt: now })
      .where(and(eq(posts.id, record.id), isNull(posts.pickResult)))
      .returning({ id: posts.id });
    if (updated.length === 0) throw new AppError(422, POST_RULE_MESSAGES.graded);
    await tx.delete(postModalities).where(eq(postModalities.postId, record.id));
    if (input.modalityIds.length > 0) await tx.insert(postModalities).values(input.modalityIds.map((modalityId) => ({ postId: record.id, modalityId })));
    // A draft published now is announced now; one announced before is never announced again.
    await announceLivePosts(tx, now, record.id);
  });
  return answerFor(db, viewerId, record.id, now);
}

export async function deletePost(db: Database, viewerId: string, postId: string | undefined, now = new Date()): Promise<void> {
  const record = await findOwn(db, viewerId, postId);
  assertChangeable(record, now);
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, record.id), isNull(posts.pickResult)))
    .returning({ id: posts.id });
  if (deleted.length === 0) throw new AppError(422, POST_RULE_MESSAGES.graded);
}

/** `PUT /api/posts/{postId}/pick-result`: the author grades a live, ungraded Pick once. */
export async function gradePick(db: Database, viewerId: string, postId: string | undefined, pickResult: PickResult, now = new Date()): Promise<PostDTO> {
  const record = await findOwn(db, viewerId, postId);
  if (record.postType !== "Pick") throw new AppError(422, POST_RULE_MESSAGES.onlyPicks);
  if (!isLive(record, now)) throw new AppError(422, POST_RULE_MESSAGES.notPublished);
  if (record.pickResult !== null) throw new AppError(422, POST_RULE_MESSAGES.alreadyGraded);
  // Conditional: of two grades at once, only the first lands.
  const graded = await db
    .update(posts)
    .set({ pickResult, gradedAt: now, updatedAt: now })
    .where(and(eq(posts.id, record.id), isNull(posts.pickResult)))
    .returning({ id: posts.id });
  if (graded.length === 0) throw new AppError(422, POST_RULE_MESSAGES.alreadyGraded);
  return answerFor(db, viewerId, record.id, now);
}
