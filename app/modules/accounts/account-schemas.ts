/**
 * The accounts forms' rules (product.md "Validation"), shared by the pages (conform) and the API.
 * Client-safe: no secrets, no database.
 */
import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "~/modules/time/clock";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_CODE_LENGTH = 6;

const requiredString = z.string({ required_error: "Required", invalid_type_error: "Invalid input" });

/**
 * A sensible minimum: 8+ characters with a letter and a digit, not all one character. Long
 * passphrases pass; argon2id does the rest.
 */
export const newPasswordSchema = requiredString
  .min(1, "Required")
  .max(PASSWORD_MAX_LENGTH, `Maximum ${PASSWORD_MAX_LENGTH} characters allowed`)
  .refine((value) => value.length >= PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), "Password must contain a letter and a digit");

export const emailSchema = requiredString.trim().min(1, "Required").max(254, "Invalid email").email("Invalid email");

/** A zone this runtime knows, in any case, stored by its canonical name. */
export const timezoneSchema = z
  .string()
  .max(64)
  .refine((value) => isTimeZone(value), "Invalid time zone")
  .transform((value) => canonicalTimeZone(value) ?? value);

const fullNameSchema = requiredString.trim().min(1, "Required").max(200, "Maximum 200 characters allowed");

const signUpFields = {
  email: emailSchema,
  fullName: fullNameSchema.optional(),
  firstName: requiredString.trim().min(1, "Required").max(100, "Maximum 100 characters allowed").optional(),
  lastName: z.string().trim().max(100, "Maximum 100 characters allowed").optional(),
  newsletter: z.boolean().optional(),
  password: newPasswordSchema,
  passwordConfirmation: requiredString.min(1, "Required"),
  timezone: timezoneSchema.optional(),
};

function passwordsMatch(value: { password: string; passwordConfirmation: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.passwordConfirmation) {
    ctx.addIssue({ code: "custom", path: ["passwordConfirmation"], message: "Passwords must match" });
  }
}

/** The API's sign-up `user` payload: a full name, or a first name (and an optional last name). */
export const signUpUserSchema = z.object(signUpFields).superRefine((value, ctx) => {
  if (value.fullName === undefined && !value.firstName)
    ctx.addIssue({ code: "custom", path: ["fullName"], message: "Required" });
  passwordsMatch(value, ctx);
});

/**
 * The /sign-up page's form, which asks for the full name only. Required on the field itself: an
 * object's refinement runs only once all its fields pass, so an empty form would flag every field
 * but the name.
 */
export const signUpFormSchema = z
  .object({ ...signUpFields, fullName: fullNameSchema })
  .omit({ firstName: true, lastName: true })
  .superRefine(passwordsMatch);

export type SignUpUserInput = z.output<typeof signUpUserSchema>;

export const signUpBodySchema = z.object({ user: signUpUserSchema });

/** fullName split on the first space into first and last name (product.md "Validation"). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, " ");
  const space = trimmed.indexOf(" ");
  return space === -1
    ? { firstName: trimmed, lastName: "" }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export const signInSchema = z.object({
  emailOrUserName: requiredString.trim().min(1, "Required").max(254),
  password: requiredString.min(1, "Required").max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional().default(false),
});

export const signInBodySchema = z.object({ session: signInSchema });

export const forgotPasswordSchema = z.object({ emailOrUserName: requiredString.trim().min(1, "Required").max(254) });

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: requiredString.min(1, "Required") })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords must match",
  });

export const changePasswordSchema = z
  .object({
    currentPassword: requiredString.min(1, "Required"),
    password: newPasswordSchema,
    confirmPassword: requiredString.min(1, "Required"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords must match",
  });

/**
 * product.md "Validation": only the first 6 characters count, whitespace is stripped, letters and
 * digits only. Codes are compared case-insensitively (they are shown in capitals).
 */
export function normalizeEmailCode(input: string): string {
  return input
    .replace(/\s+/g, "")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, EMAIL_CODE_LENGTH)
    .toUpperCase();
}
