/**
 * Bad input on the pages: fast-check generates hostile
 * form posts for every page route's `action` (the route files on disk, through the route manifest:
 * test/support/page-actions.ts), sent as someone the page lets through to validation. A page
 * action the table below lacks fails the test, so a new form is covered once it has an entry.
 * The `/api` routes have their own properties (hostile-input.test.ts).
 *
 * What must hold:
 * - never a 5xx (an error the action throws is Remix's 500), whatever arrives;
 * - an invalid submission (a missing or blank field, a value over its maximum, a NUL, a file
 *   where text goes, a repeated field, an unknown intent) is refused: a 4xx whose data is the
 *   page's own reply (conform's submission reply with field or form errors, or the page's error
 *   object), passwords never echoed back;
 * - a body that is no form (JSON, text, XML, malformed multipart) is a 400 or 415 and one over
 *   the size cap a 413, thrown as a Response (the page's error boundary);
 * - a refused submission leaves the database as it was (row counts and a checksum of every table);
 * - a redirect goes to a path of this site, whatever callbackUrl or Referer says;
 * - nothing reaches Object.prototype (`__proto__`, `constructor` field names, conform's own).
 *
 * `HOSTILE_RUNS` (default 10) sets the random runs per action; `HOSTILE_SEED` replays a failure.
 */
import type { AppLoadContext } from "@remix-run/node";
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, comments, events, mailOutbox, passwordResetTokens, posts, supportRequests } from "~/db/schema";
import { issueEmailCode } from "~/modules/accounts/auth.server";
import { hashPassword } from "~/modules/accounts/passwords.server";
import { hashToken, randomToken } from "~/modules/accounts/tokens.server";
import { MAX_FORM_BODY_BYTES } from "~/web/form-input.server";
import { buildPreview } from "~/modules/posts/slate";
import { NOTIFICATION_KINDS } from "~/modules/notifications/notification-kinds";
import { unsubscribeToken } from "~/modules/notifications/preferences.server";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import {
  changedTables,
  fcOptions,
  hostileRuns,
  hostileString,
  polluted,
  printable,
  settled,
  tableChecksum,
  wellFormed,
} from "../support/hostile";
import { onceEach, personMaker, tag, type Person } from "../support/people";
import {
  invokePageAction,
  pageActions,
  type PageAction,
  type PageAnswer,
  type PageCall,
} from "../support/page-actions";
import { HOUR, postFixtures } from "../support/post-fixtures";
import { browserPushSubscription } from "../support/push-service";

const RUNS = hostileRuns(10);
const PUSH_DEVICE = browserPushSubscription();
const PASSWORD = "correct horse 42";
const NEW_PASSWORD = "battery staple 77";

// ---------------------------------------------------------------------------------------------
// Fixtures: each run gets a world of its own (a session that signs out, a code that is spent,
// an account that becomes an expert must not change what the next run finds)
// ---------------------------------------------------------------------------------------------
let database: TestDatabase;
let context: AppLoadContext;
let fx: ReturnType<typeof postFixtures>;
let makePerson: ReturnType<typeof personMaker>;
let snapshot: () => Promise<string>;

type Who = "visitor" | "user" | "unconfirmed" | "admin" | "expert";

class World {
  private readonly once = onceEach();

  user = () => this.once("user", () => makePerson());
  unconfirmed = () => this.once("unconfirmed", () => makePerson({ confirmed: false }));
  admin = () => this.once("admin", () => makePerson({ admin: true }));
  expert = () => this.once("expert", () => makePerson({ expert: true }));

  async person(who: Who): Promise<Person | null> {
    return who === "visitor" ? null : this[who]();
  }

