/**
 * Bad input: fast-check generates hostile bodies, queries and
 * path parameters for every `/api` route and method of the route manifest (test/support/api-routes.ts),
 * called as someone allowed to reach validation. A route or method the manifest has and SPECS
 * below lacks fails the test, so a new route is covered by itself once it has an entry.
 *
 * What must hold:
 * - never a 5xx, whatever arrives (numbers past PostgreSQL's integer included);
 * - an invalid request (wrong types, missing fields, a body that is not an object, nesting deeper
 *   than any form sends, huge strings, malformed JSON, another Content-Type, `__proto__` keys
 *   around an invalid field, a body over the 1 MB cap) is a 4xx, never a 2xx;
 * - every 4xx has the API's error shape (product.md: `{error, errors?, statusCode}`);
 * - a refused request leaves the database as it was (row counts and a checksum of every table);
 * - a hostile value that is valid (an SQL or HTML fragment as a title, say) may be stored: it comes
 *   back verbatim (trimmed, product.md "Validation"), and nothing reaches Object.prototype.
 *
 * `HOSTILE_RUNS` (default 15) sets the random runs per route and family; `HOSTILE_SEED` replays a
 * failure (fast-check prints the seed and the shrunk counterexample).
 */
import { createRequire } from "node:module";
import type { AppLoadContext } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { events, mailOutbox, passwordResetTokens, posts } from "~/db/schema";
import { issueEmailCode } from "~/modules/accounts/auth.server";
import { hashPassword } from "~/modules/accounts/passwords.server";
import { hashToken, randomToken } from "~/modules/accounts/tokens.server";
import { errorToResponse, MAX_JSON_BODY_BYTES } from "~/web/api.server";
import { LEG_MARKETS, LEG_SIDES, PICK_MARKETS } from "~/modules/record/pick-basics";
import { createLogger } from "~/modules/logger.server";
import { trimStrings } from "~/modules/http/trim";
import { startNotificationHub, type NotificationHub } from "~/modules/notifications/stream-hub.server";
import PostPage, * as postPage from "~/routes/posts.$postId";
import {
  apiRouteMethods,
  apiRoutes,
  invokeRoute,
  type Answer,
  type ApiRoute,
  type Call,
  type Method,
} from "../support/api-routes";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import {
  changedTables,
  fcOptions,
  hostileRuns,
  hostileString,
  POLLUTION,
  polluted,
  printable,
  settled as settledWork,
  tableChecksum,
  wellFormed,
} from "../support/hostile";
import { onceEach, personMaker, tag, type Person } from "../support/people";
import { HOUR, postFixtures } from "../support/post-fixtures";
import { browserPushSubscription } from "../support/push-service";

/** jsdom (the component tests' DOM) parses the page's HTML as a browser would; it ships no types. */
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

const RUNS = hostileRuns(15);

type Kind = "string" | "number" | "boolean" | "null" | "array" | "object";
const kindOf = (value: unknown): Kind =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : (typeof value as "string" | "number" | "boolean" | "object");

const valuesOfKind: Record<Exclude<Kind, "null">, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.string({ maxLength: 10 }), hostileString),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  array: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
};
/** Any JSON value of another type than `valid` (never null: null may mean "not given"). */
const wrongTypeFor = (valid: unknown) =>
  fc.oneof(
    ...Object.entries(valuesOfKind)
      .filter(([kind]) => kind !== kindOf(valid))
      .map(([, arb]) => arb),
  );

const deepArrayText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

// ---------------------------------------------------------------------------------------------
// Paths into a body: the fields a valid body has (into objects, and into a top-level array)
// ---------------------------------------------------------------------------------------------
type Path = (string | number)[];
function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value))
    return path.length === 0 ? value.flatMap((item, index) => leafPaths(item, [index])) : [path];
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}
const getAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
function setAt(value: unknown, path: Path, replacement: unknown | typeof REMOVE): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}
const REMOVE = Symbol("remove");
const dotted = (path: Path) => path.join(".");

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------
let database: TestDatabase;
let hub: NotificationHub;
let context: AppLoadContext;
let fx: ReturnType<typeof postFixtures>;
let png: Buffer;
const PASSWORD = "correct horse 42";
const NEW_PASSWORD = "battery staple 77";
let makePerson: ReturnType<typeof personMaker>;
const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

type Who = "visitor" | "user" | "unconfirmed" | "owner" | "admin";

/** The people and things one route's calls need, each made the first time it is asked for. */
class World {
  private readonly once = onceEach();

  owner = () => this.once("owner", () => makePerson({ expert: true }));
  user = () => this.once("user", () => makePerson());
  unconfirmed = () => this.once("unconfirmed", () => makePerson({ confirmed: false }));
  admin = () => this.once("admin", () => makePerson({ admin: true }));
  ownerId = async () => (await this.owner()).user.id;

  async person(who: Who): Promise<Person | null> {
    if (who === "visitor") return null;
    return this[who]();
  }

  freePost = () => this.once("freePost", async () => fx.addPost(await this.ownerId(), { title: "Hostile free post" }));
  event = () => this.once("event", () => fx.addEvent());
  startedEvent = () => this.once("startedEvent", () => fx.addEvent({ startsInMs: -HOUR }));
  /** A game whose final result is in (what a correction corrects). */
  resultedEvent = () =>
    this.once("resultedEvent", async () => {
      const event = await fx.addEvent({ startsInMs: -HOUR });
      await database.db
        .update(events)
        .set({ status: "Final", homeScore: 100, awayScore: 98, resultedAt: new Date() })
        .where(eq(events.id, event.id));
      return event;
    });
  /** `user` follows the owning expert (Cheers need a follow or a subscription). */
  following = () =>
    this.once("following", async () => {
      await fx.follow((await this.user()).user.id, await this.ownerId());
    });
  resetToken = () =>
    this.once("resetToken", async () => {
      const token = randomToken();
      await database.db.insert(passwordResetTokens).values({
        userId: (await this.user()).user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + HOUR),
      });
      return token;
    });
  emailCode = () =>
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
    });
}

// ---------------------------------------------------------------------------------------------
// What each route takes, and from whom
// ---------------------------------------------------------------------------------------------
interface Spec {
  /** Who calls: someone the route lets through to validation. */
  as: Who;
  /**
   * - body: a JSON body (the valid one from `call`), every generator applies;
   * - query: query parameters `keys` (and any path parameter);
   * - none: takes neither (hostile bodies and queries must still never be a 5xx);
   * - raw: reads its own raw body (the signed Stripe webhook);
   * - form: the multipart upload (S3-style XML errors).
   */
  input: "body" | "query" | "none" | "raw" | "form";
  /** A valid request: its path parameters, query and body. */
  call?: (w: World) => Promise<Call> | Call;
  /** Query keys the route reads. */
  keys?: string[];
  /** Body fields (dotted paths) that may be left out. */
  optional?: string[];
  /** Tables a refused request may change on purpose (a wrong e-mail code counts against the code). */
  mayChange?: string[];
  /** Where a stored text field comes back in a 2xx answer (`payload` of the answer). */
  echo?: Record<string, (payload: Record<string, unknown>) => unknown>;
}

