/**
 * The authorization matrix: every `/api` route of the route
 * manifest (app/routes.ts, evaluated here) with every method it answers, called as each persona
 * with a valid request, against the expected status in EXPECTED below. A route or method the
 * manifest has and the table lacks fails the test, and so does a table entry the manifest lacks,
 * so the table stays complete: a new api route file appears here by itself.
 *
 * Personas: a visitor (no session), an unconfirmed user, a user, a subscriber (of the owning
 * expert), the owning expert (author of the posts, picks and events' picks used as parameters),
 * another expert, and an admin. Reads share one set of fixtures; every other method runs on
 * fresh fixtures per persona, so one persona's call never changes another's outcome.
 *
 * Payments are on (the Stripe stand-in), as in production. Google sign-in is off.
 *
 * A new route: give it a row in EXPECTED and, when it needs parameters, a query or a body, an
 * entry in CALLS. `MATRIX_DEBUG=1` prints every row as it runs.
 */
import type { AppLoadContext } from "@remix-run/node";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, events, experts, mailOutbox, passwordResetTokens, payments, posts } from "~/db/schema";
import { issueEmailCode } from "~/modules/accounts/auth.server";
import { hashPassword } from "~/modules/accounts/passwords.server";
import { hashToken, randomToken } from "~/modules/accounts/tokens.server";
import { startNotificationHub, type NotificationHub } from "~/modules/notifications/stream-hub.server";
import { buildPreview } from "~/modules/posts/slate";
import { createPromoCode } from "~/modules/subscriptions/promo-codes.server";
import { browserPushSubscription } from "../support/push-service";
import {
  apiRouteMethods,
  apiRouteModules as modules,
  apiRoutes,
  invokeRoute,
  type Answer,
  type ApiRoute,
  type Call,
  type Method,
  type RouteModule,
} from "../support/api-routes";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, HOUR, postFixtures } from "../support/post-fixtures";
import { onceEach, personMaker, tag, type Person } from "../support/people";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------
const PERSONAS = ["visitor", "unconfirmedUser", "user", "subscriber", "owningExpert", "otherExpert", "admin"] as const;
type Persona = (typeof PERSONAS)[number];

/**
 * A status, or for a post read a status with what the body shows: `open` (the body) or `locked`
 * (`body: null`, `isLocked: true`): the paywall is part of who may see what.
 */
type Outcome = number | "200 open" | "200 locked";
type Row = Record<Persona, Outcome>;

/**
 * Keys are "METHOD /api/pattern" as the manifest has them; "METHOD /api/pattern · variant" adds a
 * second case of the same route (another kind of post, say) and counts for completeness as its route.
 */
const routeKeyOf = (key: string) => key.split(" · ")[0];

/** One status for every persona. */
const all = (status: Outcome): Row => Object.fromEntries(PERSONAS.map((p) => [p, status])) as Row;
/** Signed in, e-mail confirmed or not: 401 for the visitor only. */
const signedIn = (status: Outcome = 200): Row => ({ ...all(status), visitor: 401 });
/** Signed in with a confirmed e-mail (`requireApiConfirmedViewer`/`requireApiRoles([])`). */
const confirmed = (status: Outcome = 200): Row => ({ ...all(status), visitor: 401, unconfirmedUser: 403 });
/** Experts only. */
const expertsOnly = (status: Outcome = 200): Row => ({
  ...all(403),
  visitor: 401,
  owningExpert: status,
  otherExpert: status,
});
/** The owning expert only: someone else's post, pick or event is 403 (it exists, they may see it). */
const ownerOnly = (status: Outcome = 200): Row => ({ ...all(403), visitor: 401, owningExpert: status });
/** Admins only. */
const adminOnly = (status: Outcome = 200): Row => ({ ...all(403), visitor: 401, admin: status });

