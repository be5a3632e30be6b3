/**
 * Corrections with a trail (decision 026): a result already in is corrected only by an
 * admin, with a reason. The correction is appended to `event_result_corrections` (never an update
 * in place: the result it replaces stays readable there), the event takes the new result, the
 * graded picks on the game are regraded from it and name the correction, and the figures are
 * rebuilt from the picks. All in one transaction: the triggers of migration 0017 accept the
 * event's new result and the picks' new grades only beside a correction appended in it.
 */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { eventResultCorrections, events, posts } from "~/db/schema";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { CORRECTION_MESSAGES, type CorrectionInput, type ResultCorrectionDTO } from "./correction-schema";
import { gradePickFromResults } from "./grading";
import type { PickLeg, PickMarket } from "./pick-markets";
import { clvAtClose, gradePendingPicks, legResults } from "./results.server";
import { RESULT_MESSAGES } from "./results-schema";

type CorrectionRow = typeof eventResultCorrections.$inferSelect;

export interface CorrectionSummary {
  correction: ResultCorrectionDTO;
  /** Graded picks on the game whose grade the correction changed (they now name it). */
  picksRegraded: number;
  /** Picks on the game still ungraded that the new result decided. */
  picksGraded: number;
}

export function toCorrectionDTO(row: CorrectionRow): ResultCorrectionDTO {
  return {
    id: row.id,
    eventId: row.eventId,
    status: row.status as ResultCorrectionDTO["status"],
    homeScore: row.homeScore,
    awayScore: row.awayScore,
    previous: { status: row.previousStatus, homeScore: row.previousHomeScore, awayScore: row.previousAwayScore },
    reason: row.reason,
    correctedAt: row.correctedAt.toISOString(),
  };
}

const fieldError = (field: string, message: string) =>
  new AppError(422, defaultErrorMessage(422), { [field]: [message] });

/**
 * An admin replaces a game's result: 404 for an unknown game, 422 on `eventId` when it has no
 * result yet, on `status` when the correction is the result already in (or a final score for a
 * game not started). The database refuses the same, in its words, whoever writes.
 */