const onPost = async (w: World, rest = "") => {
  const { id } = await w.freePost();
  return { path: `/api/posts/${id}${rest}`, params: { postId: id } };
};
const onOwner = async (w: World, rest = "") => {
  const expertId = await w.ownerId();
  return { path: `/api/experts/${expertId}${rest}`, params: { expertId } };
};
/** In every post body the suite writes: after all the fuzzing, no log line may carry it. */
const LOG_MARKER = `zqlogmarker${Math.random().toString(36).slice(2, 10)}`;
const logLines: string[] = [];
const postBody = async () => ({
  postType: "Post",
  title: "Hostile written post",
  body: [paragraph(`Words ${LOG_MARKER}`)],
  categoryId: await fx.anyCategory(),
  modalityIds: [],
});
const newUser = () => ({
  user: {
    email: `signup${tag()}@example.com`,
    fullName: "Sam Signup",
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
  },
});
const PAGING = ["page", "size"];
const titleEcho = { title: (payload: Record<string, unknown>) => payload.title };
const everywhere = (path: string) => ({ path, params: { "*": path.slice("/api/".length) } });

const SPECS: Record<string, Spec> = {
  // Unknown paths: a JSON 404 whatever comes.
  "GET /api/*": { as: "visitor", input: "none", call: () => everywhere("/api/no/such/thing") },
  "POST /api/*": { as: "visitor", input: "none", call: () => everywhere("/api/no/such/thing") },
  "PUT /api/*": { as: "visitor", input: "none", call: () => everywhere("/api/no/such/thing") },
  "PATCH /api/*": { as: "visitor", input: "none", call: () => everywhere("/api/no/such/thing") },
  "DELETE /api/*": { as: "visitor", input: "none", call: () => everywhere("/api/no/such/thing") },

  // Reads with a query.
  "GET /api/events": { as: "visitor", input: "query", keys: [...PAGING, "categoryId", "from", "to"] },
  "GET /api/leaderboard": { as: "visitor", input: "query", keys: [...PAGING, "window", "categoryId"] },
  "GET /api/experts": { as: "visitor", input: "query", keys: [...PAGING, "categoryIds", "q", "sort"] },
  "GET /api/experts/recommended": { as: "user", input: "query", keys: ["expertsTopCount"] },
  "GET /api/experts/recommended/sidebar": { as: "user", input: "query", keys: ["expertsTopCount"] },
  "GET /api/search": {
    as: "visitor",
    input: "query",
    keys: ["searchValue", "topCount"],
    call: () => ({ path: "/api/search?searchValue=Lakers" }),
  },
  "GET /api/search/{tab}": {
    as: "visitor",
    input: "query",
    keys: ["searchValue", ...PAGING],
    call: () => ({ path: "/api/search/posts?searchValue=Lakers", params: { tab: "posts" } }),
  },
  "GET /api/posts": { as: "visitor", input: "query", keys: [...PAGING, "expertId", "categoryId"] },
  "GET /api/posts/my": { as: "owner", input: "query", keys: [...PAGING, "status"] },
  "GET /api/posts/my/feed": { as: "user", input: "query", keys: PAGING },
  "GET /api/posts/my/liked": { as: "user", input: "query", keys: PAGING },
  "GET /api/posts/my/notify": { as: "user", input: "query", keys: PAGING },
  "GET /api/posts/{postId}/comments": { as: "user", input: "query", keys: PAGING, call: (w) => onPost(w, "/comments") },
  "GET /api/business/cheers": { as: "owner", input: "query", keys: PAGING },
  "GET /api/business/subscribers": { as: "owner", input: "query", keys: PAGING },
  "GET /api/business/summary": { as: "owner", input: "query", keys: ["days"] },
  "GET /api/business/export/subscribers": { as: "owner", input: "none" },
  "GET /api/business/export/payments": { as: "owner", input: "none" },
  "GET /api/business/welcome": { as: "owner", input: "none" },
  "GET /api/business/trial": { as: "owner", input: "none" },
  "GET /api/business/promo-codes": { as: "owner", input: "none" },
  "GET /api/subscriptions/offer": {
    as: "user",
    input: "query",
    keys: ["expertId", "code"],
    call: async (w) => ({ path: `/api/subscriptions/offer?expertId=${await w.ownerId()}` }),
    // A wrong code counts against the reader's guesses.
    mayChange: ["rate_limit_counters"],
  },
  "GET /api/user/follows": { as: "user", input: "query", keys: PAGING },
  "GET /api/user/payments": { as: "user", input: "query", keys: PAGING },
  "GET /api/user/subscriptions": { as: "user", input: "query", keys: [...PAGING, "status"] },
  "GET /api/notifications/see-notifications/list": {
    as: "user",
    input: "query",
    keys: ["size", "afterCursor", "dataType"],
  },
  "GET /api/user/profile/username": {
    as: "user",
    input: "query",
    keys: ["userName"],
    call: () => ({ path: `/api/user/profile/username?userName=Free${tag()}` }),
  },
  "GET /api/paymentsystems/stripe/checkout/status": {
    as: "owner",
    input: "query",
    keys: ["paymentIntentId"],
    call: () => ({ path: "/api/paymentsystems/stripe/checkout/status?paymentIntentId=pi_hostile" }),
  },
  // Writes driven by the query.
  "PUT /api/notifications/see-notifications/mark-read": {
    as: "user",
    input: "query",
    keys: ["tillDate"],
    call: () => ({
      path: `/api/notifications/see-notifications/mark-read?tillDate=${encodeURIComponent(new Date().toISOString())}`,
    }),
  },
  "PUT /api/posts/{postId}/pick-result": {
    as: "owner",
    input: "query",
    keys: ["pickResult"],
    call: (w) => onPost(w, "/pick-result?pickResult=Win"),
  },

  // Reads without input (path parameters only, if any).
  "GET /api/health": { as: "visitor", input: "none" },
  "GET /api/categories": { as: "visitor", input: "none" },
  "GET /api/modalities": { as: "visitor", input: "none" },
  "GET /api/events/{id}": {
    as: "visitor",
    input: "none",
    call: async (w) => {
      const { id } = await w.event();
      return { path: `/api/events/${id}`, params: { id: String(id) } };
    },
  },
  "GET /api/events/{id}/market": {
    as: "visitor",
    input: "none",
    call: async (w) => {
      const { id } = await w.event();
      return { path: `/api/events/${id}/market`, params: { id: String(id) } };
    },
  },
  "GET /api/experts/{expertId}": { as: "visitor", input: "none", call: (w) => onOwner(w) },
  "GET /api/experts/{expertId}/record": { as: "visitor", input: "none", call: (w) => onOwner(w, "/record") },
  "GET /api/posts/{postId}": { as: "visitor", input: "none", call: (w) => onPost(w) },
  "GET /api/user/me": { as: "user", input: "none" },
  "GET /api/user/profile": { as: "user", input: "none" },
  "GET /api/subscriptions/counters/new-posts": { as: "user", input: "none" },
  "GET /api/notifications/see-notifications/counters": { as: "user", input: "none" },
  "GET /api/notifications/sse-notifications": { as: "user", input: "none" },
  "GET /api/forgot_password/{resetToken}": {
    as: "visitor",
    input: "none",
    call: async (w) => {
      const token = await w.resetToken();
      return { path: `/api/forgot_password/${token}`, params: { resetToken: token } };
    },
  },

  // Actions without a body.
  "DELETE /api/posts/{postId}": { as: "owner", input: "none", call: (w) => onPost(w) },
  "POST /api/posts/{postId}/withdraw": { as: "owner", input: "none", call: (w) => onPost(w, "/withdraw") },
  "POST /api/posts/{postId}/like": { as: "user", input: "none", call: (w) => onPost(w, "/like") },
  "DELETE /api/posts/{postId}/like": { as: "user", input: "none", call: (w) => onPost(w, "/like") },
  "POST /api/posts/{postId}/notify": { as: "user", input: "none", call: (w) => onPost(w, "/notify") },
  "DELETE /api/posts/{postId}/notify": { as: "user", input: "none", call: (w) => onPost(w, "/notify") },
  "DELETE /api/comments/{commentId}": {
    as: "user",
    input: "none",
    call: () => ({
      path: "/api/comments/00000000-0000-4000-8000-000000000000",
      params: { commentId: "00000000-0000-4000-8000-000000000000" },
    }),
  },
  "POST /api/experts/{expertId}/follow": { as: "user", input: "none", call: (w) => onOwner(w, "/follow") },
  "DELETE /api/experts/{expertId}/follow": { as: "user", input: "none", call: (w) => onOwner(w, "/follow") },
  "POST /api/experts/become": { as: "user", input: "none" },
  "POST /api/paymentsystems/stripe/checkout": { as: "user", input: "none" },
  "POST /api/paymentsystems/stripe/account/connect": { as: "owner", input: "none" },
  "POST /api/paymentsystems/stripe/account/disconnect": { as: "owner", input: "none" },
  "POST /api/paymentsystems/stripe/account/url": { as: "owner", input: "none" },
  "DELETE /api/session": { as: "user", input: "none" },
  "POST /api/refresh_token": { as: "user", input: "none" },
  "POST /api/confirm_email": { as: "unconfirmed", input: "none" },
  "PATCH /api/confirm_email/{token}": {
    as: "unconfirmed",
    input: "none",
    mayChange: ["email_codes"],
    call: async (w) => {
      const code = await w.emailCode();
      return { path: `/api/confirm_email/${code}`, params: { token: code } };
    },
  },

  // JSON bodies.
  "PATCH /api/events/{id}": {
    as: "admin",
    input: "body",
    call: async (w) => {
      const { id } = await w.event();
      return {
        path: `/api/events/${id}`,
        params: { id: String(id) },
        body: { startsAt: new Date(Date.now() + 3 * 24 * HOUR).toISOString() },
      };
    },
  },
  "GET /api/events/{id}/correction": {
    as: "visitor",
    input: "none",
    call: async (w) => {
      const { id } = await w.resultedEvent();
      return { path: `/api/events/${id}/correction`, params: { id: String(id) } };
    },
  },
  "POST /api/events/{id}/correction": {
    as: "admin",
    input: "body",
    call: async (w) => {
      const { id } = await w.resultedEvent();
      return {
        path: `/api/events/${id}/correction`,
        params: { id: String(id) },
        body: { status: "Final", homeScore: 102, awayScore: 98, reason: "Box score" },
      };
    },
  },
  "POST /api/events/results": {
    as: "admin",
    input: "body",
    call: async (w) => ({
      body: [{ eventId: (await w.startedEvent()).id, status: "Final", homeScore: 101, awayScore: 99 }],
    }),
  },
  "POST /api/experts/{expertId}/cheers": {
    as: "user",
    input: "body",
    optional: ["message"],
    call: async (w) => {
      await w.following();
      return { ...(await onOwner(w, "/cheers")), body: { amount: 500, message: "Great call" } };
    },
  },
  "POST /api/posts": {
    as: "owner",
    input: "body",
    optional: ["modalityIds"],
    echo: titleEcho,
    call: async () => ({ body: await postBody() }),
  },
  "PUT /api/posts/{postId}": {
    as: "owner",
    input: "body",
    optional: ["modalityIds"],
    echo: titleEcho,
    call: async (w) => ({ ...(await onPost(w)), body: await postBody() }),
  },
  "POST /api/posts/{postId}/comments": {
    as: "user",
    input: "body",
    echo: { body: (payload) => payload.body },
    call: async (w) => ({ ...(await onPost(w, "/comments")), body: { body: "Nice read" } }),
  },
  "PUT /api/user/profile/username": {
    as: "user",
    input: "body",
    call: () => ({ body: { userName: `Renamed${tag()}` } }),
  },
  "PUT /api/user/profile": {
    as: "user",
    input: "body",
    optional: ["timezone"],
    echo: { firstName: (payload) => payload.firstName },
    call: () => ({
      body: { firstName: "Morgan", location: { state: "TX", city: "Austin" }, timezone: "America/Chicago" },
    }),
  },
  "POST /api/push/subscriptions": {
    as: "user",
    input: "body",
    call: () => ({ body: browserPushSubscription() }),
  },
  "DELETE /api/push/subscriptions": {
    as: "user",
    input: "body",
    call: () => ({ body: { endpoint: browserPushSubscription().endpoint } }),
  },
  "POST /api/business/welcome": {
    as: "owner",
    input: "body",
    optional: ["message"],
    call: () => ({ body: { message: "Welcome aboard." } }),
    // An empty message is none.
    echo: { message: (payload) => payload.message ?? "" },
  },
  "POST /api/business/trial": { as: "owner", input: "body", call: () => ({ body: { days: 7 } }) },
  "POST /api/business/promo-codes": {
    as: "owner",
    input: "body",
    call: () => ({ body: { code: `H${tag().toUpperCase()}`.slice(0, 20), percentOff: 10, duration: "once" } }),
  },
  "DELETE /api/business/promo-codes/{codeId}": {
    as: "owner",
    input: "none",
    call: () => ({
      path: "/api/business/promo-codes/00000000-0000-4000-8000-000000000000",
      params: { codeId: "00000000-0000-4000-8000-000000000000" },
    }),
  },
  "POST /api/subscriptions/price": {
    as: "owner",
    input: "body",
    optional: ["description"],
    call: () => ({ body: { price: 1500, description: "Every pick" } }),
  },
  "POST /api/subscriptions": {
    as: "user",
    input: "body",
    call: async (w) => ({ body: { expertId: await w.ownerId() } }),
  },
  "DELETE /api/subscriptions": {
    as: "user",
    input: "body",
    call: async (w) => ({ body: { expertId: await w.ownerId() } }),
  },
  "POST /api/file/presign": { as: "user", input: "body", call: () => ({ body: { type: "image/png" } }) },
  "POST /api/file/metadata": {
    as: "owner",
    input: "body",
    optional: ["filename"],
    call: () => ({ body: { key: "uploads/none/photo.png", filename: "photo.png" } }),
  },
  "POST /api/users": { as: "visitor", input: "body", call: () => ({ body: newUser() }) },
  "POST /api/users/expert_flow": { as: "visitor", input: "body", call: () => ({ body: newUser() }) },
  "POST /api/session": {
    as: "visitor",
    input: "body",
    call: async (w) => ({ body: { session: { emailOrUserName: (await w.user()).user.email, password: PASSWORD } } }),
  },
  // Google sign-in is off: 404 for anything (the routes exist in the manifest all the same).
  "POST /api/session/social": {
    as: "visitor",
    input: "body",
    call: () => ({
      body: {
        session: {
          socialAccount: { provider: "google", token: "token", email: "social@example.com", name: "Social Person" },
        },
      },
    }),
  },
  "POST /api/users/social": {
    as: "visitor",
    input: "body",
    call: () => ({
      body: {
        user: { email: "social@example.com", fullName: "Social Person" },
        socialAccount: { provider: "google", token: "token", email: "social@example.com", name: "Social Person" },
      },
    }),
  },
  "POST /api/reset_password": {
    as: "user",
    input: "body",
    call: () => ({ body: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
  },
  "POST /api/forgot_password": {
    as: "visitor",
    input: "body",
    call: async (w) => ({ body: { emailOrUserName: (await w.user()).user.email } }),
  },
  "PUT /api/forgot_password/{resetToken}": {
    as: "visitor",
    input: "body",
    call: async (w) => {
      const token = await w.resetToken();
      return {
        path: `/api/forgot_password/${token}`,
        params: { resetToken: token },
        body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      };
    },
  },
  "POST /api/support/requests": {
    as: "visitor",
    input: "body",
    optional: ["message"],
    call: () => ({ body: { name: "Pat Caller", phone: "+1 512 555 0100", message: "Please call me" } }),
  },

  // Their own formats.
  "POST /api/paymentsystems/stripe/webhook": { as: "visitor", input: "raw" },
  "POST /api/file/upload": { as: "visitor", input: "form" },
};

// ---------------------------------------------------------------------------------------------
// The database before and after
// ---------------------------------------------------------------------------------------------
let snapshot: () => Promise<string>;

// ---------------------------------------------------------------------------------------------
// Calling and judging
// ---------------------------------------------------------------------------------------------
interface Attempt {
  family: string;
  /** The request must be refused (4xx); otherwise a 2xx is allowed too. */
  invalid: boolean;
  call: Call;
  method?: Method;
  /** A text field set to a hostile value: a 2xx must give it back as sent (trimmed). */
  text?: { field: string; value: string };
}

interface Target {
  key: string;
  method: Method;
  route: ApiRoute;
  spec: Spec;
  world: World;
  me: Person | null;
  base: Call;
}

let routesByKey = new Map<string, ApiRoute>();

/** Problems found, one line each: collected across a route's runs, reported together. */
function judge(target: Target, attempt: Attempt, answer: Answer, before: string, after: string): string | null {
  const where = `${target.key} [${attempt.family}]`;
  if (answer.status >= 500) return `${where}: ${answer.status} ${answer.text.slice(0, 300)}`;
  const refused = answer.status >= 400;
  if (attempt.invalid && !refused)
    return `${where}: ${answer.status} for an invalid request ${answer.text.slice(0, 200)}`;
  if (refused) {
    const shape = target.spec.input === "form" ? xmlErrorShape(answer) : errorShape(answer);
    if (shape) return `${where}: ${answer.status} ${shape}: ${answer.text.slice(0, 200)}`;
    const changed = changedTables(before, after).filter((table) => !target.spec.mayChange?.includes(table));
    if (changed.length > 0) return `${where}: a refused request (${answer.status}) changed ${changed.join(", ")}`;
    return null;
  }
  if (attempt.text && target.spec.echo?.[attempt.text.field] && answer.status < 300) {
    const payload = (JSON.parse(answer.text) as { payload: Record<string, unknown> }).payload;
    const stored = target.spec.echo[attempt.text.field](payload);
    if (stored !== attempt.text.value.trim())
      return `${where}: stored ${JSON.stringify(stored)} for ${JSON.stringify(attempt.text.value)}`;
  }
  if (answer.status < 300 && answer.text.startsWith("{")) {
    const body = JSON.parse(answer.text) as {
      items?: unknown;
      meta?: { page?: unknown; size?: unknown; totalPages?: unknown };
    };
    const meta = body.meta;
    if (Array.isArray(body.items) && meta && typeof meta.page === "number") {
      const sane =
        Number.isInteger(meta.page) &&
        meta.page >= 1 &&
        Number.isInteger(meta.size) &&
        (meta.size as number) >= 1 &&
        (meta.size as number) <= 100 &&
        Number.isFinite(meta.totalPages);
      if (!sane) return `${where}: a list answered with meta ${JSON.stringify(meta)}`;
    }
  }
  return null;
}

/** product.md: `{"error": "message", "errors": {"field": ["message", …]}, "statusCode": N}`, nothing else. */
function errorShape(answer: Answer): string | null {
  if (!answer.headers?.get("Content-Type")?.startsWith("application/json"))
    return `not JSON (${answer.headers?.get("Content-Type")})`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return "unparsable body";
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "body is not an object";
  const extra = Object.keys(body).filter((key) => !["error", "errors", "statusCode"].includes(key));
  if (extra.length > 0) return `extra keys ${extra.join(", ")}`;
  if (typeof body.error !== "string" || body.error === "") return "no error message";
  if (body.statusCode !== answer.status) return `statusCode ${String(body.statusCode)}`;
  if (body.errors !== undefined) {
    const errors = body.errors as Record<string, unknown>;
    if (errors === null || typeof errors !== "object" || Array.isArray(errors)) return "errors is not a map";
    for (const [field, messages] of Object.entries(errors)) {
      if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== "string"))
        return `errors.${field} is not a list of strings`;
    }
  }
  return null;
}

