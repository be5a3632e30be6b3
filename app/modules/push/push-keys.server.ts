/**
 * The server's VAPID identity for Web Push: the key pair browsers subscribe with and every push is
 * signed with. From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise generated once into
 * DATA_DIR (like the session secret), which only works while one instance serves the site: in
 * production on a PostgreSQL server, push stays off until the keys are set (instances must share them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "~/config/env.server";

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  /** Who push services may contact about our pushes (mailto: or https:). */
  subject: string;
}

type KeySettings = Pick<
  Env,
  | "VAPID_PUBLIC_KEY"
  | "VAPID_PRIVATE_KEY"
  | "VAPID_SUBJECT"
  | "SUPPORT_EMAIL"
  | "DATA_DIR"
  | "NODE_ENV"
  | "EMBEDDED_DATABASE"
>;

const known = new WeakMap<object, PushKeys | null>();

/** The keys, or null when push is off (production on a server database without VAPID keys set). */
export function pushKeysFor(env: KeySettings): PushKeys | null {
  if (known.has(env)) return known.get(env)!;
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
  let keys: PushKeys | null = null;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  else if (env.EMBEDDED_DATABASE || env.NODE_ENV !== "production")
    keys = { ...readOrCreateKeys(env.DATA_DIR), subject };
  known.set(env, keys);
  return keys;
}

function readOrCreateKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return generated;
}
