/**
 * The expert's subscription price, shared by `POST /api/subscriptions/price` (cents) and the
 * /business form (dollars, conform in the browser): one set of rules, one set of messages
 * (product.md "Validation" and "Limits", product.md "Subscriptions and money").
 */
import { z } from "zod";

export const SUBSCRIPTION_PRICE_MIN_CENTS = 100;
/** A sane ceiling so a typo cannot ask subscribers for a fortune (Stripe's own limit is $999,999.99). */
export const SUBSCRIPTION_PRICE_MAX_CENTS = 100_000_00;
export const SUBSCRIPTION_DESCRIPTION_MAX = 120;

export const PRICE_MIN_MESSAGE = "Price should be at least $1";
export const PRICE_MAX_MESSAGE = "Price should be at most $100,000";
export const DESCRIPTION_MAX_MESSAGE = `Maximum ${SUBSCRIPTION_DESCRIPTION_MAX} characters allowed`;

// A JSON client may send "" or null for "no description"; both mean "not given".
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const description = z.preprocess(
  blankToUndefined,
  z
    .string({ invalid_type_error: "Invalid input" })
    .trim()
    .max(SUBSCRIPTION_DESCRIPTION_MAX, DESCRIPTION_MAX_MESSAGE)
    .optional(),
);

/** API body: `price` is integer cents, at least 100. */
export const subscriptionPriceSchema = z.object({
  price: z
    .number({ required_error: PRICE_MIN_MESSAGE, invalid_type_error: PRICE_MIN_MESSAGE })
    .int("Price should be a whole number of cents")
    .min(SUBSCRIPTION_PRICE_MIN_CENTS, PRICE_MIN_MESSAGE)
    .max(SUBSCRIPTION_PRICE_MAX_CENTS, PRICE_MAX_MESSAGE),
  description,
});

export type SubscriptionPriceInput = z.output<typeof subscriptionPriceSchema>;

/** The /business form: `price` in dollars (a number field; conform turns text into a number). */
export const subscriptionPriceFormSchema = z.object({
  price: z
    .number({ required_error: PRICE_MIN_MESSAGE, invalid_type_error: PRICE_MIN_MESSAGE })
    .min(SUBSCRIPTION_PRICE_MIN_CENTS / 100, PRICE_MIN_MESSAGE)
    .max(SUBSCRIPTION_PRICE_MAX_CENTS / 100, PRICE_MAX_MESSAGE)
    .refine((dollars) => Number.isInteger(Math.round(dollars * 10000) / 100), "Use at most 2 decimals"),
  description,
});

export type SubscriptionPriceFormInput = z.output<typeof subscriptionPriceFormSchema>;

/** Form dollars → API cents (rounded, so 9.99 becomes 999 and not 998.9999). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** API cents → the form's dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