/** The upload stands in for S3: its errors are S3's XML (`<Error><Code>…</Code><Message>…`). */
function xmlErrorShape(answer: Answer): string | null {
  if (!answer.headers?.get("Content-Type")?.includes("xml")) return "not XML";
  return /<Error>\s*<Code>\w+<\/Code>\s*<Message>[^<]+<\/Message>/.test(answer.text) ? null : "not an S3 error";
}

/**
 * One call, judged: throws what is wrong, so fast-check shrinks it and prints the seed. Waits
 * first for the work earlier calls left running (e-mails on their way through the outbox), so
 * that work is not taken for this request's doing.
 */
async function attemptOnce(target: Target, attempt: Attempt): Promise<Answer> {
  await settled();
  const before = await snapshot();
  const answer = await invokeRoute(
    target.route.module,
    attempt.method ?? target.method,
    target.route.pattern,
    attempt.call,
    target.me?.jar,
    context,
  );
  const refused = answer.status >= 400 && answer.status < 500;
  // What the request left running (an e-mail it queued) counts as its doing.
  if (refused) await settled();
  const after = refused ? await snapshot() : before;
  const problem = judge(target, attempt, answer, before, after);
  if (problem) throw new Error(problem);
  if (polluted()) throw new Error(`${target.key} [${attempt.family}]: Object.prototype was polluted`);
  return answer;
}