const EXPECTED: Record<string, Row> = {
  // Unknown /api paths: a JSON 404 for every method (api.$.ts).
  "GET /api/*": all(404),
  "POST /api/*": all(404),
  "PUT /api/*": all(404),
  "PATCH /api/*": all(404),
  "DELETE /api/*": all(404),

  // Public reference data and discovery.
  "GET /api/health": all(200),
  "GET /api/categories": all(200),
  "GET /api/modalities": all(200),
  "GET /api/events": all(200),
  "GET /api/events/{id}": all(200),
  "GET /api/events/{id}/market": all(200),
  "GET /api/leaderboard": all(200),
  "GET /api/experts": all(200),
  "GET /api/experts/{expertId}": all(200),
  "GET /api/experts/{expertId}/record": all(200),
  "GET /api/experts/recommended": all(200),
  "GET /api/experts/recommended/sidebar": all(200),
  "GET /api/search": all(200),
  "GET /api/search/{tab}": all(200),
  "GET /api/posts": all(200),
  // The owning expert's coming pick: everyone sees it, only its readers its body.
  "GET /api/posts/{postId}": {
    visitor: "200 locked",
    unconfirmedUser: "200 locked",
    user: "200 locked",
    subscriber: "200 open",
    owningExpert: "200 open",
    otherExpert: "200 locked",
    admin: "200 locked",
  },
  // The owning expert's draft: nobody else may know it exists (404, not 403).
  "GET /api/posts/{postId} · draft": { ...all(404), owningExpert: "200 open" },
  "PUT /api/posts/{postId} · draft": { ...all(404), visitor: 401, unconfirmedUser: 403, owningExpert: 200 },
  "POST /api/posts/{postId}/like · draft": { ...all(404), visitor: 401, unconfirmedUser: 403, owningExpert: 200 },
  // A free post's discussion: anyone reads it, any confirmed user joins it.
  "GET /api/posts/{postId}/comments · free post": all(200),
  "POST /api/posts/{postId}/comments · free post": confirmed(201),
  // The pick's discussion is as locked as its body: a visitor signs in first (401), others subscribe (403).
  "GET /api/posts/{postId}/comments": { ...all(403), visitor: 401, subscriber: 200, owningExpert: 200 },
  "POST /api/posts/{postId}/comments": { ...all(403), visitor: 401, subscriber: 201, owningExpert: 201 },

  // Admin: results and rescheduling (record integrity: nobody else).
  "POST /api/events/results": adminOnly(200),
  "GET /api/events/{id}/correction": all(200),
  "POST /api/events/{id}/correction": adminOnly(200),
  "PATCH /api/events/{id}": adminOnly(200),

  // Writing posts and picks: experts create; only the author edits, deletes, grades, withdraws.
  "POST /api/posts": expertsOnly(201),
  "PUT /api/posts/{postId}": ownerOnly(200),
  "DELETE /api/posts/{postId}": ownerOnly(200),
  "PUT /api/posts/{postId}/pick-result": ownerOnly(200),
  "POST /api/posts/{postId}/withdraw": ownerOnly(200),
  // Like and notify-me act on what the viewer can see: the locked pick's card is public, so a
  // reader without a subscription may like it (the body stays locked); the author too.
  "POST /api/posts/{postId}/like": confirmed(200),
  "DELETE /api/posts/{postId}/like": confirmed(200),
  // On the owning expert's scheduled post (its teaser is public).
  "POST /api/posts/{postId}/notify": confirmed(200),
  "DELETE /api/posts/{postId}/notify": confirmed(200),
  // A comment by `user` on the owning expert's free post: its author or the post's author deletes it.
  "DELETE /api/comments/{commentId}": { ...all(403), visitor: 401, user: 200, owningExpert: 200 },

  // The viewer's own lists: any signed-in user, confirmed or not (nothing to confirm for reading one's own).
  "GET /api/posts/my": signedIn(),
  "GET /api/posts/my/feed": signedIn(),
  "GET /api/posts/my/liked": signedIn(),
  "GET /api/posts/my/notify": signedIn(),
  "GET /api/user/me": signedIn(),
  "GET /api/user/profile": signedIn(),
  "GET /api/user/profile/username": signedIn(),
  "GET /api/user/follows": signedIn(),
  "GET /api/user/payments": signedIn(),
  "GET /api/user/subscriptions": signedIn(),
  "GET /api/subscriptions/counters/new-posts": signedIn(),
  // What subscribing to the owning expert would cost: anyone confirmed (the expert their own page's).
  "GET /api/subscriptions/offer": confirmed(),
  "GET /api/notifications/see-notifications/counters": signedIn(),
  "GET /api/notifications/see-notifications/list": signedIn(),
  "PUT /api/notifications/see-notifications/mark-read": signedIn(),
  "GET /api/notifications/sse-notifications": signedIn(),
  // This device's push notifications: any signed-in user's own.
  "POST /api/push/subscriptions": signedIn(201),
  "DELETE /api/push/subscriptions": signedIn(),
  // Changing one's own details needs a confirmed e-mail.
  "PUT /api/user/profile": confirmed(),
  "PUT /api/user/profile/username": confirmed(),

  // Experts' business area: each expert their own.
  "GET /api/business/cheers": expertsOnly(),
  "GET /api/business/subscribers": expertsOnly(),
  "GET /api/business/summary": expertsOnly(),
  "GET /api/business/welcome": expertsOnly(),
  "POST /api/business/welcome": expertsOnly(),
  "GET /api/business/trial": expertsOnly(),
  "POST /api/business/trial": expertsOnly(),
  "GET /api/business/promo-codes": expertsOnly(),
  "POST /api/business/promo-codes": expertsOnly(201),
  // The owning expert's code: another expert's is not found.
  "DELETE /api/business/promo-codes/{codeId}": { ...all(403), visitor: 401, owningExpert: 200, otherExpert: 404 },
  "GET /api/business/export/subscribers": expertsOnly(),
  "GET /api/business/export/payments": expertsOnly(),
  "POST /api/subscriptions/price": expertsOnly(),
  "POST /api/paymentsystems/stripe/account/connect": expertsOnly(),
  // Each expert's own connected account (both experts have one here).
  "POST /api/paymentsystems/stripe/account/disconnect": expertsOnly(),
  "POST /api/paymentsystems/stripe/account/url": expertsOnly(),

  // Following and subscribing to the owning expert; 422 for following or subscribing to oneself,
  // and for subscribing twice or cancelling a subscription one does not have.
  "POST /api/experts/{expertId}/follow": { ...confirmed(200), owningExpert: 422 },
  // Unfollowing is idempotent: not following (oneself included) is already the wanted state.
  "DELETE /api/experts/{expertId}/follow": confirmed(200),
  "POST /api/subscriptions": { ...confirmed(200), subscriber: 422, owningExpert: 422 },
  "DELETE /api/subscriptions": { ...confirmed(422), subscriber: 200 },
  // Cheers need a follow or a subscription (403 otherwise); not to oneself (422).
  "POST /api/experts/{expertId}/cheers": { ...confirmed(403), subscriber: 201, owningExpert: 422 },

  // Membership: a confirmed e-mail; an expert is one already (422 to become one again, the
  // checkout answers skipExpertPayment).
  "POST /api/experts/become": { ...confirmed(200), owningExpert: 422, otherExpert: 422 },
  "POST /api/paymentsystems/stripe/checkout": confirmed(200),
  // The owning expert's membership payment, by its id: anyone else's is 404.
  "GET /api/paymentsystems/stripe/checkout/status": { ...confirmed(404), owningExpert: 200 },
  // No session: the signature is the authentication (none sent here).
  "POST /api/paymentsystems/stripe/webhook": all(400),

  // Uploads: presign and measure need a confirmed e-mail; the measured upload is the owning
  // expert's (anyone else's key is 404). The upload itself is authorised by its signed policy,
  // exactly as with S3, whoever sends it.
  "POST /api/file/presign": confirmed(200),
  "POST /api/file/upload": all(204),
  "POST /api/file/metadata": { ...confirmed(404), owningExpert: 200 },

  // Sessions and accounts. Sign-up and sign-in are open to a signed-in browser too: the pages
  // keep signed-in users off those screens, the API lets a browser switch accounts.
  "POST /api/users": all(201),
  "POST /api/users/expert_flow": all(201),
  "POST /api/session": all(200),
  // Signing out without a session is already done: 200.
  "DELETE /api/session": all(200),
  "POST /api/refresh_token": signedIn(),
  // Google sign-in is off here: the social routes do not exist (404) for anyone.
  "POST /api/session/social": all(404),
  "POST /api/users/social": all(404),
  // The unconfirmed user's code: only that user's session can use it (a code names no user by
  // itself); anyone else's session checks it against their own codes (422).
  "PATCH /api/confirm_email/{token}": { ...all(422), visitor: 401, unconfirmedUser: 200 },
  "POST /api/confirm_email": { ...signedIn(422), unconfirmedUser: 200 },
  "POST /api/reset_password": signedIn(),
  // A reset link is its own authority (whoever holds it got the e-mail), signed in or not.
  "POST /api/forgot_password": all(200),
  "GET /api/forgot_password/{resetToken}": all(200),
  "PUT /api/forgot_password/{resetToken}": all(200),
  "POST /api/support/requests": all(201),
};

