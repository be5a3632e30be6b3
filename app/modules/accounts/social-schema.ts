/**
 * Google sign-in's shapes shared by the 'Complete sign up' page (conform) and the API.
 * Client-safe: no secrets, no database.
 */
import { z } from "zod";
import { emailSchema, timezoneSchema } from "./account-schemas";

export const SOCIAL_PROVIDERS = ["google"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** `/sign-in?error=google`: the sign-in page shows 'Try signing in with a different account.' */
export const SOCIAL_ERROR_QUERY = "error";
export const SOCIAL_ERROR_MESSAGE = "Try signing in with a different account.";

/** Where a new Google account completes its sign-up (product.md "Screens and routes": "Its path: not shown"). */
export const COMPLETE_SIGN_UP_PATH = "/sign-up/complete";

const requiredString = z.string({ required_error: "Required", invalid_type_error: "Invalid input" });

/** product.md "Entities": socialAccount {provider, token, email, name}. */
export const socialAccountSchema = z.object({
  provider: requiredString.min(1, "Required").max(40),
  token: requiredString.min(1, "Required").max(4000),
  email: z.string().max(254).optional().default(""),
  name: z.string().max(400).optional().default(""),
});

export type SocialAccountInput = z.output<typeof socialAccountSchema>;

export const FULL_NAME_MAX = 200;

/** The form of 'Complete sign up' (product.md "Screens and routes" and "Validation"): fullName is split on a space. */
export const completeSignUpSchema = z.object({
  email: emailSchema,
  fullName: requiredString.trim().min(1, "Required").max(FULL_NAME_MAX, `Maximum ${FULL_NAME_MAX} characters allowed`),
  newsletter: z.boolean().optional().default(false),
  timezone: timezoneSchema.optional(),
});

export type CompleteSignUpInput = z.output<typeof completeSignUpSchema>;

/** `POST /api/session/social`. */
export const socialSignInBodySchema = z.object({ session: z.object({ socialAccount: socialAccountSchema }) });

/** `POST /api/users/social`. */
export const socialSignUpBodySchema = z.object({ user: completeSignUpSchema, socialAccount: socialAccountSchema });
