/**
 * Videos are served by our own `/media/<key>` route (range requests, from disk or the bucket),
 * only at addresses the server signed: the post serializer signs a video's address when it hands
 * out a body the reader may read, so a paid post's video plays for its readers and for no one who
 * merely guesses or keeps its key. An address holds for 6 to 12 hours: every reader in the same
 * 6-hour window gets the same one, which the browser may cache and re-request by range.
 */
import { getEnv } from "~/config/env.server";
import { safeEqual, sign as hmac } from "~/modules/accounts/tokens.server";
import { isUploadKey, isVideoKey } from "./storage-types.server";

const WINDOW_SECONDS = 6 * 3600;
const SIGNATURE_CONTEXT = "sharpside:media:v1:";

const sign = (key: string, expires: number, secret: string) => hmac(`${SIGNATURE_CONTEXT}${key}:${expires}`, secret);

/** The signed address of a stored video. */
export function mediaPath(key: string, now = Date.now(), secret = getEnv().SESSION_SECRET): string {
  const expires = (Math.floor(now / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
  return `/media/${key}?expires=${expires}&signature=${sign(key, expires, secret)}`;
}

/** Whether `/media/<key>?expires&signature` was signed by us and has not expired. */
export function verifyMediaAddress(
  key: string,
  expires: string | null,
  signature: string | null,
  now = Date.now(),
  secret = getEnv().SESSION_SECRET,
): boolean {
  if (!isVideoKey(key) || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  return safeEqual(sign(key, Number(expires), secret), signature);
}

type Block = Record<string, unknown>;

/**
 * A readable body with each video's address signed (`src`) and its poster kept only when it is
 * one of our image keys; a video block that names no video of ours is left out. What a body
 * stored as `src` is never trusted.
 */
export function withMediaAddresses(body: unknown[], now = Date.now()): unknown[] {
  if (!body.some((block) => (block as Block | null)?.type === "video")) return body;
  return body.flatMap((block) => {
    const node = block as Block | null;
    if (node?.type !== "video") return [block];
    const key = node.key;
    if (typeof key !== "string" || !isVideoKey(key)) return [];
    const poster = typeof node.poster === "string" && isUploadKey(node.poster) && !isVideoKey(node.poster);
    return [
      {
        type: "video",
        key,
        ...(poster ? { poster: node.poster } : {}),
        src: mediaPath(key, now),
        children: [{ text: "" }],
      },
    ];
  });
}
