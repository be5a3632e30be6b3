/**
 * Writing posts and picks (decision 017): create, edit, delete, grade, withdraw (reading one:
 * post-reads.server.ts). Every answer goes through `toPostDTO`. Record integrity (product.md
 * "Posts and picks", decision 026): a posted pick keeps its bet, is withdrawn rather than deleted,
 * and once its game has started (or it is graded or withdrawn) cannot change; props are graded by
 * their author, the rest from the score (record/results.server.ts). The same rules hold in the
 * database (migration 0011); these checks come first so the answer names the field.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { announceLivePosts } from "~/modules/notifications/publishing.server";
import { notifyPickGraded } from "~/modules/notifications/notify.server";
import { categories, events, modalities, postModalities, posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { statusFor, type PostInput } from "./post-schema";
import { serializePosts, type PickResult, type PostDTO, type PostRecord } from "./post-serializer.server";
import { eventHasStarted, isLive } from "~/modules/access/access";
import { findVisiblePost } from "./post-reads.server";
import { buildPreview } from "./slate";
import {
  isSelfGradedMarket,
  LEG_MESSAGES,
  parlayOdds,
  selectionLabel,
  sidesFor,
  type PickLeg,
} from "~/modules/record/pick-markets";
import { checkAgainstMarket, checkOneSide } from "~/modules/record/posting-checks.server";
import { withinWithdrawGrace, type RecordRules } from "~/modules/record/record-rules";

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
  postedPickFixed: "A posted pick's selection, line, odds and units cannot change.",
  postedPickNotDeleted: "A posted pick is part of the verified record: withdraw it before its event starts instead.",
  withdrawn: "This pick was withdrawn: it can no longer change.",
  notPosted: "Only a posted pick can be withdrawn.",
  withdrawAfterStart: "This pick's event has started: it can no longer be withdrawn.",
  withdrawAfterGrace: (minutes: number) =>
    `A pick can be withdrawn only within ${minutes} minutes of posting, for a mistake: after that it stands.`,
  gradedFromScore: "This pick is graded from the final score.",
  gradeBeforeStart: "A pick is graded only after its event has started.",
  gradeBeforeResult: "A self-graded pick can be graded only after its game has a final result.",
} as const;

function invalid(field: string, message: string): AppError {
  return new AppError(422, defaultErrorMessage(422), { [field]: [message] });
}

/** The viewer's own post (404 when they may not see it, 403 when it is someone else's). */
async function findOwn(db: Database, viewerId: string, postId: string | undefined): Promise<PostRecord> {
  const { record } = await findVisiblePost(db, viewerId, postId);
  if (record.authorId !== viewerId) throw new AppError(403);
  return record;
}

/** Has the pick's event (its earliest leg's) started? */
export function pickHasStarted(record: PostRecord, now: Date): boolean {
  return eventHasStarted(record.event, now);
}

/** A Pick that is graded, withdrawn or whose event has started is the verified record: hands off. */
function assertChangeable(record: PostRecord, now: Date) {
  if (record.postType !== "Pick") return;
  if (record.pickResult !== null) throw new AppError(422, POST_RULE_MESSAGES.graded);
  if (record.withdrawnAt !== null) throw new AppError(422, POST_RULE_MESSAGES.withdrawn);
  if (pickHasStarted(record, now)) throw new AppError(422, POST_RULE_MESSAGES.eventStarted);
}

/** Leg by leg, field by field (jsonb keeps its keys in its own order). */
const sameLegs = (a: PickLeg[], b: PickLeg[]) =>
  a.length === b.length &&
  a.every((leg, i) =>
    (["eventId", "market", "side", "line", "odds", "description"] as const).every(
      (key) => (leg[key] ?? null) === (b[i][key] ?? null),
    ),
  );