export async function correctResult(
  db: Database,
  adminId: string,
  eventId: number,
  input: CorrectionInput,
  now = new Date(),
): Promise<CorrectionSummary> {
  return db.transaction(async (tx) => {
    // Locked: two corrections of one game are one after the other, each against the result before it.
    const [event] = await tx
      .select({
        id: events.id,
        startsAt: events.startsAt,
        status: events.status,
        homeScore: events.homeScore,
        awayScore: events.awayScore,
        resultedAt: events.resultedAt,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .for("update");
    if (!event) throw new AppError(404);
    if (!event.resultedAt) throw fieldError("eventId", CORRECTION_MESSAGES.noResult);
    if (event.status === input.status && event.homeScore === input.homeScore && event.awayScore === input.awayScore)
      throw fieldError("status", CORRECTION_MESSAGES.sameResult);
    if (input.status === "Final" && event.startsAt.getTime() > now.getTime())
      throw fieldError("status", RESULT_MESSAGES.notStarted);

    // The trigger stamps the time (the transaction's now()) and the result it replaces.
    const [correction] = await tx
      .insert(eventResultCorrections)
      .values({
        eventId,
        status: input.status,
        homeScore: input.homeScore,
        awayScore: input.awayScore,
        reason: input.reason,
        correctedBy: adminId,
      })
      .returning();
    // The first entry's time (resultedAt) stays: the result changes, not when it came in.
    await tx
      .update(events)
      .set({ status: input.status, homeScore: input.homeScore, awayScore: input.awayScore })
      .where(eq(events.id, eventId));

    const picksRegraded = await regradePicks(tx, eventId, correction, now);
    // A pick whose games now all have a result but which was never graded is graded as usual.
    const picksGraded = await gradePendingPicks(tx, [eventId], now);
    await tx.execute(sql`SELECT rebuild_pick_records()`);
    return { correction: toCorrectionDTO(correction), picksRegraded, picksGraded };
  });
}

/**
 * The posted, not withdrawn, verified (not self-graded) picks on the game that have their grade,
 * graded again from their games' results as they now are. Only a changed grade is written: the
 * pick then names the correction (its time to the microsecond, read back from the row, and its
 * reason), and keeps its first grading time.
 */
async function regradePicks(tx: Database, eventId: number, correction: CorrectionRow, now: Date): Promise<number> {
  const graded = await tx
    .select({
      id: posts.id,
      market: posts.market,
      legs: posts.legs,
      odds: posts.odds,
      pickResult: posts.pickResult,
      settledOdds: posts.settledOdds,
      clv: posts.clv,
    })
    .from(posts)
    .where(
      and(
        or(eq(posts.eventId, eventId), sql`"posts"."leg_event_ids" && ARRAY[${eventId}]::integer[]`),
        eq(posts.postType, "Pick"),
        isNotNull(posts.postedAt),
        isNull(posts.withdrawnAt),
        eq(posts.selfGraded, false),
        isNotNull(posts.pickResult),
      ),
    );
  if (graded.length === 0) return 0;
  const { results, closingRows } = await legResults(tx, graded);
  let regraded = 0;
  for (const pick of graded) {
    if (!pick.market || !pick.legs || pick.odds === null) continue;
    const legs = pick.legs as PickLeg[];
    const grade = gradePickFromResults({ market: pick.market as PickMarket, legs, odds: pick.odds }, results);
    if (!grade) continue;
    // The closing lines do not change with the score: a pick keeps its CLV unless it is now void
    // or had none (a game cancelled, then played).
    const clv =
      grade.result === "Void"
        ? null
        : (pick.clv ?? clvAtClose(pick.market as PickMarket, legs, grade.result, closingRows));
    if (grade.result === pick.pickResult && grade.settledOdds === pick.settledOdds && clv === pick.clv) continue;
    const updated = await tx
      .update(posts)
      .set({
        pickResult: grade.result,
        settledOdds: grade.settledOdds,
        clv,
        resultCorrectedAt: sql`(SELECT "corrected_at" FROM "event_result_corrections" WHERE "id" = ${correction.id})`,
        resultCorrectionReason: correction.reason,
        updatedAt: now,
      })
      .where(eq(posts.id, pick.id))
      .returning({ id: posts.id });
    regraded += updated.length;
  }
  return regraded;
}

/** The game's trail, newest first; 404 for an unknown game. Public: anyone may check a record. */
export async function listCorrections(db: Database, eventId: number): Promise<ResultCorrectionDTO[]> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError(404);
  const rows = await db
    .select()
    .from(eventResultCorrections)
    .where(eq(eventResultCorrections.eventId, eventId))
    .orderBy(desc(eventResultCorrections.correctedAt), desc(eventResultCorrections.id));
  return rows.map(toCorrectionDTO);
}

export interface RecentCorrection extends ResultCorrectionDTO {
  homeTeam: string;
  awayTeam: string;
}

/** The newest corrections of any game, with the game's teams (the admin screen). */
export async function recentCorrections(db: Database, limit = 20): Promise<RecentCorrection[]> {
  const rows = await db
    .select({ correction: eventResultCorrections, homeTeam: events.homeTeam, awayTeam: events.awayTeam })
    .from(eventResultCorrections)
    .innerJoin(events, eq(events.id, eventResultCorrections.eventId))
    .orderBy(desc(eventResultCorrections.correctedAt), desc(eventResultCorrections.id))
    .limit(limit);
  return rows.map((row) => ({ ...toCorrectionDTO(row.correction), homeTeam: row.homeTeam, awayTeam: row.awayTeam }));
}

export interface ResultedGame {
  id: number;
  homeTeam: string;
  awayTeam: string;
  status: "Scheduled" | "Live" | "Final" | "Canceled";
  homeScore: number | null;
  awayScore: number | null;
  resultedAt: string;
}

const resultedGame = {
  id: events.id,
  homeTeam: events.homeTeam,
  awayTeam: events.awayTeam,
  status: events.status,
  homeScore: events.homeScore,
  awayScore: events.awayScore,
  resultedAt: events.resultedAt,
};

/**
 * What the admin screen's "Correct a result" shows: the newest results in, the newest
 * corrections, and the game `correctId` names (the form prefilled with its result) if it has one.
 */
export async function correctionScreen(
  db: Database,
  correctId: number | null,
  limit = 20,
): Promise<{ recentResults: ResultedGame[]; corrections: RecentCorrection[]; prefill: ResultedGame | null }> {
  const [recent, corrections] = await Promise.all([
    db
      .select(resultedGame)
      .from(events)
      .where(isNotNull(events.resultedAt))
      .orderBy(desc(events.resultedAt), desc(events.id))
      .limit(limit),
    recentCorrections(db, limit),
  ]);
  const recentResults = recent.map((game) => ({ ...game, resultedAt: game.resultedAt!.toISOString() }));
  let prefill = correctId === null ? null : (recentResults.find((game) => game.id === correctId) ?? null);
  if (correctId !== null && !prefill) {
    const [game] = await db
      .select(resultedGame)
      .from(events)
      .where(and(eq(events.id, correctId), isNotNull(events.resultedAt)));
    prefill = game ? { ...game, resultedAt: game.resultedAt!.toISOString() } : null;
  }
  return { recentResults, corrections, prefill };
}
