/**
 * Promo codes and free trials as the pages and the API read them: the shapes, the checks of the
 * expert's form, and the price a code leaves. The server side is promo-codes.server.ts and
 * trials.server.ts.
 */
import { z } from "zod";
import { isStorableText } from "~/modules/http/storable";
import { formatUsd } from "~/modules/money/money";

export const MAX_TRIAL_DAYS = 30;
/** The trial's reminder goes out this many days before the first charge. */
export const TRIAL_REMINDER_DAYS = 3;
export const MAX_PROMO_CODES = 100;

export const PROMO_MESSAGES = {
  codeFormat: "Use 3 to 20 letters and digits.",
  codeTaken: "You already have a code with this name.",
  percent: "Take 1 to 100 percent off.",
  amount: "Take between $1.00 and $1,000.00 off.",
  cap: "Allow between 1 and 100,000 redemptions, or leave it empty for no limit.",
  expiry: "Choose a date in the future.",
  tooMany: `You can have at most ${MAX_PROMO_CODES} codes.`,
  unknown: "This promo code is not valid.",
  expired: "This promo code has expired.",
  usedUp: "This promo code has been fully redeemed.",
  usedBefore: "You have already used this promo code.",
  trialDays: `Choose 0 to ${MAX_TRIAL_DAYS} days.`,
} as const;
export const TRIAL_SAVED = "Free trial has been updated.";
export const PROMO_CREATED = "Promo code created.";
export const PROMO_ENDED = "Promo code ended: readers can no longer use it.";

export type PromoDuration = "once" | "forever";

/** A code as its expert sees it on /business and `GET /api/business/promo-codes`. */
export interface PromoCodeDTO {
  id: string;
  code: string;
  percentOff: number | null;
  /** In cents. */
  amountOff: number | null;
  duration: PromoDuration;
  expiresAt: string | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  active: boolean;
  createdAt: string;
}

/** What subscribing to an expert costs a reader (subscription-offer.server.ts). */
export interface SubscriptionOffer {
  /** The expert's monthly price in cents; null while they have none. */
  price: number | null;
  /** The free trial this reader gets, in days: 0 when the expert offers none or the reader had theirs. */
  trialDays: number;
  code: {
    code: string;
    duration: PromoDuration;
    /** "20% off the first month". */
    description: string;
    /** The monthly price after the code, in cents (the first month's only, for a first-month code). */
    priceAfter: number;
  } | null;
}

/** What a code takes off, in the words the pages use: "20% off the first month". */
export function describeDiscount(code: Pick<PromoCodeDTO, "percentOff" | "amountOff" | "duration">): string {
  const off = code.percentOff !== null ? `${code.percentOff}%` : formatUsd(code.amountOff ?? 0);
  return `${off} off ${code.duration === "once" ? "the first month" : "every month"}`;
}

/** The monthly price a code leaves (never below zero), in cents. */
export function priceAfterCode(
  priceCents: number,
  code: Pick<PromoCodeDTO, "percentOff" | "amountOff"> | null | undefined,
): number {
  if (!code) return priceCents;
  const off =
    code.percentOff !== null
      ? Math.round((priceCents * code.percentOff) / 100)
      : Math.min(priceCents, code.amountOff ?? 0);
  return Math.max(0, priceCents - off);
}

/** A code as a reader types it: spaces and case do not matter. */
export const normalizeCode = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** The code a reader gives on the subscribe step or in `POST /api/subscriptions {code}`; blank: none. */
export const redeemCodeField = z
  .string()
  .max(40, PROMO_MESSAGES.unknown)
  // A NUL or half a surrogate pair is no code (and a database error if it reached the lookup).
  .refine(isStorableText, PROMO_MESSAGES.unknown)
  .optional()
  .transform((value) => (value ? normalizeCode(value) : "") || undefined);

const optionalNumber = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ invalid_type_error: message }).optional(),
  );
const codeField = z
  .string({ required_error: PROMO_MESSAGES.codeFormat, invalid_type_error: PROMO_MESSAGES.codeFormat })
  .transform(normalizeCode)
  .pipe(z.string().regex(/^[A-Z0-9]{3,20}$/, PROMO_MESSAGES.codeFormat));