const settled = () => settledWork(context);
const printableAttempt = (attempt: Attempt) => printable(attempt, ({ family, call }) => ({ family, call }));

/** Runs the attempts as a fast-check property on the target. */
async function check(target: Target, attempts: fc.Arbitrary<Attempt>, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(attempts.map(printableAttempt), async (attempt) => {
      await attemptOnce(target, attempt);
    }),
    fcOptions(numRuns),
  );
}

// ---------------------------------------------------------------------------------------------
// The generators, by what a route takes
// ---------------------------------------------------------------------------------------------
const json = (text: string): Call => ({ raw: text, headers: { "Content-Type": "application/json" } });

/** Hostile JSON bodies, from the route's valid body. */
function bodyAttempts(base: Call, spec: Spec): fc.Arbitrary<Attempt> {
  const valid = base.body;
  const withBody = (body: unknown): Call => ({ ...base, body, raw: undefined });
  const withRaw = (raw: string, contentType = "application/json"): Call => ({
    ...base,
    body: undefined,
    raw,
    headers: { "Content-Type": contentType },
  });
  const paths = leafPaths(valid).filter((path) => path.length > 0);
  const optional = new Set(spec.optional ?? []);
  const required = paths.filter((path) => !optional.has(dotted(path)));
  const textPaths = paths.filter((path) => typeof getAt(valid, path) === "string");
  const validText = JSON.stringify(valid);
  const arbs: fc.Arbitrary<Attempt>[] = [
    // Each known field of the wrong type.
    fc.constantFrom(...paths).chain((path) =>
      wrongTypeFor(getAt(valid, path)).map((value) => ({
        family: `wrong type ${dotted(path)}`,
        invalid: true,
        call: withBody(setAt(valid, path, value)),
      })),
    ),
    // The whole body not what the route reads.
    wrongTypeFor(valid).map((value) => ({ family: "body of the wrong type", invalid: true, call: withBody(value) })),
    // Deep nesting, in a field or as the whole body.
    fc
      .tuple(fc.constantFrom(...paths), fc.constantFrom(1_000, 10_000, 100_000), fc.boolean())
      .map(([path, depth, arrays]) => {
        const deep = arrays ? deepArrayText(depth) : deepObjectText(depth);
        const marker = "\u0001DEEP\u0001";
        const text = JSON.stringify(setAt(valid, path, marker)).replace(JSON.stringify(marker), deep);
        return { family: `nested ${depth} deep at ${dotted(path)}`, invalid: true, call: withRaw(text) };
      }),
    // Huge strings: just under the 1 MB cap in one field, and past it.
    fc.tuple(fc.constantFrom(...paths), fc.constantFrom("a", "<script>", "'; --", "👍", " ")).map(([path, unit]) => {
      const value = unit.repeat(Math.floor((MAX_JSON_BODY_BYTES - validText.length - 1_000) / Buffer.byteLength(unit)));
      // Spaces trim to "": still refused for a required field, "not given" for an optional one.
      return {
        family: `huge string at ${dotted(path)}`,
        invalid: unit !== " " || !optional.has(dotted(path)),
        call: withBody(setAt(valid, path, value)),
      };
    }),
    // Malformed JSON and other formats under a JSON or another Content-Type.
    fc
      .tuple(
        fc.constantFrom(
          validText.slice(0, -1),
          `${validText}garbage`,
          validText.replace(/"/g, "'"),
          "{a:1}",
          "undefined",
          "NaN",
          "[1,]",
          '{"a":1,}',
          "\u0000",
          '--boundary\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--boundary--',
          "title=x&body=y",
          "<post><title>x</title></post>",
        ),
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=boundary",
          "application/xml",
          "",
        ),
      )
      .map(([raw, type]) => ({ family: `malformed as ${type || "no type"}`, invalid: true, call: withRaw(raw, type) })),
    // `__proto__`, `constructor`, `prototype` keys beside an invalid field: still refused, nothing polluted.
    fc.tuple(fc.constantFrom(...paths), fc.constantFrom("__proto__", "constructor", "prototype")).map(([path, key]) => {
      const evil = POLLUTION;
      const marker = "\u0001PROTO\u0001";
      const holder = path.length > 1 ? path.slice(0, -1) : [];
      const invalid = setAt(valid, path, { wrong: [] });
      const at = getAt(invalid, holder);
      const withMarker =
        Array.isArray(at) || at === null || typeof at !== "object"
          ? invalid
          : setAt(invalid, holder, { [marker]: 1, ...(at as object) });
      const text = JSON.stringify(withMarker).replace(`"${marker}":1`, `"${key}":${JSON.stringify(evil)}`);
      return { family: `${key} key beside an invalid ${dotted(path)}`, invalid: true, call: withRaw(text) };
    }),
  ];
  if (required.length > 0) {
    arbs.push(
      fc.constantFrom(...required).map((path) => ({
        family: `missing ${dotted(path)}`,
        invalid: true,
        call: withBody(setAt(valid, path, REMOVE)),
      })),
      fc
        .constantFrom(...required)
        .map((path) => ({ family: `null ${dotted(path)}`, invalid: true, call: withBody(setAt(valid, path, null)) })),
    );
  }
  const numberPaths = paths.filter((path) => typeof getAt(valid, path) === "number");
  if (numberPaths.length > 0) {
    // Past PostgreSQL's integer (ids are serials): refused or stored, never a database error.
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...numberPaths),
          fc.constantFrom(2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 1e308, -1e308),
        )
        .map(([path, value]) => ({
          family: `number past integer at ${dotted(path)}`,
          invalid: false,
          call: withBody(setAt(valid, path, value)),
        })),
    );
  }
  if (textPaths.length > 0) {
    // A hostile string in a text field: may be valid (then stored verbatim), never a 5xx.
    arbs.push(
      fc.tuple(fc.constantFrom(...textPaths), hostileString).map(([path, value]) => ({
        family: `hostile text at ${dotted(path)}`,
        invalid: false,
        call: withBody(setAt(valid, path, value)),
        text: { field: dotted(path), value },
      })),
    );
  }
  // Valid otherwise, with prototype keys: whatever the answer, nothing may reach Object.prototype.
  arbs.push(
    fc.constantFrom("__proto__", "constructor", "prototype").map((key) => {
      const text = validText.startsWith("{")
        ? `{"${key}":{"isAdmin":true,"roles":["Admin"],"polluted":"yes"},${validText.slice(1)}`
        : `[{"${key}":{"polluted":"yes"}},${validText.slice(1)}`;
      return { family: `${key} key in a valid body`, invalid: false, call: withRaw(text) };
    }),
  );
  return fc.oneof(...arbs);
}