/** A posted pick keeps its bet: an edit may change its words, never its market, legs, stake or sport. */
function assertSamePick(record: PostRecord, input: PostInput) {
  if (record.postType !== "Pick" || record.postedAt === null) return;
  const same =
    input.postType === "Pick" &&
    input.market === record.market &&
    input.units === record.units &&
    input.categoryId === record.categoryId &&
    sameLegs(input.legs ?? [], record.legs ?? []);
  if (!same) throw new AppError(422, POST_RULE_MESSAGES.postedPickFixed);
}

/** A pick's bet as stored: its legs' events checked, the selection, odds and event derived. */
interface PickColumns {
  eventId: number | null;
  market: PostInput["market"];
  legs: PickLeg[] | null;
  selection: string | null;
  odds: number | null;
}

/**
 * The legs' events must exist, be in the pick's sport and not have started (the server's clock);
 * the pick goes live before the first of them starts. Its event is the first to start.
 */
async function pickColumns(
  db: Database,
  authorId: string,
  input: PostInput,
  publishDate: Date | null,
  { now, rules }: Required<WriteOptions>,
): Promise<PickColumns> {
  if (input.postType !== "Pick" || !input.market || !input.legs)
    return { eventId: input.eventId, market: null, legs: null, selection: null, odds: null };
  const legs = input.legs;
  const ids = [...new Set(legs.map((leg) => leg.eventId))];
  const rows = await db
    .select({
      id: events.id,
      categoryId: events.categoryId,
      startsAt: events.startsAt,
      homeTeam: events.homeTeam,
      awayTeam: events.awayTeam,
      sport: categories.name,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(inArray(events.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  legs.forEach((leg, index) => {
    const event = byId.get(leg.eventId);
    const field = `legs.${index}.eventId`;
    if (!event) throw invalid(field, POST_RULE_MESSAGES.unknownEvent);
    if (event.categoryId !== input.categoryId) throw invalid(field, POST_RULE_MESSAGES.eventCategory);
    if (event.startsAt.getTime() <= now.getTime()) throw invalid(field, POST_RULE_MESSAGES.pickOnStartedEvent);
    if (leg.side && !sidesFor(leg.market, event.sport).includes(leg.side))
      throw invalid(`legs.${index}.side`, LEG_MESSAGES.side);
  });
  const first = rows.reduce((earliest, row) => (row.startsAt < earliest.startsAt ? row : earliest));
  if (publishDate && publishDate.getTime() >= first.startsAt.getTime())
    throw invalid("publishDate", POST_RULE_MESSAGES.publishAfterEvent);
  // Posting (a draft waits until it is published): every moneyline, spread and total leg must be a
  // bet the market offers now (decision 026), on the side of the game the expert holds.
  if (publishDate) {
    await checkAgainstMarket(db, legs, byId, { now, rules });
    await checkOneSide(db, authorId, legs);
  }
  return {
    eventId: first.id,
    market: input.market,
    legs,
    selection: selectionLabel(input.market, legs, byId),
    odds: input.market === "Parlay" ? parlayOdds(legs.map((leg) => leg.odds)) : legs[0].odds,
  };
}

/** Category and modalities must exist, and a Post's event (a Pick's games: pickColumns). */
async function checkReferences(db: Database, input: PostInput) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!category) throw invalid("categoryId", POST_RULE_MESSAGES.unknownCategory);
  if (input.modalityIds.length > 0) {
    const found = await db
      .select({ id: modalities.id })
      .from(modalities)
      .where(inArray(modalities.id, input.modalityIds));
    if (found.length !== input.modalityIds.length) throw invalid("modalityIds", POST_RULE_MESSAGES.unknownModality);
  }
  if (input.postType === "Post" && input.eventId !== null) {
    const [event] = await db
      .select({ categoryId: events.categoryId, startsAt: events.startsAt })
      .from(events)
      .where(eq(events.id, input.eventId));
    if (!event) throw invalid("eventId", POST_RULE_MESSAGES.unknownEvent);
    if (event.categoryId !== input.categoryId) throw invalid("eventId", POST_RULE_MESSAGES.eventCategory);
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

function columnsFor(input: PostInput, publishDate: Date | null, pick: PickColumns) {
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
    ...pick,
    units: input.units,
  } as const;
}

async function answerFor(db: Database, viewerId: string, postId: string, now: Date): Promise<PostDTO> {
  const [post] = await serializePosts(db, viewerId, [postId], now);
  if (!post) throw new AppError(404);
  return post;
}

/** The record's configurable rules, and when the write happens (now unless told). */
export interface WriteOptions {
  rules: RecordRules;
  now?: Date;
}

export async function createPost(
  db: Database,
  authorId: string,
  input: PostInput,
  { now = new Date(), rules }: WriteOptions,
): Promise<PostDTO> {
  const publishDate = publishDateFor(input.publishDate, null, now);
  await checkReferences(db, input);
  const pick = await pickColumns(db, authorId, input, publishDate, { now, rules });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({ authorId, ...columnsFor(input, publishDate, pick) })
      .returning({ id: posts.id });
    if (input.modalityIds.length > 0)
      await tx.insert(postModalities).values(input.modalityIds.map((modalityId) => ({ postId: row.id, modalityId })));
    // Live at once: its readers hear of it now (a scheduled one, from the publishing job).
    await announceLivePosts(tx, now, row.id);
    return row.id;
  });
  return answerFor(db, authorId, id, now);
}

export async function updatePost(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  input: PostInput,
  { now = new Date(), rules }: WriteOptions,
): Promise<PostDTO> {
  const record = await findOwn(db, viewerId, postId);
  assertChangeable(record, now);
  assertSamePick(record, input);
  const posted = record.postType === "Pick" && record.postedAt !== null;
  // A posted pick's date and bet stay as posted (the database refuses any change to them).
  const publishDate = posted ? record.publishDate : publishDateFor(input.publishDate, record.publishDate, now);
  await checkReferences(db, input);
  const pick: PickColumns = posted
    ? {
        eventId: record.eventId,
        market: record.market,
        legs: record.legs,
        selection: record.selection,
        odds: record.odds,
      }
    : await pickColumns(db, viewerId, input, publishDate, { now, rules });
  await db.transaction(async (tx) => {
    // Conditional on the pick still being ungraded: a grade landing meanwhile wins.
    const updated = await tx
      .update(posts)
      .set({ ...columnsFor(input, publishDate, pick), updatedAt: now })
      .where(and(eq(posts.id, record.id), isNull(posts.pickResult)))
      .returning({ id: posts.id });
    if (updated.length === 0) throw new AppError(422, POST_RULE_MESSAGES.graded);
    await tx.delete(postModalities).where(eq(postModalities.postId, record.id));
    if (input.modalityIds.length > 0)
      await tx
        .insert(postModalities)
        .values(input.modalityIds.map((modalityId) => ({ postId: record.id, modalityId })));
    // A draft published now is announced now; one announced before is never announced again.
    await announceLivePosts(tx, now, record.id);
  });
  return answerFor(db, viewerId, record.id, now);
}

export async function deletePost(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  now = new Date(),
): Promise<void> {
  const record = await findOwn(db, viewerId, postId);
  assertChangeable(record, now);
  if (record.postType === "Pick" && record.postedAt !== null)
    throw new AppError(422, POST_RULE_MESSAGES.postedPickNotDeleted);
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, record.id), isNull(posts.pickResult)))
    .returning({ id: posts.id });
  if (deleted.length === 0) throw new AppError(422, POST_RULE_MESSAGES.graded);
}