// ---------------------------------------------------------------------------------------------
// The manifest and calling a route as Remix would: test/support/api-routes.ts
// ---------------------------------------------------------------------------------------------
const invoke = invokeRoute;

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------
let database: TestDatabase;
let standIn: StripeStandIn;
let hub: NotificationHub;
let context: AppLoadContext;
let fx: ReturnType<typeof postFixtures>;
const PASSWORD = "correct horse 42";
const NEW_PASSWORD = "battery staple 77";
const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });
let makePerson: ReturnType<typeof personMaker>;

/** The people and things one set of calls needs, each made the first time it is asked for. */
class World {
  private readonly once = onceEach();

  owner = () => this.once("owner", () => makePerson({ expert: true }));
  other = () => this.once("other", () => makePerson({ expert: true }));
  user = () => this.once("user", () => makePerson());
  unconfirmed = () => this.once("unconfirmed", () => makePerson({ confirmed: false }));
  admin = () => this.once("admin", () => makePerson({ admin: true }));
  subscriber = () =>
    this.once("subscriber", async () => {
      const subscriber = await makePerson();
      await fx.subscribe(subscriber.user.id, (await this.owner()).user.id);
      return subscriber;
    });

  async person(persona: Persona): Promise<Person | null> {
    switch (persona) {
      case "visitor":
        return null;
      case "unconfirmedUser":
        return this.unconfirmed();
      case "user":
        return this.user();
      case "subscriber":
        return this.subscriber();
      case "owningExpert":
        return this.owner();
      case "otherExpert":
        return this.other();
      case "admin":
        return this.admin();
    }
  }