  /** The values a valid submission needs, by placeholder (`{email}` in a field's value). */
  private readonly values: Record<string, () => Promise<string> | string> = {
    tag: () => tag(),
    email: async () => (await this.user()).user.email,
    resetToken: () =>
      this.once("resetToken", async () => {
        const token = randomToken();
        await database.db.insert(passwordResetTokens).values({
          userId: (await this.user()).user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + HOUR),
        });
        return token;
      }),
    emailCode: () =>
      this.once("emailCode", async () => {
        const { user } = await this.unconfirmed();
        await issueEmailCode(context, user);
        const [mail] = await database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, user.email))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1);
        return /\b([A-Z2-9]{6})\b/.exec(mail.text)![1];
      }),
    eventId: () => this.once("eventId", async () => String((await fx.addEvent({ startsInMs: -HOUR })).id)),
    supportRequestId: () =>
      this.once("supportRequestId", async () => {
        const [row] = await database.db
          .insert(supportRequests)
          .values({ name: "Pat Caller", phone: "+1 512 555 0100" })
          .returning({ id: supportRequests.id });
        return row.id;
      }),
    results: async () =>
      JSON.stringify([
        { eventId: Number(await this.values.eventId()), status: "Final", homeScore: 101, awayScore: 99 },
      ]),
    unsubscribeToken: async () => unsubscribeToken((await this.user()).user.id, context.env.SESSION_SECRET),
    sport: async () => String((await database.db.select({ id: categories.id }).from(categories).limit(1))[0].id),
    // The follow, subscription and Cheers action routes: an expert the user neither follows nor pays.
    expertId: () => this.once("expertId", async () => (await makePerson({ expert: true })).user.id),
    expertUserName: () => this.once("expertUserName", async () => (await makePerson({ expert: true })).user.userName),
    // The post controls' and the discussion's action routes: someone else's live free post, and the user's own.
    postId: () => this.once("postId", async () => (await fx.addPost((await makePerson({ expert: true })).user.id)).id),
    ownPostId: () => this.once("ownPostId", async () => (await fx.addPost((await this.user()).user.id)).id),
    ownPickId: () =>
      this.once("ownPickId", async () => (await fx.addPost((await this.user()).user.id, { postType: "Pick" })).id),
    commentId: () =>
      this.once("commentId", async () => {
        const postId = await this.values.postId();
        const authorId = (await this.user()).user.id;
        const [row] = await database.db.insert(comments).values({ postId, authorId, body: "Mine" }).returning();
        return row.id;
      }),
    propId: () => this.once("propId", () => this.startedProp()),
  };

  /** The user's own posted player prop whose game is over: its author grades it. */
  private async startedProp(): Promise<string> {
    const event = await fx.addEvent({ startsInMs: HOUR });
    const body = [{ type: "paragraph", children: [{ text: "Prop analysis" }] }];
    const legs = [
      {
        eventId: event.id,
        market: "PlayerProp" as const,
        side: "Over" as const,
        line: 25.5,
        odds: -110,
        description: "LeBron points",
      },
    ];
    const [row] = await database.db
      .insert(posts)
      .values({
        authorId: (await this.user()).user.id,
        postType: "Pick",
        title: "Hostile prop",
        body,
        ...buildPreview(body),
        visibility: "Subscribers",
        status: "Published",
        publishDate: new Date(Date.now() - 60_000),
        categoryId: event.categoryId,
        eventId: event.id,
        market: "PlayerProp",
        legs,
        selection: "LeBron points Over 25.5",
        odds: -110,
        units: 1,
      })
      .returning();
    await fx.startEvent(event.id);
    await database.db
      .update(events)
      .set({ status: "Final", homeScore: 100, awayScore: 98, resultedAt: new Date() })
      .where(eq(events.id, event.id));
    return row.id;
  }

  /** Fills the placeholders of a value (`{name}`; unknown names are left as they are), URL-encoded for a URL. */
  async fill(value: string, inUrl = false): Promise<string> {
    let out = value;
    for (const [, name] of value.matchAll(/\{(\w+)\}/g)) {
      const make = this.values[name];
      if (make) out = out.replace(`{${name}}`, inUrl ? encodeURIComponent(await make()) : await make());
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// What each page action takes, and from whom
// ---------------------------------------------------------------------------------------------
type Fields = [string, string][];

interface FormSpec {
  /** Who posts: someone the page lets through to validation. */
  as: Who;
  /**
   * - form: reads the fields below from the form;
   * - none: reads no body (whatever is sent must change nothing about the answer).
   */
  input: "form" | "none";
  /** The URL posted to, with placeholders; the route's path when absent. */
  path?: string;
  params?: Record<string, string>;
  /** A valid submission, as the page's form sends it (values may hold placeholders). */
  fields?: Fields;
  /** Fields that may be left out or blank. */
  optional?: string[];
  /** Fields read leniently (any value, or none, is fine): no generator expects them refused. */
  free?: string[];
  /** Fields with no maximum length (a huge value may pass). */
  unbounded?: string[];
  /** How a repeated field is read: conform makes it a list (refused), `formData.get` takes the first. */
  repeats?: "refused" | "first";
  /** The field naming which form was sent, and what an unknown value gets. */
  intent?: { value: string; unknown: "thrown" | "refused" | "any" };
  /** Query parameters the action reads. */
  query?: string[];
  /** Headers the action reads. */
  headers?: string[];
  /** Fields never sent back in a reply (passwords). */
  secret?: string[];
  /** A route parameter naming nothing is the page's own 404 (a page, not a fetcher's form). */
  paramNotFound?: "thrown";
  /** Even the valid submission is refused (a Google token this test cannot mint). */
  refusesValid?: boolean;
  /** For input "none": the status a clean post answers, which no body may change. */
  status?: number;
  /** Tables a refused submission may change on purpose. */
  mayChange?: string[];
  /** Hostile submissions of the action's own (as fields replacing the valid ones). */
  extra?: fc.Arbitrary<Attempt>;
  /** What a refused answer must look like; null when it does. */
  refusal: (answer: PageAnswer, spec: FormSpec) => string | null;
}

const messageList = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((m) => typeof m === "string" && m !== "");

/** Conform's reply (`submission.reply()`) under `key`: status "error", at least one message, secrets left out. */
const conformReply =
  (key = "result", extra?: (data: Record<string, unknown>) => string | null) =>
  (answer: PageAnswer, spec: FormSpec): string | null => {
    const data = answer.data as Record<string, unknown> | null;
    if (data === null || typeof data !== "object") return "no data";
    const result = data[key] as
      { status?: unknown; error?: Record<string, unknown>; initialValue?: Record<string, unknown> | null } | undefined;
    if (!result || typeof result !== "object") return `no ${key}`;
    if (result.status !== "error") return `${key}.status is ${String(result.status)}`;
    const errors = Object.entries(result.error ?? {}).filter(([, messages]) => messages !== null);
    if (errors.length === 0) return `${key} has no error message`;
    for (const [field, messages] of errors)
      if (!messageList(messages)) return `${key}.error[${JSON.stringify(field)}] is not a list of messages`;
    for (const field of spec.secret ?? [])
      if (result.initialValue?.[field] !== undefined) return `${key} sends the ${field} back`;
    return extra ? extra(data) : null;
  };

const settingsReply = (intent: string) =>
  conformReply("result", (data) =>
    data.intent === intent && data.ok === false ? null : `intent ${String(data.intent)}, ok ${String(data.ok)}`,
  );

/** The admin screen's own answer: `{ok: false, message, errors?}`. */
const adminReply = (answer: PageAnswer): string | null => {
  const data = answer.data as { ok?: unknown; message?: unknown; errors?: Record<string, unknown> } | null;
  if (!data || data.ok !== false) return "not ok: false";
  if (typeof data.message !== "string" || data.message === "") return "no message";
  for (const [field, messages] of Object.entries(data.errors ?? {}))
    if (!messageList(messages)) return `errors[${JSON.stringify(field)}] is not a list of messages`;
  return null;
};

/** The cookie banner's JSON error (the API's shape). */
const jsonError = (answer: PageAnswer): string | null => {
  if (!answer.headers.get("Content-Type")?.startsWith("application/json")) return "not JSON";
  const data = answer.data as { error?: unknown; statusCode?: unknown } | null;
  if (!data || typeof data.error !== "string" || data.error === "") return "no error message";
  return data.statusCode === answer.status ? null : `statusCode ${String(data.statusCode)}`;
};

/** A fetcher's answer (app/web/action-result.server.ts): `{ok: false, error, errors?, statusCode}`. */
const actionReply = (answer: PageAnswer): string | null => {
  const data = answer.data as {
    ok?: unknown;
    error?: unknown;
    statusCode?: unknown;
    errors?: Record<string, unknown>;
  } | null;
  if (!data || data.ok !== false) return "not ok: false";
  if (typeof data.error !== "string" || data.error === "") return "no error message";
  if (data.statusCode !== answer.status) return `statusCode ${String(data.statusCode)}`;
  for (const [field, messages] of Object.entries(data.errors ?? {}))
    if (!messageList(messages)) return `errors[${JSON.stringify(field)}] is not a list of messages`;
  return null;
};

const SIGN_UP_FIELDS: Fields = [
  ["email", "signup{tag}@example.com"],
  ["fullName", "Sam Signup"],
  ["password", PASSWORD],
  ["passwordConfirmation", PASSWORD],
  ["newsletter", "on"],
  ["timezone", "America/Chicago"],
];

const PROFILE_FIELDS: Fields = [
  ["intent", "profile"],
  ["avatar", ""],
  ["cover", ""],
  ["firstName", "Morgan"],
  ["location.country", "USA"],
  ["location.state", "TX"],
  ["location.city", "Austin"],
  ["dateOfBirth.year", "1988"],
  ["dateOfBirth.month", "07"],
  ["dateOfBirth.day", "04"],
  ["timezone", "America/Chicago"],
  ["expertAboutText", "Numbers first"],
];

/** Keyed by route file, and by intent where one action serves several forms. */
const SPECS: Record<string, FormSpec> = {
  "routes/sign-in.tsx": {
    as: "visitor",
    input: "form",
    fields: [
      ["emailOrUserName", "{email}"],
      ["password", PASSWORD],
      ["rememberMe", "on"],
      ["callbackUrl", "/feed"],
    ],
    optional: ["rememberMe", "callbackUrl"],
    free: ["callbackUrl"],
    query: ["callbackUrl"],
    headers: ["User-Agent"],
    secret: ["password"],
    refusal: conformReply(),
  },
  "routes/sign-up.tsx": {
    as: "visitor",
    input: "form",
    fields: [...SIGN_UP_FIELDS, ["flow", "Expert"], ["callbackUrl", "/subscribe/someone"]],
    optional: ["newsletter", "timezone", "flow", "callbackUrl"],
    free: ["flow", "callbackUrl"],
    headers: ["User-Agent"],
    secret: ["password", "passwordConfirmation"],
    refusal: conformReply(),
  },
  "routes/sign-up_.complete.tsx": {
    as: "visitor",
    input: "form",
    fields: [
      ["email", "social{tag}@example.com"],
      ["fullName", "Sam Social"],
      ["newsletter", "on"],
      ["timezone", "America/Chicago"],
      ["provider", "google"],
      ["token", "not.a-token-of-ours"],
      ["socialEmail", "social@example.com"],
      ["socialName", "Sam Social"],
    ],
    optional: ["newsletter", "timezone", "provider", "token", "socialEmail", "socialName"],
    free: ["provider", "token", "socialEmail", "socialName"],
    headers: ["User-Agent"],
    refusesValid: true,
    refusal: conformReply(),
  },
  "routes/forgot-password.tsx": {
    as: "visitor",
    input: "form",
    fields: [["emailOrUserName", "{email}"]],
    headers: ["User-Agent"],
    refusal: conformReply(),
  },
  "routes/reset-password.$token.tsx": {
    as: "visitor",
    input: "form",
    path: "/reset-password/{resetToken}",
    params: { token: "{resetToken}" },
    fields: [
      ["password", NEW_PASSWORD],
      ["confirmPassword", NEW_PASSWORD],
    ],
    secret: ["password", "confirmPassword"],
    refusal: conformReply(),
  },
  "routes/email-verification._index.tsx [confirm]": {
    as: "unconfirmed",
    input: "form",
    path: "/email-verification?callbackUrl=%2Ffeed",
    fields: [
      ["intent", "confirm"],
      ["code", "{emailCode}"],
    ],
    intent: { value: "confirm", unknown: "any" },
    query: ["callbackUrl"],
    // A wrong code counts against the code (its attempts).
    mayChange: ["email_codes"],
    refusal: conformReply(),
  },
  "routes/email-verification._index.tsx [resend]": {
    as: "unconfirmed",
    input: "form",
    fields: [["intent", "resend"]],
    intent: { value: "resend", unknown: "refused" },
    refusal: (answer, spec) => {
      const data = answer.data as { intent?: unknown; resendError?: unknown } | null;
      if (data?.intent === "resend")
        return typeof data.resendError === "string" && data.resendError ? null : "no resendError";
      return conformReply()(answer, spec);
    },
  },
  "routes/email-verification.resend.tsx": { as: "unconfirmed", input: "none", status: 200, refusal: () => "refused" },
  "routes/contacts.tsx": {
    as: "visitor",
    input: "form",
    fields: [
      ["intent", "request-call"],
      ["name", "Pat Caller"],
      ["phone", "+1 512 555 0100"],
      ["email", "pat@example.com"],
      ["preferredTime", "Morning"],
      ["message", "Please call me"],
    ],
    optional: ["email", "preferredTime", "message"],
    free: ["intent"],
    refusal: conformReply(),
  },
  "routes/settings.tsx [profile]": {
    as: "user",
    input: "form",
    fields: PROFILE_FIELDS,
    optional: [
      "avatar",
      "cover",
      "location.country",
      "dateOfBirth.year",
      "dateOfBirth.month",
      "dateOfBirth.day",
      "timezone",
      "expertAboutText",
    ],
    unbounded: ["location.country"],
    intent: { value: "profile", unknown: "thrown" },
    refusal: settingsReply("profile"),
  },
  "routes/settings.tsx [username]": {
    as: "user",
    input: "form",
    fields: [
      ["intent", "username"],
      ["userName", "Renamed{tag}"],
    ],
    intent: { value: "username", unknown: "thrown" },
    refusal: settingsReply("username"),
  },
  "routes/settings.tsx [password]": {
    as: "user",
    input: "form",
    fields: [
      ["intent", "password"],
      ["currentPassword", PASSWORD],
      ["password", NEW_PASSWORD],
      ["confirmPassword", NEW_PASSWORD],
    ],
    intent: { value: "password", unknown: "thrown" },
    secret: ["currentPassword", "password", "confirmPassword"],
    refusal: settingsReply("password"),
  },
  "routes/settings.tsx [notifications]": {
    as: "user",
    input: "form",
    fields: [
      ["intent", "notifications"],
      ["receive", NOTIFICATION_KINDS[0]],
      ["receive", NOTIFICATION_KINDS[1]],
      ["newPickEmails", "on"],
      ["sport", "{sport}"],
    ],
    // Checkboxes: unknown kinds and sports are dropped, anything but "on" is off.
    free: ["receive", "newPickEmails", "sport"],
    intent: { value: "notifications", unknown: "thrown" },
    refusal: settingsReply("notifications"),
  },
  "routes/become-expert.tsx": { as: "user", input: "none", status: 302, refusal: () => "refused" },
  "routes/admin.events.tsx [result]": {
    as: "admin",
    input: "form",
    fields: [
      ["eventId", "{eventId}"],
      ["awayScore", "99"],
      ["homeScore", "101"],
      ["status", "Final"],
    ],
    repeats: "first",
    // "import" is the other form; anything else is this one.
    intent: { value: "", unknown: "any" },
    refusal: adminReply,
  },
  "routes/admin.events.tsx [enter]": {
    as: "admin",
    input: "form",
    fields: [
      ["intent", "enter"],
      ["eventId", "{eventId}"],
      ["status", "Final"],
      ["awayScore", "99"],
      ["homeScore", "101"],
    ],
    repeats: "first",
    // Any other intent but "import" and "correct" is a game row's form, the same import.
    intent: { value: "enter", unknown: "any" },
    refusal: adminReply,
  },
  "routes/admin.support.tsx": {
    as: "admin",
    input: "form",
    fields: [
      ["id", "{supportRequestId}"],
      ["intent", "handled"],
    ],
    repeats: "first",
    intent: { value: "handled", unknown: "refused" },
    refusal: adminReply,
  },
  "routes/admin.events.tsx [import]": {
    as: "admin",
    input: "form",
    fields: [
      ["intent", "import"],
      ["results", "{results}"],
    ],
    repeats: "first",
    intent: { value: "import", unknown: "refused" },
    // Any JSON but a list of results for games that have started, nested or not, is refused.
    extra: fc
      .oneof(
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc.constantFrom(1_000, 100_000).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
      )
      .map((results) => ({
        family: `results ${results.slice(0, 30)}`,
        invalid: true,
        fields: [
          ["intent", "import"],
          ["results", results],
        ],
      })),
    refusal: adminReply,
  },
  "routes/resources.cookie-consent.ts": {
    as: "visitor",
    input: "form",
    fields: [["consent", "true"]],
    repeats: "first",
    headers: ["Referer", "Accept"],
    refusal: jsonError,
  },
  "routes/sign-out.ts": { as: "user", input: "none", status: 302, refusal: () => "refused" },
  "routes/posts.$postId.tsx [delete]": {
    as: "user",
    input: "form",
    path: "/posts/{ownPostId}",
    params: { postId: "{ownPostId}" },
    fields: [["intent", "delete"]],
    repeats: "first",
    intent: { value: "delete", unknown: "refused" },
    refusal: actionReply,
  },
  "routes/posts.$postId.tsx [withdraw]": {
    as: "user",
    input: "form",
    path: "/posts/{ownPickId}",
    params: { postId: "{ownPickId}" },
    fields: [["intent", "withdraw"]],
    repeats: "first",
    intent: { value: "withdraw", unknown: "refused" },
    refusal: actionReply,
  },
  "routes/posts.$postId_.like.ts": {
    as: "user",
    input: "form",
    path: "/posts/{postId}/like",
    params: { postId: "{postId}" },
    fields: [["liked", "true"]],
    repeats: "first",
    // Counted before the post is looked up, as the API counts it.
    mayChange: ["rate_limit_counters"],
    refusal: actionReply,
  },
  "routes/posts.$postId_.notify.ts": {
    as: "user",
    input: "form",
    path: "/posts/{postId}/notify",
    params: { postId: "{postId}" },
    fields: [["notify", "true"]],
    repeats: "first",
    refusal: actionReply,
  },
  "routes/posts.$postId_.pick-result.ts": {
    as: "user",
    input: "form",
    path: "/posts/{propId}/pick-result",
    params: { postId: "{propId}" },
    fields: [["pickResult", "Win"]],
    repeats: "first",
    refusal: actionReply,
  },
  "routes/posts.$postId_.comments.ts [add]": {
    as: "user",
    input: "form",
    path: "/posts/{postId}/comments",
    params: { postId: "{postId}" },
    fields: [
      ["intent", "add"],
      ["body", "Nice read"],
    ],
    repeats: "first",
    intent: { value: "add", unknown: "refused" },
    refusal: actionReply,
  },
  "routes/posts.$postId_.comments.ts [delete]": {
    as: "user",
    input: "form",
    path: "/posts/{postId}/comments",
    fields: [
      ["intent", "delete"],
      ["commentId", "{commentId}"],
    ],
    repeats: "first",
    intent: { value: "delete", unknown: "refused" },
    refusal: actionReply,
  },
  "routes/notifications_.unread.ts": {
    as: "user",
    input: "form",
    fields: [["tillDate", "2026-01-01T00:00:00.000Z"]],
    repeats: "first",
    refusal: actionReply,
  },
  // Settings' push switch for this device, as the API's /api/push/subscriptions.
  "routes/settings_.push.ts": {
    as: "user",
    input: "form",
    fields: [
      ["intent", "on"],
      ["endpoint", PUSH_DEVICE.endpoint],
      ["p256dh", PUSH_DEVICE.keys.p256dh],
      ["auth", PUSH_DEVICE.keys.auth],
    ],
    repeats: "first",
    intent: { value: "on", unknown: "refused" },
    refusal: actionReply,
  },
  // Any page's Follow, Subscribe and Send Cheers (fetchers), as the API's follow, subscriptions and cheers.
  "routes/experts.$expertId.follow.ts": {
    as: "user",
    input: "form",
    path: "/experts/{expertId}/follow",
    params: { expertId: "{expertId}" },
    fields: [["intent", "follow"]],
    repeats: "first",
    intent: { value: "follow", unknown: "refused" },
    refusal: actionReply,
  },
  "routes/experts.$expertId.subscription.ts": {
    as: "user",
    input: "form",
    path: "/experts/{expertId}/subscription",
    params: { expertId: "{expertId}" },
    fields: [["intent", "subscribe"]],
    repeats: "first",
    intent: { value: "subscribe", unknown: "refused" },
    refusal: actionReply,
  },
  "routes/experts.$expertId.cheers.ts": {
    as: "user",
    input: "form",
    path: "/experts/{expertId}/cheers",
    params: { expertId: "{expertId}" },
    fields: [
      ["amount", "500"],
      ["message", "Great call"],
    ],
    optional: ["message"],
    repeats: "first",
    // Cheers go to an expert one follows or pays; counted before that is looked up, as the API counts it.
    refusesValid: true,
    mayChange: ["rate_limit_counters"],
    refusal: actionReply,
  },
  "routes/membership-checkout.ts": { as: "user", input: "none", status: 200, refusal: () => "refused" },
  // The subscription step's confirm (payments off: subscribes, then back to `next`, a local path only).
  "routes/subscribe.$userName.tsx": {
    as: "user",
    input: "form",
    path: "/subscribe/{expertUserName}?next=%2Ffeed",
    params: { userName: "{expertUserName}" },
    // A hostile `next` is not refused but replaced (the expert's page): subscription-pages.test.ts.
    fields: [["code", ""]],
    optional: ["code"],
    paramNotFound: "thrown",
    // A promo code that is no code is left out; one that is not the expert's is refused in words.
    free: ["code"],
    unbounded: ["code"],
    repeats: "first",
    mayChange: ["subscriptions", "payments", "rate_limit_counters", "notifications"],
    refusal: actionReply,
  },
  "routes/uploads.ts [presign]": {
    as: "user",
    input: "form",
    fields: [
      ["intent", "presign"],
      ["type", "image/png"],
    ],
    repeats: "first",
    intent: { value: "presign", unknown: "refused" },
    mayChange: ["rate_limit_counters"],
    refusal: actionReply,
  },
  "routes/uploads.ts [complete]": {
    as: "user",
    input: "form",
    fields: [
      ["intent", "complete"],
      ["key", "uploads/none/missing.png"],
      ["filename", "photo.png"],
    ],
    optional: ["filename"],
    repeats: "first",
    intent: { value: "complete", unknown: "refused" },
    // No such upload: refused in the action's shape.
    refusesValid: true,
    refusal: actionReply,
  },
  "routes/editor.ts": {
    as: "expert",
    input: "form",
    fields: [
      [
        "post",
        '{"postType":"Post","title":"Hostile post","body":[{"type":"paragraph","children":[{"text":"Words"}]}],"categoryId":{sport}}',
      ],
    ],
    repeats: "first",
    // A new post is counted before its category is checked, as the API counts it.
    mayChange: ["rate_limit_counters"],
    refusal: actionReply,
  },
  "routes/business.tsx [price]": {
    as: "expert",
    input: "form",
    fields: [
      ["intent", "price"],
      ["price", "29.99"],
      ["description", "Every side I bet"],
    ],
    optional: ["description"],
    intent: { value: "price", unknown: "refused" },
    refusal: (answer, spec) =>
      (answer.data as { intent?: unknown } | null)?.intent === "price"
        ? settingsReply("price")(answer, spec)
        : actionReply(answer),
  },
  "routes/business.tsx [trial]": {
    as: "expert",
    input: "form",
    fields: [
      ["intent", "trial"],
      ["days", "7"],
    ],
    intent: { value: "trial", unknown: "refused" },
    refusal: (answer, spec) =>
      (answer.data as { intent?: unknown } | null)?.intent === "trial"
        ? settingsReply("trial")(answer, spec)
        : actionReply(answer),
  },
  "routes/business.tsx [promo-end]": {
    as: "expert",
    input: "form",
    fields: [
      ["intent", "promo-end"],
      ["codeId", "00000000-0000-4000-8000-000000000000"],
    ],
    intent: { value: "promo-end", unknown: "refused" },
    // No such code of the expert's: even the valid submission is a 404 in the action's shape.
    refusesValid: true,
    refusal: actionReply,
  },
  ...Object.fromEntries(
    (["connect", "url", "disconnect"] as const).map((intent): [string, FormSpec] => [
      `routes/business.tsx [${intent}]`,
      {
        as: "expert",
        input: "form",
        fields: [["intent", intent]],
        repeats: "first",
        intent: { value: intent, unknown: "refused" },
        // Payments are off here: the payment account's buttons are refused in the action's shape.
        refusesValid: true,
        refusal: actionReply,
      },
    ]),
  ),
  "routes/unsubscribe.tsx": {
    as: "visitor",
    input: "none",
    path: "/unsubscribe?token={unsubscribeToken}",
    query: ["token"],
    status: 200,
    refusal: (answer) => ((answer.data as { done?: unknown } | null)?.done === false ? null : "not done: false"),
  },
};

const fileOf = (key: string) => key.split(" ")[0];

// ---------------------------------------------------------------------------------------------
// Attempts: what is posted, and what must come of it
// ---------------------------------------------------------------------------------------------
interface Attempt {
  family: string;
  /** The submission must be refused (4xx). */
  invalid: boolean;
  /** The fields, or a body of its own. */
  fields?: Fields;
  multipart?: boolean;
  /** A File in place of this field's value (multipart). */
  fileAt?: number;
  raw?: { body: BodyInit | (() => BodyInit); type?: string; length?: number };
  /** Query parameters replacing the path's own. */
  query?: [string, string][];
  /** Path parameters replacing the valid ones. */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** Refused with a thrown Response (the error page) of one of these statuses. */
  thrown?: number[];
}

interface Target {
  key: string;
  spec: FormSpec;
  page: PageAction;
}

/** The request an attempt makes, in a world of its own. */
async function callFor(target: Target, attempt: Attempt, world: World): Promise<PageCall> {
  const { spec, page } = target;
  let path = await world.fill(spec.path ?? page.path, true);
  if (attempt.query) {
    const [pathname, search = ""] = path.split("?");
    const params = new URLSearchParams(search);
    for (const [key] of attempt.query) params.delete(key);
    for (const [key, value] of attempt.query) params.append(key, value);
    path = `${pathname}?${params.toString()}`;
  }
  const params: Record<string, string> = Object.fromEntries(
    await Promise.all(Object.entries(spec.params ?? {}).map(async ([name, value]) => [name, await world.fill(value)])),
  );
  // A path parameter replaced by a hostile one: the URL carries it encoded, params decoded.
  for (const [name, value] of Object.entries(attempt.params ?? {})) {
    path = path.replace(encodeURIComponent(params[name]), encodeURIComponent(value));
    params[name] = value;
  }
  const headers = { ...attempt.headers };
  if (attempt.raw) {
    const body = typeof attempt.raw.body === "function" ? attempt.raw.body() : attempt.raw.body;
    if (attempt.raw.type !== undefined) headers["Content-Type"] = attempt.raw.type;
    if (attempt.raw.length !== undefined) headers["Content-Length"] = String(attempt.raw.length);
    return { path, params, raw: body, headers };
  }
  const fields = attempt.fields ?? spec.fields ?? [];
  const filled: [string, string | Blob][] = [];
  for (const [index, [name, value]] of fields.entries()) {
    filled.push([
      name,
      index === attempt.fileAt ? new Blob(["not text"], { type: "text/plain" }) : await world.fill(value),
    ]);
  }
  if (attempt.multipart || attempt.fileAt !== undefined) {
    const form = new FormData();
    for (const [name, value] of filled) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, "field.txt");
    }
    return { path, params, form, headers };
  }
  return { path, params, form: new URLSearchParams(filled as [string, string][]), headers };
}