const durationField = z.enum(["once", "forever"], {
  errorMap: () => ({ message: "Choose the first month or every month." }),
});
/** The last day it works (UTC), as `YYYY-MM-DD`; blank: no expiry. */
const expiresOnField = z
  .string({ invalid_type_error: PROMO_MESSAGES.expiry })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PROMO_MESSAGES.expiry)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), PROMO_MESSAGES.expiry)
  .optional()
  .or(z.literal("").transform(() => undefined));
const capField = optionalNumber(PROMO_MESSAGES.cap).pipe(
  z.number().int(PROMO_MESSAGES.cap).min(1, PROMO_MESSAGES.cap).max(100_000, PROMO_MESSAGES.cap).optional(),
);
const percentField = optionalNumber(PROMO_MESSAGES.percent).pipe(
  z.number().int(PROMO_MESSAGES.percent).min(1, PROMO_MESSAGES.percent).max(100, PROMO_MESSAGES.percent).optional(),
);

/**
 * `POST /api/business/promo-codes {code, percentOff | amountOff (cents), duration, expiresOn?,
 * maxRedemptions?}`: exactly one of the two discounts.
 */
export const promoCodeInputSchema = z
  .object({
    code: codeField,
    percentOff: percentField,
    amountOff: optionalNumber(PROMO_MESSAGES.amount).pipe(
      z
        .number()
        .int(PROMO_MESSAGES.amount)
        .min(100, PROMO_MESSAGES.amount)
        .max(100_000, PROMO_MESSAGES.amount)
        .optional(),
    ),
    duration: durationField,
    expiresOn: expiresOnField,
    maxRedemptions: capField,
  })
  .superRefine((value, context) => {
    if ((value.percentOff === undefined) === (value.amountOff === undefined))
      context.addIssue({ code: "custom", path: ["percentOff"], message: "Take a percentage or an amount off." });
  });
export type PromoCodeInput = z.output<typeof promoCodeInputSchema>;

/** The page's form: the kind of discount chosen, the amount in dollars as typed. */
export const promoCodeFormSchema = z
  .object({
    code: codeField,
    kind: z.enum(["percent", "amount"], { errorMap: () => ({ message: "Choose a percentage or an amount." }) }),
    percentOff: percentField,
    amountOff: optionalNumber(PROMO_MESSAGES.amount).pipe(
      z.number().min(1, PROMO_MESSAGES.amount).max(1000, PROMO_MESSAGES.amount).optional(),
    ),
    duration: durationField,
    expiresOn: expiresOnField,
    maxRedemptions: capField,
  })
  .superRefine((value, context) => {
    if (value.kind === "percent" && value.percentOff === undefined)
      context.addIssue({ code: "custom", path: ["percentOff"], message: PROMO_MESSAGES.percent });
    if (value.kind === "amount" && value.amountOff === undefined)
      context.addIssue({ code: "custom", path: ["amountOff"], message: PROMO_MESSAGES.amount });
  });

/** The form's values as the command takes them. */
export function promoCodeInputOfForm(form: z.output<typeof promoCodeFormSchema>): PromoCodeInput {
  return {
    code: form.code,
    percentOff: form.kind === "percent" ? form.percentOff : undefined,
    amountOff: form.kind === "amount" && form.amountOff !== undefined ? Math.round(form.amountOff * 100) : undefined,
    duration: form.duration,
    expiresOn: form.expiresOn,
    maxRedemptions: form.maxRedemptions,
  };
}

/** `POST /api/business/trial {days}` and the page's form. */
export const trialDaysSchema = z.object({
  days: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/)
          .transform(Number),
      ],
      {
        errorMap: () => ({ message: PROMO_MESSAGES.trialDays }),
      },
    )
    .pipe(
      z
        .number()
        .int(PROMO_MESSAGES.trialDays)
        .min(0, PROMO_MESSAGES.trialDays)
        .max(MAX_TRIAL_DAYS, PROMO_MESSAGES.trialDays),
    ),
});
