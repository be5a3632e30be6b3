/**
 * `POST /api/events/results` (admin): final scores, cancellations and closing odds. Client-safe:
 * the admin screen validates its form with the same schema.
 */
import { z } from "zod";
import { choice, eventIdSchema, LEG_SIDES, oddsSchema } from "./pick-markets";

export const RESULT_MESSAGES = {
  required: "Required",
  invalid: "Invalid input",
  score: "Scores are whole numbers from 0 to 999",
  finalNeedsScores: "A final result needs both scores",
  unknownEvent: "Unknown event",
  notStarted: "An event that has not started has no final score.",
  alreadyIn: "This event's result is in: it can no longer change.",
  duplicate: "This event is in the list twice",
  twiceDifferent: "This list names this game twice with different results.",
  tooMany: "At most 200 results at once",
  empty: "Send at least one result",
} as const;

const integer = () =>
  z
    .number({ required_error: RESULT_MESSAGES.required, invalid_type_error: RESULT_MESSAGES.invalid })
    .int(RESULT_MESSAGES.invalid);
const score = () => integer().min(0, RESULT_MESSAGES.score).max(999, RESULT_MESSAGES.score).nullish();

export const closingLineSchema = z.object({
  market: choice(["Moneyline", "Spread", "Total"]),
  side: choice([...LEG_SIDES]),
  line: z
    .number({ invalid_type_error: RESULT_MESSAGES.invalid })
    .refine((line) => Number.isInteger(line * 2) && Math.abs(line) <= 1000, RESULT_MESSAGES.invalid)
    .nullish()
    .transform((line) => line ?? null),
  odds: oddsSchema,
});

/** A final result names both scores (a cancellation none): the results import's rule and a correction's. */
export function finalNeedsScores(
  result: { status: string; homeScore?: number | null; awayScore?: number | null },
  ctx: z.RefinementCtx,
) {
  if (result.status !== "Final") return;
  for (const field of ["homeScore", "awayScore"] as const) {
    if (result[field] === null || result[field] === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: RESULT_MESSAGES.finalNeedsScores });
  }
}

export const eventResultSchema = z
  .object({
    eventId: eventIdSchema(),
    status: choice(["Final", "Canceled"]),
    homeScore: score(),
    awayScore: score(),
    // A game closes on at most 7 lines: moneyline home, away and draw, two spreads, over and under.
    closingLines: z
      .array(closingLineSchema, { invalid_type_error: RESULT_MESSAGES.invalid })
      .max(8, RESULT_MESSAGES.invalid)
      .default([]),
  })
  .superRefine(finalNeedsScores)
  .transform((result) => ({
    eventId: result.eventId,
    status: result.status,
    homeScore: result.status === "Final" ? (result.homeScore ?? null) : null,
    awayScore: result.status === "Final" ? (result.awayScore ?? null) : null,
    closingLines: result.closingLines,
  }));

/** A day's games of every sport fit in one import; the bound keeps a body within MAX_JSON_VALUES. */
export const MAX_RESULTS_AT_ONCE = 200;

export const resultsImportSchema = z
  .array(eventResultSchema, { required_error: RESULT_MESSAGES.required, invalid_type_error: RESULT_MESSAGES.invalid })
  .min(1, RESULT_MESSAGES.empty)
  .max(MAX_RESULTS_AT_ONCE, RESULT_MESSAGES.tooMany)
  .superRefine((results, ctx) => {
    const seen = new Map<number, EventResultInput>();
    results.forEach((result, index) => {
      const first = seen.get(result.eventId);
      if (first) {
        const message = sameResult(first, result) ? RESULT_MESSAGES.duplicate : RESULT_MESSAGES.twiceDifferent;
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "eventId"], message });
      } else seen.set(result.eventId, result);
    });
  });

export type EventResultInput = z.output<typeof eventResultSchema>;

/** Two entries of one list say the same of a game: status, scores and closing lines (in any order). */
export function sameResult(a: EventResultInput, b: EventResultInput): boolean {
  const lines = (result: EventResultInput) =>
    result.closingLines
      .map((line) => `${line.market}|${line.side}|${line.line ?? ""}|${line.odds}`)
      .sort()
      .join(";");
  return a.status === b.status && a.homeScore === b.homeScore && a.awayScore === b.awayScore && lines(a) === lines(b);
}

/** `PATCH /api/events/{id}`: a new start time (ISO 8601 with its offset). */
export const rescheduleSchema = z.object({
  startsAt: z
    .string({ required_error: RESULT_MESSAGES.required, invalid_type_error: RESULT_MESSAGES.invalid })
    .datetime({ offset: true, message: "Should be a valid date" })
    .transform((value) => new Date(value)),
});