/** Graded by its expert, not from the score: props, parlays with a prop leg, picks from before structured picks. */
export function isSelfGradedPick(record: Pick<PostRecord, "market" | "legs">): boolean {
  return record.market === null || (record.legs ?? []).some((leg) => isSelfGradedMarket(leg.market));
}

/**
 * `PUT /api/posts/{postId}/pick-result`: the author grades a live, ungraded pick once, after its
 * event has started, when the score cannot (a prop): the grade is flagged self-graded.
 */
export async function gradePick(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  pickResult: PickResult,
  now = new Date(),
): Promise<PostDTO> {
  const record = await findOwn(db, viewerId, postId);
  if (record.postType !== "Pick") throw new AppError(422, POST_RULE_MESSAGES.onlyPicks);
  if (!isLive(record, now)) throw new AppError(422, POST_RULE_MESSAGES.notPublished);
  if (record.pickResult !== null) throw new AppError(422, POST_RULE_MESSAGES.alreadyGraded);
  if (record.withdrawnAt !== null) throw new AppError(422, POST_RULE_MESSAGES.withdrawn);
  if (!isSelfGradedPick(record)) throw new AppError(422, POST_RULE_MESSAGES.gradedFromScore);
  if (record.event && !pickHasStarted(record, now)) throw new AppError(422, POST_RULE_MESSAGES.gradeBeforeStart);
  // Self-reported, but not before the game is over: a grade from the final result, never a guess (decision 026).
  const eventIds = [
    ...new Set([
      ...(record.eventId === null ? [] : [record.eventId]),
      ...(record.legs ?? []).map((leg) => leg.eventId),
    ]),
  ];
  const waiting =
    eventIds.length === 0
      ? []
      : await db
          .select({ id: events.id })
          .from(events)
          .where(and(inArray(events.id, eventIds), isNull(events.resultedAt)));
  if (eventIds.length === 0 || waiting.length > 0) throw new AppError(422, POST_RULE_MESSAGES.gradeBeforeResult);
  // Conditional: of two grades at once, only the first lands.
  const graded = await db.transaction(async (tx) => {
    const rows = await tx
      .update(posts)
      .set({ pickResult, gradedAt: now, selfGraded: true, settledOdds: record.odds, updatedAt: now })
      .where(and(eq(posts.id, record.id), isNull(posts.pickResult)))
      .returning({ id: posts.id });
    if (rows.length > 0) await notifyPickGraded(tx, record.id);
    return rows;
  });
  if (graded.length === 0) throw new AppError(422, POST_RULE_MESSAGES.alreadyGraded);
  return answerFor(db, viewerId, record.id, now);
}

