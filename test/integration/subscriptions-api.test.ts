/**
 * Subscriptions and follows with payments off: `POST|DELETE /api/subscriptions`,
 * `GET /api/user/subscriptions`, `GET /api/subscriptions/counters/new-posts`,
 * `POST|DELETE /api/experts/{id}/follow`, `GET /api/user/follows`, `GET /api/user/payments`,
 * `GET /api/business/subscribers`, the renewal job, the sidebar's list, and the paywall following
 * the status.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, subscriptions } from "~/db/schema";
import { getViewer } from "~/modules/accounts/gates.server";
import { revokeUserSessions } from "~/modules/accounts/sessions.server";
import { loader as rootLoader } from "~/root";
import { FOLLOW_MESSAGES } from "~/modules/follows/follows.server";
import { listSidebarSubscriptions } from "~/modules/subscriptions/sidebar-subscriptions.server";
import { ReadMarkers } from "~/modules/subscriptions/read-markers.server";
import { MESSAGES, renewFreeSubscriptions, SUBSCRIPTION_DAYS } from "~/modules/subscriptions/subscriptions.server";
import * as subscribersRoute from "~/routes/api.business.subscribers";
import * as followRoute from "~/routes/api.experts.$expertId.follow";
import * as postRoute from "~/routes/api.posts.$postId";
import * as countersRoute from "~/routes/api.subscriptions.counters.new-posts";
import * as subscriptionsRoute from "~/routes/api.subscriptions._index";
import * as followsRoute from "~/routes/api.user.follows";
import * as paymentsRoute from "~/routes/api.user.payments";
import * as userSubscriptionsRoute from "~/routes/api.user.subscriptions";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

const subscribe = (expertId: unknown, jar?: CookieJar, method: "POST" | "DELETE" = "POST") =>
  callRoute(subscriptionsRoute, context, { method, path: "/api/subscriptions", body: { expertId }, jar });
const get = (module: Parameters<typeof callRoute>[0], path: string, jar?: CookieJar) =>
  callRoute(module, context, { path, jar });
const follow = (expertId: string, jar?: CookieJar, method: "POST" | "DELETE" = "POST") =>
  callRoute(followRoute, context, { method, path: `/api/experts/${expertId}/follow`, params: { expertId }, jar });
const readPost = (id: string, jar?: CookieJar) =>
  callRoute(postRoute, context, { path: `/api/posts/${id}`, params: { postId: id }, jar });

async function subscriptionRow(subscriberId: string, expertId: string) {
  const [row] = await database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId)));
  return row;
}

describe(`subscribing with payments off (${testDatabaseEngine()})`, () => {
  it("activates at once for 30 days at the expert's price, records a free payment, and unlocks the picks", async () => {
    const expert = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const pick = await fx.addPost(expert.user.id, { postType: "Pick", body: [fx.paragraph("SUBSCRIBER-ONLY-MARKER")] });
    expect((await readPost(pick.id, reader.jar)).body.payload).toMatchObject({ isLocked: true, body: null });

    const before = Date.now();
    const response = await subscribe(expert.user.id, reader.jar);
    expect(response.status).toBe(200);
    const { subscription, clientSecret } = response.body.payload;
    expect(clientSecret).toBeNull();
    expect(subscription).toMatchObject({
      status: "Activated",
      isActive: true,
      isFree: true,
      cancelAtPeriodEnd: false,
      expert: { id: expert.user.id, userName: expert.user.userName },
    });
    const periodEnd = new Date(subscription.currentPeriodEnd).getTime();
    expect(periodEnd - before).toBeGreaterThanOrEqual(SUBSCRIPTION_DAYS * DAY - 1000);
    expect(periodEnd - before).toBeLessThan(SUBSCRIPTION_DAYS * DAY + 60_000);

    const paid = await database.db.select().from(payments).where(eq(payments.payerId, reader.user.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      kind: "Subscription",
      status: "Succeeded",
      amountCents: 0,
      expertId: expert.user.id,
      subscriptionId: subscription.id,
    });

    const unlocked = (await readPost(pick.id, reader.jar)).body.payload;
    expect(unlocked.isLocked).toBe(false);
    expect(JSON.stringify(unlocked.body)).toContain("SUBSCRIBER-ONLY-MARKER");

    const list = await get(userSubscriptionsRoute, "/api/user/subscriptions?status=Activated", reader.jar);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].expert).toMatchObject({
      id: expert.user.id,
      userName: expert.user.userName,
      avatar: expect.stringContaining(expert.user.userName),
    });
    expect(list.body.meta).toMatchObject({ page: 1, size: 5, totalItems: 1, totalPages: 1 });
    const history = await get(paymentsRoute, "/api/user/payments", reader.jar);
    expect(history.body.items[0]).toMatchObject({
      kind: "Subscription",
      status: "Succeeded",
      amount: 0,
      expert: { id: expert.user.id },
    });
  });

  it("answers the product's errors: signed out 401, no body 422, unknown or non-expert 404, yourself 422, twice 422", async () => {
    const expert = await fx.makeUser({ expert: true });
    const plain = await fx.makeUser();
    const reader = await fx.makeUser();
    expect((await subscribe(expert.user.id)).status).toBe(401);
    const missing = await subscribe(undefined, reader.jar);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.expertId).toBeDefined();
    expect((await subscribe("not-a-uuid", reader.jar)).status).toBe(404);
    expect((await subscribe("00000000-0000-4000-8000-000000000000", reader.jar)).status).toBe(404);
    expect((await subscribe(plain.user.id, reader.jar)).status).toBe(404);
    const self = await subscribe(expert.user.id, expert.jar);
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ error: MESSAGES.self, errors: { expertId: [MESSAGES.self] } });
    expect((await subscribe(expert.user.id, reader.jar)).status).toBe(200);
    const twice = await subscribe(expert.user.id, reader.jar);
    expect(twice.status).toBe(422);
    expect(twice.body.error).toBe(MESSAGES.already);
    expect((await subscribe("not-a-uuid", reader.jar, "DELETE")).status).toBe(404);
    expect((await subscribe(plain.user.id, reader.jar, "DELETE")).status).toBe(404);
    const notSubscribed = await subscribe((await fx.makeUser({ expert: true })).user.id, reader.jar, "DELETE");
    expect(notSubscribed).toMatchObject({ status: 422, body: { error: MESSAGES.notSubscribed } });
    // Two subscribe calls at once make one subscription and one payment.
    const other = await fx.makeUser({ expert: true });
    const answers = await Promise.all([subscribe(other.user.id, reader.jar), subscribe(other.user.id, reader.jar)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(
      await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.payerId, reader.user.id), eq(payments.expertId, other.user.id))),
    ).toHaveLength(1);
  });

  it("cancels at the period's end: still readable until then, Resume undoes it, and the paywall locks once it expires", async () => {
    const expert = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const pick = await fx.addPost(expert.user.id, { postType: "Pick" });
    await subscribe(expert.user.id, reader.jar);

    const canceled = await subscribe(expert.user.id, reader.jar, "DELETE");
    expect(canceled.status).toBe(200);
    expect(canceled.body.payload.subscription).toMatchObject({
      status: "Canceled",
      isActive: true,
      cancelAtPeriodEnd: true,
    });
    expect((await readPost(pick.id, reader.jar)).body.payload.isLocked).toBe(false);
    expect((await subscribe(expert.user.id, reader.jar, "DELETE")).body.error).toBe(MESSAGES.alreadyCanceled);

    const resumed = await subscribe(expert.user.id, reader.jar);
    expect(resumed.body.payload.subscription).toMatchObject({ status: "Activated", cancelAtPeriodEnd: false });
    expect(await database.db.select().from(payments).where(eq(payments.payerId, reader.user.id))).toHaveLength(1);

    await subscribe(expert.user.id, reader.jar, "DELETE");
    const row = await subscriptionRow(reader.user.id, expert.user.id);
    // The period ends: the job expires it and the picks lock again on every path.
    const after = new Date(row.currentPeriodEnd!.getTime() + 1000);
    expect(await renewFreeSubscriptions(database.db, after)).toMatchObject({ expired: 1 });
    expect((await subscriptionRow(reader.user.id, expert.user.id)).status).toBe("Expired");
    expect((await readPost(pick.id, reader.jar)).body.payload).toMatchObject({ isLocked: true, body: null });
    expect(
      (await get(userSubscriptionsRoute, "/api/user/subscriptions?status=Activated", reader.jar)).body.items,
    ).toHaveLength(0);
    expect(
      (await get(userSubscriptionsRoute, "/api/user/subscriptions?status=Expired", reader.jar)).body.items,
    ).toHaveLength(1);

    // Subscribing again starts a new period with a new free payment.
    const again = await subscribe(expert.user.id, reader.jar);
    expect(again.body.payload.subscription.status).toBe("Activated");
    expect(await database.db.select().from(payments).where(eq(payments.payerId, reader.user.id))).toHaveLength(2);
  });

  it("renews an active free subscription once per period, however many instances run the job at once", async () => {
    const expert = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    await subscribe(expert.user.id, reader.jar);
    const row = await subscriptionRow(reader.user.id, expert.user.id);
    const due = new Date(row.currentPeriodEnd!.getTime() + 1000);
    // (Other tests' subscriptions may be due too: count this one's payments, not the job's total.)
    await Promise.all([
      renewFreeSubscriptions(database.db, due),
      renewFreeSubscriptions(database.db, due),
      renewFreeSubscriptions(database.db, due),
    ]);
    const renewed = await subscriptionRow(reader.user.id, expert.user.id);
    expect(renewed.status).toBe("Activated");
    expect(renewed.currentPeriodEnd!.getTime() - row.currentPeriodEnd!.getTime()).toBe(SUBSCRIPTION_DAYS * DAY);
    const paid = await database.db.select().from(payments).where(eq(payments.payerId, reader.user.id));
    expect(paid).toHaveLength(2);
    expect(paid.map((payment) => payment.createdAt.getTime()).sort()).toContain(row.currentPeriodEnd!.getTime());
    await renewFreeSubscriptions(database.db, due);
    expect(await database.db.select().from(payments).where(eq(payments.payerId, reader.user.id))).toHaveLength(2);
  });
});

describe(`new-post counters and the sidebar (${testDatabaseEngine()})`, () => {
  it("count the expert's posts since the subscriber last looked; opening the page or reading a post clears them", async () => {
    const expert = await fx.makeUser({ expert: true });
    const quiet = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() - DAY) }); // before subscribing: not new
    await subscribe(expert.user.id, reader.jar);
    await subscribe(quiet.user.id, reader.jar);
    const first = await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() + 1000) });
    const second = await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() + 2000) });
    await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() + DAY) }); // scheduled: not yet
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const counters = await get(countersRoute, "/api/subscriptions/counters/new-posts", reader.jar);
    expect(counters.status).toBe(200);
    expect(counters.body.payload.total).toBe(2);
    expect(counters.body.payload.items).toEqual(
      expect.arrayContaining([
        { expertId: expert.user.id, count: 2 },
        { expertId: quiet.user.id, count: 0 },
      ]),
    );
    const sidebar = await listSidebarSubscriptions(database.db, reader.user.id);
    expect(sidebar.find((item) => item.expertId === expert.user.id)).toMatchObject({
      userName: expert.user.userName,
      newPosts: 2,
    });

    // Reading the older post leaves the newer one counted; the expert page clears the rest.
    const markers = new ReadMarkers(database.db, context.env.SESSION_SECRET, (error) => {
      throw error;
    });
    const open = async (...paths: string[]) => {
      for (const path of paths) markers.note({ method: "GET", path, cookieHeader: reader.jar.header() });
      await markers.flush();
      return (await get(countersRoute, "/api/subscriptions/counters/new-posts", reader.jar)).body.payload.total;
    };
    expect(await open(`/posts/${first.id}`)).toBe(1);
    expect(await open(`/posts/${second.id}.data`)).toBe(0);
    await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() - 10) });
    expect((await get(countersRoute, "/api/subscriptions/counters/new-posts", reader.jar)).body.payload.total).toBe(1);
    // An older post opened after the expert's page, in the same flush, never moves the marker back.
    expect(await open(`/experts/${expert.user.userName.toLowerCase()}`, `/posts/${first.id}`)).toBe(0);
    // Odd paths, other methods and visitors change nothing and never fail.
    expect(markers.note({ method: "GET", path: "/posts/not-a-post", cookieHeader: reader.jar.header() })).toBe(false);
    expect(markers.note({ method: "POST", path: `/posts/${first.id}`, cookieHeader: reader.jar.header() })).toBe(false);
    expect(markers.note({ method: "GET", path: `/posts/${first.id}`, cookieHeader: null })).toBe(false);
    expect(await open("/experts/%E0%A4%A", "/experts/nobody-by-that-name")).toBe(0);
    expect((await get(countersRoute, "/api/subscriptions/counters/new-posts")).status).toBe(401);
  });

  it("an opening moves only its own reader's marker, only to a live post, and only for a session that is live and signed by us", async () => {
    const expert = await fx.makeUser({ expert: true });
    const attacker = await fx.makeUser();
    const victim = await fx.makeUser();
    await subscribe(expert.user.id, attacker.jar);
    await subscribe(expert.user.id, victim.jar);
    const scheduled = await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() + DAY) });
    const markers = new ReadMarkers(database.db, context.env.SESSION_SECRET, (error) => {
      throw error;
    });
    const seenAt = async (reader: typeof attacker) =>
      (await subscriptionRow(reader.user.id, expert.user.id)).lastSeenPostsAt.getTime();
    const [attackerBefore, victimBefore] = [await seenAt(attacker), await seenAt(victim)];
    const withAccess = (value: string) => `ss_access=${value}`;
    const [sessionId, expires, signature] = attacker.jar.get("ss_access")!.split(".");
    const victimSession = victim.jar.get("ss_access")!.split(".")[0];

    // Cookies not signed by us for that session and lifetime are not noted at all.
    const forged = [
      withAccess(`${victimSession}.${expires}.${signature}`),
      withAccess(`${sessionId}.${Number(expires) + 86_400}.${signature}`),
      withAccess(`${sessionId}.${expires}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`),
      withAccess(`${sessionId}.${expires}`),
    ];
    for (const cookieHeader of forged)
      expect(markers.note({ method: "GET", path: `/experts/${expert.user.userName}`, cookieHeader })).toBe(false);

    // A scheduled post's address, opened early, would jump the marker past posts not yet seen: no move.
    markers.note({ method: "GET", path: `/posts/${scheduled.id}`, cookieHeader: attacker.jar.header() });
    // Hostile names are data, not SQL; a burst past the batch's bound is written as well.
    for (const name of [
      `x'); UPDATE subscriptions SET last_seen_posts_at = now(); --`,
      "%27%20OR%201%3D1",
      "a".repeat(2_000),
    ])
      markers.note({ method: "GET", path: `/experts/${name}`, cookieHeader: attacker.jar.header() });
    for (let i = 0; i < 1_100; i++)
      markers.note({ method: "GET", path: `/posts/${scheduled.id}.data`, cookieHeader: attacker.jar.header() });
    await markers.flush();
    expect(await seenAt(attacker)).toBe(attackerBefore);
    expect(await seenAt(victim)).toBe(victimBefore);

    // The expert's page moves the attacker's own marker, never the victim's.
    markers.note({ method: "GET", path: `/experts/${expert.user.userName}`, cookieHeader: attacker.jar.header() });
    await markers.flush();
    expect(await seenAt(attacker)).toBeGreaterThan(attackerBefore);
    expect(await seenAt(victim)).toBe(victimBefore);

    // A cookie still in its lifetime but of a signed-out session is noted, and moves nothing.
    await revokeUserSessions(database.db, victim.user.id, "signed out");
    expect(
      markers.note({ method: "GET", path: `/experts/${expert.user.userName}`, cookieHeader: victim.jar.header() }),
    ).toBe(true);
    await markers.flush();
    expect(await seenAt(victim)).toBe(victimBefore);
  });

  it("the root loader reads the viewer and the sidebar in one statement, shows an opened expert's counter cleared, then the written markers, and drops both for a revoked session", async () => {
    const expert = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    await subscribe(expert.user.id, reader.jar);
    const post = await fx.addPost(expert.user.id, { publishDate: new Date(Date.now() + 1000) });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const rootData = async (path: string) => {
      const request = new Request(`http://localhost${path}`, { headers: { Cookie: reader.jar.header() } });
      const data = await rootLoader({ request, params: {}, context } as never);
      // A page's own loader asks for the viewer in the same request: the one already read.
      return { data, viewer: await getViewer(request, context) };
    };

    const home = await rootData("/");
    expect(home.data.user).toMatchObject({ id: reader.user.id, userName: reader.user.userName });
    expect(home.viewer?.user).toEqual(home.data.user);
    expect(home.data.subscriptions).toEqual(await listSidebarSubscriptions(database.db, reader.user.id));
    expect(home.data.subscriptions).toEqual([
      expect.objectContaining({ expertId: expert.user.id, userName: expert.user.userName, newPosts: 1 }),
    ]);
    // A single-fetch data request for the home page is the same.
    expect((await rootData("/_root.data")).data.subscriptions).toEqual(home.data.subscriptions);
    // The expert's page shows their counter cleared in its own answer (the marker is written just after).
    expect((await rootData(`/experts/${expert.user.userName.toUpperCase()}`)).data.subscriptions).toEqual([
      expect.objectContaining({ expertId: expert.user.id, newPosts: 0 }),
    ]);
    expect((await rootData("/")).data.subscriptions).toEqual(home.data.subscriptions);
    // Opening the post counts it as read once the server's markers are written; the sidebar shows it.
    const markers = new ReadMarkers(database.db, context.env.SESSION_SECRET);
    markers.note({ method: "GET", path: `/posts/${post.id}.data`, cookieHeader: reader.jar.header() });
    await markers.flush();
    expect((await rootData("/")).data.subscriptions).toEqual([
      expect.objectContaining({ expertId: expert.user.id, newPosts: 0 }),
    ]);

    await revokeUserSessions(database.db, reader.user.id, "signed out");
    const signedOut = await rootData("/");
    expect(signedOut.data).toMatchObject({ user: null, subscriptions: [] });
    expect(signedOut.viewer).toBeNull();
  });
});

describe(`follows and the expert's subscriber list (${testDatabaseEngine()})`, () => {
  it("follow and unfollow are idempotent, list the followed experts, and refuse yourself and non-experts", async () => {
    const expert = await fx.makeUser({ expert: true });
    const plain = await fx.makeUser();
    const reader = await fx.makeUser();
    expect((await follow(expert.user.id)).status).toBe(401);
    expect((await follow(expert.user.id, reader.jar)).body.payload).toEqual({ isFollowed: true });
    expect((await follow(expert.user.id, reader.jar)).body.payload).toEqual({ isFollowed: true });
    expect((await get(followsRoute, "/api/user/follows", reader.jar)).body.items).toEqual([
      expect.objectContaining({ id: expert.user.id, userName: expert.user.userName }),
    ]);
    expect((await follow(plain.user.id, reader.jar)).status).toBe(404);
    expect((await follow("nope", reader.jar)).status).toBe(404);
    expect((await follow(expert.user.id, expert.jar)).body.error).toBe(FOLLOW_MESSAGES.self);
    expect((await follow(expert.user.id, reader.jar, "DELETE")).body.payload).toEqual({ isFollowed: false });
    expect((await follow(expert.user.id, reader.jar, "DELETE")).body.payload).toEqual({ isFollowed: false });
    expect((await get(followsRoute, "/api/user/follows", reader.jar)).body.items).toEqual([]);
  });

  it("shows the expert who subscribed, the running ones first; only to experts", async () => {
    const expert = await fx.makeUser({ expert: true });
    const stays = await fx.makeUser();
    const leaves = await fx.makeUser();
    await subscribe(expert.user.id, leaves.jar);
    await subscribe(expert.user.id, stays.jar);
    await subscribe(expert.user.id, leaves.jar, "DELETE");
    const row = await subscriptionRow(leaves.user.id, expert.user.id);
    await renewFreeSubscriptions(database.db, new Date(row.currentPeriodEnd!.getTime() + 1000));
    const list = await get(subscribersRoute, "/api/business/subscribers", expert.jar);
    expect(list.status).toBe(200);
    expect(
      list.body.items.map((item: { subscriber: { id: string }; isActive: boolean }) => [
        item.subscriber.id,
        item.isActive,
      ]),
    ).toEqual([
      [stays.user.id, true],
      [leaves.user.id, false],
    ]);
    expect((await get(subscribersRoute, "/api/business/subscribers", stays.jar)).status).toBe(403);
  });
});
