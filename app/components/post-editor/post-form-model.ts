/**
 * The create/edit dialog's form as plain data (decision 018): what the fields hold, the JSON the
 * API takes (decision 017, `postInputSchema`), the same validation the server runs, and the
 * server's 422 errors put back on the named fields. Pure, so the tests run it without a DOM.
 */
import type { Descendant } from "slate";
import { POST_MESSAGES, postInputSchema, visibilityFor } from "~/modules/posts/post-schema";
import type { PostDTO } from "~/modules/posts/post-serializer.server";
import { emptyDocument, pendingImages } from "./editor-commands";

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
  eventId: number | null;
  selection: string;
  /** Typed text; sent as a number (SPEC.md section 5: not numeric → undefined). */
  odds: string;
  units: string;
}

/** How the post goes out: a draft, now, at a chosen time, or (a live post) keeping its date. */
export type PublishChoice = { kind: "draft" } | { kind: "now" } | { kind: "schedule"; at: string } | { kind: "keep"; publishDate: string };

/** The fields that show their own error; anything else the server names goes to the root. */
export const FORM_FIELDS = [
  "postType",
  "title",
  "body",
  "coverImage",
  "categoryId",
  "modalityIds",
  "eventId",
  "selection",
  "odds",
  "units",
  "publishDate",
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export interface FormErrors {
  fields: Partial<Record<FormField, string[]>>;
  root: string[];
}

export const FORM_MESSAGES = {
  scheduleInFuture: "Choose a time in the future",
  imagesPending: "Wait for the images to finish uploading, or remove the ones that failed.",
} as const;

export const noErrors = (): FormErrors => ({ fields: {}, root: [] });
export const hasErrors = (errors: FormErrors) => errors.root.length > 0 || Object.values(errors.fields).some((list) => list && list.length > 0);

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
      selection: "",
      odds: "",
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
    eventId: post.eventId,
    selection: post.selection ?? "",
    odds: post.odds === null ? "" : post.odds > 0 ? `+${post.odds}` : String(post.odds),
    units: post.units === null ? "" : String(post.units),
  };
}

/** SPEC.md section 5: typed text becomes a number, or undefined when it is not numeric. */
export function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, what `<input type="datetime-local">` holds. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value means (local time), or null. */
export function fromLocalInputValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function publishDateFor(choice: PublishChoice, now: Date): string | null {
  switch (choice.kind) {
    case "draft":
      return null;
    case "now":
      return now.toISOString();
    case "keep":
      return choice.publishDate;
    case "schedule":
      return fromLocalInputValue(choice.at)?.toISOString() ?? null;
  }
}

/** The JSON body of `POST /api/posts` and `PUT /api/posts/{id}`. */
export function toPayload(values: PostFormValues, choice: PublishChoice, now = new Date()) {
  const isPick = values.postType === "Pick";
  return {
    postType: values.postType,
    title: values.title.trim(),
    body: values.body,
    visibility: visibilityFor(values.postType),
    coverImage: values.coverImage || null,
    categoryId: toNumber(values.categoryId),
    modalityIds: values.modalityIds,
    eventId: values.eventId,
    selection: isPick ? values.selection.trim() || undefined : undefined,
    odds: isPick ? toNumber(values.odds) : undefined,
    units: isPick ? toNumber(values.units) : undefined,
    publishDate: publishDateFor(choice, now),
  };
}

export type PostPayload = ReturnType<typeof toPayload>;

function addError(errors: FormErrors, field: string, message: string) {
  if ((FORM_FIELDS as readonly string[]).includes(field)) {
    const list = (errors.fields[field as FormField] ??= []);
    if (!list.includes(message)) list.push(message);
  } else if (!errors.root.includes(message)) {
    errors.root.push(message);
  }
}

/** The server's rules (postInputSchema), plus what only the dialog knows: uploads and the schedule. */
export function validatePost(values: PostFormValues, choice: PublishChoice, now = new Date()): FormErrors {
  const errors = noErrors();
  const payload = toPayload(values, choice, now);
  const result = postInputSchema.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) addError(errors, String(issue.path[0] ?? ""), issue.message);
  }
  // The schema checks a Pick's fields only once the rest parses: say it all at once here.
  if (values.postType === "Pick") {
    for (const field of ["selection", "odds", "units"] as const) {
      if (payload[field] === undefined) addError(errors, field, POST_MESSAGES.required);
    }
  }
  if (choice.kind === "schedule") {
    const at = fromLocalInputValue(choice.at);
    if (!at || at.getTime() <= now.getTime()) addError(errors, "publishDate", FORM_MESSAGES.scheduleInFuture);
  }
  if (pendingImages(values.body) > 0) addError(errors, "", FORM_MESSAGES.imagesPending);
  return errors;
}

/**
 * A failed save (SPEC.md section 5): each named field's messages on that field; the single
 * message at the root when no field was named (or a field the dialog does not show).
 */
export function serverErrors(error: { error: string; errors?: Record<string, string[]> }): FormErrors {
  const errors = noErrors();
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    for (const message of messages) addError(errors, field, message);
  }
  if (!hasErrors(errors)) errors.root.push(error.error);
  return errors;
}