const NUMBERISH = [
  "-1",
  "0",
  "1.5",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "99999999999999999999",
  "0x10",
  "1e3",
  " 5 ",
  "",
  "abc",
  "5abc",
  "١٢",
];
const DATEISH = [
  "-200000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "0000-00-00",
  "2024-02-30T00:00:00Z",
  "200000",
  "-1",
  "Infinity",
  "2024-01-01T00:00:00+99:99",
  // Dates JavaScript takes and PostgreSQL's timestamps do not (years 0 and 10000).
  "0000-01-01T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "10000-01-01T00:00:00Z",
  "9999-12-31T23:59:60Z",
];
/** Cursors (base64url of "moment|id") naming impossible moments, and ones that decode to nothing. */
const CURSORISH = [
  ...[
    "2026-13-45 99:99:99+00",
    "2026-02-30 10:00:00+00",
    "0000-01-01 00:00:00+00",
    "10000-01-01 00:00:00+00",
    "",
    "|",
  ].map((moment) => Buffer.from(`${moment}|00000000-0000-4000-8000-000000000000`, "utf8").toString("base64url")),
  Buffer.from("\u2028|\u0000", "utf8").toString("base64url"),
  "====",
  "*",
];

/** Hostile query strings for the keys a route reads. */
function queryAttempts(base: Call, keys: string[]): fc.Arbitrary<Attempt> {
  const [pathname, search = ""] = (base.path ?? "").split("?");
  const validParams = new URLSearchParams(search);
  const withQuery = (pairs: [string, string][]): Call => {
    const params = new URLSearchParams(validParams);
    for (const [key] of pairs) params.delete(key);
    for (const [key, value] of pairs) params.append(key, value);
    return { ...base, path: `${pathname}?${params.toString()}` };
  };
  const withRawQuery = (query: string): Call => ({ ...base, path: `${pathname}?${query}` });
  const allKeys = keys.length > 0 ? keys : PAGING;
  const value = fc.oneof(
    fc.constantFrom(...NUMBERISH, ...DATEISH, ...CURSORISH),
    hostileString.map(wellFormed),
    fc.constant("x".repeat(100_000)),
  );
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...allKeys), value)
      .map(([key, v]) => ({ family: `hostile ${key}`, invalid: false, call: withQuery([[key, v]]) })),
    fc.tuple(fc.constantFrom(...allKeys), fc.array(value, { minLength: 2, maxLength: 4 })).map(([key, vs]) => ({
      family: `repeated ${key}`,
      invalid: false,
      call: withQuery(vs.map((v) => [key, v])),
    })),
    fc.tuple(fc.constantFrom(...allKeys), fc.constantFrom("[]", "[0]", "[a]", ".a", "%5B%5D")).map(([key, suffix]) => ({
      family: `${key} as an array key`,
      invalid: false,
      call: withRawQuery(`${search ? `${search}&` : ""}${key}${suffix}=1&${key}${suffix}=2`),
    })),
    fc.constantFrom("__proto__", "constructor", "prototype", "hasOwnProperty", "toString").map((key) => ({
      family: `${key} in the query`,
      invalid: false,
      call: withRawQuery(`${search ? `${search}&` : ""}${key}=1&${key}=2&${key}[isAdmin]=true`),
    })),
    fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "%FF%FE", "&&&", "=&=", "a=%ED%A0%80").map((raw) => ({
      family: `malformed query ${raw}`,
      invalid: false,
      call: withRawQuery(`${search ? `${search}&` : ""}${allKeys[0]}=${raw}`),
    })),
  );
}