/** A path of this site, read as a browser reads it (tabs and line breaks dropped, `\` as `/`). */
const isLocalPath = (location: string) => /^\/(?![/\\])/.test(location.replace(/[\t\n\r]/g, ""));

/** Problems found, one line each. */
function judge(target: Target, attempt: Attempt, answer: PageAnswer, before: string, after: string): string | null {
  const where = `${target.key} [${attempt.family}]`;
  const { spec } = target;
  if (answer.status >= 500) {
    const error =
      answer.error instanceof Error
        ? `${answer.error.name}: ${answer.error.message}`
        : String(answer.error ?? answer.data);
    return `${where}: ${answer.status} ${error.slice(0, 300)}`;
  }
  if (answer.status >= 300 && answer.status < 400) {
    if (!answer.location || !isLocalPath(answer.location)) return `${where}: redirected to ${String(answer.location)}`;
  }
  if (spec.input === "none" && !attempt.invalid && answer.status !== spec.status)
    return `${where}: ${answer.status} where a clean post answers ${spec.status}`;
  const refused = answer.status >= 400;
  if ((attempt.invalid || spec.refusesValid) && !refused)
    return `${where}: ${answer.status} for an invalid submission ${JSON.stringify(answer.data)?.slice(0, 200)}`;
  if (!refused) return null;
  if (attempt.thrown) {
    if (!answer.thrown || !attempt.thrown.includes(answer.status))
      return `${where}: ${answer.status}${answer.thrown ? " thrown" : ""} where a thrown ${attempt.thrown.join(" or ")} was expected`;
  } else {
    if (answer.thrown) return `${where}: threw a ${answer.status} (the error page) instead of answering the form`;
    const shape = spec.refusal(answer, spec);
    if (shape) return `${where}: ${answer.status} ${shape}: ${JSON.stringify(answer.data)?.slice(0, 300)}`;
  }
  const changed = changedTables(before, after).filter((table) => !spec.mayChange?.includes(table));
  if (changed.length > 0) return `${where}: a refused submission (${answer.status}) changed ${changed.join(", ")}`;
  return null;
}