  ownerId = async () => (await this.owner()).user.id;
  freePost = () => this.once("freePost", async () => fx.addPost(await this.ownerId(), { title: "Matrix free post" }));
  pick = () =>
    this.once("pick", async () => fx.addPost(await this.ownerId(), { postType: "Pick", title: "Matrix pick" }));
  draft = () =>
    this.once("draft", async () => fx.addPost(await this.ownerId(), { title: "Matrix draft", publishDate: null }));
  scheduledPost = () =>
    this.once("scheduledPost", async () =>
      fx.addPost(await this.ownerId(), { title: "Matrix scheduled post", publishDate: new Date(Date.now() + DAY) }),
    );
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

  /** `user`'s comment on the owning expert's free post. */
  comment = () =>
    this.once("comment", async () => {
      const post = await this.freePost();
      const [row] = await database.db
        .insert(comments)
        .values({ postId: post.id, authorId: (await this.user()).user.id, body: "Matrix comment" })
        .returning();
      return row;
    });

  /** A posted player prop of the owning expert's whose game has started: its author grades it. */
  startedProp = () =>
    this.once("startedProp", async () => {
      const event = await fx.addEvent({ startsInMs: HOUR });
      const body = [paragraph("Prop analysis")];
      const { preview, previewText } = buildPreview(body);
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
          authorId: await this.ownerId(),
          postType: "Pick",
          title: "Matrix prop",
          body,
          preview,
          previewText,
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
      // Self-graded once the game's final result is in.
      await database.db
        .update(events)
        .set({ status: "Final", homeScore: 100, awayScore: 98, resultedAt: new Date() })
        .where(eq(events.id, event.id));
      return row;
    });

  /** An expert's own Stripe account, through the connect route (and marked ready when asked). */
  connected = (person: Person, ready = false) =>
    this.once(`connected:${person.user.id}`, async () => {
      const connect = await invoke(
        routeModule("/api/paymentsystems/stripe/account/connect"),
        "POST",
        "/api/paymentsystems/stripe/account/connect",
        {},
        person.jar,
        context,
      );
      if (connect.status !== 200) throw new Error(`connect: ${connect.status} ${connect.text}`);
      if (ready)
        await database.db.update(experts).set({ paymentAccountReady: true }).where(eq(experts.userId, person.user.id));
    });

