/**
 * Web Push end to end: devices turned on and off through `/api/push/subscriptions` (and what it
 * refuses), a publish reaching a device through a local push service within 5 s without the
 * request waiting for it, encrypted so only the device reads it and saying nothing paid, a 410
 * removing the device, pushes queued while no job ran going out when one starts, the
 * PickGraded notification for notify-me readers, and sign-out forgetting the device. The push
 * job is the one server.ts runs (pushJob), on the real scheduler.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences, notifications, pushSubscriptions } from "~/db/schema";
import { revokeSession } from "~/modules/accounts/sessions.server";
import { pushJob } from "~/modules/jobs/periodic-jobs.server";
import { startScheduler, type Scheduler } from "~/modules/jobs/scheduler.server";
import type { NotificationDTO } from "~/modules/notifications/notifications.server";
import { pushKeysFor } from "~/modules/push/push-keys.server";
import { startNotificationHub } from "~/modules/notifications/stream-hub.server";
import * as pushRoute from "~/routes/api.push.subscriptions";
import * as postsRoute from "~/routes/api.posts._index";
import * as notifyRoute from "~/routes/api.posts.$postId.notify";
import * as resultsRoute from "~/routes/api.events.results";
import * as listRoute from "~/routes/api.notifications.see-notifications.list";
import * as followRoute from "~/routes/api.experts.$expertId.follow";
import * as subscriptionsRoute from "~/routes/api.subscriptions._index";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures, type MadeUser } from "../support/post-fixtures";
import { startPushService, type BrowserSubscription, type PushService } from "../support/push-service";

let database: TestDatabase;
let service: PushService;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;
let scheduler: Scheduler | null = null;
const SECRET = "PUSH-PAID-BODY-5d1f";

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startPushService();
  context = makeLoadContext(database.db, {
    PUSH_SERVICES: `${service.origin},https://*.push.apple.com`,
    RATE_LIMIT_POST: "1000/60",
    RATE_LIMIT_PUSH_SUBSCRIBE: "1000/60",
  });
  fx = postFixtures(database.db, context);
});
afterAll(async () => {
  await scheduler?.stop();
  await service?.close();
  await database?.close();
});

function startPushJob() {
  const job = pushJob(database.db, context.env, context.log);
  if (!job) throw new Error("push is off");
  scheduler = startScheduler([job], context.log);
}
async function stopPushJob() {
  await scheduler?.stop();
  scheduler = null;
}

const devices = (jar: CookieJar | undefined, method: "POST" | "DELETE", body: unknown) =>
  callRoute(pushRoute, context, { method, path: "/api/push/subscriptions", jar, body });

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

async function publish(author: MadeUser, postType: "Post" | "Pick", title: string) {
  const eventId = postType === "Pick" ? (await fx.addEvent()).id : null;
  const response = await callRoute(postsRoute, context, {
    method: "POST",
    path: "/api/posts",
    jar: author.jar,
    body: {
      postType,
      title,
      body: [paragraph(`Preview of ${title}.`), paragraph("Numbers. ".repeat(40)), paragraph(SECRET)],
      categoryId: (await fx.addEvent()).categoryId,
      publishDate: new Date(Date.now() - 1000).toISOString(),
      ...(postType === "Pick"
        ? { market: "Spread", legs: [{ eventId, market: "Spread", side: "Home", line: -4.5, odds: -110 }], units: 1.5 }
        : {}),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...(response.body.payload as { id: string; title: string }), eventId };
}

/** A reader who follows and subscribes to the expert, with one device turned on. */
async function readerWithDevice(expert: MadeUser): Promise<{ reader: MadeUser; device: BrowserSubscription }> {
  const reader = await fx.makeUser();
  await callRoute(followRoute, context, {
    method: "POST",
    path: `/api/experts/${expert.user.id}/follow`,
    params: { expertId: expert.user.id },
    jar: reader.jar,
  });
  const subscribed = await callRoute(subscriptionsRoute, context, {
    method: "POST",
    path: "/api/subscriptions",
    jar: reader.jar,
    body: { expertId: expert.user.id },
  });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBeLessThan(300);
  const device = service.subscribe();
  const on = await devices(reader.jar, "POST", { endpoint: device.endpoint, keys: device.keys, expirationTime: null });
  expect(on.status, JSON.stringify(on.body)).toBe(201);
  expect(on.body.payload).toEqual({ enabled: true });
  return { reader, device };
}