/** A hostile value for each path parameter. */
function paramAttempts(base: Call): fc.Arbitrary<Attempt> | null {
  const names = Object.keys(base.params ?? {}).filter((name) => name !== "*");
  if (names.length === 0) return null;
  // A path parameter is decoded from the URL: never half a surrogate pair.
  return fc
    .tuple(
      fc.constantFrom(...names),
      fc.oneof(
        hostileString.map(wellFormed),
        fc.constantFrom(
          ...NUMBERISH,
          "\u0000",
          "a\u0000b",
          "\u0007",
          "%",
          "0",
          "-0",
          "2147483648",
          "00000000-0000-0000-0000-000000000000",
          "x".repeat(10_000),
        ),
      ),
    )
    .map(([name, value]) => {
      const original = base.params![name];
      const path = (base.path ?? "").replace(original, encodeURIComponent(value));
      return {
        family: `hostile {${name}}`,
        invalid: false,
        call: { ...base, path, params: { ...base.params, [name]: value } },
      };
    });
}

/** For routes that take no input: bodies and queries they must ignore or refuse, never a 5xx. */
function ignoredInputAttempts(base: Call, method: Method): fc.Arbitrary<Attempt> {
  // A GET carries no body (fetch refuses to make one, Remix reads none).
  if (method === "GET") return queryAttempts(base, PAGING);
  return fc.oneof(
    fc
      .jsonValue({ maxDepth: 3 })
      .map((body) => ({ family: "unexpected JSON body", invalid: false, call: { ...base, body } })),
    fc
      .constantFrom(deepArrayText(10_000), "{a:1}", "\u0000", "x".repeat(1_100_000))
      .map((raw) => ({ family: "unexpected raw body", invalid: false, call: { ...base, ...json(raw) } })),
    queryAttempts(base, PAGING),
  );
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
let manifest = new Map<string, ApiRoute>();

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await startNotificationHub(database.handle);
  const limits = Object.fromEntries(
    [
      "SUPPORT_REQUEST",
      "SIGN_IN_IP",
      "SIGN_IN_ACCOUNT",
      "SIGN_UP",
      "EMAIL_CODE",
      "PASSWORD_RESET",
      "UPLOAD",
      "POST",
      "COMMENT",
      "LIKE",
      "CHEER",
    ].map((name) => [`RATE_LIMIT_${name}`, "100000/60"]),
  );
  // Payments off: subscriptions and Cheers go through at once (no Stripe needed to reach validation).
  // The server's logger at its default level, written here: the last test reads what it logged.
  const log = createLogger("info", { write: (line: string) => void logLines.push(line) });
  context = {
    ...makeLoadContext(database.db, { APP_URL: "https://sharpside.example", ...limits }),
    log,
    notifications: hub,
  } as AppLoadContext;
  fx = postFixtures(database.db, context);
  let passwordHash: string;
  [passwordHash, png] = await Promise.all([
    hashPassword(PASSWORD),
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  ]);
  makePerson = personMaker(database.db, context.env, passwordHash);
  const routes = await apiRoutes();
  routesByKey = new Map(routes.map((route) => [route.pattern, route]));
  manifest = await apiRouteMethods(routes, context);
  const checksum = await tableChecksum(database.db);
  snapshot = () => checksum.snapshot();
}, 120_000);

afterAll(async () => {
  await hub?.close();
  await database?.close();
});

async function targetFor(key: string): Promise<Target> {
  const route = manifest.get(key)!;
  const spec = SPECS[key];
  const method = key.split(" ")[0] as Method;
  const world = new World();
  const me = await world.person(spec.as);
  const base = spec.call ? await spec.call(world) : { path: route.pattern };
  return { key, method, route, spec, world, me, base: { path: route.pattern, ...base } };
}

/** Google sign-in is off here: its routes answer 404 before reading anything. */
const SOCIAL_OFF = ["POST /api/session/social", "POST /api/users/social"];

describe(`hostile input on every api route (${testDatabaseEngine()})`, () => {
  it("every route and method of the manifest has an entry, and no entry is stale", () => {
    const missing = [...manifest.keys()].filter((key) => !(key in SPECS)).sort();
    const stale = Object.keys(SPECS)
      .filter((key) => !manifest.has(key))
      .sort();
    expect({ missingFromSpecs: missing, notInManifest: stale }).toEqual({ missingFromSpecs: [], notInManifest: [] });
  });

  const byInput = (input: Spec["input"]) =>
    Object.entries(SPECS)
      .filter(([, spec]) => spec.input === input)
      .map(([key]) => key)
      .sort();

  it.each(byInput("body"))(
    "%s: hostile JSON bodies are refused in the error shape, the database untouched",
    async (key) => {
      const target = await targetFor(key);
      await check(target, bodyAttempts(target.base, target.spec), RUNS * 2);
      const params = paramAttempts(target.base);
      if (params) await check(target, params, Math.ceil(RUNS / 2));
      // Past the 1 MB cap: 413, whether the length is declared or only counted as it streams in.
      const oversize = JSON.stringify(
        setAt(target.base.body, leafPaths(target.base.body)[0], "a".repeat(MAX_JSON_BODY_BYTES + 10)),
      );
      const headers = { "Content-Type": "application/json" };
      const declared = await attemptOnce(target, {
        family: "over 1 MB, declared",
        invalid: true,
        call: {
          ...target.base,
          body: undefined,
          raw: oversize,
          headers: { ...headers, "Content-Length": String(oversize.length) },
        },
      });
      const streamed = await attemptOnce(target, {
        family: "over 1 MB, streamed",
        invalid: true,
        call: { ...target.base, body: undefined, raw: new Blob([oversize]).stream(), headers },
      });
      if (!SOCIAL_OFF.includes(key)) expect([declared.status, streamed.status]).toEqual([413, 413]);
    },
    60_000,
  );

  it.each(byInput("query"))(
    "%s: hostile queries and path parameters never break it",
    async (key) => {
      const target = await targetFor(key);
      await check(target, queryAttempts(target.base, target.spec.keys ?? []), RUNS * 2);
      const params = paramAttempts(target.base);
      if (params) await check(target, params, Math.ceil(RUNS / 2));
    },
    60_000,
  );

  it.each(byInput("none"))(
    "%s: input it does not take, and hostile path parameters, never break it",
    async (key) => {
      const target = await targetFor(key);
      const params = paramAttempts(target.base);
      const ignored = ignoredInputAttempts(target.base, target.method);
      await check(target, params ? fc.oneof(ignored, params) : ignored, Math.ceil(RUNS / 2));
    },
    60_000,
  );

  it("POST /api/paymentsystems/stripe/webhook: hostile raw bodies and signatures are refused", async () => {
    const key = "POST /api/paymentsystems/stripe/webhook";
    const target = await targetFor(key);
    const attempts = fc
      .tuple(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          hostileString,
          fc.constant(deepArrayText(100_000)),
        ),
        fc.option(hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, ""))),
      )
      .map(([raw, signature]) => ({
        family: "webhook body",
        invalid: true,
        call: {
          raw,
          headers: {
            "Content-Type": "application/json",
            ...(signature === null ? {} : { "Stripe-Signature": signature }),
          },
        },
      }));
    await check(target, attempts, RUNS);
  });

  it("POST /api/file/upload: hostile multipart forms and other bodies are refused in S3's error shape", async () => {
    const target = await targetFor("POST /api/file/upload");
    const form = (fields: [string, string][], file: boolean) => {
      const data = new FormData();
      for (const [name, value] of fields) data.append(name, value);
      if (file) data.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
      return data;
    };
    const field = fc.tuple(
      fc.constantFrom("key", "policy", "x-amz-signature", "Content-Type", "__proto__", "file"),
      fc.oneof(hostileString, fc.constant("x".repeat(100_000))),
    );
    const attempts = fc.oneof(
      fc
        .tuple(fc.array(field, { maxLength: 5 }), fc.boolean())
        .map(([fields, file]) => ({ family: "upload form", invalid: true, call: { form: form(fields, file) } })),
      fc
        .oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          hostileString,
        )
        .map((raw) => ({
          family: "upload raw",
          invalid: true,
          call: { raw, headers: { "Content-Type": "multipart/form-data; boundary=x" } },
        })),
    );
    await check(target, attempts, RUNS);
  });
});

