/**
 * A local stand-in for a browser's push service (FCM, Mozilla's, Apple's), on node:http. It plays
 * both ends the server never sees: it hands out subscriptions as a browser would (an endpoint here
 * and the P-256 key pair and auth secret behind it), and when the server POSTs a push it checks
 * what a real push service checks (the VAPID JWT's ES256 signature, audience and expiry; TTL) and
 * reads the message as the browser would, decrypting RFC 8291's aes128gcm with the subscription's
 * private key. Written with node:crypto alone, so it checks web-push's encryption rather than
 * repeating it.
 *
 * `gone(id)` makes the service answer 410 for that subscription from then on, as a real one does
 * once the user revoked permission or the browser dropped the subscription.
 */
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface BrowserSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted message. */
  payload: string;
  /** The VAPID public key the push was signed with. */
  vapidKey: string;
  ttl: number;
  urgency: string | undefined;
  at: number;
}

export interface PushService {
  origin: string;
  subscribe(): BrowserSubscription;
  /** Pushes taken in (answered 201) and not checked yet: with `checkLater`, until `checkArrivals()`. */
  readonly unchecked: { subscriptionId: string; at: number }[];
  /** Checks and decrypts what was taken in unchecked, into `received` or `refused`. */
  checkArrivals(): void;
  /** Every push accepted, in order. */
  readonly received: ReceivedPush[];
  /** Pushes refused (bad signature, unknown or gone subscription, undecryptable), with why. */
  readonly refused: { subscriptionId: string; status: number; reason: string }[];
  gone(subscriptionId: string): void;
  /** Resolves with the first push (already received or to come) that `match` accepts. */
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/** A browser's subscription at FCM as `PushSubscription.toJSON()` gives it (nothing is sent to it). */
export function browserPushSubscription(): Omit<BrowserSubscription, "id"> {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`,
    keys: {
      p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

interface Held {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
}

interface Arrival {
  subscriptionId: string;
  at: number;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/**
 * `checkLater`: take pushes in at once and check them when asked (a benchmark's stand-in, whose
 * own checking would otherwise take the machine's CPU from the server it measures).
 */
export async function startPushService({
  port = 0,
  checkLater = false,
}: { port?: number; checkLater?: boolean } = {}): Promise<PushService> {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: PushService["refused"] = [];
  const unchecked: Arrival[] = [];
  const waiters = new Set<{ match: (push: ReceivedPush) => boolean; resolve: (push: ReceivedPush) => void }>();
  let origin = "";

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => answer(req, res, Buffer.concat(chunks)));
  });

  function answer(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    const arrival = { subscriptionId: id, at: Date.now(), headers: req.headers, body };
    if (req.method !== "POST") return reply(res, refuse(arrival, 405, "POST only"));
    const subscription = held.get(id);
    if (!subscription) return reply(res, refuse(arrival, 404, "no such subscription"));
    if (subscription.gone) return reply(res, refuse(arrival, 410, "subscription gone"));
    if (checkLater) {
      unchecked.push(arrival);
      return reply(res, 201);
    }
    reply(res, check(arrival, subscription));
  }

  function reply(res: ServerResponse, status: number) {
    if (status === 201) res.writeHead(201, { Location: `${origin}/message/${randomBytes(6).toString("hex")}` }).end();
    else res.writeHead(status, { "Content-Type": "text/plain" }).end();
  }

  function refuse(arrival: Arrival, status: number, reason: string): number {
    refused.push({ subscriptionId: arrival.subscriptionId, status, reason });
    return status;
  }

  /** What a push service checks, then what the browser reads: the status it answers. */
  function check(arrival: Arrival, subscription: Held): number {
    const { headers } = arrival;
    const vapidKey = checkVapid(headers.authorization, origin);
    if (typeof vapidKey !== "string") return refuse(arrival, vapidKey.status, vapidKey.reason);
    const ttl = Number(headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(arrival, 400, "TTL missing");
    if (headers["content-encoding"] !== "aes128gcm") return refuse(arrival, 415, "aes128gcm only");
    let payload: string;
    try {
      payload = decrypt(arrival.body, subscription);
    } catch (error) {
      return refuse(arrival, 400, `undecryptable: ${(error as Error).message}`);
    }
    const push = {
      subscriptionId: arrival.subscriptionId,
      payload,
      vapidKey,
      ttl,
      urgency: headers.urgency as string,
      at: arrival.at,
    };
    received.push(push);
    for (const waiter of waiters)
      if (waiter.match(push)) {
        waiters.delete(waiter);
        waiter.resolve(push);
      }
    return 201;
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    unchecked,
    checkArrivals() {
      for (const arrival of unchecked.splice(0)) check(arrival, held.get(arrival.subscriptionId)!);
    },
    subscribe() {
      const id = randomBytes(9).toString("base64url");
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      held.set(id, { ecdh, publicKey, auth, gone: false });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    gone(subscriptionId) {
      const subscription = held.get(subscriptionId);
      if (subscription) subscription.gone = true;
    },
    waitFor(match, timeoutMs = 10_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (!waiters.delete(waiter)) return;
          reject(new Error(`no matching push within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs).unref();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `vapid t=<JWT>, k=<public key>` (RFC 8292): the key when the JWT is signed by it for this service, else why not. */
function checkVapid(header: string | undefined, audience: string): string | { status: number; reason: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return { status: 401, reason: "no VAPID authorization" };
  const [, jwt, key] = match;
  const [head, claims, signature] = jwt.split(".");
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || !head || !claims || !signature) return { status: 401, reason: "malformed VAPID" };
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return { status: 403, reason: "VAPID signature does not verify" };
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  const now = Date.now() / 1000;
  if (body.aud !== audience) return { status: 403, reason: `VAPID audience ${body.aud} is not ${audience}` };
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return { status: 403, reason: "VAPID expiry" };
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) return { status: 403, reason: "VAPID subject" };
  return key;
}

/** RFC 8291 / RFC 8188: one aes128gcm record, as a browser decrypts it. */
function decrypt(body: Buffer, subscription: Held): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, subscription.auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2 and any zero padding after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}
