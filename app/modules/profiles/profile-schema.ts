/**
 * The profile's rules (product.md "Entities", "Validation" and "Limits"; decision 012), shared by the /settings form
 * (conform) and the API (`PUT /api/user/profile`, `PUT /api/user/profile/username`).
 * Client-safe: no database, no secrets.
 */
import { z } from "zod";
import { isUsStateCode } from "./us-states";
import { canonicalTimeZone, isTimeZone } from "~/modules/time/clock";

export const PROFILE_COUNTRY = "USA";
export const FIRST_NAME_MAX = 100;
export const CITY_MAX = 100;
export const EXPERT_ABOUT_MAX = 1000;
/** Storage keys (`uploads/<user>/<uuid>.jpg`) and the generated-avatar paths are far shorter. */
export const IMAGE_KEY_MAX = 500;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const FIRST_BIRTH_YEAR = 1950;
/** product.md "Limits": birth years run to the current year minus 15. */
export const MIN_AGE_YEARS = 15;

export const MESSAGES = {
  required: "Required",
  invalid: "Invalid input",
  dateOfBirth: "Should be a valid date",
  state: "Select a US state or territory",
  country: "Only the USA is supported for now",
  timezone: "Invalid time zone",
  userNameChars: "Only letters, digits, _ and . are allowed",
  userNameTaken: "This username is already taken",
  profileUpdated: "Profile has been updated.",
  image: "Upload the image again: this one is not among your uploads",
} as const;

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const pad = (value: number) => String(value).padStart(2, "0");

/** The year select's options, 1950 to the current year minus 15 (product.md "Validation"). */
export function birthYears(now = new Date()): number[] {
  const last = now.getFullYear() - MIN_AGE_YEARS;
  return Array.from({ length: last - FIRST_BIRTH_YEAR + 1 }, (_, index) => FIRST_BIRTH_YEAR + index);
}

/** `{value: "01", label: "January"}` … */
export const MONTH_OPTIONS = MONTHS.map((label, index) => ({ value: pad(index + 1), label }));

/** "01" … "31" */
export const DAY_OPTIONS = Array.from({ length: 31 }, (_, index) => pad(index + 1));

/** `YYYY-MM-DD` naming a real calendar day whose year is one of `birthYears`. */
export function isValidBirthDate(value: string, now = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < FIRST_BIRTH_YEAR || year > now.getFullYear() - MIN_AGE_YEARS) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** product.md "Entities": sent as year-month-day text, read back split on dashes. */
export function splitBirthDate(value: string | null | undefined): { year: string; month: string; day: string } {
  const [year = "", month = "", day = ""] = value ? value.split("-") : [];
  return { year, month, day };
}

/** A zone as stored: its canonical name ("america/chicago" is kept as "America/Chicago"). */
const asStoredZone = <T extends string | null | undefined>(value: T) =>
  value ? (canonicalTimeZone(value) ?? value) : value;

const text = () => z.string({ required_error: MESSAGES.required, invalid_type_error: MESSAGES.invalid });
const requiredText = (max: number) =>
  text().trim().min(1, MESSAGES.required).max(max, `Maximum ${max} characters allowed`);
/** A value that may be left out (keep), null or "" (clear), or text. */
const optionalText = (max: number) => text().max(max, `Maximum ${max} characters allowed`).nullable().optional();

const stateCode = text()
  .min(1, MESSAGES.required)
  .transform((value) => value.toUpperCase())
  .refine(isUsStateCode, MESSAGES.state);

const country = text()
  .optional()
  .refine((value) => !value || value.toUpperCase() === PROFILE_COUNTRY, MESSAGES.country)
  .transform(() => PROFILE_COUNTRY);

/**
 * `PUT /api/user/profile`. Left-out optional fields keep their stored value; null or "" clears
 * avatar, cover, dateOfBirth and expertAboutText (timezone cannot be cleared, only changed).
 */
export const profileInputSchema = z.object({
  avatar: optionalText(IMAGE_KEY_MAX),
  cover: optionalText(IMAGE_KEY_MAX),
  firstName: requiredText(FIRST_NAME_MAX),
  location: z.preprocess(
    (value) => value ?? {},
    z.object({ country, state: stateCode, city: requiredText(CITY_MAX) }, { invalid_type_error: MESSAGES.invalid }),
  ),
  dateOfBirth: text()
    .nullable()
    .optional()
    .refine((value) => !value || isValidBirthDate(value), MESSAGES.dateOfBirth),
  timezone: text()
    .nullable()
    .optional()
    .refine((value) => !value || isTimeZone(value), MESSAGES.timezone)
    .transform(asStoredZone),
  expertAboutText: optionalText(EXPERT_ABOUT_MAX),
});

