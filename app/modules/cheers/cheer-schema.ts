/**
 * Cheers (tips, decision 024): the request shapes, shared by
 * `POST /api/experts/{expertId}/cheers` (integer cents) and the Send Cheers dialog (dollars).
 * Client-safe: one set of rules and messages for the browser and the server.
 */
import { z } from "zod";
import { pageQuery } from "~/modules/http/search-params";

export const CHEER_MIN_CENTS = 100;
export const CHEER_MAX_CENTS = 500_00;
export const CHEER_MESSAGE_MAX = 280;
/** The dialog's one-click amounts: $2, $5, $10, $20. */
export const CHEER_PRESETS_CENTS = [200, 500, 10_00, 20_00] as const;
/** Cheers on /business: the first page in the page, more by "Show more". */
export const CHEERS_PAGE_SIZE = 5;

export const CHEER_MESSAGES = {
  amountRequired: "Choose an amount",
  amountMin: "Cheers should be at least $1",
  amountMax: "Cheers should be at most $500",
  amountWholeCents: "The amount should be a whole number of cents",
  amountDecimals: "Use at most 2 decimals",
  messageMax: `Maximum ${CHEER_MESSAGE_MAX} characters allowed`,
  self: "You cannot send Cheers to yourself.",
  notFollowing: "Follow or subscribe to send Cheers.",
  notReady: "This expert cannot receive Cheers yet.",
} as const;

// A JSON client may send "" or null for "no message"; both mean "not given".
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const message = z.preprocess(
  blankToUndefined,
  z.string({ invalid_type_error: "Invalid input" }).trim().max(CHEER_MESSAGE_MAX, CHEER_MESSAGES.messageMax).optional(),
);

/** API body: `amount` in integer cents, $1 to $500; `message` optional, at most 280 characters. */
export const cheerBodySchema = z.object({
  amount: z
    .number({ required_error: CHEER_MESSAGES.amountRequired, invalid_type_error: CHEER_MESSAGES.amountWholeCents })
    .int(CHEER_MESSAGES.amountWholeCents)
    .min(CHEER_MIN_CENTS, CHEER_MESSAGES.amountMin)
    .max(CHEER_MAX_CENTS, CHEER_MESSAGES.amountMax),
  message,
});

export type CheerInput = z.output<typeof cheerBodySchema>;

/** The dialog: `amount` in dollars (a preset or typed), the same bounds and messages. */
export const cheerFormSchema = z.object({
  amount: z
    .number({ required_error: CHEER_MESSAGES.amountRequired, invalid_type_error: CHEER_MESSAGES.amountRequired })
    .min(CHEER_MIN_CENTS / 100, CHEER_MESSAGES.amountMin)
    .max(CHEER_MAX_CENTS / 100, CHEER_MESSAGES.amountMax)
    .refine((dollars) => Number.isInteger(Math.round(dollars * 10000) / 100), CHEER_MESSAGES.amountDecimals),
  message,
});

/** `GET /api/business/cheers?page&size` */
export const cheersQuerySchema = z.object(pageQuery);