/** One post in a fresh world, judged: throws what is wrong, so fast-check shrinks it and prints the seed. */
async function attemptOnce(target: Target, attempt: Attempt): Promise<PageAnswer> {
  const world = new World();
  const me = await world.person(target.spec.as);
  const call = await callFor(target, attempt, world);
  await settled(context);
  const before = await snapshot();
  const answer = await invokePageAction(target.page.module, call, me?.jar, context);
  // What the post left running (an e-mail it queued) counts as its doing.
  await settled(context);
  const after = answer.status >= 400 && answer.status < 500 ? await snapshot() : before;
  const problem = judge(target, attempt, answer, before, after);
  if (problem) throw new Error(problem);
  if (polluted()) throw new Error(`${target.key} [${attempt.family}]: Object.prototype was polluted`);
  return answer;
}

const printableAttempt = (attempt: Attempt) =>
  printable(attempt, (a) => ({
    ...a,
    raw: a.raw && { ...a.raw, body: typeof a.raw.body === "string" ? a.raw.body : "(stream)" },
  }));

async function check(target: Target, attempts: fc.Arbitrary<Attempt>, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(attempts.map(printableAttempt), async (attempt) => {
      await attemptOnce(target, attempt);
    }),
    fcOptions(numRuns),
  );
}

// ---------------------------------------------------------------------------------------------
// The generators
// ---------------------------------------------------------------------------------------------
const HUGE = 100_000;
const FIELD_NAMES = [
  "__proto__",
  "__proto__[isAdmin]",
  "__proto__.polluted",
  "constructor",
  "constructor.prototype.polluted",
  "constructor[prototype][polluted]",
  "prototype",
  "toString",
  "hasOwnProperty",
  "a..b",
  "[0]",
  "x[]",
  "x[-1]",
  "x[99999999]",
  "x[4294967294]",
  "location.__proto__.polluted",
  "a\u0000b",
  "n".repeat(10_000),
];
/** Conform's own field names: a control intent and list state, JSON it would parse. */
const CONFORM_FIELDS: [string, string][] = [
  ["__intent__", "garbage"],
  ["__intent__", '{"type":"update","payload":{"name":"__proto__.polluted","value":"yes"}}'],
  ["__intent__", '{"type":"reset","payload":{"name":"constructor.prototype"}}'],
  ["__intent__", '{"type":"insert","payload":{"name":"x","index":99999999}}'],
  ["__intent__", '{"type":"remove","payload":{"name":"x","index":-1}}'],
  ["__state__", "garbage"],
  ["__state__", '{"validated":{"__proto__":{"polluted":"yes"}}}'],
];
const OPEN_REDIRECTS = [
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/x",
  "javascript:alert(1)",
  "/%2F/evil.example",
  "\t//evil.example",
  "/\t/evil.example",
  "http:evil.example",
  "/\u0000/evil.example",
  "\\\\evil.example",
  // Line and paragraph separators: a Location header cannot carry them raw.
  "/\u2028x",
  "/x\u2029",
  "/\u2028/evil.example",
  "/caf\u00e9",
  "x".repeat(HUGE),
];