export type ProfileInput = z.output<typeof profileInputSchema>;

/**
 * The photo editor's Save on /settings stores one photo by itself (the `photo` intent), whatever
 * state the rest of the profile form is in: `kind` says which, `key` is the upload's storage key.
 */
export const profilePhotoFormSchema = z.object({
  kind: z.enum(["avatar", "cover"], { required_error: MESSAGES.required, invalid_type_error: MESSAGES.invalid }),
  key: requiredText(IMAGE_KEY_MAX),
});

/** The photos to store: a photo left out is kept, null or "" clears it. */
export type ProfilePhotosInput = Pick<ProfileInput, "avatar" | "cover">;

/** What `GET /api/user/profile` answers (product.md "Entities"). */
export interface Profile {
  avatar: string | null;
  cover: string | null;
  firstName: string;
  location: { country: string; state: string | null; city: string | null };
  dateOfBirth: string | null;
  timezone: string;
  expertAboutText: string | null;
}

/**
 * The /settings form: the same rules on the form's field names (`location.state`,
 * `dateOfBirth.year` …). Empty fields arrive as undefined (conform). The date parts are all
 * optional, but once any is chosen they must make a valid date ('Should be a valid date' on
 * dateOfBirth).
 */
export const profileFormSchema = z.object({
  avatar: z.string().max(IMAGE_KEY_MAX).optional(),
  cover: z.string().max(IMAGE_KEY_MAX).optional(),
  firstName: requiredText(FIRST_NAME_MAX),
  location: z.object(
    {
      country: z.string().optional(),
      state: text().refine(isUsStateCode, MESSAGES.state),
      city: requiredText(CITY_MAX),
    },
    { required_error: MESSAGES.required },
  ),
  // Checked on the field itself, so its message shows beside the others' (an object refinement waits for every field).
  dateOfBirth: z
    .object({ year: z.string().optional(), month: z.string().optional(), day: z.string().optional() })
    .optional()
    .superRefine((parts, ctx) => {
      const date = joinBirthDate(parts);
      if (date !== null && !isValidBirthDate(date)) ctx.addIssue({ code: "custom", message: MESSAGES.dateOfBirth });
    }),
  timezone: z
    .string()
    .optional()
    .refine((value) => !value || isTimeZone(value), MESSAGES.timezone)
    .transform(asStoredZone),
  expertAboutText: z.string().max(EXPERT_ABOUT_MAX, `Maximum ${EXPERT_ABOUT_MAX} characters allowed`).optional(),
});

export type ProfileFormValue = z.output<typeof profileFormSchema>;

/** The date parts as `YYYY-MM-DD`; null when none is chosen; "" (invalid) when only some are. */
export function joinBirthDate(parts: { year?: string; month?: string; day?: string } | undefined): string | null {
  const { year, month, day } = parts ?? {};
  if (!year && !month && !day) return null;
  if (!year || !month || !day) return "";
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** The form replaces the whole profile: an empty photo field means no photo. */
export function profileInputFromForm(value: ProfileFormValue): ProfileInput {
  return {
    avatar: value.avatar ?? null,
    cover: value.cover ?? null,
    firstName: value.firstName,
    location: { country: PROFILE_COUNTRY, state: value.location.state.toUpperCase(), city: value.location.city },
    dateOfBirth: joinBirthDate(value.dateOfBirth),
    timezone: value.timezone,
    expertAboutText: value.expertAboutText ?? null,
  };
}

/** product.md "Roles and experts": 3-30 of letters, digits, `_` and `.`. */
export const userNameSchema = text()
  .min(1, MESSAGES.required)
  .min(USERNAME_MIN, `Must contain at least ${USERNAME_MIN} character(s)`)
  .max(USERNAME_MAX, `Maximum ${USERNAME_MAX} characters allowed`)
  .regex(/^[A-Za-z0-9_.]*$/, MESSAGES.userNameChars);

export const userNameBodySchema = z.object({ userName: userNameSchema });

/** The availability check's answer: `GET /api/user/profile/username?userName=`. */
export interface UserNameAvailability {
  userName: string;
  available: boolean;
}
