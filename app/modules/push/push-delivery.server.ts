/**
 * The push job: notifications due to be pushed (a trigger marks them when a reader with a device
 * turned on gets a new post or pick, a post going live or a pick graded) are claimed, sent to
 * each of the reader's devices through their push service, encrypted for that device, and marked
 * done. It runs apart from the request that caused them (a publish never waits for pushes), and
 * survives a restart: a claim is a lease that runs out, so rows a stopped instance had claimed are
 * sent by the next run anywhere. A push service answering 404 or 410 means the device is gone:
 * it is removed.
 *
 * What a push says is public: the expert's name and the post's title, never a pick or a body.
 */
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { notifications, pushSubscriptions } from "~/db/schema";
import { gradeWords, type NotificationKind } from "~/modules/notifications/notification-kinds";
import type { PushKeys } from "./push-keys.server";

/** How often each instance looks for notifications to push (a push leaves within this of the publish). */
export const PUSH_INTERVAL_MS = 1_000;
/** Notifications claimed at a time; each has one push per device of its reader. */
const CLAIM_BATCH = 500;
/** Pushes under way at once, over kept-alive connections to the push services. */
const IN_FLIGHT = 32;
/** A claim's lease: an instance that stops mid-batch leaves its rows to others after this. */
const LEASE_SECONDS = 60;
/** A push older than this is not sent: the line has moved, the bell still has it. */
const MAX_AGE_SECONDS = 3600;
/** Push services keep an undelivered push (the device offline) this long. */
const TTL_SECONDS = 3600;
const SEND_TIMEOUT_MS = 10_000;

export interface PushMessage {
  title: string;
  body: string;
  /** Where tapping it leads (same origin). */
  url: string;
  /** Pushes about one post replace each other on the device. */
  tag: string;
}

