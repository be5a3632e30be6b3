/**
 * The create/edit dialog's form as plain data (decision 018): what the fields hold, the JSON the
 * API takes (decision 017, `postInputSchema`), the same validation the server runs, and the
 * server's 422 errors put back on the named fields. Pure, so the tests run it without a DOM.
 */
import type { Descendant } from "slate";
import { postInputSchema, visibilityFor } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import type { PickMarket } from "~/modules/record/pick-markets";
import { fromZonedInputValue } from "~/modules/time/clock";
import { emptyDocument, pendingImages } from "./editor-commands";
import {
  LEG_FIELDS,
  legFromRecord,
  legPayload,
  legShows,
  toNumber,
  type LegField,
  type LegFormValues,
  type LegRecord,
} from "./pick-form-model";

export { toNumber } from "./pick-form-model";

export type PostType = "Post" | "Pick";

export interface PostFormValues {
  postType: PostType;
  title: string;
  body: Descendant[];
  /** Storage key of the cover, "" for none. */
  coverImage: string;
  /** The select's value: "" until a category is chosen. */
  categoryId: string;
  modalityIds: number[];
  /** A Post's game; a Pick's games are its legs'. */
  eventId: number | null;
  /** A Pick's market, "" until chosen; its legs follow it (pick-form-model.ts). */
  market: PickMarket | "";
  legs: LegFormValues[];
  /** Typed text; sent as a number (product.md "Validation": not numeric → undefined). */
  units: string;
}

/** How the post goes out: a draft, now, at a chosen time, or (a live post) keeping its date. */
/** A schedule's `at` is a `datetime-local` value on the wall clock of `timeZone`, the viewer's zone. */
export type PublishChoice =
  | { kind: "draft" }
  | { kind: "now" }
  | { kind: "schedule"; at: string; timeZone: string }
  | { kind: "keep"; publishDate: string };

