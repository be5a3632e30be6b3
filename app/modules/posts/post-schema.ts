/**
 * Post validation (product.md "Validation", product.md "Posts and picks", decision 017). Client-safe:
 * shared by `POST`/`PUT /api/posts` and the create/edit dialog.
 */
import { z } from "zod";
import { MAX_INTEGER_ID } from "~/modules/http/storable";
import { checkLegs, choice, legSchema, PICK_MARKETS } from "~/modules/record/pick-markets";
import { isBodyNonEmpty } from "./slate";

export const POST_TITLE_MAX = 1000;
export const SELECTION_MAX = 200;
/** Storage keys and image URLs, as the profile's photos (IMAGE_KEY_MAX). */
export const COVER_IMAGE_MAX = 500;

export const POST_MESSAGES = {
  required: "Required",
  invalid: "Invalid input",
  titleTooLong: `Must contain at most ${POST_TITLE_MAX} character(s)`,
  selectionTooLong: `Must contain at most ${SELECTION_MAX} character(s)`,
  coverImageTooLong: `Must contain at most ${COVER_IMAGE_MAX} character(s)`,
  visibility: "Visibility must be Free for a Post and Subscribers for a Pick",
  odds: "Odds must be whole American odds: -100 or lower, or +100 or higher",
  units: "Units must be between 0.1 and 10, in steps of 0.1",
  publishDate: "Should be a valid date",
} as const;

const number = () =>
  z
    .number({ required_error: POST_MESSAGES.required, invalid_type_error: POST_MESSAGES.invalid })
    .int(POST_MESSAGES.invalid);
/** A category's, modality's or event's id: past PostgreSQL's integer it is no id (and a database error). */
const id = () => number().min(1, POST_MESSAGES.invalid).max(MAX_INTEGER_ID, POST_MESSAGES.invalid);
const optionalText = (max: number, message: string) =>
  z.string({ invalid_type_error: POST_MESSAGES.invalid }).max(max, message).nullish();

const isPlainObject = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Post → Free; Pick → Subscribers. */
export const visibilityFor = (postType: "Post" | "Pick"): "Free" | "Subscribers" =>
  postType === "Post" ? "Free" : "Subscribers";

export const postInputSchema = z
  .object({
    postType: z.enum(["Post", "Pick"], {
      required_error: POST_MESSAGES.required,
      invalid_type_error: POST_MESSAGES.invalid,
    }),
    title: z
      .string({ required_error: POST_MESSAGES.required, invalid_type_error: POST_MESSAGES.invalid })
      .min(1, POST_MESSAGES.required)
      .max(POST_TITLE_MAX, POST_MESSAGES.titleTooLong),
    body: z
      // A list of blocks, each an object, checked in one pass (zod's per-item parse costs ~3 µs a
      // block); what is inside is read by the rich-text rules (slate.ts).
      .custom<Record<string, unknown>[]>(
        (value) => Array.isArray(value) && value.every(isPlainObject),
        (value: unknown) => ({
          message: value === undefined ? POST_MESSAGES.required : POST_MESSAGES.invalid,
        }),
        true,
      )
      .refine(isBodyNonEmpty, POST_MESSAGES.required),
    visibility: z.enum(["Free", "Subscribers"], { invalid_type_error: POST_MESSAGES.invalid }).nullish(),
    coverImage: optionalText(COVER_IMAGE_MAX, POST_MESSAGES.coverImageTooLong),
    categoryId: id(),
    // A sport has a handful of modalities; the bound lets an over-long list be refused before its items are read.
    modalityIds: z
      .array(id(), { invalid_type_error: POST_MESSAGES.invalid })
      .max(50, POST_MESSAGES.invalid)
      .default([]),
    eventId: id().nullish(),
    /** A Pick's market and legs: its selection, odds and event are derived from them. */
    market: choice([...PICK_MARKETS]).nullish(),
    legs: z.array(legSchema, { invalid_type_error: POST_MESSAGES.invalid }).max(20, POST_MESSAGES.invalid).nullish(),
    units: z
      .number({ invalid_type_error: POST_MESSAGES.invalid })
      .min(0.1, POST_MESSAGES.units)
      .max(10, POST_MESSAGES.units)
      .refine((units) => Math.abs(units * 10 - Math.round(units * 10)) < 1e-9, POST_MESSAGES.units)
      .nullish(),
    publishDate: z
      .string({ invalid_type_error: POST_MESSAGES.invalid })
      .datetime({ offset: true, message: POST_MESSAGES.publishDate })
      .nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.visibility && input.visibility !== visibilityFor(input.postType)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["visibility"], message: POST_MESSAGES.visibility });
    }
    if (input.postType === "Pick") {
      for (const field of ["market", "legs", "units"] as const) {
        const value = input[field];
        if (value === null || value === undefined)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: POST_MESSAGES.required });
      }
      if (input.market && input.legs)
        checkLegs(input.market, input.legs, (path, message) =>
          ctx.addIssue({ code: z.ZodIssueCode.custom, path, message }),
        );
    }
  })
  .transform((input) => {
    const isPick = input.postType === "Pick";
    return {
      postType: input.postType,
      title: input.title,
      body: input.body,
      visibility: visibilityFor(input.postType),
      coverImage: input.coverImage || null,
      categoryId: input.categoryId,
      modalityIds: [...new Set(input.modalityIds)],
      // A Pick's event comes from its legs (post-writes.server.ts); a Post may name one.
      eventId: isPick ? null : (input.eventId ?? null),
      // A Post carries no pick fields.
      market: isPick ? (input.market ?? null) : null,
      legs: isPick ? (input.legs ?? null) : null,
      units: isPick ? (input.units ?? null) : null,
      publishDate: input.publishDate ? new Date(input.publishDate) : null,
    };
  });

export type PostInput = z.output<typeof postInputSchema>;

export const pickResultQuerySchema = z.object({ pickResult: z.enum(["Win", "Loss", "Push", "Void"]) });

/**
 * Status from the publish date (product.md "Entities"): none → Draft; otherwise Published, and a
 * future date is a scheduled post that goes live then.
 */
export const statusFor = (publishDate: Date | null) => (publishDate ? "Published" : "Draft");