interface DuePush {
  notificationId: string;
  dataType: NotificationKind;
  stale: boolean;
  postId: string | null;
  postTitle: string | null;
  postType: "Post" | "Pick" | null;
  pickResult: string | null;
  expertName: string | null;
  deviceId: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** What a device shows for a notification: the expert and the title, nothing paid. */
export function pushMessageFor(
  push: Pick<DuePush, "dataType" | "postId" | "postTitle" | "postType" | "pickResult" | "expertName">,
): PushMessage | null {
  if (!push.postId || push.postTitle === null) return null;
  const expert = push.expertName ?? "An expert";
  const what = push.postType === "Pick" ? "pick" : "post";
  const title =
    push.dataType === "PickGraded"
      ? `${expert}'s pick ${gradeWords(push.pickResult ?? undefined)}`
      : push.dataType === "PostLive"
        ? `${expert}'s ${what} is live`
        : `New ${what} from ${expert}`;
  return { title, body: push.postTitle, url: `/posts/${push.postId}`, tag: `post-${push.postId}` };
}

export interface PushRunResult {
  sent: number;
  failed: number;
  removedDevices: number;
}

/**
 * Sends every due push, a batch at a time, until none is left or `signal` aborts. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease: instances running it at once share the work.
 */
export async function sendDuePushes(
  db: Database,
  keys: PushKeys,
  log: { warn(obj: object, msg: string): void },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PushRunResult> {
  const total: PushRunResult = { sent: 0, failed: 0, removedDevices: 0 };
  const vapid = vapidHeaders(keys);
  while (!signal?.aborted) {
    const rows = await claimDuePushes(db);
    if (rows.length === 0) break;
    const deliveries = rows.filter((row) => row.endpoint && !row.stale);
    const gone = new Set<string>();
    // Refusals counted by push service and answer: one log line a batch, not one a push.
    const refused = new Map<string, number>();
    await eachAtMost(IN_FLIGHT, deliveries, async (row) => {
      const message = pushMessageFor(row);
      if (!message) return;
      await pagesFirst();
      const outcome = await sendPush(row, message, vapid);
      if (outcome === "sent") total.sent++;
      else {
        total.failed++;
        if (outcome === "gone") gone.add(row.deviceId!);
        else {
          const key = `${new URL(row.endpoint!).origin} ${outcome}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
        }
      }
    });
    if (refused.size > 0)
      log.warn({ refused: Object.fromEntries(refused) }, "push services did not accept some pushes");
    const ids = [...new Set(rows.map((row) => row.notificationId))];
    await db.execute(sql`UPDATE ${notifications} SET push_due_at = NULL WHERE id = ANY(${uuidArray(ids)})`);
    if (gone.size > 0) {
      await db.execute(sql`DELETE FROM ${pushSubscriptions} WHERE id = ANY(${uuidArray([...gone])})`);
      total.removedDevices += gone.size;
    }
    if (ids.length < CLAIM_BATCH) break;
  }
  return total;
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** Claims a batch (their lease starts) and reads, in the same statement, each one's devices and what it says. */
function claimDuePushes(db: Database): Promise<DuePush[]> {
  return queryRows<DuePush>(
    db,
    sql`
    WITH claimed AS (
      UPDATE ${notifications} SET push_due_at = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id IN (
        SELECT id FROM ${notifications} WHERE push_due_at <= now()
        ORDER BY push_due_at LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, recipient_id, data_type, post_id, created_at)
    SELECT c.id AS "notificationId", c.data_type AS "dataType",
      c.created_at < now() - make_interval(secs => ${MAX_AGE_SECONDS}) AS "stale",
      p.id AS "postId", p.title AS "postTitle", p.post_type AS "postType", p.pick_result AS "pickResult",
      a.user_name AS "expertName", s.id AS "deviceId", s.endpoint, s.p256dh, s.auth
    FROM claimed c
    LEFT JOIN ${pushSubscriptions} s ON s.user_id = c.recipient_id
    LEFT JOIN posts p ON p.id = c.post_id
    LEFT JOIN users a ON a.id = p.author_id`,
  );
}

/**
 * The VAPID Authorization header per push service origin, signed once and kept for 12 hours
 * (a JWT may live 24): signing one per push would cost more than encrypting it.
 */
const keptVapid = new Map<string, { header: string; until: number }>();
function vapidHeaders(keys: PushKeys): (endpoint: string) => string {
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const key = `${keys.publicKey} ${audience}`;
    const hit = keptVapid.get(key);
    if (hit && hit.until > now) return hit.header;
    const expires = Math.floor(now / 1000) + 12 * 3600;
    const header = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
      expires,
    ).Authorization;
    keptVapid.set(key, { header, until: now + 11 * 3600_000 });
    return header;
  };
}

type Outcome = "sent" | "gone" | `status ${number}` | "unreachable";

// Kept-alive connections to each push service (node:http costs a third of fetch's CPU a request).
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: IN_FLIGHT }),
};

/** One push: encrypted for the device by web-push, posted over a kept-alive connection. */
async function sendPush(row: DuePush, message: PushMessage, vapid: (endpoint: string) => string): Promise<Outcome> {
  const endpoint = row.endpoint!;
  // No vapidDetails: the kept Authorization header signs it (web-push would sign a new JWT per push).
  const request = webpush.generateRequestDetails(
    { endpoint, keys: { p256dh: row.p256dh!, auth: row.auth! } },
    JSON.stringify(message),
    { TTL: TTL_SECONDS, urgency: "high", headers: { Authorization: vapid(endpoint) } },
  ) as { headers: Record<string, string | number>; body: Buffer };
  const status = await post(new URL(endpoint), request.headers, request.body);
  if (status === 404 || status === 410) return "gone";
  if (status === 0) return "unreachable";
  return status >= 200 && status < 300 ? "sent" : `status ${status}`;
}

/** POSTs the body; answers the status, 0 when the service could not be reached in time. */
function post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      { method: "POST", headers, agent: agents[url.protocol as keyof typeof agents], timeout: SEND_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

let turn = Promise.resolve();
/**
 * Pages before pushes: each push is encrypted on a turn of the event loop of its own, after the
 * requests that were ready on that turn. An idle server turns fast and sends at full speed; one
 * busy with pages sends one push a turn between them, so readers do not wait behind a burst.
 */
function pagesFirst(): Promise<void> {
  turn = turn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  return turn;
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