/** Numbers a text field turns into: past PostgreSQL's integer, negative, fractional, not finite. */
const NUMBERISH = [
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "1e308",
  "-1",
  "-0",
  "0",
  "1.5",
  "0x10",
  "Infinity",
  "NaN",
  " 5 ",
  "١٢",
];

/** What a header can carry: text in Latin-1, no control characters. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, "");

/** Hostile form posts, from the action's valid submission. */
function formAttempts(spec: FormSpec): fc.Arbitrary<Attempt> {
  const valid = spec.fields ?? [];
  const free = new Set([...(spec.free ?? []), ...(spec.intent ? ["intent"] : [])]);
  const optional = new Set(spec.optional ?? []);
  const unbounded = new Set(spec.unbounded ?? []);
  const checked = valid.map(([name], index) => ({ name, index })).filter(({ name }) => !free.has(name));
  const required = checked.filter(({ name }) => !optional.has(name));
  // The intent has a family of its own (below): what an unknown one gets depends on the action.
  const indices = valid.map((_, index) => index).filter((index) => !(spec.intent && valid[index][0] === "intent"));
  const set = (index: number, value: string): Fields =>
    valid.map((field, i) => (i === index ? [field[0], value] : field));
  const without = (index: number): Fields => valid.filter((_, i) => i !== index);
  const arbs: fc.Arbitrary<Attempt>[] = [];
  if (required.length > 0) {
    arbs.push(
      fc.tuple(fc.constantFrom(...required), fc.constantFrom("missing", "blank")).map(([{ name, index }, how]) => ({
        family: `${how} ${name}`,
        invalid: true,
        fields: how === "missing" ? without(index) : set(index, ""),
      })),
    );
  }
  if (checked.length > 0) {
    arbs.push(
      // Over any maximum: 100,000 of one unit.
      fc
        .tuple(fc.constantFrom(...checked), fc.constantFrom("a", "<script>", "'; --", "👍", " ", "7"))
        .map(([{ name, index }, unit]) => ({
          family: `huge ${name}`,
          invalid: !unbounded.has(name) && (unit !== " " || !optional.has(name)),
          fields: set(index, unit.repeat(HUGE / unit.length)),
        })),
      // A NUL: no text PostgreSQL can store.
      fc
        .tuple(fc.constantFrom(...checked), fc.constantFrom("\u0000", "a\u0000", "\u0000x"))
        .map(([{ name, index }, nul]) => ({
          family: `NUL in ${name}`,
          invalid: true,
          fields: set(index, `${valid[index][1]}${nul}`),
        })),
      // A file where text goes.
      fc
        .constantFrom(...checked)
        .map(({ name, index }) => ({ family: `file as ${name}`, invalid: true, fileAt: index })),
      // The same field twice, the second different.
      fc.tuple(fc.constantFrom(...checked), hostileString).map(([{ name, index }, value]) => ({
        family: `repeated ${name}`,
        invalid: (spec.repeats ?? "refused") === "refused",
        fields: [...valid.slice(0, index + 1), [name, `${value}x`] as [string, string], ...valid.slice(index + 1)],
      })),
    );
  }
  if (indices.length > 0) {
    arbs.push(
      // SQL, HTML, unicode in any field: may be valid, never a 5xx.
      fc
        .tuple(
          fc.constantFrom(...indices),
          fc.oneof(hostileString, fc.constantFrom(...OPEN_REDIRECTS, ...NUMBERISH)),
          fc.boolean(),
        )
        .map(([index, value, multipart]) => ({
          family: `hostile ${valid[index][0]}`,
          invalid: false,
          fields: set(index, value),
          multipart,
        })),
    );
  }
  arbs.push(
    // Field names a parser could trip on or pollute with, beside a valid submission or one missing a field.
    fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.oneof(hostileString, fc.constant("yes"))), {
          minLength: 1,
          maxLength: 3,
        }),
        required.length > 0 ? fc.option(fc.constantFrom(...required)) : fc.constant(null),
        fc.boolean(),
      )
      .map(([extra, drop, multipart]) => ({
        family: `field names ${extra.map(([name]) => name.slice(0, 30)).join(", ")}${drop ? ` without ${drop.name}` : ""}`,
        invalid: drop !== null,
        fields: [...(drop ? without(drop.index) : valid), ...extra],
        multipart,
      })),
    // Conform's reserved names, beside a valid submission.
    fc.tuple(fc.constantFrom(...CONFORM_FIELDS), fc.boolean()).map(([field, multipart]) => ({
      family: `conform's ${field[0]} ${field[1].slice(0, 40)}`,
      invalid: false,
      fields: [...valid, field],
      multipart,
    })),
  );
  if (spec.intent) {
    const at = valid.findIndex(([name]) => name === "intent");
    const { unknown } = spec.intent;
    arbs.push(
      fc
        .oneof(hostileString, fc.constantFrom("", "PROFILE", " profile", "import ", "resend\u0000", "x".repeat(HUGE)))
        .map((value) => ({
          family: "unknown intent",
          invalid: unknown !== "any",
          fields: at === -1 ? [...valid, ["intent", value] as [string, string]] : set(at, value),
          thrown: unknown === "thrown" ? [400] : undefined,
        })),
    );
  }
  for (const name of Object.keys(spec.params ?? {})) {
    arbs.push(
      fc
        .oneof(
          hostileString.map(wellFormed),
          fc.constantFrom("", "%", "\u0000", "a\u0000b", "..", "x".repeat(10_000)),
          fc.string({ minLength: 43, maxLength: 43 }),
        )
        .map((value) => ({
          family: `hostile {${name}}`,
          invalid: true,
          params: { [name]: value },
          thrown: spec.paramNotFound ? [404] : undefined,
        })),
    );
  }
  for (const key of spec.query ?? []) {
    arbs.push(
      fc.oneof(fc.constantFrom(...OPEN_REDIRECTS), hostileString.map(wellFormed)).map((value) => ({
        family: `hostile ${key} in the query`,
        invalid: false,
        query: [[key, value]],
      })),
    );
  }
  for (const header of spec.headers ?? []) {
    const values: Record<string, fc.Arbitrary<string>> = {
      "User-Agent": fc.oneof(hostileString.map(headerSafe), fc.constant("u".repeat(HUGE))),
      Referer: fc.constantFrom(
        "http://localhost//evil.example/x",
        "http://localhost/\\evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "http://localhost/%2F%2Fevil.example",
        "not a url",
        "",
      ),
      Accept: fc.constantFrom("text/html", "text/html, */*", "*/*", ""),
    };
    arbs.push(
      fc.tuple(values[header], fc.constantFrom("text/html", "*/*")).map(([value, accept]) => ({
        family: `hostile ${header}`,
        invalid: false,
        headers: header === "Accept" ? { Accept: value } : { [header]: value, Accept: accept },
      })),
    );
  }
  if (spec.extra) arbs.push(spec.extra);
  return fc.oneof(...arbs);
}