  /** The owning expert takes subscriptions and Cheers: a ready account and a price. */
  sellableOwner = () =>
    this.once("sellableOwner", async () => {
      const owner = await this.owner();
      await this.connected(owner, true);
      const price = await invoke(
        routeModule("/api/subscriptions/price"),
        "POST",
        "/api/subscriptions/price",
        { body: { price: 1000, description: "All picks" } },
        owner.jar,
        context,
      );
      if (price.status !== 200) throw new Error(`price: ${price.status} ${price.text}`);
      return owner;
    });

  /** A presigned upload of the owning expert's. */
  presigned = () =>
    this.once("presigned", async () => {
      const owner = await this.owner();
      const answer = await invoke(
        routeModule("/api/file/presign"),
        "POST",
        "/api/file/presign",
        { body: { type: "image/png" } },
        owner.jar,
        context,
      );
      if (answer.status !== 200) throw new Error(`presign: ${answer.status} ${answer.text}`);
      return JSON.parse(answer.text).payload.fields as Record<string, string>;
    });

  /** The owning expert's upload, stored and waiting to be measured. */
  uploadedKey = () =>
    this.once("uploadedKey", async () => {
      const fields = await this.presigned();
      const sent = await invoke(
        routeModule("/api/file/upload"),
        "POST",
        "/api/file/upload",
        { form: await uploadForm(fields) },
        undefined,
        context,
      );
      if (sent.status !== 204) throw new Error(`upload: ${sent.status} ${sent.text}`);
      return fields.key;
    });

  /** A reset link of `user`'s. */
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

  /** The code e-mailed to the unconfirmed user. */
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

  /** The owning expert's membership payment (its Stripe id). */
  ownerMembershipPayment = () =>
    this.once("ownerMembershipPayment", async () => {
      const id = `pi_matrix${tag()}`;
      await database.db.insert(payments).values({
        payerId: await this.ownerId(),
        kind: "Membership",
        status: "Succeeded",
        amountCents: 4900,
        currency: "usd",
        provider: "stripe",
        providerPaymentId: id,
      });
      return id;
    });
}

let png: Buffer;
async function uploadForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  return form;
}

let routesByPattern = new Map<string, ApiRoute>();
function routeModule(pattern: string): RouteModule {
  const route = routesByPattern.get(pattern);
  if (!route) throw new Error(`no route ${pattern}`);
  return route.module;
}

// ---------------------------------------------------------------------------------------------
// How each call is made: a valid request, its parameters from the fixtures
// ---------------------------------------------------------------------------------------------
type Build = (w: World, persona: Persona, me: Person | null) => Promise<Call> | Call;