const devicesOf = (userId: string) =>
  database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function until(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`/api/push/subscriptions (${testDatabaseEngine()})`, () => {
  it("turns a device on and off for the signed-in reader only, refusing what is not a known push service", async () => {
    const reader = await fx.makeUser();
    const other = await fx.makeUser();
    const device = service.subscribe();
    expect((await devices(undefined, "POST", { endpoint: device.endpoint, keys: device.keys })).status).toBe(401);

    // An endpoint is where the server will POST: anything but a configured push service is refused.
    for (const endpoint of [
      "http://127.0.0.1:5432/",
      "https://evil.example/push/1",
      "https://push.apple.com.evil.example/x",
      `${service.origin.replace("http:", "https:")}/push/x`,
      "not a url",
      `http://user:pw@${service.origin.slice(7)}/push/x`,
    ]) {
      const refused = await devices(reader.jar, "POST", { endpoint, keys: device.keys });
      expect(refused.status, endpoint).toBe(422);
      expect(refused.body.errors).toEqual({ endpoint: ["This browser's push service is not supported."] });
    }
    // A subdomain of a wildcard service is one of ours.
    const apple = await devices(reader.jar, "POST", { endpoint: "https://web.push.apple.com/QGx1", keys: device.keys });
    expect(apple.status).toBe(201);

    const badKeys = await devices(reader.jar, "POST", {
      endpoint: device.endpoint,
      keys: { p256dh: device.keys.auth, auth: "!!" },
    });
    expect(badKeys.status).toBe(422);
    expect(Object.keys(badKeys.body.errors).sort()).toEqual(["keys.auth", "keys.p256dh"]);
    expect((await devices(reader.jar, "POST", { endpoint: device.endpoint })).status).toBe(422);

    expect((await devices(reader.jar, "POST", { endpoint: device.endpoint, keys: device.keys })).status).toBe(201);
    expect((await devicesOf(reader.user.id)).map((row) => row.endpoint).sort()).toEqual(
      [device.endpoint, "https://web.push.apple.com/QGx1"].sort(),
    );
    // Someone else cannot turn it off; its owner can, twice alike.
    expect((await devices(other.jar, "DELETE", { endpoint: device.endpoint })).status).toBe(200);
    expect(await devicesOf(reader.user.id)).toHaveLength(2);
    expect((await devices(reader.jar, "DELETE", { endpoint: device.endpoint })).body.payload).toEqual({
      enabled: false,
    });
    expect((await devices(reader.jar, "DELETE", { endpoint: device.endpoint })).status).toBe(200);
    expect((await devicesOf(reader.user.id)).map((row) => row.endpoint)).toEqual(["https://web.push.apple.com/QGx1"]);

    // The same browser signed in as another account is that account's device now.
    expect(
      (await devices(other.jar, "POST", { endpoint: "https://web.push.apple.com/QGx1", keys: device.keys })).status,
    ).toBe(201);
    expect(await devicesOf(reader.user.id)).toHaveLength(0);
  });

  it("forgets a device when the session that turned it on signs out", async () => {
    const expert = await fx.makeUser({ expert: true });
    const { reader } = await readerWithDevice(expert);
    const [row] = await devicesOf(reader.user.id);
    await revokeSession(database.db, row.sessionId!, "signed out");
    expect(await devicesOf(reader.user.id)).toHaveLength(0);
  });
});