/** Hostile query values for an action that takes none in its body (the unsubscribe token). */
function queryAttempts(spec: FormSpec): fc.Arbitrary<Attempt> {
  const tokens = fc.oneof(
    hostileString.map(wellFormed),
    fc.constantFrom(
      "",
      ".",
      "00000000-0000-4000-8000-000000000000.",
      "00000000-0000-4000-8000-000000000000.AAAA",
      "%00",
      "x".repeat(HUGE),
    ),
    fc.uuid().map((id) => `${id}.${"A".repeat(43)}`),
  );
  return fc.oneof(
    ...(spec.query ?? []).map((key) =>
      tokens.map((value) => ({ family: `hostile ${key}`, invalid: true, query: [[key, value]] as [string, string][] })),
    ),
  );
}

/** Bodies an action that reads none must ignore. */
function ignoredBodyAttempts(): fc.Arbitrary<Attempt> {
  return fc.oneof(
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES, "intent", "token", "userId"), hostileString), hostileString),
        { maxLength: 4 },
      )
      .map((fields) => ({ family: "form fields", invalid: false, fields })),
    fc
      .constantFrom(...unreadableBodies(""))
      .map((raw) => ({ family: `body as ${raw.type ?? "no type"}`, invalid: false, raw })),
  );
}