const postBody = async () => ({
  postType: "Post",
  title: "Matrix written post",
  body: [paragraph("Words")],
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
const onPost = (postId: string, rest = "") => ({ path: `/api/posts/${postId}${rest}`, params: { postId } });
const onExpert = (expertId: string, rest = "") => ({ path: `/api/experts/${expertId}${rest}`, params: { expertId } });

const CALLS: Record<string, Build> = {
  "GET /api/events/{id}": async (w) => {
    const { id } = await w.event();
    return { path: `/api/events/${id}`, params: { id: String(id) } };
  },
  "GET /api/events/{id}/market": async (w) => {
    const { id } = await w.event();
    return { path: `/api/events/${id}/market`, params: { id: String(id) } };
  },
  "PATCH /api/events/{id}": async (w) => {
    const { id } = await w.event();
    return {
      path: `/api/events/${id}`,
      params: { id: String(id) },
      body: { startsAt: new Date(Date.now() + 3 * DAY).toISOString() },
    };
  },
  "GET /api/events/{id}/correction": async (w) => {
    const { id } = await w.resultedEvent();
    return { path: `/api/events/${id}/correction`, params: { id: String(id) } };
  },
  "POST /api/events/{id}/correction": async (w) => {
    const { id } = await w.resultedEvent();
    return {
      path: `/api/events/${id}/correction`,
      params: { id: String(id) },
      body: { status: "Final", homeScore: 102, awayScore: 98, reason: "Box score" },
    };
  },
  "POST /api/events/results": async (w) => ({
    body: [{ eventId: (await w.startedEvent()).id, status: "Final", homeScore: 101, awayScore: 99 }],
  }),
  "GET /api/experts/{expertId}": async (w) => onExpert(await w.ownerId()),
  "GET /api/experts/{expertId}/record": async (w) => onExpert(await w.ownerId(), "/record"),
  "POST /api/experts/{expertId}/follow": async (w) => onExpert(await w.ownerId(), "/follow"),
  "DELETE /api/experts/{expertId}/follow": async (w) => onExpert(await w.ownerId(), "/follow"),
  "POST /api/experts/{expertId}/cheers": async (w) => ({
    ...onExpert((await w.sellableOwner()).user.id, "/cheers"),
    body: { amount: 500, message: "Great call" },
  }),
  "GET /api/search": () => ({ path: "/api/search?searchValue=Lakers" }),
  "GET /api/search/{tab}": () => ({ path: "/api/search/posts?searchValue=Lakers", params: { tab: "posts" } }),
  "GET /api/posts/{postId}": async (w) => onPost((await w.pick()).id),
  "PUT /api/posts/{postId}": async (w) => ({ ...onPost((await w.freePost()).id), body: await postBody() }),
  "DELETE /api/posts/{postId}": async (w) => onPost((await w.freePost()).id),
  "GET /api/posts/{postId} · draft": async (w) => onPost((await w.draft()).id),
  "PUT /api/posts/{postId} · draft": async (w) => ({ ...onPost((await w.draft()).id), body: await postBody() }),
  "POST /api/posts/{postId}/like · draft": async (w) => onPost((await w.draft()).id, "/like"),
  "GET /api/posts/{postId}/comments · free post": async (w) => onPost((await w.freePost()).id, "/comments"),
  "POST /api/posts/{postId}/comments · free post": async (w) => ({
    ...onPost((await w.freePost()).id, "/comments"),
    body: { body: "Nice read" },
  }),
  "GET /api/posts/{postId}/comments": async (w) => onPost((await w.pick()).id, "/comments"),
  "POST /api/posts/{postId}/comments": async (w) => ({
    ...onPost((await w.pick()).id, "/comments"),
    body: { body: "Good luck with this one" },
  }),
  "PUT /api/posts/{postId}/pick-result": async (w) => {
    const { id } = await w.startedProp();
    return { path: `/api/posts/${id}/pick-result?pickResult=Win`, params: { postId: id } };
  },
  "POST /api/posts/{postId}/withdraw": async (w) => onPost((await w.pick()).id, "/withdraw"),
  "POST /api/posts/{postId}/like": async (w) => onPost((await w.pick()).id, "/like"),
  "DELETE /api/posts/{postId}/like": async (w) => onPost((await w.pick()).id, "/like"),
  "POST /api/posts/{postId}/notify": async (w) => onPost((await w.scheduledPost()).id, "/notify"),
  "DELETE /api/posts/{postId}/notify": async (w) => onPost((await w.scheduledPost()).id, "/notify"),
  "POST /api/posts": async () => ({ body: await postBody() }),
  "DELETE /api/comments/{commentId}": async (w) => {
    const { id } = await w.comment();
    return { path: `/api/comments/${id}`, params: { commentId: id } };
  },
  "GET /api/user/profile/username": () => ({ path: `/api/user/profile/username?userName=Free${tag()}` }),
  "PUT /api/user/profile/username": () => ({ body: { userName: `Renamed${tag()}` } }),
  "PUT /api/user/profile": () => ({
    body: { firstName: "Morgan", location: { state: "TX", city: "Austin" }, timezone: "America/Chicago" },
  }),
  "PUT /api/notifications/see-notifications/mark-read": () => ({
    path: `/api/notifications/see-notifications/mark-read?tillDate=${encodeURIComponent(new Date().toISOString())}`,
  }),
  "POST /api/push/subscriptions": () => ({ body: browserPushSubscription() }),
  "DELETE /api/push/subscriptions": () => ({ body: { endpoint: browserPushSubscription().endpoint } }),
  "POST /api/subscriptions/price": () => ({ body: { price: 1500, description: "Every pick" } }),
  "POST /api/business/welcome": () => ({ body: { message: "Welcome aboard." } }),
  "POST /api/business/trial": () => ({ body: { days: 7 } }),
  "POST /api/business/promo-codes": () => ({
    body: { code: `M${tag().toUpperCase()}`.slice(0, 20), percentOff: 10, duration: "once" },
  }),
  "DELETE /api/business/promo-codes/{codeId}": async (w) => {
    const code = await createPromoCode(database.db, await w.ownerId(), {
      code: `D${tag().toUpperCase()}`.slice(0, 20),
      percentOff: 10,
      duration: "once",
    });
    return { path: `/api/business/promo-codes/${code.id}`, params: { codeId: code.id } };
  },
  "GET /api/subscriptions/offer": async (w) => ({ path: `/api/subscriptions/offer?expertId=${await w.ownerId()}` }),
  "POST /api/paymentsystems/stripe/account/disconnect": async (w, _persona, me) => {
    if (me && me.user.roles.includes("Expert")) await w.connected(me);
    return {};
  },
  "POST /api/paymentsystems/stripe/account/url": async (w, _persona, me) => {
    if (me && me.user.roles.includes("Expert")) await w.connected(me);
    return {};
  },
  "POST /api/subscriptions": async (w) => ({ body: { expertId: (await w.sellableOwner()).user.id } }),
  "DELETE /api/subscriptions": async (w) => ({ body: { expertId: await w.ownerId() } }),
  "GET /api/paymentsystems/stripe/checkout/status": async (w) => ({
    path: `/api/paymentsystems/stripe/checkout/status?paymentIntentId=${await w.ownerMembershipPayment()}`,
  }),
  "POST /api/paymentsystems/stripe/webhook": () => ({
    raw: JSON.stringify({ id: "evt_matrix", type: "payment_intent.succeeded", data: { object: {} } }),
  }),
  "POST /api/file/presign": () => ({ body: { type: "image/png" } }),
  "POST /api/file/upload": async (w) => ({ form: await uploadForm(await w.presigned()) }),
  "POST /api/file/metadata": async (w) => ({ body: { key: await w.uploadedKey(), filename: "photo.png" } }),
  "POST /api/users": () => ({ body: newUser() }),
  "POST /api/users/expert_flow": () => ({ body: newUser() }),
  "POST /api/session": async (w, _persona, me) => ({
    body: { session: { emailOrUserName: (me ?? (await w.user())).user.email, password: PASSWORD } },
  }),
  "POST /api/session/social": () => ({
    body: {
      session: {
        socialAccount: { provider: "google", token: "token", email: "social@example.com", name: "Social Person" },
      },
    },
  }),
  "POST /api/users/social": () => ({
    body: {
      user: { email: "social@example.com", fullName: "Social Person" },
      socialAccount: { provider: "google", token: "token", email: "social@example.com", name: "Social Person" },
    },
  }),
  "PATCH /api/confirm_email/{token}": async (w) => {
    const code = await w.emailCode();
    return { path: `/api/confirm_email/${code}`, params: { token: code } };
  },
  "POST /api/reset_password": () => ({
    body: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  }),
  "POST /api/forgot_password": async (w, _persona, me) => ({
    body: { emailOrUserName: (me ?? (await w.user())).user.email },
  }),
  "GET /api/forgot_password/{resetToken}": async (w) => {
    const token = await w.resetToken();
    return { path: `/api/forgot_password/${token}`, params: { resetToken: token } };
  },
  "PUT /api/forgot_password/{resetToken}": async (w) => {
    const token = await w.resetToken();
    return {
      path: `/api/forgot_password/${token}`,
      params: { resetToken: token },
      body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    };
  },
  "POST /api/support/requests": () => ({
    body: { name: "Pat Caller", phone: "+1 512 555 0100", message: "Please call me" },
  }),
  "GET /api/*": () => ({ path: "/api/no/such/thing", params: { "*": "no/such/thing" } }),
  "POST /api/*": () => ({ path: "/api/no/such/thing", params: { "*": "no/such/thing" } }),
  "PUT /api/*": () => ({ path: "/api/no/such/thing", params: { "*": "no/such/thing" } }),
  "PATCH /api/*": () => ({ path: "/api/no/such/thing", params: { "*": "no/such/thing" } }),
  "DELETE /api/*": () => ({ path: "/api/no/such/thing", params: { "*": "no/such/thing" } }),
};

/** What a post read showed: the body or the lock. */
function outcomeOf(key: string, answer: Answer): Outcome {
  if (routeKeyOf(key) !== "GET /api/posts/{postId}" || answer.status !== 200) return answer.status;
  const post = JSON.parse(answer.text).payload as { body: unknown; isLocked: boolean };
  if (post.isLocked && post.body === null) return "200 locked";
  if (!post.isLocked && post.body !== null) return "200 open";
  return answer.status;
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------
let routes: ApiRoute[];
/** "METHOD /api/pattern" → its route, for every method each route answers (anything but 405). */
let manifest = new Map<string, ApiRoute>();

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn();
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
  context = {
    ...makeLoadContext(database.db, {
      APP_URL: "https://sharpside.example",
      STRIPE_SECRET_KEY: "sk_test_sharpside",
      STRIPE_PUBLISHABLE_KEY: "pk_test_sharpside",
      STRIPE_WEBHOOK_SECRET: "whsec_matrix",
      ...standIn.env,
      ...limits,
    }),
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
  routes = await apiRoutes();
  routesByPattern = new Map(routes.map((route) => [route.pattern, route]));
  // The methods a route answers: whatever its handlers do not refuse with 405 (a visitor's bare request).
  manifest = await apiRouteMethods(routes, context);
}, 120_000);

afterAll(async () => {
  await hub?.close();
  await standIn?.close();
  await database?.close();
});

describe(`authorization matrix (${testDatabaseEngine()})`, () => {
  it("the manifest's api routes are the api route files", () => {
    expect(routes.map((route) => route.file.replace(/^routes\//, "/app/routes/")).sort()).toEqual(
      Object.keys(modules).sort(),
    );
  });

  it("the table lists every route and method of the manifest, and nothing else", () => {
    const inManifest = [...manifest.keys()].sort();
    const inTable = Object.keys(EXPECTED).sort();
    const missing = inManifest.filter((key) => !(key in EXPECTED));
    const extra = inTable.filter((key) => !manifest.has(routeKeyOf(key)));
    const badCalls = Object.keys(CALLS).filter((key) => !(key in EXPECTED));
    expect({ missingFromTable: missing, notInManifest: extra, callsNotInTable: badCalls }).toEqual({
      missingFromTable: [],
      notInManifest: [],
      callsNotInTable: [],
    });
  });

  it("every persona gets the expected status from every route and method", async () => {
    const shared = new World();
    const mismatches: string[] = [];
    let cells = 0;
    for (const [key, expected] of Object.entries(EXPECTED).sort(([a], [b]) => a.localeCompare(b))) {
      const route = manifest.get(routeKeyOf(key));
      if (!route) continue;
      const method = key.split(" ")[0] as Method;
      const build = CALLS[key] ?? (() => ({}));
      // Reads share fixtures; anything else gets its own world per persona.
      const fresh = method !== "GET";
      const started = Date.now();
      const seen: string[] = [];
      for (const persona of PERSONAS) {
        const world = fresh ? new World() : shared;
        const me = await world.person(persona);
        const call = await build(world, persona, me);
        const answer = await invoke(route.module, method, route.pattern, call, me?.jar, context);
        const got = outcomeOf(key, answer);
        cells += 1;
        seen.push(String(got));
        if (got !== expected[persona] || answer.status >= 500) {
          mismatches.push(
            `${key.padEnd(56)} ${persona.padEnd(16)} expected ${String(expected[persona]).padEnd(11)} got ${got}  ${answer.text.slice(0, 160)}`,
          );
        }
      }
      if (process.env.MATRIX_DEBUG)
        console.log(`${key.padEnd(56)} ${String(Date.now() - started).padStart(5)}ms ${seen.join(" ")}`);
    }
    if (mismatches.length > 0)
      console.error(`authorization matrix: ${mismatches.length} of ${cells} cells differ\n${mismatches.join("\n")}`);
    expect(mismatches).toEqual([]);
    expect(cells).toBe(Object.keys(EXPECTED).length * PERSONAS.length);
  }, 120_000);
});