// ---------------------------------------------------------------------------------------------
// Found by the properties above, kept as examples
// ---------------------------------------------------------------------------------------------
describe(`hostile input: the cases that were 500s (${testDatabaseEngine()})`, () => {
  const call = async (key: string, who: Who, build: (w: World) => Promise<Call> | Call) => {
    const world = new World();
    const me = await world.person(who);
    const [method, pattern] = key.split(" ") as [Method, string];
    const call = await build(world);
    await settled();
    const before = await snapshot();
    const answer = await invokeRoute(routesByKey.get(pattern)!.module, method, pattern, call, me?.jar, context);
    await settled();
    return {
      ...answer,
      body: JSON.parse(answer.text) as Record<string, unknown>,
      unchanged: changedTables(before, await snapshot()).length === 0,
    };
  };

  it("a body nested 10,000 deep is a 400, not a stack overflow", async () => {
    for (const raw of [
      deepArrayText(10_000),
      `{"title":${deepObjectText(10_000)}}`,
      `{"body":[${deepObjectText(100_000)}]}`,
    ]) {
      const answer = await call("POST /api/posts", "owner", () => json(raw));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: "The request could not be read. Check that it is valid JSON.",
        statusCode: 400,
      });
      expect(answer.unchanged).toBe(true);
    }
  });

  it("a NUL character or half a surrogate pair in a text field is a 422 on that field, not a database error", async () => {
    for (const title of ["a\u0000b", "\uD800", "x\uDC00y"]) {
      const answer = await call("POST /api/posts", "owner", async () => ({ body: { ...(await postBody()), title } }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ title: ["Invalid input"] });
      expect(answer.unchanged).toBe(true);
    }
    // Inside the rich text (jsonb), and inside an envelope (named without it, as the form's fields).
    const inBody = await call("POST /api/posts", "owner", async () => ({
      body: { ...(await postBody()), body: [paragraph("before\u0000after")] },
    }));
    expect(inBody.status).toBe(422);
    expect(inBody.body.errors).toEqual({ "body.0.children.0.text": ["Invalid input"] });
    const comment = await call("POST /api/posts/{postId}/comments", "user", async (w) => ({
      ...(await onPost(w, "/comments")),
      body: { body: "\u0000" },
    }));
    expect(comment.status).toBe(422);
    const signUp = await call("POST /api/users", "visitor", () => ({
      body: { user: { ...newUser().user, fullName: "Sam\u0000Signup" } },
    }));
    expect(signUp.status).toBe(422);
    expect(signUp.body.errors).toEqual({ fullName: ["Invalid input"] });
  });

  it("a date or cursor PostgreSQL cannot hold is a 400, not a database error", async () => {
    for (const from of ["0000-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "10000-01-01T00:00:00Z"]) {
      const answer = await call("GET /api/events", "visitor", () => ({
        path: `/api/events?from=${encodeURIComponent(from)}`,
      }));
      expect(answer.status, from).toBe(400);
    }
    const id = "00000000-0000-4000-8000-000000000000";
    for (const createdAt of [
      "2026-13-45 99:99:99+00",
      "2026-02-30 10:00:00+00",
      "0000-01-01 00:00:00+00",
      "2025-02-29 00:00:00+00",
    ]) {
      const afterCursor = Buffer.from(`${createdAt}|${id}`, "utf8").toString("base64url");
      const answer = await call("GET /api/notifications/see-notifications/list", "user", () => ({
        path: `/api/notifications/see-notifications/list?afterCursor=${afterCursor}`,
      }));
      expect(answer.status, createdAt).toBe(400);
    }
    // A real moment is a cursor like any other (a leap day included).
    const real = Buffer.from(`2024-02-29 10:00:00.123456+00|${id}`, "utf8").toString("base64url");
    expect(
      (
        await call("GET /api/notifications/see-notifications/list", "user", () => ({
          path: `/api/notifications/see-notifications/list?afterCursor=${real}`,
        }))
      ).status,
    ).toBe(200);
  });

  it("picks of any legs, lines, odds and units, overflowing ones too: never a 5xx, a refusal changes nothing", async () => {
    const categoryId = await fx.anyCategory();
    const games = await Promise.all(
      [0, 1, 2].map(() => fx.addEvent({ categoryId, startsInMs: 24 * HOUR }).then((event) => event.id)),
    );
    const odds = fc.constantFrom(
      -110,
      170,
      -200,
      100,
      -100,
      99,
      -99,
      0,
      1.5,
      100_000,
      -100_000,
      2_147_483_648,
      -2_147_483_649,
      2 ** 53 + 2,
      1e308,
      -1e308,
    );
    const leg = fc.record(
      {
        eventId: fc.oneof(fc.constantFrom(...games), fc.constantFrom(0, -1, 2_147_483_648, 1e308)),
        market: fc.constantFrom(...LEG_MARKETS, "Parlay", "x"),
        side: fc.constantFrom(...LEG_SIDES, "x"),
        line: fc.constantFrom(-4.5, 4.5, 220.5, 0.25, 1e15, 2 ** 53 + 2, 1e308, -1e308),
        odds,
        description: fc.constantFrom("LeBron James over 25.5 points", `Props ${LOG_MARKER}`, ""),
      },
      { requiredKeys: ["eventId", "market", "odds"] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PICK_MARKETS),
        fc.array(leg, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(1, 0.1, 10, 0.15, -1, 1e308),
        async (market, legs, units) => {
          const answer = await call("POST /api/posts", "owner", async () => ({
            body: { ...(await postBody()), postType: "Pick", market, legs, units },
          }));
          expect(answer.status, answer.text).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.unchanged).toBe(true);
            expect(answer.body.statusCode).toBe(answer.status);
          }
        },
      ),
      fcOptions(RUNS * 2, [
        // Ten long legs whose product overflows any integer.
        ["Parlay", games.map((eventId) => ({ eventId, market: "Moneyline", side: "Away", odds: 1e308 })), 1],
        [
          "Parlay",
          Array.from({ length: 12 }, (_, i) => ({
            eventId: games[i % 3],
            market: "Moneyline",
            side: "Home",
            odds: 2_147_483_648,
          })),
          1,
        ],
      ]),
    );
  });

  it("an id past PostgreSQL's integer is a 422 on its field, not a database error", async () => {
    const post = await call("POST /api/posts", "owner", async () => ({
      body: { ...(await postBody()), categoryId: 2_147_483_648 },
    }));
    expect(post.status).toBe(422);
    expect(post.body.errors).toEqual({ categoryId: ["Invalid input"] });
    expect(post.unchanged).toBe(true);
    const results = await call("POST /api/events/results", "admin", () => ({
      body: [{ eventId: 2_147_483_648, status: "Canceled" }],
    }));
    expect(results.status).toBe(422);
    expect(results.body.errors).toEqual({ "0.eventId": ["Invalid input"] });
    expect(results.unchanged).toBe(true);
  });

  it("a NUL character in an expert's id or userName is a 404, not a database error", async () => {
    for (const [key, rest] of [
      ["GET /api/experts/{expertId}", ""],
      ["GET /api/experts/{expertId}/record", "/record"],
    ]) {
      const answer = await call(key, "visitor", () => ({
        path: `/api/experts/%00${rest}`,
        params: { expertId: "\u0000" },
      }));
      expect(answer.status).toBe(404);
      expect(answer.body.statusCode).toBe(404);
    }
  });

  it("a NUL character in a query is a 400 on that parameter", async () => {
    const answer = await call("GET /api/search", "visitor", () => ({ path: "/api/search?searchValue=a%00b" }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ searchValue: ["Invalid input"] });
  });
});