describe(`pushes (${testDatabaseEngine()})`, () => {
  it("a publish reaches the device within 5 s, readable only with its keys and saying nothing paid", async () => {
    const expert = await fx.makeUser({ expert: true });
    const { device } = await readerWithDevice(expert);
    startPushJob();
    try {
      const published = Date.now();
      const pick = await publish(expert, "Pick", "Celtics at Lakers: the spread");
      const push = await service.waitFor((p) => p.subscriptionId === device.id, 5_000);
      expect(push.at - published).toBeLessThan(5_000);
      expect(JSON.parse(push.payload)).toEqual({
        title: `New pick from ${expert.user.userName}`,
        body: "Celtics at Lakers: the spread",
        url: `/posts/${pick.id}`,
        tag: `post-${pick.id}`,
      });
      expect(push.payload).not.toContain(SECRET);
      expect(push.payload).not.toContain("-4.5");
      expect(push.payload).not.toContain("-110");
      expect(push.vapidKey).toBe(pushKeysFor(context.env)!.publicKey);
      expect(push.ttl).toBeGreaterThan(0);
      expect(push.urgency).toBe("high");
      await until(async () => {
        const rows = await database.db.select().from(notifications).where(eq(notifications.postId, pick.id));
        return rows.length > 0 && rows.every((row) => row.pushDueAt === null);
      });
    } finally {
      await stopPushJob();
    }
  });

  it("a publish never waits for its pushes: they wait in the database while no job runs, and go out once when one starts", async () => {
    const expert = await fx.makeUser({ expert: true });
    const { device } = await readerWithDevice(expert);
    const post = await publish(expert, "Post", "A free read while the server restarts");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(service.received.filter((p) => p.subscriptionId === device.id)).toHaveLength(0);
    // Two instances start at once: the claims keep each push to one of them.
    const job = pushJob(database.db, context.env, context.log)!;
    await Promise.all([job.run(new AbortController().signal), job.run(new AbortController().signal)]);
    const got = service.received.filter((p) => p.subscriptionId === device.id);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].payload)).toMatchObject({
      title: `New post from ${expert.user.userName}`,
      url: `/posts/${post.id}`,
    });
  });

  it("a push service answering 410 removes that device, and the reader's other device still gets it", async () => {
    const expert = await fx.makeUser({ expert: true });
    const { reader, device } = await readerWithDevice(expert);
    const second = service.subscribe();
    expect((await devices(reader.jar, "POST", { endpoint: second.endpoint, keys: second.keys })).status).toBe(201);
    service.gone(device.id);
    startPushJob();
    try {
      await publish(expert, "Post", "Only one phone left");
      await service.waitFor((p) => p.subscriptionId === second.id, 5_000);
      await until(async () => (await devicesOf(reader.user.id)).length === 1);
      expect((await devicesOf(reader.user.id))[0].endpoint).toBe(second.endpoint);
      expect(service.refused).toContainEqual(expect.objectContaining({ subscriptionId: device.id, status: 410 }));
    } finally {
      await stopPushJob();
    }
  });

  it("a reader who asked notify-me on a live pick gets its result when it is graded: bell and push; a muted kind neither", async () => {
    const expert = await fx.makeUser({ expert: true });
    const admin = await fx.makeUser({ admin: true });
    const { reader, device } = await readerWithDevice(expert);
    const { reader: muted, device: mutedDevice } = await readerWithDevice(expert);
    await database.db.insert(notificationPreferences).values({ userId: muted.user.id, mutedKinds: ["PickGraded"] });
    const pick = await publish(expert, "Pick", "Lakers cover at home");
    for (const who of [reader, muted, expert]) {
      const asked = await callRoute(notifyRoute, context, {
        method: "POST",
        path: `/api/posts/${pick.id}/notify`,
        params: { postId: pick.id },
        jar: who.jar,
      });
      expect(asked.status).toBe(200);
    }
    // The reader's open stream (the bell's live updates) gets it too.
    const hub = await startNotificationHub(database.handle);
    const streamed: NotificationDTO[] = [];
    const [session] = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, reader.user.id));
    hub.add({
      recipientId: reader.user.id,
      sessionId: session.sessionId!,
      lastId: null,
      openedAt: new Date(),
      replay: async () => {},
      send: (notification) => void streamed.push(notification),
      heartbeat: () => {},
      end: () => {},
    });
    await fx.startEvent(pick.eventId!);
    const graded = await callRoute(resultsRoute, context, {
      method: "POST",
      path: "/api/events/results",
      jar: admin.jar,
      body: [{ eventId: pick.eventId, status: "Final", homeScore: 110, awayScore: 100 }],
    });
    expect(graded.body.payload).toMatchObject({ picksGraded: 1 });

    const list = await callRoute(listRoute, context, {
      path: "/api/notifications/see-notifications/list?size=20",
      jar: reader.jar,
    });
    const kinds = (list.body.items as NotificationDTO[]).filter((n) => n.dataType === "PickGraded");
    expect(kinds).toHaveLength(1);
    expect(kinds[0].data.postInfo).toEqual({ id: pick.id, title: "Lakers cover at home", pickResult: "Win" });
    expect(kinds[0].data.expertInfo?.userName).toBe(expert.user.userName);
    await until(async () => streamed.some((n) => n.dataType === "PickGraded"));
    expect(streamed.find((n) => n.dataType === "PickGraded")!.data.postInfo).toEqual(kinds[0].data.postInfo);
    await hub.close();

    startPushJob();
    try {
      const push = await service.waitFor(
        (p) => p.subscriptionId === device.id && JSON.parse(p.payload).title.includes("won"),
        5_000,
      );
      expect(JSON.parse(push.payload)).toEqual({
        title: `${expert.user.userName}'s pick won`,
        body: "Lakers cover at home",
        url: `/posts/${pick.id}`,
        tag: `post-${pick.id}`,
      });
    } finally {
      await stopPushJob();
    }
    const mutedPushes = service.received.filter(
      (p) => p.subscriptionId === mutedDevice.id && JSON.parse(p.payload).title.includes("won"),
    );
    expect(mutedPushes).toHaveLength(0);
    const expertKinds = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, expert.user.id));
    expect(expertKinds.filter((n) => n.dataType === "PickGraded")).toHaveLength(0);
  });
});