/**
 * `POST /api/posts/{postId}/withdraw`: the author takes back a posted pick, for a mistake, within
 * `withdrawGraceMinutes` of posting and before its event starts (decision 026: later, withdrawing
 * the picks the line moved against would be a free option). It stays on the record, shown and
 * counted as withdrawn, and is never graded.
 */
export async function withdrawPick(
  db: Database,
  viewerId: string,
  postId: string | undefined,
  { now = new Date(), rules }: WriteOptions,
): Promise<PostDTO> {
  const record = await findOwn(db, viewerId, postId);
  if (record.postType !== "Pick" || record.postedAt === null) throw new AppError(422, POST_RULE_MESSAGES.notPosted);
  if (record.withdrawnAt !== null) throw new AppError(422, POST_RULE_MESSAGES.withdrawn);
  if (record.pickResult !== null) throw new AppError(422, POST_RULE_MESSAGES.graded);
  if (pickHasStarted(record, now)) throw new AppError(422, POST_RULE_MESSAGES.withdrawAfterStart);
  const late = new AppError(422, POST_RULE_MESSAGES.withdrawAfterGrace(rules.withdrawGraceMinutes));
  if (!withinWithdrawGrace(record.postedAt, now, rules)) throw late;
  const withdrawn = await db
    .update(posts)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(
      and(
        eq(posts.id, record.id),
        isNull(posts.withdrawnAt),
        isNull(posts.pickResult),
        sql`pick_starts_at(${posts.legs}, ${posts.eventId}) > now()`,
        sql`${posts.postedAt} >= now() - make_interval(mins => ${rules.withdrawGraceMinutes})`,
      ),
    )
    .returning({ id: posts.id });
  if (withdrawn.length === 0)
    throw pickHasStarted(record, new Date()) ? new AppError(422, POST_RULE_MESSAGES.withdrawAfterStart) : late;
  return answerFor(db, viewerId, record.id, now);
}