// ---------------------------------------------------------------------------------------------
// Rich text on the server: stored as sent, served back inert
// ---------------------------------------------------------------------------------------------
describe(`rich text carrying script is stored verbatim and rendered inert (${testDatabaseEngine()})`, () => {
  const HOSTILE_BODY = [
    paragraph("<script>alert('text')</script> and <img src=x onerror=alert(1)>"),
    {
      type: "paragraph",
      onclick: "alert(1)",
      style: "background:url(javascript:alert(1))",
      children: [{ text: "styled", onmouseover: "alert(2)" }],
    },
    { type: "script", children: [{ text: "alert('typed script')" }] },
    {
      type: "paragraph",
      children: [
        { type: "link", url: "javascript:alert(1)", children: [{ text: "js link" }] },
        { type: "link", url: " JaVaScRiPt:alert(2)", children: [{ text: "mixed case" }] },
        { type: "link", url: "java\tscript:alert(3)", children: [{ text: "tab" }] },
        {
          type: "link",
          url: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
          children: [{ text: "data" }],
        },
        { type: "link", url: "vbscript:msgbox(1)", children: [{ text: "vbscript" }] },
        { type: "link", url: "&#106;avascript:alert(4)", children: [{ text: "entity" }] },
        { type: "link", href: "https://fine.example/ok", onclick: "alert(5)", children: [{ text: "fine" }] },
      ],
    },
    { type: "image", url: "javascript:alert(6)", alt: '" onerror="alert(7)', onerror: "alert(8)" },
    { type: "embed", url: "https://evil.example/embed.html", provider: "youtube" },
    { type: "embed", url: "javascript:alert(9)" },
    { type: "iframe", src: "https://evil.example/frame", children: [{ text: "frame" }] },
  ];

  it("a post whose body carries scripts, javascript: links and handlers is stored as sent and shown as text", async () => {
    const world = new World();
    const owner = await world.owner();
    const [method, pattern] = ["POST", "/api/posts"] as const;
    const created = await invokeRoute(
      routesByKey.get(pattern)!.module,
      method,
      pattern,
      { body: { ...(await postBody()), body: HOSTILE_BODY } },
      owner.jar,
      context,
    );
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.text) as { payload: { id: string } }).payload.id;
    const read = await invokeRoute(
      routesByKey.get("/api/posts/{postId}")!.module,
      "GET",
      "/api/posts/{postId}",
      { path: `/api/posts/${id}`, params: { postId: id } },
      owner.jar,
      context,
    );
    expect((JSON.parse(read.text) as { payload: { body: unknown } }).payload.body).toEqual(trimStrings(HOSTILE_BODY));

    // The author's view: a draft, and the body unlocked.
    const request = new Request(`http://localhost/posts/${id}`, { headers: { Cookie: owner.jar.header() } });
    const data = await postPage.loader({ request, params: { postId: id }, context } as never);
    const pageData =
      data && typeof data === "object" && "type" in data ? (data as unknown as { data: unknown }).data : data;
    const Root = () => createElement(ConfirmDialogProvider, null, createElement(Outlet));
    const Stub = createRemixStub([
      {
        id: "root",
        path: "/",
        Component: Root,
        children: [{ id: "page", path: "posts/:postId", Component: PostPage }],
      },
    ]);
    const original = console.error;
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
      original(...args);
    };
    let html: string;
    try {
      html = renderToString(
        createElement(Stub, {
          initialEntries: [`/posts/${id}`],
          hydrationData: { loaderData: { root: { appName: "Sharpside", user: null }, page: pageData } },
        }),
      );
    } finally {
      console.error = original;
    }
    expect(html).toContain("&lt;script&gt;alert(&#x27;text&#x27;)&lt;/script&gt;");
    expect(html).toContain("js link");
    expect(html).toContain("https://fine.example/ok");
    // Parsed as a browser would: nothing runnable.
    const document = new JSDOM(html).window.document;
    const elements = [...document.querySelectorAll("*")];
    // No script element but JSON-LD data (a draft has none), no plug-in, no base, no refresh.
    for (const script of document.querySelectorAll("script"))
      expect(script.getAttribute("type")).toBe("application/ld+json");
    expect(document.querySelectorAll("object, embed, base, meta[http-equiv]")).toHaveLength(0);
    for (const element of elements) {
      for (const attribute of [...element.attributes]) {
        // No event handler attribute, no style from the body, no URL with a script scheme.
        expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
        if (["href", "src", "action", "formaction", "xlink:href", "srcset"].includes(attribute.name)) {
          expect(
            [...attribute.value]
              .filter((c) => c > " ")
              .join("")
              .toLowerCase(),
            `${element.tagName} ${attribute.name}`,
          ).not.toMatch(/^(javascript|data|vbscript):/);
        }
        if (attribute.name === "style") expect(attribute.value).not.toMatch(/javascript|url\(/i);
      }
    }
    // Frames only from the allowed embed host.
    for (const frame of document.querySelectorAll("iframe"))
      expect(new URL(frame.getAttribute("src")!).host).toBe("www.youtube-nocookie.com");
    expect(html).not.toContain("evil.example/frame");
  });
});

describe(`the log after the fuzzing (${testDatabaseEngine()})`, () => {
  it("never carries a post's body: a database error is logged without its parameters or the failing row", async () => {
    // A write the database refuses (a title past its check) whose parameters hold the marked body,
    // answered through the API's own error path, which logs it.
    const author = (await makePerson()).user;
    const refused = await database.db
      .insert(posts)
      .values({
        authorId: author.id,
        postType: "Post",
        title: "x".repeat(1001),
        body: [paragraph(`Secret ${LOG_MARKER}`)],
        visibility: "Free",
        status: "Draft",
        categoryId: await fx.anyCategory(),
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String((refused as Error).message)).toContain(LOG_MARKER); // drizzle's message names the parameters
    expect(errorToResponse(refused, context.log).status).toBe(500);
    const log = logLines.join("");
    expect(log).toContain("unhandled error in API route");
    expect(log).toContain("posts_title_length");
    expect(log).not.toContain(LOG_MARKER);
  });
});
