/**
 * The "Request a call" form, shared by the contacts page (conform, in the browser and in its
 * action) and by `POST /api/support/requests`: one set of rules, one set of messages.
 */
import { z } from "zod";

export const PREFERRED_TIMES = ["Morning", "Afternoon", "Evening"] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

export const SUPPORT_MESSAGE_MAX = 1000;
export const SUPPORT_NAME_MAX = 100;
const PHONE_DIGITS_MIN = 7;
const PHONE_DIGITS_MAX = 20;

// Conform turns an empty field into undefined, a JSON client may send "": both mean "not given".
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const required = (max: number, tooLong: string) =>
  z
    .string({ required_error: "Required", invalid_type_error: "Invalid input" })
    .trim()
    .min(1, "Required")
    .max(max, tooLong);

const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** True for what a person would type as a phone number: digits and + - ( ) spaces, 7-20 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

export const supportRequestSchema = z.object({
  name: required(SUPPORT_NAME_MAX, `Maximum ${SUPPORT_NAME_MAX} characters allowed`),
  phone: required(40, "Enter a valid phone number").refine(isPlausiblePhone, "Enter a valid phone number"),
  email: optional(
    z.string({ invalid_type_error: "Invalid input" }).trim().email("Enter a valid e-mail address").max(254),
  ),
  preferredTime: optional(z.enum(PREFERRED_TIMES, { errorMap: () => ({ message: "Invalid input" }) })),
  message: optional(
    z
      .string({ invalid_type_error: "Invalid input" })
      .trim()
      .max(SUPPORT_MESSAGE_MAX, `Maximum ${SUPPORT_MESSAGE_MAX} characters allowed`),
  ),
});

export type SupportRequestInput = z.output<typeof supportRequestSchema>;
