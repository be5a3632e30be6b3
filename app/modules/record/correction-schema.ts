/**
 * `POST /api/events/{id}/correction` (admins) and the admin screen's "Correct a result" form: a
 * result already in replaced by another, with its reason (decision 026). Client-safe:
 * the admin screen validates its form with the same schema.
 */
import { z } from "zod";
import { isStorableText, INVALID_TEXT } from "~/modules/http/storable";
import { choice } from "./pick-markets";
import { finalNeedsScores, RESULT_MESSAGES } from "./results-schema";

export const CORRECTION_REASON_MAX = 500;

export const CORRECTION_MESSAGES = {
  required: "Required",
  invalid: RESULT_MESSAGES.invalid,
  unknownEvent: RESULT_MESSAGES.unknownEvent,
  reasonTooLong: `Must contain at most ${CORRECTION_REASON_MAX} character(s)`,
  // The database's own words (migration 0017), said before it has to.
  noResult: "This event has no result yet: enter it instead of correcting it.",
  sameResult: "The correction is the result already in.",
} as const;

const score = () =>
  z
    .number({ required_error: RESULT_MESSAGES.required, invalid_type_error: RESULT_MESSAGES.invalid })
    .int(RESULT_MESSAGES.score)
    .min(0, RESULT_MESSAGES.score)
    .max(999, RESULT_MESSAGES.score)
    .nullish();

export const correctionSchema = z
  .object({
    status: choice(["Final", "Canceled"]),
    homeScore: score(),
    awayScore: score(),
    reason: z
      .string({ required_error: CORRECTION_MESSAGES.required, invalid_type_error: RESULT_MESSAGES.invalid })
      .transform((reason) => reason.trim())
      .pipe(
        z
          .string()
          .min(1, CORRECTION_MESSAGES.required)
          .max(CORRECTION_REASON_MAX, CORRECTION_MESSAGES.reasonTooLong)
          .refine(isStorableText, INVALID_TEXT),
      ),
  })
  .superRefine(finalNeedsScores)
  .transform((correction) => ({
    status: correction.status,
    // A cancelled game has no score, whatever was sent beside it (as with a result).
    homeScore: correction.status === "Final" ? (correction.homeScore ?? null) : null,
    awayScore: correction.status === "Final" ? (correction.awayScore ?? null) : null,
    reason: correction.reason,
  }));

export type CorrectionInput = z.output<typeof correctionSchema>;

/** One entry of an event's trail, as the API and the admin screen show it (the admin's id stays in the table). */
export interface ResultCorrectionDTO {
  id: number;
  eventId: number;
  status: "Final" | "Canceled";
  homeScore: number | null;
  awayScore: number | null;
  previous: {
    status: "Scheduled" | "Live" | "Final" | "Canceled" | null;
    homeScore: number | null;
    awayScore: number | null;
  };
  reason: string;
  correctedAt: string;
}
