/**
 * The devices a reader turned push notifications on for (`/api/push/subscriptions`). A device is
 * the browser's push subscription: an endpoint at its push service and the keys pushes are
 * encrypted with. The server only ever sends to push services it knows (PUSH_SERVICES): an
 * endpoint is an address our server will POST to, so anything else (an internal address, a
 * stranger's site) is refused at the door.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { pushSubscriptions } from "~/db/schema";
import { AppError, fieldErrorsFromZod } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { pushKeysFor } from "./push-keys.server";

/** A reader's devices: past this, turning push on for one more replaces their oldest. */
export const MAX_DEVICES_PER_USER = 20;

export const PUSH_MESSAGES = {
  endpoint: "This browser's push service is not supported.",
  keys: "This browser's push keys are not valid.",
  off: "Push notifications are not set up on this server.",
} as const;

const base64url = (bytes: number) =>
  z
    .string({ required_error: PUSH_MESSAGES.keys })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keys)
    .refine((value) => Buffer.from(value, "base64url").length === bytes, PUSH_MESSAGES.keys);

const endpointSchema = z
  .string({ required_error: PUSH_MESSAGES.endpoint })
  .min(1, PUSH_MESSAGES.endpoint)
  .max(2048, PUSH_MESSAGES.endpoint);
/** An uncompressed P-256 point and a 16-byte secret (RFC 8291). */
const keySchemas = {
  p256dh: base64url(65).refine((value) => Buffer.from(value, "base64url")[0] === 4, PUSH_MESSAGES.keys),
  auth: base64url(16),
};

/** What `PushSubscription.toJSON()` gives (expirationTime is ignored: the push service says 404/410 when it ends). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(keySchemas, { required_error: PUSH_MESSAGES.keys }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

/** The settings page's switch sends the same as form fields: `intent` on (with the keys) or off. */
export const pushSwitchFields = z.object({
  intent: z.enum(["on", "off"]),
  endpoint: endpointSchema,
  p256dh: z.string().optional(),
  auth: z.string().optional(),
});

/** The subscription a switch turned on, checked as the API checks it (422 by field). */
export function pushSubscriptionOf(fields: z.infer<typeof pushSwitchFields>): PushSubscriptionInput {
  const parsed = pushSubscriptionSchema.safeParse({
    endpoint: fields.endpoint,
    keys: { p256dh: fields.p256dh, auth: fields.auth },
  });
  if (!parsed.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

/** Is this endpoint at one of the push services we send to (an origin in PUSH_SERVICES, `*.` for subdomains)? */
export function isKnownPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    const wildcard = service.indexOf("*.");
    if (wildcard < 0) return url.origin === service.toLowerCase();
    const protocol = service.slice(0, wildcard);
    const suffix = service.slice(wildcard + 1).toLowerCase();
    return url.protocol + "//" === protocol && url.host.endsWith(suffix) && url.host.length > suffix.length;
  });
}

/**
 * Turns push on for this device: stored for the viewer and their session (a device another
 * account had turned on is now this one's). 503 when push is off on this server, 422 for a push
 * service we do not send to, 429 past the viewer's rate limit.
 */
export async function savePushSubscription(
  db: Database,
  env: Env,
  viewer: { userId: string; sessionId: string },
  input: PushSubscriptionInput,
): Promise<{ enabled: true }> {
  if (!pushKeysFor(env)) throw new AppError(503, PUSH_MESSAGES.off);
  if (!isKnownPushService(input.endpoint, env.PUSH_SERVICES)) throw endpointError();
  await enforceRateLimit(db, { name: "push-subscribe", ...env.RATE_LIMIT_PUSH_SUBSCRIBE }, viewer.userId);
  const device = {
    userId: viewer.userId,
    sessionId: viewer.sessionId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...device })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...device, createdAt: sql`now()` } });
    const devices = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, viewer.userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    const extra = devices.slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_USER)).map((row) => row.id);
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
  return { enabled: true };
}

/** Turns push off for this device (only the viewer's own); doing it twice is the same. */
export async function deletePushSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<{ enabled: false }> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { enabled: false };
}

/** The endpoints of the viewer's devices with push on: the settings page tells whether this browser is one. */
export async function listPushEndpoints(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.endpoint);
}

function endpointError() {
  return new AppError(422, defaultErrorMessage(422), { endpoint: [PUSH_MESSAGES.endpoint] });
}