/** Bodies that are no form, under a form's and other types. */
function unreadableBodies(formText: string): { body: string; type?: string }[] {
  const json = JSON.stringify(Object.fromEntries(new URLSearchParams(formText)));
  return [
    { body: json, type: "application/json" },
    { body: formText || "a=1", type: "text/plain" },
    { body: formText || "a=1" },
    { body: "<form><a>1</a></form>", type: "application/xml" },
    { body: formText || "a=1", type: "multipart/form-data; boundary=x" },
    { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', type: "multipart/form-data; boundary=x" },
    { body: "--x\r\nContent-Disposition: form-data\r\n\r\n1\r\n--x--\r\n", type: "multipart/form-data; boundary=x" },
    { body: "--x\r\nno headers at all\r\n--x--", type: "multipart/form-data" },
  ];
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
let actions = new Map<string, PageAction>();

beforeAll(async () => {
  database = await createTestDatabase();
  const limits = Object.fromEntries(
    ["SUPPORT_REQUEST", "SIGN_IN_IP", "SIGN_IN_ACCOUNT", "SIGN_UP", "EMAIL_CODE", "PASSWORD_RESET"].map((name) => [
      `RATE_LIMIT_${name}`,
      "100000/60",
    ]),
  );
  // Google on (its completion form validates before it checks the token), payments off.
  context = makeLoadContext(database.db, {
    APP_URL: "https://sharpside.example",
    GOOGLE_CLIENT_ID: "hostile-client",
    GOOGLE_CLIENT_SECRET: "hostile-secret",
    ...limits,
  });
  fx = postFixtures(database.db, context);
  makePerson = personMaker(database.db, context.env, await hashPassword(PASSWORD));
  actions = new Map((await pageActions()).map((page) => [page.file, page]));
  const checksum = await tableChecksum(database.db);
  snapshot = () => checksum.snapshot();
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const targetFor = (key: string): Target => ({ key, spec: SPECS[key], page: actions.get(fileOf(key))! });
const keysOf = (input: FormSpec["input"]) =>
  Object.entries(SPECS)
    .filter(([, spec]) => spec.input === input)
    .map(([key]) => key);

describe(`hostile form posts on every page action (${testDatabaseEngine()})`, () => {
  it("every page action of the manifest has an entry, and no entry is stale", () => {
    const files = new Set(Object.keys(SPECS).map(fileOf));
    const missing = [...actions.keys()].filter((file) => !files.has(file)).sort();
    const stale = [...files].filter((file) => !actions.has(file)).sort();
    expect({ missingFromSpecs: missing, notAPageAction: stale }).toEqual({ missingFromSpecs: [], notAPageAction: [] });
  });

  it.each(keysOf("form"))(
    "%s: hostile submissions are refused with the form's reply, the database untouched",
    async (key) => {
      const target = targetFor(key);
      // The valid submission goes through (or, where it cannot, is refused in the form's shape):
      // what the generators take away or spoil is then what refuses the others.
      const valid = await attemptOnce(target, { family: "valid", invalid: false });
      expect(valid.status < 400, `${key}: the valid submission answered ${valid.status}`).toBe(
        !target.spec.refusesValid,
      );
      await check(target, formAttempts(target.spec), RUNS);
    },
    60_000,
  );

  it.each(keysOf("form"))(
    "%s: a body that is no form is a thrown 400 or 415, one past the cap a 413",
    async (key) => {
      const target = targetFor(key);
      for (const raw of unreadableBodies("a=1&b=2"))
        await attemptOnce(target, {
          family: `body as ${raw.type ?? "no type"}`,
          invalid: true,
          raw,
          thrown: [400, 415],
        });
      // Nothing at all: an empty form, every field missing.
      await attemptOnce(target, {
        family: "no body",
        // Refused unless every field may be left out (the subscribe step's promo code).
        invalid: !(target.spec.fields ?? []).every(([name]) => target.spec.optional?.includes(name)),
        raw: { body: "" },
        thrown: target.spec.intent?.unknown === "thrown" ? [400] : undefined,
      });
      const big = `a=${"x".repeat(MAX_FORM_BODY_BYTES)}`;
      const type = "application/x-www-form-urlencoded";
      await attemptOnce(target, {
        family: "past the cap, declared",
        invalid: true,
        raw: { body: big, type, length: big.length },
        thrown: [413],
      });
      const stream = () => new Blob([big]).stream();
      await attemptOnce(target, {
        family: "past the cap, streamed",
        invalid: true,
        raw: { body: stream, type },
        thrown: [413],
      });
    },
    60_000,
  );

  it.each(keysOf("none"))(
    "%s: a body it does not read changes nothing about its answer",
    async (key) => {
      const target = targetFor(key);
      await attemptOnce(target, { family: "clean", invalid: false });
      const attempts = target.spec.query
        ? fc.oneof(ignoredBodyAttempts(), queryAttempts(target.spec))
        : ignoredBodyAttempts();
      // A hostile token is refused: the answer a clean post gives is not expected then.
      await check(target, attempts, RUNS);
    },
    60_000,
  );
});

// ---------------------------------------------------------------------------------------------
// Found by the properties above, kept as examples
// ---------------------------------------------------------------------------------------------
describe(`hostile form posts: the cases that were 500s (${testDatabaseEngine()})`, () => {
  const post = (key: string, attempt: Omit<Attempt, "invalid"> & { invalid?: boolean }) =>
    attemptOnce(targetFor(key), { invalid: true, ...attempt });
  const result = (answer: PageAnswer) =>
    (answer.data as { result: { error: Record<string, string[] | null>; initialValue: Record<string, unknown> } })
      .result;

  it("a body that is no form is a 415 or 400 and one past the cap a 413, not a TypeError from request.formData()", async () => {
    const json = await post("routes/sign-in.tsx", {
      family: "JSON",
      raw: { body: '{"emailOrUserName":"a","password":"b"}', type: "application/json" },
      thrown: [415],
    });
    expect(json.status).toBe(415);
    const untyped = await post("routes/contacts.tsx", {
      family: "no Content-Type",
      raw: { body: "name=Pat" },
      thrown: [415],
    });
    expect(untyped.status).toBe(415);
    const multipart = await post("routes/settings.tsx [profile]", {
      family: "malformed multipart",
      raw: { body: "intent=profile", type: "multipart/form-data; boundary=x" },
      thrown: [400],
    });
    expect(multipart.status).toBe(400);
    const streamed = await post("routes/sign-up.tsx", {
      family: "past the cap, streamed",
      raw: {
        body: () => new Blob([`email=${"a".repeat(MAX_FORM_BODY_BYTES)}`]).stream(),
        type: "application/x-www-form-urlencoded",
      },
      thrown: [413],
    });
    expect(streamed.status).toBe(413);
    // A post without a body is a form with nothing in it: every field 'Required'.
    const empty = await post("routes/forgot-password.tsx", { family: "no body", raw: { body: "" } });
    expect(empty.status).toBe(422);
    expect(result(empty).error).toEqual({ emailOrUserName: ["Required"] });
  });

  it("conform's __intent__ and __state__ fields are ignored, not parsed as JSON (a SyntaxError)", async () => {
    for (const [name, value] of CONFORM_FIELDS) {
      const answer = await post("routes/contacts.tsx", {
        family: name,
        invalid: false,
        fields: [...SPECS["routes/contacts.tsx"].fields!, [name, value]],
      });
      expect(answer.status, `${name}=${value}`).toBe(200);
      expect((answer.data as { confirmation: unknown }).confirmation).toEqual({
        name: "Pat Caller",
        preferredTime: "Morning",
      });
    }
    expect(polluted()).toBe(false);
  });

  it("a field name nested thousands deep, or with a list index in the millions, is dropped, not a stack overflow or a reply of 100 million entries", async () => {
    for (const name of ["a.".repeat(3_000) + "b", "x[99999999]", "x[4294967294]", "a[0]".repeat(5_000)]) {
      const started = Date.now();
      const answer = await post("routes/sign-up.tsx", {
        family: name.slice(0, 20),
        fields: [[name, "v"], ...SIGN_UP_FIELDS.filter(([field]) => field !== "email")],
      });
      expect(answer.status).toBe(422);
      expect(result(answer).error).toEqual({ email: ["Required"] });
      expect(JSON.stringify(answer.data).length).toBeLessThan(2_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it("a NUL character in a field is 'Invalid input' on that field, not a database error", async () => {
    const forgot = await post("routes/forgot-password.tsx", {
      family: "NUL",
      fields: [["emailOrUserName", "someone\u0000@example.com"]],
    });
    expect(forgot.status).toBe(422);
    expect(result(forgot).error).toEqual({ emailOrUserName: ["Invalid input"] });
    const signIn = await post("routes/sign-in.tsx", {
      family: "NUL",
      fields: [
        ["emailOrUserName", "a\u0000b"],
        ["password", PASSWORD],
      ],
    });
    expect(signIn.status).toBe(422);
    expect(result(signIn).error).toEqual({ emailOrUserName: ["Invalid input"] });
    const profile = await post("routes/settings.tsx [profile]", {
      family: "NUL",
      fields: PROFILE_FIELDS.map(([name, value]) => [name, name === "location.city" ? "Aus\u0000tin" : value]),
    });
    expect(profile.status).toBe(422);
    expect(result(profile).error).toEqual({ "location.city": ["Invalid input"] });
  });

  it("an event id past PostgreSQL's integer is 'Invalid input', not a database error", async () => {
    const row = await post("routes/admin.events.tsx [result]", {
      family: "id past integer",
      fields: [
        ["eventId", "2147483648"],
        ["awayScore", "99"],
        ["homeScore", "101"],
        ["status", "Final"],
      ],
    });
    expect(row.status).toBe(422);
    // One game's form names its own fields; the import names the line.
    expect((row.data as { errors: unknown }).errors).toEqual({ eventId: ["Invalid input"] });
    const entered = await post("routes/admin.events.tsx [enter]", {
      family: "id past integer",
      fields: [
        ["intent", "enter"],
        ["eventId", "2147483648"],
        ["status", "Canceled"],
      ],
    });
    expect(entered.status).toBe(422);
    expect((entered.data as { errors: unknown }).errors).toEqual({ eventId: ["Invalid input"] });
    const imported = await post("routes/admin.events.tsx [import]", {
      family: "id past integer",
      fields: [
        ["intent", "import"],
        ["results", '[{"eventId":-2147483649,"status":"Canceled"}]'],
      ],
    });
    expect(imported.status).toBe(422);
    expect((imported.data as { errors: unknown }).errors).toEqual({ "0.eventId": ["Invalid input"] });
  });

  it("a wrong current password is not sent back with the settings form's error", async () => {
    const answer = await post("routes/settings.tsx [password]", {
      family: "wrong current password",
      fields: [
        ["intent", "password"],
        ["currentPassword", "my other password 9"],
        ["password", NEW_PASSWORD],
        ["confirmPassword", NEW_PASSWORD],
      ],
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(result(answer).initialValue).toEqual({ intent: "password" });
  });
});