/** The fields that show their own error; anything else the server names goes to the root. */
export const FORM_FIELDS = [
  "postType",
  "title",
  "body",
  "coverImage",
  "categoryId",
  "modalityIds",
  "eventId",
  "market",
  "legs",
  "units",
  "publishDate",
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
/** An error's key, as the API names them: `title`, `legs`, `legs.1` (the leg as a whole), `legs.1.side`. */
export type ErrorKey = FormField | `legs.${number}` | `legs.${number}.${LegField}`;

export interface FormErrors {
  fields: Partial<Record<ErrorKey, string[]>>;
  root: string[];
}

export const FORM_MESSAGES = {
  scheduleInFuture: "Choose a time in the future",
  imagesPending: "Wait for the images to finish uploading, or remove the ones that failed.",
} as const;

export const noErrors = (): FormErrors => ({ fields: {}, root: [] });
export const hasErrors = (errors: FormErrors) =>
  errors.root.length > 0 || Object.values(errors.fields).some((list) => list && list.length > 0);

/** Posted: its bet is on the record; only the write-up may change until the event starts. */
export const isPostedPick = (post: Pick<PostDTO, "postType" | "postedAt"> | null) =>
  Boolean(post && post.postType === "Pick" && post.postedAt !== null);

/** A posted pick's bet, sent back exactly as loaded: the server refuses any change to it. */
export interface KeptBet {
  market: PickMarket | null;
  legs: LegRecord[] | null;
  units: number | null;
  categoryId: number;
}

export function keptBetOf(post: PostDTO | null): KeptBet | null {
  if (!post || !isPostedPick(post)) return null;
  return { market: post.market, legs: post.legs, units: post.units, categoryId: post.categoryId };
}

export function initialValues(post: PostDTO | null): PostFormValues {
  if (!post) {
    return {
      postType: "Post",
      title: "",
      body: emptyDocument(),
      coverImage: "",
      categoryId: "",
      modalityIds: [],
      eventId: null,
      market: "",
      legs: [],
      units: "",
    };
  }
  return {
    postType: post.postType,
    title: post.title,
    body: Array.isArray(post.body) && post.body.length > 0 ? (post.body as Descendant[]) : emptyDocument(),
    coverImage: post.coverImage ?? "",
    categoryId: String(post.categoryId),
    modalityIds: [...post.modalityIds],
    // A Pick's event is its first leg's, derived by the server: only a Post names one itself.
    eventId: post.postType === "Post" ? post.eventId : null,
    market: post.market ?? "",
    legs: (post.legs ?? []).map(legFromRecord),
    units: post.units === null ? "" : String(post.units),
  };
}

/** What "unsaved changes" compares: the values without the legs' React keys. */
export const snapshot = (values: PostFormValues) =>
  JSON.stringify({ ...values, legs: values.legs.map(({ key: _key, ...leg }) => leg) });

function publishDateFor(choice: PublishChoice, now: Date): string | null {
  switch (choice.kind) {
    case "draft":
      return null;
    case "now":
      return now.toISOString();
    case "keep":
      return choice.publishDate;
    case "schedule":
      return fromZonedInputValue(choice.at, choice.timeZone)?.toISOString() ?? null;
  }
}

/**
 * The JSON body of `POST /api/posts` and `PUT /api/posts/{id}`. A Pick sends its market, legs and
 * units (the server derives its selection, odds and event); a posted pick sends `kept`, its bet
 * as loaded.
 */
export function toPayload(
  values: PostFormValues,
  choice: PublishChoice,
  now = new Date(),
  kept: KeptBet | null = null,
) {
  const isPick = values.postType === "Pick";
  return {
    postType: values.postType,
    title: values.title.trim(),
    body: values.body,
    visibility: visibilityFor(values.postType),
    coverImage: values.coverImage || null,
    categoryId: kept ? kept.categoryId : toNumber(values.categoryId),
    modalityIds: values.modalityIds,
    eventId: isPick ? undefined : values.eventId,
    market: isPick ? (kept ? kept.market : values.market || undefined) : undefined,
    legs: isPick ? (kept ? kept.legs : values.legs.map(legPayload)) : undefined,
    units: isPick ? (kept ? kept.units : toNumber(values.units)) : undefined,
    publishDate: publishDateFor(choice, now),
  };
}

export type PostPayload = ReturnType<typeof toPayload>;

const LEG_KEY = /^legs\.(\d+)(?:\.([a-zA-Z]+))?$/;

/** Does the form show this key's error by a control (else it goes to the root)? */
export function showsError(key: string, values: PostFormValues): key is ErrorKey {
  if ((FORM_FIELDS as readonly string[]).includes(key)) return true;
  const match = LEG_KEY.exec(key);
  if (!match || values.postType !== "Pick") return false;
  const leg = values.legs[Number(match[1])];
  if (!leg) return false;
  if (match[2] === undefined) return true;
  return (LEG_FIELDS as readonly string[]).includes(match[2]) && legShows(leg, values.market, match[2] as LegField);
}

function addError(errors: FormErrors, values: PostFormValues, key: string, message: string) {
  if (showsError(key, values)) {
    const list = (errors.fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  } else if (!errors.root.includes(message)) {
    errors.root.push(message);
  }
}

/**
 * zod stops at a value of the wrong type (a missing game, odds or category): the refinements
 * after it (a leg's side and line, the legs for the market, the Pick's required fields) wait
 * until it is fixed. To say everything at once, the schema runs a second time with those filled
 * in, and what it then says about the other fields is kept.
 */
function withPlaceholders(payload: PostPayload) {
  const filled = new Set<string>();
  const categoryId = payload.categoryId ?? (filled.add("categoryId"), 0);
  const legs = Array.isArray(payload.legs)
    ? payload.legs.map((leg, index) => ({
        ...leg,
        // Each its own game, so the placeholders never look like one bet twice.
        eventId: leg.eventId ?? (filled.add(`legs.${index}.eventId`), -1 - index),
        odds: leg.odds ?? (filled.add(`legs.${index}.odds`), -110),
      }))
    : payload.legs;
  return { probe: { ...payload, categoryId, legs }, filled };
}

/** The server's rules (postInputSchema), plus what only the dialog knows: uploads and the schedule. */
export function validatePost(
  values: PostFormValues,
  choice: PublishChoice,
  now = new Date(),
  kept: KeptBet | null = null,
): FormErrors {
  const errors = noErrors();
  const payload = toPayload(values, choice, now, kept);
  const result = postInputSchema.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) addError(errors, values, issue.path.join("."), issue.message);
    const { probe, filled } = withPlaceholders(payload);
    const second = postInputSchema.safeParse(probe);
    if (!second.success) {
      for (const issue of second.error.issues) {
        const key = issue.path.join(".");
        if (!filled.has(key)) addError(errors, values, key, issue.message);
      }
    }
  }
  if (choice.kind === "schedule") {
    const at = fromZonedInputValue(choice.at, choice.timeZone);
    if (!at || at.getTime() <= now.getTime()) addError(errors, values, "publishDate", FORM_MESSAGES.scheduleInFuture);
  }
  if (pendingImages(values.body) > 0) addError(errors, values, "", FORM_MESSAGES.imagesPending);
  return errors;
}

/**
 * A failed save (product.md "Validation"): each named field's messages on that field (`legs.1.side` on
 * the second leg's side); the single message at the root when no field was named, or one the
 * dialog does not show.
 */
export function serverErrors(
  error: { error: string; errors?: Record<string, string[]> },
  values: PostFormValues,
): FormErrors {
  const errors = noErrors();
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    for (const message of messages) addError(errors, values, field, message);
  }
  if (!hasErrors(errors)) errors.root.push(error.error);
  return errors;
}

/** A post already out (live): it is edited in place and keeps its date. */
export const isLivePost = (post: Pick<PostDTO, "status" | "publishDate"> | null, now = Date.now()) =>
  Boolean(post && post.status === "Published" && post.publishDate && new Date(post.publishDate).getTime() <= now);

/** A pick on the verified record (graded, withdrawn, or its game started): it can no longer be edited. */
export const isOnRecord = (post: PostDTO | null, now = Date.now()) =>
  post?.postType === "Pick" &&
  (post.pickResult !== null ||
    post.withdrawnAt !== null ||
    (post.eventInfo !== null && new Date(post.eventInfo.startsAt).getTime() <= now));

/** The errors without those of the fields `keys` name (`legs.` names every leg's). */
export function withoutErrors(errors: FormErrors, keys: string[]): FormErrors {
  const touched = Object.keys(errors.fields).filter((key) =>
    keys.some((prefix) => (prefix.endsWith(".") ? key.startsWith(prefix) : key === prefix)),
  );
  if (touched.length === 0) return errors;
  const fields = { ...errors.fields };
  for (const key of touched) delete fields[key as ErrorKey];
  return { ...errors, fields };
}
