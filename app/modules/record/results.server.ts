/**
 * Results in, picks graded (decision 026): final scores and cancellations from the admin
 * screen or `POST /api/events/results`, closing odds beside them; every posted pick whose legs'
 * events all have their result is then graded from the score (props wait for their expert).
 * The triggers of migration 0011 refuse a second result for an event and a second grade.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { eventClosingLines, events, posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { closingLineValue, gradePickFromResults, type EventResult, type Grade } from "./grading";
import type { PickLeg, PickMarket } from "./pick-markets";
import { RESULT_MESSAGES, sameResult, type EventResultInput } from "./results-schema";
import { getEvent, type EventDTO } from "~/modules/reference/reference.server";
import { notifyPickGraded } from "~/modules/notifications/notify.server";
import { closingLinesFromMarket } from "~/modules/record/markets.server";

export interface ImportSummary {
  eventsUpdated: number;
  picksGraded: number;
}

/**
 * All or nothing: a list with one bad result changes nothing and answers 422 by `index.field`.
 * A game named twice with the same result is recorded once; with different results, the later
 * entry is refused (which of the two is right is not the import's to guess).
 */
export async function importResults(
  db: Database,
  results: EventResultInput[],
  now = new Date(),
): Promise<ImportSummary> {
  const ids = results.map((result) => result.eventId);
  const firstOf = new Map<number, EventResultInput>();
  const repeated = new Set<number>();
  const errors: Record<string, string[]> = {};
  results.forEach((result, index) => {
    const first = firstOf.get(result.eventId);
    if (!first) firstOf.set(result.eventId, result);
    else {
      repeated.add(index);
      if (!sameResult(first, result)) errors[`${index}.eventId`] = [RESULT_MESSAGES.twiceDifferent];
    }
  });
  const rows = await db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      status: events.status,
      homeScore: events.homeScore,
      awayScore: events.awayScore,
      resultedAt: events.resultedAt,
    })
    .from(events)
    .where(inArray(events.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fresh = results.filter((result, index) => {
    if (repeated.has(index)) return false;
    const event = byId.get(result.eventId);
    if (!event) errors[`${index}.eventId`] = [RESULT_MESSAGES.unknownEvent];
    else if (event.resultedAt) {
      // The same result sent again (a retried import) is no error; a different one is.
      const same =
        event.status === result.status && event.homeScore === result.homeScore && event.awayScore === result.awayScore;
      if (!same) errors[`${index}.status`] = [RESULT_MESSAGES.alreadyIn];
      return false;
    } else if (result.status === "Final" && event.startsAt.getTime() > now.getTime())
      errors[`${index}.status`] = [RESULT_MESSAGES.notStarted];
    return true;
  });
  if (Object.keys(errors).length > 0) throw new AppError(422, defaultErrorMessage(422), errors);
  return db.transaction(async (tx) => {
    for (const result of fresh) {
      await tx
        .update(events)
        .set({ status: result.status, homeScore: result.homeScore, awayScore: result.awayScore, resultedAt: now })
        .where(and(eq(events.id, result.eventId), isNull(events.resultedAt)));
      if (result.closingLines.length > 0) {
        await tx
          .insert(eventClosingLines)
          .values(result.closingLines.map((line) => ({ eventId: result.eventId, ...line })))
          .onConflictDoUpdate({
            target: [eventClosingLines.eventId, eventClosingLines.market, eventClosingLines.side],
            set: { line: sql`excluded.line`, odds: sql`excluded.odds` },
          });
      }
    }
    // The market's closing lines (the newest snapshot before each start), where none came with
    // the result: every result, however entered, gives its picks their CLV (decision 026).
    const closing = await closingLinesFromMarket(
      tx,
      fresh.map((result) => result.eventId),
    );
    if (closing.length > 0) await tx.insert(eventClosingLines).values(closing).onConflictDoNothing();
    const picksGraded = await gradePendingPicks(
      tx,
      fresh.map((result) => result.eventId),
      now,
    );
    return { eventsUpdated: fresh.length, picksGraded };
  });
}

/** CLV of a single bet whose market closed at the same line (any line for a moneyline); none for a parlay or a void. */
export function clvAtClose(
  market: PickMarket,
  legs: PickLeg[],
  result: Grade,
  closingRows: (typeof eventClosingLines.$inferSelect)[],
): number | null {
  if (market === "Parlay" || result === "Void") return null;
  const leg = legs[0];
  const closing = closingRows.find(
    (row) =>
      row.eventId === leg.eventId &&
      row.market === leg.market &&
      row.side === leg.side &&
      (leg.market === "Moneyline" || row.line === leg.line),
  );
  return closing ? closingLineValue(leg.odds, closing.odds) : null;
}

/** The results and closing lines of every game the picks' legs name: what grading them reads. */
export async function legResults(db: Database, picks: { legs: PickLeg[] | null }[]) {
  const legEventIds = [...new Set(picks.flatMap((pick) => (pick.legs ?? []).map((leg) => leg.eventId)))];
  if (legEventIds.length === 0) return { results: new Map<number, EventResult>(), closingRows: [] };
  const [eventRows, closingRows] = await Promise.all([
    db
      .select({ id: events.id, status: events.status, homeScore: events.homeScore, awayScore: events.awayScore })
      .from(events)
      .where(inArray(events.id, legEventIds)),
    db.select().from(eventClosingLines).where(inArray(eventClosingLines.eventId, legEventIds)),
  ]);
  return { results: new Map<number, EventResult>(eventRows.map((row) => [row.id, row])), closingRows };
}

const intArray = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;

/** Grades the posted, ungraded picks with a leg on these events whose legs all have a result. */
export async function gradePendingPicks(db: Database, eventIds: number[], now: Date): Promise<number> {
  if (eventIds.length === 0) return 0;
  const pending = await db
    .select({ id: posts.id, market: posts.market, legs: posts.legs, odds: posts.odds })
    .from(posts)
    .where(
      and(
        sql`"posts"."leg_event_ids" && ${intArray(eventIds)}`,
        isNotNull(posts.postedAt),
        isNull(posts.pickResult),
        isNull(posts.withdrawnAt),
      ),
    );
  if (pending.length === 0) return 0;
  const { results, closingRows } = await legResults(db, pending);
  let graded = 0;
  for (const pick of pending) {
    if (!pick.market || !pick.legs || pick.odds === null) continue;
    const legs = pick.legs as PickLeg[];
    const grade = gradePickFromResults({ market: pick.market as PickMarket, legs, odds: pick.odds }, results);
    if (!grade) continue;
    const clv = clvAtClose(pick.market as PickMarket, legs, grade.result, closingRows);
    // The grade and its notifications together: a reader is told exactly when the grade lands.
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(posts)
        .set({ pickResult: grade.result, gradedAt: now, settledOdds: grade.settledOdds, clv, updatedAt: now })
        .where(and(eq(posts.id, pick.id), isNull(posts.pickResult)))
        .returning({ id: posts.id });
      if (rows.length > 0) await notifyPickGraded(tx, pick.id);
      return rows.length;
    });
    graded += updated;
  }
  return graded;
}

export const RESCHEDULE_MESSAGES = { started: "This event has started: its start time can no longer change." } as const;

/** An admin moves a game that has not started (the database refuses moving one that has). */
export async function rescheduleEvent(db: Database, id: number, startsAt: Date, now = new Date()): Promise<EventDTO> {
  const [event] = await db.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, id));
  if (!event) throw new AppError(404);
  if (event.startsAt.getTime() <= now.getTime()) throw new AppError(422, RESCHEDULE_MESSAGES.started);
  await db.update(events).set({ startsAt }).where(eq(events.id, id));
  return (await getEvent(db, id))!;
}
